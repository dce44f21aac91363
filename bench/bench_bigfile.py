"""Big CSV files (issue 14.3): a served tool answers a group-count and a group-mean on a ~1 GB CSV
(10 M rows) inside the default sandbox, within 3x of DuckDB running the same query on the same file.

Steps, all in one run so the ratio is measured on the same machine load:
  1. write the CSV under /tmp with pyarrow (deleted at the end);
  2. forge both tools with the rules engine on a 5,000-row sample of it, and promote them (the person's
     approval is given through the Registry API, as the tests do);
  3. call each promoted tool on the big file exactly as ``mcpforge serve`` does (ToolInvoker: a fresh
     sandbox per call, the default sandbox memory and time limits from the configuration);
  4. run the same query with DuckDB (``read_csv`` + GROUP BY) and compare the answers and the times.

    .venv/bin/python bench/bench_bigfile.py              # 10,000,000 rows (~1 GB), 3 runs per row
    .venv/bin/python bench/bench_bigfile.py --smoke      # 200,000 rows, 1 run (CI)

Needs the ``bench`` extra (``pip install -e .[bench]``) for DuckDB.
"""

from __future__ import annotations

import argparse
import math
import os
import shutil
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.csv as pacsv

from mcpforge.config import MCPForgeConfig
from mcpforge.models import UserFeedback, utc_now
from mcpforge.pipeline.forge import forge
from mcpforge.registry import Registry
from mcpforge.server._invoke import ToolInvoker

TARGET_RATIO = 3.0
REGIONS = np.array(["North", "South", "East", "West", "Central", "Highlands", "Islands", "Coast"])
PRODUCTS = np.array([f"product-{i:03d}" for i in range(200)])
QUERIES = {
    "group-count": ("count orders by region", "SELECT region, count(*) AS n FROM t GROUP BY region"),
    "group-mean": ("average amount by region", "SELECT region, avg(amount) AS v FROM t GROUP BY region"),
}


def write_csv(path: Path, rows: int, *, seed: int = 7) -> None:
    """A realistic orders file: ids, two categorical columns, numbers, dates and free text."""
    rng = np.random.default_rng(seed)
    chunk = 1_000_000
    writer = None
    try:
        for start in range(0, rows, chunk):
            n = min(chunk, rows - start)
            days = rng.integers(0, 1500, n)
            table = pa.table(
                {
                    "order_id": np.arange(start, start + n),
                    "region": REGIONS[rng.integers(0, len(REGIONS), n)],
                    "product": PRODUCTS[rng.integers(0, len(PRODUCTS), n)],
                    "amount": np.round(rng.gamma(2.0, 40.0, n), 2),
                    "quantity": rng.integers(1, 20, n),
                    "order_date": (np.datetime64("2021-01-01") + days).astype(str),
                    "customer": np.char.add("cust-", rng.integers(1_000_000, 9_999_999, n).astype(str)),
                    "note": np.where(
                        rng.random(n) < 0.5,
                        "delivered to the front desk at reception",
                        "left with the neighbour next door",
                    ),
                }
            )
            if writer is None:
                writer = pacsv.CSVWriter(str(path), table.schema)
            writer.write_table(table)
    finally:
        if writer is not None:
            writer.close()


def promote(
    request: str, sample: Path, registry: Registry, config: MCPForgeConfig
) -> tuple[str, dict[str, Any]]:
    forged = forge(request, sample, registry=registry, config=config, allow_read=[sample.parent])
    if forged.candidate is None or forged.candidate.run_arguments is None:
        raise SystemExit(f"forge failed for {request!r}: {forged.error}")
    feedback = UserFeedback(decision="APPROVED", notes="approve", timestamp=utc_now(), stage="registration")
    registry.record_feedback(forged.candidate.candidate_id, feedback, actor="bench")
    tool = registry.promote(forged.candidate.candidate_id, actor="bench")
    return tool.name, dict(forged.candidate.run_arguments)


def _table(structured: dict[str, Any]) -> dict[str, float]:
    result = structured["result"]
    return {str(row[0]): float(row[1]) for row in result["rows"]}


def _ours(
    invoker: ToolInvoker, name: str, arguments: dict[str, Any], repeats: int
) -> tuple[list[float], dict[str, float], str | None]:
    """Times of the served tool's calls on the big file, its answer, or the error of a failed call."""
    times: list[float] = []
    answer: dict[str, float] = {}
    for _ in range(repeats):
        started = time.perf_counter()
        result = invoker.call(name, arguments)
        times.append(time.perf_counter() - started)
        if not result.ok or result.structured is None:
            return times, answer, result.error
        answer = _table(result.structured)
    return times, answer, None


def _duckdb(duckdb: Any, big: Path, sql: str, repeats: int) -> tuple[list[float], dict[str, float]]:
    times: list[float] = []
    reference: dict[str, float] = {}
    for _ in range(repeats):
        connection = duckdb.connect()
        started = time.perf_counter()
        connection.execute(f"CREATE VIEW t AS SELECT * FROM read_csv('{big}')")
        reference = {str(k): float(v) for k, v in connection.execute(sql).fetchall()}
        times.append(time.perf_counter() - started)
        connection.close()
    return times, reference


def run(rows: int, repeats: int, *, check_ratio: bool = True) -> int:
    """Measure and print; returns how many rows missed (a wrong answer, or a ratio over the target)."""
    import duckdb

    work = Path(tempfile.mkdtemp(prefix="mcpforge-bigfile-"))
    failures = 0
    try:
        big = work / "orders.csv"
        started = time.perf_counter()
        write_csv(big, rows)
        size_mb = big.stat().st_size / 1024**2
        print(f"file: {rows:,} rows, {size_mb:,.0f} MB, written in {time.perf_counter() - started:.1f} s")
        sample_dir = work / "sample"
        sample_dir.mkdir()
        sample = sample_dir / "orders_sample.csv"
        with big.open("r", encoding="utf-8") as source, sample.open("w", encoding="utf-8") as target:
            for _ in range(5_001):
                target.write(source.readline())
        config = MCPForgeConfig.model_validate(
            {"registry": {"root": str(work / "registry")}, "validation": {"stress_rows": 5_000}}
        )
        registry = Registry(work / "registry", config)
        registry.init()
        invoker = ToolInvoker(registry=registry, config=config, roots=(work,))
        timeout = config.validation.sandbox_timeout_seconds
        print(f"sandbox: memory {config.sandbox.memory_mb} MB, time {timeout} s")
        print(f"{'query':<12} {'mcpforge s':>11} {'duckdb s':>9} {'ratio':>6} {'target':>7}  answer")
        for label, (request, sql) in QUERIES.items():
            name, arguments = promote(request, sample, registry, config)
            ours, answer, error = _ours(invoker, name, {**arguments, "file_path": str(big)}, repeats)
            theirs, reference = _duckdb(duckdb, big, sql, repeats)
            if error is not None:
                failures += 1
                print(f"{label:<12} {'failed':>11} {statistics.median(theirs):>9.2f}  {error}")
                continue
            correct = answer.keys() == reference.keys() and all(
                math.isclose(answer[k], reference[k], rel_tol=1e-9) for k in reference
            )
            ratio = statistics.median(ours) / statistics.median(theirs)
            # On a small file the sandbox's fixed start-up dominates; the ratio target is for big files.
            failures += int(not correct or (check_ratio and ratio > TARGET_RATIO))
            verdict = "correct" if correct else f"WRONG: {answer} vs {reference}"
            print(
                f"{label:<12} {statistics.median(ours):>11.2f} {statistics.median(theirs):>9.2f} "
                f"{ratio:>6.2f} {'<= ' + str(TARGET_RATIO):>7}  {verdict}"
            )
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"load average: {' '.join(Path('/proc/loadavg').read_text(encoding='utf-8').split()[:3])}")
    return failures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--smoke", action="store_true", help="200,000 rows and one run (CI)")
    parser.add_argument("--rows", type=int, default=10_000_000)
    parser.add_argument("--repeats", type=int, default=3)
    options = parser.parse_args()
    rows, repeats = (200_000, 1) if options.smoke else (options.rows, options.repeats)
    os.environ.setdefault("MCPFORGE_VALIDATION__STRESS_ROWS", "5000")
    raise SystemExit(1 if run(rows, repeats, check_ratio=not options.smoke) else 0)


if __name__ == "__main__":
    main()
