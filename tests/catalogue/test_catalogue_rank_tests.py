"""Issue 25: Kruskal-Wallis H and Levene's test across the groups of a column, run in the sandbox and
checked against scipy computed here and against the reference (ranks with the tie correction, ANOVA of
the distances from each group's median, tails from the chi-square and F distributions)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from mcpforge.catalogue import RenderedTool, frame_to_table, get_operation, tables_match
from mcpforge.exceptions import InvalidArgumentError
from mcpforge.models import AnalysisMethod, Intent
from mcpforge.sandbox import ToolCallOutcome

RunBatch = Callable[[RenderedTool, Sequence[dict[str, Any]]], list[ToolCallOutcome]]


@pytest.fixture
def clinics(data_dir: Path) -> Path:
    """Whole-number waits (many ties) in four clinics of unequal size, gaps in both columns, one wait
    shared by every clinic, and a clinic with a single visit."""
    rng = np.random.default_rng(25)
    sizes = {"north": 14, "south": 9, "east": 11, "west": 6}
    rows = [(name, int(rng.integers(0, 9)) + (2 if name == "east" else 0)) for name, size in sizes.items()
            for _ in range(size)]  # fmt: skip
    frame = pd.DataFrame(rows, columns=["clinic", "wait"])
    frame["wait"] = frame["wait"].astype("float64")
    frame.loc[[3, 20], "wait"] = np.nan
    frame.loc[7, "clinic"] = None
    frame = pd.concat([frame, pd.DataFrame({"clinic": ["lone"], "wait": [4.0]})], ignore_index=True)
    path = data_dir / "clinics.csv"
    frame.to_csv(path, index=False)
    return path


def _call(
    run_batch: RunBatch, path: Path, calls: list[dict[str, Any]], *, alpha: float = 0.05
) -> tuple[RenderedTool, list[dict[str, Any]]]:
    intent = Intent(
        request="t", operation="statistical_test", columns=["wait"], group_by=["clinic"],
        options={"test": "kruskal"}, method=AnalysisMethod(significance=alpha),
    )  # fmt: skip
    rendered = get_operation("statistical_test").render(intent)
    outcomes = run_batch(rendered, [{**rendered.arguments, **c, "file_path": str(path)} for c in calls])
    for outcome in outcomes:
        assert outcome.ok, (outcome.error_type, outcome.error)
    return rendered, [dict(outcome.structured or {}) for outcome in outcomes]


def _row(structured: dict[str, Any]) -> dict[str, Any]:
    return dict(zip(structured["result"]["columns"], structured["result"]["rows"][0], strict=True))


def _same_as_reference(
    structured: dict[str, Any], arguments: dict[str, Any], load: Callable[[Path], pd.DataFrame], path: Path
) -> None:
    expected = frame_to_table(get_operation("statistical_test").reference(load(path), arguments))
    assert tables_match(structured["result"], expected), (structured["result"], expected)


def test_kruskal_and_levene_match_scipy_and_the_reference(
    run_batch: RunBatch, clinics: Path, load: Callable[[Path], pd.DataFrame]
) -> None:
    df = pd.read_csv(clinics)
    used = df.dropna()
    samples = [part["wait"].to_numpy() for _, part in used.groupby("clinic")]
    named = [used.loc[used["clinic"] == name, "wait"].to_numpy() for name in ("north", "east", "west")]
    calls: list[tuple[dict[str, Any], Any, int]] = [
        ({"test": "kruskal"}, stats.kruskal(*samples), 5),
        ({"test": "levene"}, stats.levene(*samples), 5),
        ({"test": "anova"}, stats.f_oneway(*samples), 5),
        ({"test": "kruskal", "groups": ["north", "east", "west"]}, stats.kruskal(*named), 3),
        ({"test": "levene", "groups": ["North ", "east", "west"]}, stats.levene(*named), 3),
    ]
    assert len(set(used["wait"])) < len(used)  # ties: the correction matters
    rendered, results = _call(run_batch, clinics, [call for call, _, _ in calls])
    for (call, expected, groups), result in zip(calls, results, strict=True):
        row = _row(result)
        assert row["statistic"] == pytest.approx(float(expected[0]), rel=1e-9), call
        assert row["p_value"] == pytest.approx(float(expected[1]), rel=1e-7), call
        assert row["n"] == sum(len(s) for s in (named if call.get("groups") else samples))
        assert row["significant"] == (row["p_value"] < 0.05)
        assert row["conclusion"].endswith(f"; {groups} groups)"), row["conclusion"]
        _same_as_reference(result, {**rendered.arguments, **call}, load, clinics)


def test_the_decision_is_said_at_the_stated_alpha(
    run_batch: RunBatch, clinics: Path, load: Callable[[Path], pd.DataFrame]
) -> None:
    rendered, (result,) = _call(run_batch, clinics, [{}], alpha=0.01)
    row = _row(result)
    assert rendered.arguments["alpha"] == 0.01 and row["alpha"] == 0.01
    said = "significant" if row["p_value"] < 0.01 else "not significant"
    assert row["conclusion"] == f"{said} at 0.01 (p = {row['p_value']:.4g}; 5 groups)"
    assert row["test"] == "kruskal"
    _same_as_reference(result, rendered.arguments, load, clinics)


def test_one_group_or_equal_values_say_not_enough_data_instead_of_a_number(
    run_batch: RunBatch, clinics: Path, data_dir: Path, load: Callable[[Path], pd.DataFrame]
) -> None:
    calls: list[dict[str, Any]] = [{"groups": ["north"]}, {"test": "levene", "groups": ["lone", "zzz"]}]
    rendered, results = _call(run_batch, clinics, calls)
    for result, call in zip(results, calls, strict=True):
        row = _row(result)
        assert row["statistic"] is None and row["p_value"] is None and row["significant"] is False
        assert row["conclusion"] == "not enough data to decide (1 group)"
        _same_as_reference(result, {**rendered.arguments, **call}, load, clinics)
    flat = data_dir / "flat.csv"
    pd.DataFrame({"clinic": ["a", "a", "b", "b"], "wait": [3.0, 3.0, 3.0, 3.0]}).to_csv(flat, index=False)
    _, (same,) = _call(run_batch, flat, [{}])
    assert _row(same)["conclusion"] == "not enough data to decide (2 groups)"


def test_a_test_across_groups_without_a_group_column_is_not_rendered() -> None:
    for test in ("kruskal", "levene"):
        intent = Intent(request="t", operation="statistical_test", columns=["wait"], options={"test": test})
        with pytest.raises(InvalidArgumentError, match="needs a group column"):
            get_operation("statistical_test").render(intent)
