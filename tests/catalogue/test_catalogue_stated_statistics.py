"""Issue 25: the coefficient of variation as a metric, and a regression giving only the statistics asked for
("what is the slope?"), run in the sandbox against pandas / scipy and against each operation's reference."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from mcpforge.catalogue import RenderedTool, frame_to_table, get_operation, tables_match
from mcpforge.models import Aggregation, Intent
from mcpforge.sandbox import ToolCallOutcome

RunBatch = Callable[[RenderedTool, Sequence[dict[str, Any]]], list[ToolCallOutcome]]


@pytest.fixture
def prices(data_dir: Path) -> Path:
    """90 seeded rows in three groups; gaps in x; group c has a zero mean (no coefficient of variation)."""
    rng = np.random.default_rng(25)
    frame = pd.DataFrame({
        "group": ["a"] * 40 + ["b"] * 40 + ["c"] * 10,
        "x": [*rng.normal(50, 10, 80).round(2), -1.0, 1.0, -2.0, 2.0, -3.0, 3.0, -1.5, 1.5, -0.5, 0.5],
        "y": rng.normal(20, 4, 90).round(2),
    })  # fmt: skip
    frame.loc[[3, 44], "x"] = np.nan
    path = data_dir / "prices.csv"
    frame.to_csv(path, index=False)
    return path


def _run(run_batch: RunBatch, rendered: RenderedTool, path: Path) -> Any:
    (outcome,) = run_batch(rendered, [{**rendered.arguments, "file_path": str(path)}])
    assert outcome.ok, (outcome.error_type, outcome.error)
    return outcome.structured


def _matches_reference(name: str, structured: Any, arguments: dict[str, Any], load: Any, path: Path) -> None:
    expected = frame_to_table(get_operation(name).reference(load(path), arguments))
    assert tables_match(structured["result"], expected), (structured["result"], expected)


def test_the_coefficient_of_variation_matches_pandas_and_the_reference(
    run_batch: RunBatch, prices: Path, load: Callable[[Path], pd.DataFrame]
) -> None:
    metrics = [Aggregation(column="x", func="cv"), Aggregation(column="y", func="cv")]
    whole = get_operation("aggregate").render(Intent(request="t", operation="aggregate", metrics=metrics))
    result = _run(run_batch, whole, prices)
    df = pd.read_csv(prices)
    cv_x, cv_y = result["result"]["rows"][0]
    assert (cv_x, cv_y) == pytest.approx((df["x"].std() / df["x"].mean(), df["y"].std() / df["y"].mean()))
    _matches_reference("aggregate", result, whole.arguments, load, prices)
    grouped = get_operation("group_aggregate").render(
        Intent(request="t", operation="group_aggregate", group_by=["group"], metrics=metrics[:1])
    )
    result = _run(run_batch, grouped, prices)
    got = dict(result["result"]["rows"])
    for key in ("a", "b"):
        values = df.loc[df["group"] == key, "x"]
        assert got[key] == pytest.approx(values.std() / values.mean())
    assert got["c"] is None  # a mean of 0: no coefficient of variation, never a division by zero
    _matches_reference("group_aggregate", result, grouped.arguments, load, prices)


def test_a_regression_gives_only_the_statistics_asked_for(
    run_batch: RunBatch, prices: Path, load: Callable[[Path], pd.DataFrame]
) -> None:
    options = {"target": "y", "features": ["x"], "report": ["intercept", "coef_x"]}
    rendered = get_operation("linear_regression").render(
        Intent(request="t", operation="linear_regression", columns=["y", "x"], options=options)
    )
    result = _run(run_batch, rendered, prices)
    df = pd.read_csv(prices).dropna()
    fit = stats.linregress(df["x"], df["y"])
    got = dict(result["result"]["rows"])
    assert got == pytest.approx({"intercept": fit.intercept, "coef_x": fit.slope})
    _matches_reference("linear_regression", result, rendered.arguments, load, prices)
