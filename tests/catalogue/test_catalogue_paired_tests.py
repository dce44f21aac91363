"""Issue 25: tests paired by an id column (paired t, Wilcoxon signed-rank between two years, one pair per
state, states missing a year dropped), the Wilcoxon signed-rank test of two columns and the two-sample
Kolmogorov-Smirnov test, run in the sandbox and checked against scipy computed here and the reference."""

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
from mcpforge.models import Intent
from mcpforge.sandbox import ToolCallOutcome

RunBatch = Callable[[RenderedTool, Sequence[dict[str, Any]]], list[ToolCallOutcome]]


@pytest.fixture
def panel(data_dir: Path) -> Path:
    """Ten states over three years; Utah has no 2020 row and Ohio no sales in 2018 (both unpaired)."""
    rng = np.random.default_rng(7)
    rows = [
        {"state": s, "region": ("north", "south")[k % 2], "year": y,
         "sales": round(50 + 3 * k + 2.5 * (y - 2018) + float(rng.normal(0, 2)), 2),
         "after": round(51 + 3 * k + float(rng.normal(0, 2)), 2)}
        for k, s in enumerate(["AL", "TX", "OH", "ME", "IA", "UT", "ID", "KS", "NV", "OR"])
        for y in (2018, 2019, 2020)
        if not (s == "UT" and y == 2020)
    ]  # fmt: skip
    frame = pd.DataFrame(rows)
    frame.loc[(frame["state"] == "OH") & (frame["year"] == 2018), "sales"] = np.nan
    path = data_dir / "panel.csv"
    frame.to_csv(path, index=False)
    return path


def _render(options: dict[str, Any], columns: list[str], group_by: list[str]) -> RenderedTool:
    intent = Intent(
        request="t", operation="statistical_test", columns=columns, group_by=group_by, options=options
    )
    return get_operation("statistical_test").render(intent)


def _run(run_batch: RunBatch, path: Path, rendered: RenderedTool) -> dict[str, Any]:
    (outcome,) = run_batch(rendered, [{**rendered.arguments, "file_path": str(path)}])
    assert outcome.ok, (outcome.error_type, outcome.error)
    result: dict[str, Any] = dict(outcome.structured or {})["result"]
    return result


def _row(table: dict[str, Any]) -> dict[str, Any]:
    return dict(zip(table["columns"], table["rows"][0], strict=True))


@pytest.mark.parametrize(
    ("test", "scipy_test"), [("ttest_rel", stats.ttest_rel), ("wilcoxon", stats.wilcoxon)]
)
def test_paired_by_id_matches_scipy_on_the_pivot(
    run_batch: RunBatch, panel: Path, load: Callable[[Path], pd.DataFrame], test: str, scipy_test: Any
) -> None:
    wide = pd.read_csv(panel).pivot(index="state", columns="year", values="sales")[[2018, 2020]].dropna()
    expected = scipy_test(wide[2018], wide[2020])
    rendered = _render({"test": test, "groups": [2018, 2020], "pair_by": "state"}, ["sales"], ["year"])
    table = _run(run_batch, panel, rendered)
    row = _row(table)
    assert row["statistic"] == pytest.approx(float(expected[0]), rel=1e-9)
    assert row["p_value"] == pytest.approx(float(expected[1]), rel=1e-9)
    assert row["n"] == len(wide) == 8  # Utah (no 2020) and Ohio (no 2018 sales) are not pairs
    assert row["conclusion"].endswith("; 8 pairs by state")
    reference = get_operation("statistical_test").reference(load(panel), rendered.arguments)
    assert tables_match(table, frame_to_table(reference)), (table, frame_to_table(reference))


def test_wilcoxon_of_two_columns_and_ks_of_two_groups(
    run_batch: RunBatch, panel: Path, load: Callable[[Path], pd.DataFrame]
) -> None:
    df = pd.read_csv(panel)
    both = df[["sales", "after"]].dropna()
    north = df.loc[df["region"] == "north", "sales"].dropna()
    south = df.loc[df["region"] == "south", "sales"].dropna()
    cases = [
        (_render({"test": "wilcoxon"}, ["sales", "after"], []), stats.wilcoxon(both["sales"], both["after"])),
        (
            _render({"test": "ks_2samp", "groups": ["north", "south"]}, ["sales"], ["region"]),
            stats.ks_2samp(north, south),
        ),
    ]
    for rendered, expected in cases:
        table = _run(run_batch, panel, rendered)
        row = _row(table)
        assert row["statistic"] == pytest.approx(float(expected[0]), rel=1e-9)
        assert row["p_value"] == pytest.approx(float(expected[1]), rel=1e-9)
        reference = get_operation("statistical_test").reference(load(panel), rendered.arguments)
        assert tables_match(table, frame_to_table(reference)), (table, frame_to_table(reference))


def test_an_id_repeated_within_a_year_is_no_pairing(
    run_batch: RunBatch, panel: Path, load: Callable[[Path], pd.DataFrame]
) -> None:
    rendered = _render(
        {"test": "ttest_rel", "groups": [2018, 2020], "pair_by": "region"}, ["sales"], ["year"]
    )
    (outcome,) = run_batch(rendered, [{**rendered.arguments, "file_path": str(panel)}])
    assert not outcome.ok
    assert "cannot pair" in str(outcome.error)
    assert outcome.error_type == "InvalidArgumentError"
    with pytest.raises(InvalidArgumentError, match="cannot pair"):
        get_operation("statistical_test").reference(load(panel), rendered.arguments)
