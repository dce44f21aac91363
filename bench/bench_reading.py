"""How often the forge reads a request right: correct, WRONG, asked, refused over a paraphrase suite.

474 requests on six invented datasets (``bench/reading_data.py``), each question asked several ways
(``bench/reading_cases.py``) with its answer computed independently with pandas. Each request runs
through the real pipeline: ``forge`` with the rules engine into a fresh temporary registry (validated,
staged, run on the data), and the staged result table is compared with the pandas answer.

    correct  the staged numbers match (or a request that must not be answered was refused / asked)
    WRONG    a staged answer whose numbers do not match, or an answer to a request that names nothing real
    asked    the forge asked a question back (NEEDS_CLARIFICATION)
    refused  the forge refused (or failed) on a request that has an answer

Targets (issue 12): wrong ≤ 2 %, correct ≥ 90 %, asked ≤ 8 %. Held-out phrasings are reported apart.

    .venv/bin/python bench/bench_reading.py            # the whole suite through forge (~10 min)
    .venv/bin/python bench/bench_reading.py --fast     # parser + catalogue reference only (~20 s)
    .venv/bin/python bench/bench_reading.py --smoke    # 12 requests through forge (CI)
    .venv/bin/python bench/bench_reading.py --every 4  # every 4th request through forge (~93)
    .venv/bin/python bench/bench_reading.py --show wrong,refused   # print those cases
    .venv/bin/python bench/bench_reading.py --engine local --sample 40   # the local model (~1 h)
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from _engines import ENGINES, bench_engine, spread, usage_line  # noqa: E402
from reading_cases import Case, Expected, cases  # noqa: E402
from reading_data import load, write_datasets  # noqa: E402

from mcpforge.exceptions import MCPForgeError, NeedsClarificationError, UnmappableRequestError  # noqa: E402

REL_TOL = 1e-3
ABS_TOL = 0.011


def _close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=REL_TOL, abs_tol=ABS_TOL)


def _number(cell: Any) -> float | None:
    if isinstance(cell, bool) or cell is None:
        return None
    if isinstance(cell, int | float):
        return None if math.isnan(float(cell)) else float(cell)
    try:
        return float(str(cell).rstrip("%"))
    except ValueError:
        return None


def _norm_key(cell: Any) -> str:
    if isinstance(cell, float) and cell.is_integer():
        return str(int(cell))
    return str(cell)


def _value_matches(expected: float, cells: list[Any]) -> bool:
    numbers = [n for n in (_number(c) for c in cells) if n is not None]
    return any(_close(n, expected) or _close(n, expected * 100) for n in numbers)


def _row_for(key: tuple[str, ...], rows: list[list[Any]]) -> list[Any] | None:
    for row in rows:
        cells = [_norm_key(c) for c in row]
        if all(any(c == k or (len(k) == 7 and c.startswith(k)) for c in cells[: len(key) + 1]) for k in key):
            return row
    return None


def matches(expected: Expected, table: dict[str, Any], *, single_row: bool) -> bool:
    """Whether the result table holds the expected numbers (and only the expected groups)."""
    rows = [list(r) for r in table.get("rows", [])]
    if not isinstance(expected, dict):
        return len(rows) == 1 and _value_matches(expected, rows[0])
    if single_row and len(rows) != len(expected):
        return False
    if len(rows) != len(expected):
        return False
    for key, value in expected.items():
        row = _row_for(key, rows)
        if row is None or not _value_matches(value, row):
            return False
    return True


def _table(result: dict[str, Any]) -> dict[str, Any]:
    inner = result.get("result", result)
    return inner if isinstance(inner, dict) and "rows" in inner else {"rows": []}


def run_fast(case: Case, path: Path) -> tuple[str, dict[str, Any] | None, str]:
    """The parser and the catalogue's reference computation only (for tuning; not the reported figure)."""
    from mcpforge.catalogue import get_operation
    from mcpforge.catalogue.base import frame_to_table
    from mcpforge.pipeline.intent import DatasetSchema, extract_intent
    from mcpforge.runtime import load_csv_data_with_types

    try:
        intent = extract_intent(case.request, DatasetSchema.from_file(path))
        operation = get_operation(intent.operation)
        rendered = operation.render(intent)
        frame = operation.reference(load_csv_data_with_types(str(path)), rendered.arguments)
    except NeedsClarificationError as exc:
        return "asked", None, str(exc)
    except (MCPForgeError, TypeError, ValueError, KeyError) as exc:  # the reference of an odd reading
        return "refused", None, f"{type(exc).__name__}: {exc}"
    return "answered", frame_to_table(frame), intent.model_dump_json(exclude={"request", "data_source"})


def run_forge(
    case: Case, path: Path, root: Path, engine: Any = "rules"
) -> tuple[str, dict[str, Any] | None, str]:
    """The real pipeline: forge with ``engine`` into a fresh registry, staged and run."""
    from mcpforge.config import MCPForgeConfig
    from mcpforge.pipeline.forge import forge
    from mcpforge.pipeline.validation.semantic import wait_for_pending
    from mcpforge.registry import Registry

    # A CodeBLEU still computing writes into the registry after forge returns: wait, then clean up.
    with tempfile.TemporaryDirectory(prefix="reg-", dir=root, ignore_cleanup_errors=True) as tmp:
        config = MCPForgeConfig.model_validate(
            {"registry": {"root": tmp}, "validation": {"stress_rows": 2000}}
        )
        try:
            result = forge(case.request, path, registry=Registry(Path(tmp), config), config=config,
                           allow_read=[path.parent], engine=engine)  # fmt: skip
        except NeedsClarificationError as exc:
            return "asked", None, str(exc)
        except (UnmappableRequestError, MCPForgeError) as exc:  # a model engine's failure is a refusal too
            return "refused", None, f"{type(exc).__name__}: {exc}"
        finally:
            wait_for_pending()
        if not result.ok or result.artifacts is None or result.status != "STAGED":
            return "refused", None, f"{result.status}: {result.error}"
        reading = result.intent.model_dump_json(exclude={"request", "data_source"}) if result.intent else ""
        return "answered", _table(result.artifacts.result), reading


def outcome(case: Case, how: str, table: dict[str, Any] | None, frames: dict[str, Any]) -> str:
    """correct / wrong / asked / refused for one case."""
    concept = case.concept
    if concept.kind == "decline":
        return "wrong" if how == "answered" else "correct"
    if how != "answered":
        return how
    assert concept.expected is not None and table is not None
    expected = concept.expected(frames[case.dataset])
    return "correct" if matches(expected, table, single_row=concept.single_row) else "wrong"


def _report(label: str, counts: Counter[str], total: int) -> str:
    parts = [f"{name} {counts[name]} ({100 * counts[name] / max(total, 1):.1f}%)"
             for name in ("correct", "wrong", "asked", "refused")]  # fmt: skip
    return f"{label:<10} n={total:<4} " + "  ".join(parts)


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--fast", action="store_true", help="parser + catalogue reference only")
    parser.add_argument("--smoke", action="store_true", help="a dozen requests (CI)")
    parser.add_argument("--show", default="", help="comma list of outcomes to print (wrong,refused,...)")
    parser.add_argument("--dataset", default=None, help="only this dataset")
    parser.add_argument("--shared-cache", action="store_true", help="use the machine's shared mypy cache")
    parser.add_argument("--held-out", action="store_true", help="also print held-out cases (after tuning)")
    parser.add_argument("--every", type=int, default=1, help="only every Nth request (a bounded forge run)")
    parser.add_argument("--offset", type=int, default=0, help="with --every: start at this request")
    parser.add_argument("--engine", choices=ENGINES, default="rules", help="forge with this engine")
    parser.add_argument("--sample", type=int, default=0, help="N requests spread over the suite")
    parser.add_argument("--progress", action="store_true", help="print each outcome as it comes")
    return parser.parse_args()


def main() -> int:
    args = _arguments()
    suite = cases()
    if args.dataset:
        suite = [c for c in suite if c.dataset == args.dataset]
    if args.smoke:
        suite = suite[::31]
    suite = spread(suite[args.offset :: max(args.every, 1)], args.sample)
    engine = bench_engine("rules" if args.fast else args.engine)
    show = {s for s in args.show.split(",") if s}
    if not args.shared_cache:
        # mypy's cache under ~/.cache/mcpforge is shared by every process of the machine; concurrent runs
        # can crash it ("INTERNAL ERROR"), which would count as refusals here. A cache of the bench's own.
        os.environ["XDG_CACHE_HOME"] = str(Path.home() / ".cache" / "mcpforge-bench-reading")
    with tempfile.TemporaryDirectory(prefix=".bench-reading-", dir=Path.cwd()) as tmp:
        root = Path(tmp)
        paths = write_datasets(root)
        frames = {name: load(path, name) for name, path in paths.items()}
        seen: Counter[str] = Counter()
        held: Counter[str] = Counter()
        seconds: list[float] = []
        for case in suite:
            started = time.perf_counter()
            if args.fast:
                how, table, reading = run_fast(case, paths[case.dataset])
            else:
                how, table, reading = run_forge(case, paths[case.dataset], root, engine)
            seconds.append(time.perf_counter() - started)
            result = outcome(case, how, table, frames)
            if args.progress:
                print(f"  {result:<8} {seconds[-1]:5.0f} s  {case.request!r}", flush=True)
            (held if case.held_out else seen)[result] += 1
            if result in show and (args.held_out or not case.held_out):
                print(f"[{result}] {case.dataset}: {case.request!r}\n    {reading[:400]}")
                if table is not None:
                    print(f"    got {str(table.get('rows'))[:300]}")
    total = seen + held
    print(_report("all", total, sum(total.values())))
    print(_report("tuned", seen, sum(seen.values())))
    print(_report("held-out", held, sum(held.values())))
    mode = "fast (parser + reference)" if args.fast else f"forge ({args.engine} engine, staged)"
    median = statistics.median(seconds) if seconds else 0.0
    print(f"mode: {mode}; median {median:.1f} s per request; load: {os.getloadavg()[0]:.2f}")
    if usage_line(engine):
        print(usage_line(engine))
    rate = total["wrong"] / max(sum(total.values()), 1)
    return 0 if args.smoke or rate <= 0.02 else 1


if __name__ == "__main__":
    raise SystemExit(main())
