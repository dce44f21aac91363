"""Issue 25: the variance as a metric. ``var`` is the sample variance (ddof=1, pandas' default) and ``pvar``
the population variance (ddof=0); each is run in the sandbox against pandas and against the operation's
reference (plain Python below the Arrow threshold, Arrow above it)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

from mcpforge.catalogue import RenderedTool, frame_to_table, get_operation, tables_match
from mcpforge.catalogue.reference.arrow import ARROW_ROWS
from mcpforge.models import Aggregation, Intent
from mcpforge.sandbox import ToolCallOutcome

RunBatch = Callable[[RenderedTool, Sequence[dict[str, Any]]], list[ToolCallOutcome]]


def _frame(rows: int) -> pd.DataFrame:
    """Seeded rows in three groups with gaps in x; group c has a single value (no sample variance)."""
    rng = np.random.default_rng(11)
    frame = pd.DataFrame({
        "group": ["a", "b"] * ((rows - 1) // 2) + ["a"] * ((rows - 1) % 2) + ["c"],
        "x": rng.normal(50, 10, rows).round(2),
        "y": rng.gamma(2.0, 3.0, rows).round(3),
    })  # fmt: skip
    frame.loc[[3, 8], "x"] = np.nan
    return frame


@pytest.fixture
def small(data_dir: Path) -> Path:
    path = data_dir / "small.csv"
    _frame(61).to_csv(path, index=False)
    return path


def _run(run_batch: RunBatch, rendered: RenderedTool, path: Path) -> Any:
    (outcome,) = run_batch(rendered, [{**rendered.arguments, "file_path": str(path)}])
    assert outcome.ok, (outcome.error_type, outcome.error)
    return outcome.structured


def _matches_reference(name: str, structured: Any, arguments: dict[str, Any], frame: pd.DataFrame) -> None:
    expected = frame_to_table(get_operation(name).reference(frame, arguments))
    assert tables_match(structured["result"], expected), (structured["result"], expected)


def test_the_variance_over_all_rows_is_the_sample_one_unless_population_is_asked(
    run_batch: RunBatch, small: Path, load: Callable[[Path], pd.DataFrame]
) -> None:
    metrics = [Aggregation(column="x", func="var"), Aggregation(column="y", func="pvar")]
    rendered = get_operation("aggregate").render(Intent(request="t", operation="aggregate", metrics=metrics))
    result = _run(run_batch, rendered, small)
    df = pd.read_csv(small)
    assert result["result"]["rows"][0] == pytest.approx([df["x"].var(ddof=1), df["y"].var(ddof=0)])
    assert df["x"].var(ddof=1) != pytest.approx(df["x"].var(ddof=0))  # the two really differ here
    _matches_reference("aggregate", result, rendered.arguments, load(small))


def test_the_variance_per_group_leaves_a_single_value_group_empty(
    run_batch: RunBatch, small: Path, load: Callable[[Path], pd.DataFrame]
) -> None:
    metrics = [Aggregation(column="x", func="var"), Aggregation(column="x", func="pvar")]
    rendered = get_operation("group_aggregate").render(
        Intent(request="t", operation="group_aggregate", group_by=["group"], metrics=metrics)
    )
    result = _run(run_batch, rendered, small)
    df = pd.read_csv(small)
    got = {row[0]: row[1:] for row in result["result"]["rows"]}
    for key in ("a", "b"):
        values = df.loc[df["group"] == key, "x"]
        assert got[key] == pytest.approx([values.var(), values.var(ddof=0)])
    assert got["c"][0] is None  # one value: no sample variance, as pandas says (never a 0)
    assert got["c"][1] == 0
    _matches_reference("group_aggregate", result, rendered.arguments, load(small))


def test_the_arrow_reference_gives_the_same_variances_as_pandas() -> None:
    frame = _frame(ARROW_ROWS + 11)
    metrics = [Aggregation(column="x", func="var"), Aggregation(column="y", func="pvar")]
    rendered = get_operation("group_aggregate").render(
        Intent(request="t", operation="group_aggregate", group_by=["group"], metrics=metrics)
    )
    table = frame_to_table(get_operation("group_aggregate").reference(frame, rendered.arguments))
    got = {row[0]: row[1:] for row in table["rows"]}
    for key in ("a", "b"):
        part = frame[frame["group"] == key]
        assert got[key] == pytest.approx([part["x"].var(), part["y"].var(ddof=0)])
    assert got["c"][0] is None
