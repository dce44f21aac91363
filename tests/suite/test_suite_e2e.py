"""The example suite end to end: every request goes through forge (rules engine, fresh registry, no review)
and the staged tool's result table is compared with the case's independently computed ``expected(df)``.

Each case is its own test (it fails only when the pipeline crashes); ``test_at_least_90_percent_...``
holds the issue's bar (≥ 90 % of the suite gives the right numbers) and prints every miss with its reason.
Stress tests run on 20,000 rows here; ``bench/bench_ask.py`` times the full million-row stress test.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from mcpforge.config import MCPForgeConfig, SandboxConfig
from mcpforge.exceptions import MCPForgeError
from mcpforge.metrics import outputs_match
from mcpforge.pipeline.forge import forge
from mcpforge.registry import Registry
from suite.cases import CASES, EXAMPLES, Case, load_dataset

pytestmark = pytest.mark.slow
SUITE_STRESS_ROWS = 20_000
PASS_BAR = 0.90


@dataclass(frozen=True, kw_only=True)
class Outcome:
    """One case: right numbers or not, and why not."""

    case_id: str
    passed: bool
    reason: str = ""
    seconds: float = 0.0


_OUTCOMES: dict[str, Outcome] = {}


def _casefold(name: object) -> str:
    return " ".join(str(name).split()).casefold()


def _period_start(value: Any) -> Any:
    """``"2020-01"``, ``"2020-Q2"`` or ``"2021"`` → the period's first day; anything else unchanged."""
    if not isinstance(value, str):
        return value
    try:
        return pd.Period(value).start_time
    except ValueError:
        return value


def _normalize_labels(actual: pd.DataFrame, wanted: pd.DataFrame, tool_columns: list[str]) -> pd.DataFrame:
    """Labelling conventions that carry the same answer: period labels vs period-start timestamps, and
    1-based ``row_number`` vs the 0-based row index of the suite."""
    out = actual.copy()
    for position, column in enumerate(wanted.columns):
        if pd.api.types.is_datetime64_any_dtype(wanted[column]):
            out[column] = out[column].map(_period_start)
        same_width = len(tool_columns) == len(wanted.columns)
        if column == "row" and same_width and _casefold(tool_columns[position]) == "row_number":
            out[column] = out[column] - 1
    return out


def compare(result: Any, expected: pd.DataFrame) -> str:
    """'' when the tool's result table holds the expected table (extra tool columns allowed), else why not."""
    if not isinstance(result, dict) or "columns" not in result or "rows" not in result:
        return f"the result is not a table: {str(result)[:120]}"
    actual = pd.DataFrame(result["rows"], columns=[_casefold(c) for c in result["columns"]])
    wanted = expected.reset_index(drop=True).rename(columns=_casefold)
    missing = [c for c in wanted.columns if c not in actual.columns]
    if missing and len(actual.columns) == len(wanted.columns):
        # Same width, other names (e.g. "period" for "date"): compare by position.
        actual = actual.set_axis(list(wanted.columns), axis=1)
    elif missing:
        return f"columns {missing} missing from the tool's {list(actual.columns)}"
    projected = _normalize_labels(actual.loc[:, list(wanted.columns)], wanted, result["columns"])
    if len(projected) != len(wanted):
        return f"{len(projected)} rows instead of {len(wanted)}"
    if not outputs_match(projected, wanted):
        return "values differ from the expected table"
    return ""


def run_case(case: Case, sandbox: SandboxConfig) -> Outcome:
    """Forge ``case.request`` over its dataset in a fresh registry and judge the staged result."""
    if case.id in _OUTCOMES:
        return _OUTCOMES[case.id]
    root = Path(tempfile.mkdtemp(prefix=f"mcpforge-suite-{case.id}-"))
    config = MCPForgeConfig.model_validate(
        {
            "registry": {"root": str(root)},
            "sandbox": sandbox.model_dump(),
            "validation": {"stress_rows": SUITE_STRESS_ROWS},
        }
    )
    registry = Registry(root, config)
    try:
        result = forge(case.request, case.path, registry=registry, config=config, allow_read=[EXAMPLES])
    except MCPForgeError as exc:
        outcome = Outcome(case_id=case.id, passed=False, reason=f"{type(exc).__name__}: {exc}"[:300])
    else:
        seconds = result.timings_ms.get("total", 0.0) / 1000
        if not result.ok or result.artifacts is None:
            outcome = Outcome(case_id=case.id, passed=False, reason=str(result.error)[:300], seconds=seconds)
        else:
            reason = compare(result.artifacts.result.get("result"), case.expected(load_dataset(case.dataset)))
            outcome = Outcome(case_id=case.id, passed=not reason, reason=reason, seconds=seconds)
    _OUTCOMES[case.id] = outcome
    return outcome


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_case_goes_through_the_pipeline(case: Case, sandbox_config: SandboxConfig) -> None:
    outcome = run_case(case, sandbox_config)
    assert outcome.case_id == case.id


@pytest.mark.timeout(3600)
def test_at_least_90_percent_of_the_suite_gives_the_right_numbers(sandbox_config: SandboxConfig) -> None:
    outcomes = [run_case(case, sandbox_config) for case in CASES]
    failures = [o for o in outcomes if not o.passed]
    rate = 1 - len(failures) / len(outcomes)
    print(f"\nexample suite: {len(outcomes) - len(failures)}/{len(outcomes)} right ({rate:.0%})")
    for failure in failures:
        print(f"  MISS {failure.case_id}: {failure.reason}")
    assert rate >= PASS_BAR, f"{len(failures)} of {len(outcomes)} cases wrong: " + "; ".join(
        f"{f.case_id}: {f.reason}" for f in failures
    )
