"""Time from request to staged result, as a process (issue 28: ≤ 1.0 s; a refusal or question ≤ 0.3 s).

The figures a person feels come first: ``mcpforge ask ... --json --no-review`` timed as a whole process
(spawn to exit, ``_ask_process.py``), and the same for a request it refuses or asks about. The in-process
figures of issue 14 (``forge`` in this warm process: median ≤ 1.0 s; reuse of an approved tool ≤ 0.5 s)
are shown beside them.

For each request of the example suite: ``forge`` with the rules engine into a fresh registry, with the
default configuration (every validation category; the stress test sized by ``validation.stress_max_mb``
and the sandbox's memory; staging and the staged result included). Then the tool is approved and
promoted, and the same request is asked again: the reuse time. Baselines measured in the same run,
the rows taking turns so that load changes hit every row alike:

  pandas process   a fresh ``python`` that imports pandas, reads the CSV and computes the same answer
                   (what a person would run by hand; the fair comparison for a sandboxed answer)
  pandas in-proc   the same read and computation in this process (no start-up at all)

Prints one line per case (the process, the quick process of a refused/asked request, the in-process
steps and the stress size), the medians, the ratios and the load average. The machine is shared:
compare ratios, not seconds.

    .venv/bin/python bench/bench_ask.py                       # whole suite
    .venv/bin/python bench/bench_ask.py --smoke               # 3 cases (CI)
    .venv/bin/python bench/bench_ask.py --stress-rows 20000   # a smaller stress test
    .venv/bin/python bench/bench_ask.py --stress-max-mb 100000  # the previous design: 1,000,000 rows
    .venv/bin/python bench/bench_ask.py --per-dataset 2 --previous-python /tmp/prev-venv/bin/python
        # each case also on an earlier commit, in turn, in process and as `mcpforge ask` processes (a
        # copy of .venv whose editable .pth names that checkout's src/, and whose bin/mcpforge's first
        # line names the copy's python; the sandbox runs `python -I`, so PYTHONPATH cannot stand in)
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from _ask_process import (  # noqa: E402 - bench/ is this script's directory
    ASK_PROCESS_TARGET_SECONDS,
    QUICK_PROCESS_TARGET_SECONDS,
    QUICK_REQUESTS,
    QuickRequest,
    ensure_bytecode,
    time_ask_process,
    time_quick_process,
    warm_ask_process_ready,
)

from mcpforge.config import MCPForgeConfig, ValidationConfig  # noqa: E402
from mcpforge.models import UserFeedback, utc_now  # noqa: E402
from mcpforge.pipeline.forge import forge  # noqa: E402
from mcpforge.pipeline.schema_cache import SCHEMA_CACHE_ENV, schema_cache_root  # noqa: E402
from mcpforge.pipeline.validation.stress import STRESS_CACHE_ENV, stress_cache_dir  # noqa: E402
from mcpforge.registry import Registry  # noqa: E402
from mcpforge.sandbox._probe_cache import SANDBOX_CACHE_ENV  # noqa: E402
from mcpforge.sandbox._probe_cache import cache_root as sandbox_cache_root  # noqa: E402
from mcpforge.sandbox.resident import RESIDENT_DIR_ENV, resident_root, wait_ready  # noqa: E402
from suite.cases import CASES, DATE_COLUMNS, EXAMPLES, Case  # noqa: E402

TARGET_SECONDS = 1.0
REUSE_TARGET_SECONDS = 0.5
# A person's own pandas script: start python, import pandas, read, compute (the answer is not printed).
PANDAS_SCRIPT = """
import sys
sys.path.insert(0, {tests!r})
import pandas as pd
from suite.cases import CASES
case = next(c for c in CASES if c.id == {case_id!r})
df = pd.read_csv(case.path, parse_dates={dates!r})
case.expected(df)
"""


def _config(root: Path, stress: dict[str, int]) -> MCPForgeConfig:
    validation: dict[str, Any] = dict(stress)
    return MCPForgeConfig.model_validate({"registry": {"root": str(root)}, "validation": validation})


def time_forge(case: Case, stress: dict[str, int]) -> dict[str, Any]:
    """Seconds to the staged result, the step timings, the stress line, and the reuse seconds.

    Each case starts with an empty gate-result cache (a new tool's code was never checked before); the
    stress data stays cached, as it is for a person asking a second question about the same file.
    """
    # ignore_cleanup_errors: a background step of the forge (CodeBLEU) may still be writing there
    with tempfile.TemporaryDirectory(prefix="mcpforge-bench-", ignore_cleanup_errors=True) as tmp:
        root = Path(tmp)
        os.environ["MCPFORGE_CACHE_DIR"] = str(root / "cache")
        config = _config(root, stress)
        registry = Registry(root, config)
        started = time.perf_counter()
        result = forge(case.request, case.path, registry=registry, config=config, allow_read=[EXAMPLES])
        seconds = time.perf_counter() - started
        stress = next(
            (
                line.split(", resampled")[0]
                for line in (result.validation.logs if result.validation else [])
                if line.startswith("stress:")
            ),
            "stress: none",
        )
        reuse = float("nan")
        if result.ok and result.candidate_id is not None:
            feedback = UserFeedback(
                decision="APPROVED", notes="Approve", timestamp=utc_now(), stage="registration"
            )
            registry.record_feedback(str(result.candidate_id), feedback, actor="bench")
            registry.promote(str(result.candidate_id), actor="bench")
            started = time.perf_counter()
            again = forge(case.request, case.path, registry=registry, config=config, allow_read=[EXAMPLES])
            reuse = time.perf_counter() - started if again.decision == "reuse" and again.ok else float("nan")
        return {
            "seconds": seconds,
            "ok": result.ok,
            "timings": result.timings_ms,
            "stress": stress,
            "reuse": reuse,
        }


def time_pandas_process(case: Case) -> float:
    """Seconds for a fresh python process to import pandas, read the file and compute the answer."""
    script = PANDAS_SCRIPT.format(
        tests=str(ROOT / "tests"), case_id=case.id, dates=DATE_COLUMNS[case.dataset]
    )
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", script], check=True, capture_output=True)
    return time.perf_counter() - started


def time_pandas(case: Case) -> float:
    """Seconds for pandas in this process to read the file and compute the same answer."""
    started = time.perf_counter()
    df = pd.read_csv(case.path, parse_dates=DATE_COLUMNS[case.dataset])
    case.expected(df)
    return time.perf_counter() - started


def _resident_ready(stress: dict[str, int]) -> bool:
    """Whether this user's resident warm sandbox is ready (started and waited for, up to a minute)."""
    return wait_ready(_config(Path(tempfile.gettempdir()), stress), 60.0)


def _helpers_ready(stress: dict[str, int]) -> tuple[bool, bool]:
    """The resident warm sandbox and the warm ask process, each ready (or off), as for a second ask."""
    resident = _resident_ready(stress)
    print(f"resident warm sandbox: {'ready' if resident else 'not used (off, or unavailable here)'}")
    warm_process = warm_ask_process_ready(EXAMPLES)
    print(f"warm ask process: {'ready' if warm_process else 'not used (off, or unavailable here)'}")
    return resident, warm_process


def _keep_ready(stress: dict[str, int], *, resident: bool, warm_process: bool) -> None:
    """Not timed: a helper replaced since (its code changed) is ready again, as for a person."""
    if resident:
        _resident_ready(stress)
    if warm_process:
        warm_ask_process_ready(EXAMPLES)


def _warm_previous(previous: Path, cases: list[Case], stress: dict[str, int]) -> None:
    """The previous design's first asks, untimed: they fill its own caches (its mypy cache, its helper)."""
    for quick in QUICK_REQUESTS:
        time_quick_process(quick, EXAMPLES, previous)
    for dataset in dict.fromkeys(case.dataset for case in cases):
        case = next(case for case in cases if case.dataset == dataset)
        time_ask_process(case.request, case.path, stress, previous)
    for _ in range(5):  # its resident warm sandbox, started by its first ask, ready as this code's is
        if time_ask_process(cases[0].request, cases[0].path, stress, previous)["warm"]:
            break


def _time_previous(
    previous: Path, case: Case, quick: QuickRequest, stress: dict[str, int], rows: dict[str, list[float]]
) -> None:
    """The same answered and quick ask processes run by the previous design's interpreter."""
    before = time_ask_process(case.request, case.path, stress, previous)
    rows["previous ask process"].append(before["seconds"] if before["ok"] else math.nan)
    rows["previous warm"].append(float(before["warm"]))
    rows["previous quick process"].append(time_quick_process(quick, EXAMPLES, previous))


def _median(values: list[float]) -> float:
    found = [value for value in values if not math.isnan(value)]  # NaN: no figure for that case
    return statistics.median(found) if found else float("nan")


def _load() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--smoke", action="store_true", help="3 cases, for CI")
    parser.add_argument(
        "--stress-rows",
        type=int,
        default=None,
        help=f"the most rows of the stress test (default: {ValidationConfig().stress_rows:,})",
    )
    parser.add_argument(
        "--stress-max-mb",
        type=int,
        default=None,
        help="the most MB of the stress test (default: the configuration's); a large value makes the "
        "row count decide, as the previous fixed-row design did",
    )
    parser.add_argument(
        "--stress-data-factor",
        type=int,
        default=None,
        help="the most times a small file's rows the stress test has (default: the configuration's, "
        f"{ValidationConfig().stress_data_factor}; 0: sized as before issue 28)",
    )
    parser.add_argument("--cases", type=int, default=None, help="only the first N cases")
    parser.add_argument(
        "--per-dataset", type=int, default=None, help="only the first N cases of each dataset"
    )
    parser.add_argument(
        "--previous-python",
        type=Path,
        default=None,
        help="an interpreter whose mcpforge is the previous design: each case also runs there, in turn",
    )
    parser.add_argument("--one", default=None, help=argparse.SUPPRESS)  # a case for --previous-python
    return parser.parse_args()


def _keep_user_caches() -> None:
    """The user's caches stay where they are when ``MCPFORGE_CACHE_DIR`` moves per case."""
    os.environ[STRESS_CACHE_ENV] = str(stress_cache_dir())  # the stress data
    os.environ[SCHEMA_CACHE_ENV] = str(schema_cache_root())  # the schemas of the files asked about
    # what the sandbox learnt by probing (bwrap's namespaces, the isolated interpreter's paths): a
    # person's second ask finds them in the user's cache, so no ask process of the bench probes again
    os.environ[SANDBOX_CACHE_ENV] = str(sandbox_cache_root())
    # and the user's resident warm sandbox (started by the warm-up's first ask, as by a person's first)
    os.environ[RESIDENT_DIR_ENV] = str(resident_root())


def main() -> None:
    args = _arguments()
    _keep_user_caches()
    if args.one is not None:  # one case in this interpreter, warmed up first; the result as JSON
        case = next(c for c in CASES if c.id == args.one)
        time_forge(case, {})
        print(json.dumps(time_forge(case, {})))
        return
    cases = CASES[:3] if args.smoke else CASES[: args.cases]
    if args.per_dataset is not None:
        datasets = {case.dataset for case in cases}
        cases = [
            case
            for name in sorted(datasets)
            for case in [c for c in cases if c.dataset == name][: args.per_dataset]
        ]
    stress = {
        key: value
        for key, value in {
            "stress_rows": args.stress_rows,
            "stress_max_mb": args.stress_max_mb,
            "stress_data_factor": args.stress_data_factor,
        }.items()
        if value is not None
    }

    print(ensure_bytecode())
    # Warm-up: the first runs fill the mypy stub cache and the stress-data cache (one file per dataset).
    for dataset in dict.fromkeys(case.dataset for case in cases):
        time_forge(next(case for case in cases if case.dataset == dataset), stress)
    resident, warm_process = _helpers_ready(stress)

    load_before = _load()
    rows: dict[str, list[float]] = {
        "ask process": [],
        "forge in process": [],
        "quick process": [],
        "ask": [],
        "validate": [],
        "run": [],
        "reuse": [],
        "process": [],
        "pandas": [],
        "previous": [],
        "previous reuse": [],
        "previous ask process": [],
        "previous quick process": [],
        "previous warm": [],
    }
    failed = []
    print(
        f"{'case':<30} {'pandas proc s':>13} {'ask proc s':>10} {'quick proc s':>12} {'ask s':>6}"
        f" {'validate s':>10} {'reuse s':>8}  ok  stress"
    )
    warm_asks = warm_process_asks = 0
    if args.previous_python is not None:
        _warm_previous(args.previous_python, cases, stress)
    for number, case in enumerate(cases):
        _keep_ready(stress, resident=resident, warm_process=warm_process)
        rows["process"].append(time_pandas_process(case))
        whole = time_ask_process(case.request, case.path, stress)
        rows["ask process"].append(whole["seconds"] if whole["ok"] else math.nan)
        warm_asks += bool(whole["warm"])
        warm_process_asks += bool(whole["warm_process"])
        rows["forge in process"].append(whole["forge_ms"] / 1000)
        quick = QUICK_REQUESTS[number % len(QUICK_REQUESTS)]
        rows["quick process"].append(time_quick_process(quick, EXAMPLES))
        if args.previous_python is not None:
            _time_previous(args.previous_python, case, quick, stress, rows)
        rows["pandas"].append(time_pandas(case))
        timed = time_forge(case, stress)
        rows["ask"].append(timed["seconds"])
        rows["validate"].append(timed["timings"].get("validate", 0.0) / 1000)
        rows["run"].append(timed["timings"].get("run", 0.0) / 1000)
        rows["reuse"].append(timed["reuse"])
        if args.previous_python is not None:
            command = [str(args.previous_python), __file__, "--one", case.id]
            done = subprocess.run(command, capture_output=True, text=True, check=True)
            previous = json.loads(done.stdout.strip().splitlines()[-1])
            rows["previous"].append(previous["seconds"] if previous["ok"] else math.nan)
            rows["previous reuse"].append(previous["reuse"])
        if not timed["ok"] or not whole["ok"]:
            failed.append(case.id)
        print(
            f"{case.id[:30]:<30} {rows['process'][-1]:>13.3f} {rows['ask process'][-1]:>10.2f}"
            f" {rows['quick process'][-1]:>12.2f} {timed['seconds']:>6.2f}"
            f" {rows['validate'][-1]:>10.2f} {timed['reuse']:>8.2f}  {'yes' if timed['ok'] else 'NO '}"
            f" {timed['stress']}"
            + (f"; previous design {rows['previous'][-1]:.2f} s" if rows["previous"] else "")
            + (
                f"; previous: ask proc {rows['previous ask process'][-1]:.2f} s,"
                f" quick proc {rows['previous quick process'][-1]:.2f} s"
                if rows["previous ask process"]
                else ""
            )
        )
    print(f"ask processes validated in the resident warm sandbox: {warm_asks} of {len(cases)}")
    print(f"ask processes answered by the warm ask process: {warm_process_asks} of {len(cases)}")
    _summary(rows, cases, failed, load_before)


def _summary(rows: dict[str, list[float]], cases: list[Case], failed: list[str], load_before: str) -> None:
    med = {name: _median(values) for name, values in rows.items()}
    print()
    print(f"cases: {len(cases)}; no result: {len(failed)} {failed}")
    verdict = "met" if med["ask process"] <= ASK_PROCESS_TARGET_SECONDS else "NOT met"
    print(
        f"median `mcpforge ask --json --no-review`, whole process: {med['ask process']:.2f} s "
        f"(target ≤ {ASK_PROCESS_TARGET_SECONDS} s: {verdict}); its forge alone "
        f"{med['forge in process']:.2f} s, the rest (start-up, imports, exit) "
        f"{med['ask process'] - med['forge in process']:.2f} s"
    )
    verdict = "met" if med["quick process"] <= QUICK_PROCESS_TARGET_SECONDS else "NOT met"
    print(
        f"median `mcpforge ask` of a request it refuses or asks about, whole process: "
        f"{med['quick process']:.2f} s (target ≤ {QUICK_PROCESS_TARGET_SECONDS} s: {verdict}; "
        f"{', '.join(q.what for q in QUICK_REQUESTS)}, in turn)"
    )
    verdict = "met" if med["ask"] <= TARGET_SECONDS else "NOT met"
    print(
        f"median request→staged in this process: {med['ask']:.2f} s "
        f"(target ≤ {TARGET_SECONDS} s: {verdict}); "
        f"of which validate {med['validate']:.2f} s, staged run {med['run']:.2f} s"
    )
    verdict = "met" if med["reuse"] <= REUSE_TARGET_SECONDS else "NOT met"
    print(
        f"median reuse of the approved tool: {med['reuse']:.2f} s "
        f"(target ≤ {REUSE_TARGET_SECONDS} s: {verdict})"
    )
    print(f"median plain pandas process (same answer, no validation): {med['process']:.3f} s")
    print(f"median plain pandas in-process: {med['pandas']:.3f} s")
    print(
        f"ratios: ask process / pandas process {med['ask process'] / med['process']:.1f}x; "
        f"quick process / pandas process {med['quick process'] / med['process']:.1f}x; "
        f"request→staged / pandas process {med['ask'] / med['process']:.1f}x; "
        f"reuse / pandas process {med['reuse'] / med['process']:.1f}x"
    )
    if rows["previous"]:
        print(
            f"previous design, same cases in turn: request→staged {med['previous']:.2f} s "
            f"({med['previous'] / med['process']:.1f}x the pandas process), "
            f"reuse {med['previous reuse']:.2f} s; now / previous: {med['ask'] / med['previous']:.2f}"
        )
    if rows["previous ask process"]:
        print(
            f"previous design as processes, same cases in turn: ask process "
            f"{med['previous ask process']:.2f} s "
            f"({med['previous ask process'] / med['process']:.1f}x the pandas process), quick process "
            f"{med['previous quick process']:.2f} s; now / previous: ask process "
            f"{med['ask process'] / med['previous ask process']:.2f}, quick process "
            f"{med['quick process'] / med['previous quick process']:.2f}; its asks validated in its resident "
            f"warm sandbox: {int(sum(rows['previous warm']))} of {len(rows['previous warm'])}"
        )
    print(f"load average before: {load_before}; after: {_load()} (2 cores, shared)")


if __name__ == "__main__":
    main()
