"""A condition on the number of rows of each group (pandas' ``groupby().filter(lambda g: len(g) >= n)``)
for group_count and group_aggregate: the generated tool, run in the sandbox, against pandas computed here
and against the independent reference; the answer says the condition; without it the tool is unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

from mcpforge.catalogue import RenderedTool, frame_to_table, get_operation, tables_match
from mcpforge.models import Aggregation, Intent
from mcpforge.sandbox import ToolCallOutcome

RunBatch = Callable[[RenderedTool, Sequence[dict[str, Any]]], list[ToolCallOutcome]]
SIZE_TESTS: dict[str, Callable[[int, float], bool]] = {
    ">": lambda n, v: n > v, ">=": lambda n, v: n >= v, "<": lambda n, v: n < v,
    "<=": lambda n, v: n <= v, "==": lambda n, v: n == v,
}  # fmt: skip


@pytest.fixture
def sales(data_dir: Path) -> Path:
    """200 seeded sales over 10 towns of very different sizes (one key missing on some rows)."""
    rng = np.random.default_rng(23)
    n = 200
    town = rng.choice([f"town{i}" for i in range(10)], n, p=np.arange(1, 11) / 55).astype(object)
    town[rng.choice(n, 7, replace=False)] = None
    frame = pd.DataFrame(
        {"town": town, "price": rng.gamma(3, 100, n).round(2), "rooms": rng.integers(1, 6, n)}
    )
    frame.loc[[3, 30, 99], "price"] = np.nan
    path = data_dir / "sales.csv"
    frame.to_csv(path, index=False)
    return path


def _run(run_batch: RunBatch, rendered: RenderedTool, path: Path, calls: list[dict[str, Any]]) -> list[Any]:
    outcomes = run_batch(rendered, [{**rendered.arguments, **call, "file_path": str(path)} for call in calls])
    for outcome in outcomes:
        assert outcome.ok, (outcome.error_type, outcome.error)
    return [{**(outcome.structured or {}), "markdown": outcome.markdown} for outcome in outcomes]


def _kept(path: Path, op: str, value: float, *, where: Callable[[pd.DataFrame], Any] | None = None) -> Any:
    frame = pd.read_csv(path)
    frame = frame[where(frame)] if where is not None else frame
    return frame.groupby("town").filter(lambda group: SIZE_TESTS[op](len(group), value)).groupby("town")


def _check_reference(name: str, structured: Any, arguments: dict[str, Any], frame: pd.DataFrame) -> None:
    expected = frame_to_table(get_operation(name).reference(frame, arguments))
    assert tables_match(structured["result"], expected), (structured["result"], expected)


def test_the_mean_of_each_group_with_enough_rows_matches_groupby_filter(
    run_batch: RunBatch, sales: Path, load: Callable[[Path], pd.DataFrame]
) -> None:
    intent = Intent(request="t", operation="group_aggregate", group_by=["town"],
                    metrics=[Aggregation(column="price", func="mean")],
                    options={"group_size": {"op": ">=", "value": 25}})  # fmt: skip
    rendered = get_operation("group_aggregate").render(intent)
    assert "at least 25 rows" in rendered.spec.description
    calls = [{"group_size_op": op, "group_size_value": v} for op, v in SIZE_CALLS]
    results = _run(run_batch, rendered, sales, calls)
    for call, result in zip(calls, results, strict=True):
        expected = _kept(sales, call["group_size_op"], call["group_size_value"])["price"].mean()
        got = {row[0]: row[1] for row in result["result"]["rows"] if row[0] is not None}
        assert got == pytest.approx(expected.to_dict())
        assert f"only groups with row count {call['group_size_op']}" in result["markdown"]
        _check_reference("group_aggregate", result, {**rendered.arguments, **call}, load(sales))


SIZE_CALLS = [(">=", 25), (">", 25), ("<", 20), ("<=", 14), ("==", 20), (">", 10_000)]


def test_the_top_group_by_median_among_groups_with_enough_rows_after_a_row_filter(
    run_batch: RunBatch, sales: Path, load: Callable[[Path], pd.DataFrame]
) -> None:
    """The sizes are counted on the rows the filters keep: a town with 30 rows but 12 with 3+ rooms is out."""
    intent = Intent(request="t", operation="group_aggregate", group_by=["town"], top_n=1,
                    metrics=[Aggregation(column="price", func="median")],
                    filters=[{"column": "rooms", "op": ">=", "value": 3}],
                    options={"group_size": {"op": ">=", "value": 15}})  # fmt: skip
    rendered = get_operation("group_aggregate").render(intent)
    (result,) = _run(run_batch, rendered, sales, [{}])
    medians = _kept(sales, ">=", 15, where=lambda f: f["rooms"] >= 3)["price"].median()
    assert result["result"]["rows"] == [[medians.idxmax(), pytest.approx(medians.max())]]
    _check_reference("group_aggregate", result, rendered.arguments, load(sales))


def test_rows_per_group_with_a_size_condition_and_shares_of_the_rows_kept(
    run_batch: RunBatch, sales: Path, load: Callable[[Path], pd.DataFrame]
) -> None:
    intent = Intent(request="t", operation="group_count", group_by=["town"], as_percentage=True,
                    options={"group_size": {"op": ">", "value": 20}})  # fmt: skip
    rendered = get_operation("group_count").render(intent)
    (result,) = _run(run_batch, rendered, sales, [{}])
    sizes = _kept(sales, ">", 20).size()
    got = {row[0]: (row[1], row[2]) for row in result["result"]["rows"]}
    assert got == {town: (n, pytest.approx(n * 100 / sizes.sum())) for town, n in sizes.items()}
    _check_reference("group_count", result, rendered.arguments, load(sales))


def test_a_missing_key_is_a_group_of_its_own_and_a_bad_comparison_is_one_clear_error(
    run_batch: RunBatch, sales: Path
) -> None:
    intent = Intent(request="t", operation="group_count", group_by=["town"],
                    options={"group_size": {"op": "<", "value": 8}})  # fmt: skip
    rendered = get_operation("group_count").render(intent)
    call = {**rendered.arguments, "file_path": str(sales)}
    good, bad = run_batch(rendered, [call, {**call, "group_size_op": "~"}])
    assert good.ok and [None, 7] in (good.structured or {})["result"]["rows"]
    assert not bad.ok and "group_size_op" in str(bad.error)


def test_without_the_option_the_tool_is_unchanged() -> None:
    for operation, metrics in (
        ("group_count", []),
        ("group_aggregate", [Aggregation(column="price", func="sum")]),
    ):
        plain = Intent(request="t", operation=operation, group_by=["town"], metrics=metrics)
        rendered = get_operation(operation).render(plain)
        assert "group_size" not in rendered.source and "group_size_op" not in rendered.arguments


def test_percentiles_per_group_with_enough_rows_match_pandas_quantiles(
    run_batch: RunBatch, sales: Path, load: Callable[[Path], pd.DataFrame]
) -> None:
    intent = Intent(request="t", operation="percentiles", columns=["price"], group_by=["town"],
                    options={"percentiles": [90], "group_size": {"op": ">=", "value": 25}})  # fmt: skip
    rendered = get_operation("percentiles").render(intent)
    (result,) = _run(run_batch, rendered, sales, [{}])
    expected = _kept(sales, ">=", 25)["price"].quantile(0.9)
    got = {row[0]: row[2] for row in result["result"]["rows"]}
    assert got == pytest.approx(expected.to_dict())
    _check_reference("percentiles", result, rendered.arguments, load(sales))
