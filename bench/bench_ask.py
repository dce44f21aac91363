"""Time from request to staged result (issue 3 target: median ≤ 3 s), against plain pandas.

For each request of the example suite: ``forge`` with the rules engine into a fresh registry (validation,
staging and the staged run included), once with a reduced stress test and once with the full
million-row one; the baseline is plain pandas reading the CSV and computing the same answer in-process
(the case's ``expected(df)``), measured in the same run. Prints a table and the ratios.

    .venv/bin/python bench/bench_ask.py            # whole suite, reduced stress; full stress on 10 cases
    .venv/bin/python bench/bench_ask.py --smoke    # 3 cases (CI)
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from mcpforge.config import MCPForgeConfig  # noqa: E402
from mcpforge.pipeline.forge import forge  # noqa: E402
from mcpforge.registry import Registry  # noqa: E402
from suite.cases import CASES, DATE_COLUMNS, EXAMPLES, Case  # noqa: E402

TARGET_SECONDS = 3.0


def time_forge(case: Case, stress_rows: int) -> tuple[float, bool, dict[str, float]]:
    """Seconds from request to staged result, whether a result was produced, and the step timings."""
    root = Path(tempfile.mkdtemp(prefix="mcpforge-bench-"))
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--smoke", action="store_true", help="3 cases, for CI")
    parser.add_argument("--reduced-rows", type=int, default=20_000, help="stress rows of the reduced run")
    parser.add_argument("--full-rows", type=int, default=1_000_000, help="stress rows of the full run")
    parser.add_argument("--full-cases", type=int, default=10, help="cases timed with the full stress test")
    args = parser.parse_args()
    cases = CASES[:3] if args.smoke else CASES
    full_cases = cases[: 1 if args.smoke else args.full_cases]

    # Warm-up: first runs fill the mypy and stress-data caches; they are not part of the figures.
    time_forge(cases[0], args.reduced_rows)
    time_forge(cases[0], args.full_rows)

    reduced, full, baseline, failed = [], [], [], []
    print(f"{'case':<34} {'pandas s':>9} {'reduced s':>10} {'full s':>8}  ok")
    for index, case in enumerate(cases):
        base = time_pandas(case)
        seconds, ok, _timings = time_forge(case, args.reduced_rows)
        full_seconds = float("nan")
        if case in full_cases:
            full_seconds, _full_ok, _ = time_forge(case, args.full_rows)
            full.append(full_seconds)
        baseline.append(base)
        reduced.append(seconds)
        if not ok:
            failed.append(case.id)
        print(
            f"{case.id[:34]:<34} {base:>9.3f} {seconds:>10.2f} {full_seconds:>8.2f}  {'yes' if ok else 'NO'}"
        )
        del index
    print()
    print(f"cases: {len(cases)} (full stress on {len(full)}); no result: {len(failed)} {failed or ''}")
    med_reduced, med_full, med_base = _median(reduced), _median(full), _median(baseline)
    print(
        f"median request→staged, stress {args.reduced_rows:,} rows: {med_reduced:.2f} s "
        f"(target ≤ {TARGET_SECONDS:.0f} s: {'met' if med_reduced <= TARGET_SECONDS else 'NOT met'})"
    )
    print(
        f"median request→staged, stress {args.full_rows:,} rows: {med_full:.2f} s "
        f"(target ≤ {TARGET_SECONDS:.0f} s: {'met' if med_full <= TARGET_SECONDS else 'NOT met'})"
    )
    print(f"median plain pandas (same answer, no validation): {med_base:.3f} s")
    print(f"ratio reduced / pandas: {med_reduced / med_base:.0f}x; full / pandas: {med_full / med_base:.0f}x")


if __name__ == "__main__":
    main()
