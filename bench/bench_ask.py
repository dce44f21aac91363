"""Time from request to staged result (issue 3 target: median ≤ 3 s), against plain pandas.

For each request of the example suite: ``forge`` with the rules engine into a fresh registry, with the
default configuration (validation with every category, the stress test on ``validation.stress_rows`` =
1,000,000 rows, staging and the staged result included). The baseline is plain pandas reading the CSV
and computing the same answer in-process (the case's ``expected(df)``), measured in the same run. Prints
one line per case (with the validate and run steps), the medians, the ratio and the load average.

    .venv/bin/python bench/bench_ask.py                       # whole suite, million-row stress test
    .venv/bin/python bench/bench_ask.py --smoke               # 3 cases (CI)
    .venv/bin/python bench/bench_ask.py --stress-rows 20000   # a reduced stress test
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from mcpforge.config import MCPForgeConfig, ValidationConfig  # noqa: E402
from mcpforge.pipeline.forge import forge  # noqa: E402
from mcpforge.registry import Registry  # noqa: E402
from suite.cases import CASES, DATE_COLUMNS, EXAMPLES, Case  # noqa: E402

TARGET_SECONDS = 3.0


def time_forge(case: Case, stress_rows: int) -> tuple[float, bool, dict[str, float]]:
    """Seconds from request to staged result, whether a result was produced, and the step timings."""
    with tempfile.TemporaryDirectory(prefix="mcpforge-bench-") as tmp:
        root = Path(tmp)
        config = MCPForgeConfig.model_validate(
            {"registry": {"root": str(root)}, "validation": {"stress_rows": stress_rows}}
        )
        registry = Registry(root, config)
        started = time.perf_counter()
        result = forge(case.request, case.path, registry=registry, config=config, allow_read=[EXAMPLES])
        return time.perf_counter() - started, result.ok, result.timings_ms


def time_pandas(case: Case) -> float:
    """Seconds for plain pandas to read the file and compute the same answer."""
    started = time.perf_counter()
    df = pd.read_csv(case.path, parse_dates=DATE_COLUMNS[case.dataset])
    case.expected(df)
    return time.perf_counter() - started


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def _load() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--smoke", action="store_true", help="3 cases, for CI")
    parser.add_argument(
        "--stress-rows",
        type=int,
        default=ValidationConfig().stress_rows,
        help="rows of the stress test (default: the configuration's default)",
    )
    parser.add_argument("--cases", type=int, default=None, help="only the first N cases")
    args = parser.parse_args()
    cases = CASES[:3] if args.smoke else CASES[: args.cases]

    # Warm-up: the first runs fill the mypy cache and the stress-data cache (one file per dataset).
    for dataset in dict.fromkeys(case.dataset for case in cases):
        time_forge(next(case for case in cases if case.dataset == dataset), args.stress_rows)

    load_before = _load()
    seconds, validate, run, baseline, failed = [], [], [], [], []
    print(f"{'case':<34} {'pandas s':>9} {'ask s':>7} {'validate s':>11} {'run s':>6}  ok")
    for case in cases:
        base = time_pandas(case)
        elapsed, ok, timings = time_forge(case, args.stress_rows)
        baseline.append(base)
        seconds.append(elapsed)
        validate.append(timings.get("validate", 0.0) / 1000)
        run.append(timings.get("run", 0.0) / 1000)
        if not ok:
            failed.append(case.id)
        print(
            f"{case.id[:34]:<34} {base:>9.3f} {elapsed:>7.2f} {validate[-1]:>11.2f} {run[-1]:>6.2f}"
            f"  {'yes' if ok else 'NO'}"
        )
    print()
    print(f"cases: {len(cases)}; stress test: {args.stress_rows:,} rows; no result: {len(failed)} {failed}")
    med, med_base = _median(seconds), _median(baseline)
    print(
        f"median request→staged: {med:.2f} s (target ≤ {TARGET_SECONDS:.0f} s: "
        f"{'met' if med <= TARGET_SECONDS else 'NOT met'}); "
        f"of which validate {_median(validate):.2f} s, staged run {_median(run):.2f} s"
    )
    print(f"median plain pandas (same answer, no validation): {med_base:.3f} s")
    print(f"ratio request→staged / pandas: {med / med_base:.0f}x")
    print(f"load average before: {load_before}; after: {_load()} (2 cores)")


if __name__ == "__main__":
    main()
