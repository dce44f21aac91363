"""A condition on each group (HAVING) for group_count and group_aggregate: the generated tool, run in the
sandbox, against pandas computed here and against the independent reference, for every comparison; the
answer says the condition; a tool without the option is rendered exactly as before.
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
OPS = {">": "gt", ">=": "ge", "<": "lt", "<=": "le", "==": "eq"}


@pytest.fixture
def shops(data_dir: Path) -> Path:
    """150 seeded sales over 12 cities (one key missing on some rows) with a price column with gaps."""
    rng = np.random.default_rng(25)
    n = 150
    city = rng.choice([f"city{i:02d}" for i in range(12)], n, p=np.linspace(1, 3, 12) / 24).astype(object)
    city[rng.choice(n, 9, replace=False)] = None
    frame = pd.DataFrame({"city": city, "price": rng.gamma(3, 100, n).round(2)})
    frame.loc[[4, 40, 90], "price"] = np.nan
    path = data_dir / "shops.csv"
    frame.to_csv(path, index=False)
    return path


def _run(run_batch: RunBatch, rendered: RenderedTool, path: Path, calls: list[dict[str, Any]]) -> list[Any]:
    outcomes = run_batch(rendered, [{**rendered.arguments, **call, "file_path": str(path)} for call in calls])
    for outcome in outcomes:
        assert outcome.ok, (outcome.error_type, outcome.error)
    return [{**(outcome.structured or {}), "markdown": outcome.markdown} for outcome in outcomes]


def _check_reference(name: str, structured: Any, arguments: dict[str, Any], frame: pd.DataFrame) -> None:
    expected = frame_to_table(get_operation(name).reference(frame, arguments))
    assert tables_match(structured["result"], expected), (structured["result"], expected)


def test_group_count_having_lists_and_counts_the_groups_like_pandas(
    run_batch: RunBatch, shops: Path, load: Callable[[Path], pd.DataFrame]
) -> None:
    intent = Intent(request="t", operation="group_count", group_by=["city"],
                    options={"having": {"op": ">", "value": 12}, "count_groups": True})  # fmt: skip
    rendered = get_operation("group_count").render(intent)
    assert (
        rendered.spec.tool_name
        != get_operation("group_count")
        .render(Intent(request="t", operation="group_count", group_by=["city"]))
        .spec.tool_name
    )
    calls: list[dict[str, Any]] = [
        {"having_op": op, "having_value": value, "count_groups": count}
        for op, value in ((">", 12), (">=", 12), ("<", 12), ("<=", 9), ("==", 12))
        for count in (True, False)
    ]
    results = _run(run_batch, rendered, shops, calls)
    sizes = pd.read_csv(shops).groupby("city").size()  # pandas drops the missing key
    for call, result in zip(calls, results, strict=True):
        passing: pd.Series = sizes[getattr(sizes, OPS[str(call["having_op"])])(call["having_value"])]
        if call["count_groups"]:
            assert result["result"]["rows"] == [
                [f"count {call['having_op']} {call['having_value']:g}", len(passing)]
            ]
            assert f"where count {call['having_op']}" in result["markdown"]
        else:
            got = {row[0]: row[1] for row in result["result"]["rows"] if row[0] is not None}
            assert got == passing.to_dict()
        _check_reference("group_count", result, {**rendered.arguments, **call}, load(shops))


def test_group_aggregate_having_on_the_mean_matches_pandas_and_the_reference(
    run_batch: RunBatch, shops: Path, load: Callable[[Path], pd.DataFrame]
) -> None:
    intent = Intent(request="t", operation="group_aggregate", group_by=["city"],
                    metrics=[Aggregation(column="price", func="mean")],
                    options={"having": {"op": ">", "value": 300}, "count_groups": False})  # fmt: skip
    rendered = get_operation("group_aggregate").render(intent)
    assert "price > 300" in rendered.spec.description or "> 300" in rendered.spec.description
    calls = [
        {"having_op": ">", "having_value": 300, "count_groups": False},
        {"having_op": ">", "having_value": 300, "count_groups": True},
        {"having_op": "<=", "having_value": 280.5, "count_groups": True},
        {"having_op": ">", "having_value": 1e9, "count_groups": False},  # no group passes: an empty table
    ]
    results = _run(run_batch, rendered, shops, calls)
    means = pd.read_csv(shops).groupby("city")["price"].mean()
    listed = {row[0]: row[1] for row in results[0]["result"]["rows"] if row[0] is not None}
    assert listed == pytest.approx(means[means > 300].to_dict())
    assert results[1]["result"]["rows"][0][1] == int((means > 300).sum())
    assert results[2]["result"]["rows"][0][1] == int((means <= 280.5).sum())
    assert results[3]["result"]["rows"] == []
    for call, result in zip(calls, results, strict=True):
        _check_reference("group_aggregate", result, {**rendered.arguments, **call}, load(shops))


def test_a_bad_comparison_is_one_clear_error(run_batch: RunBatch, shops: Path) -> None:
    intent = Intent(request="t", operation="group_count", group_by=["city"],
                    options={"having": {"op": ">", "value": 1}})  # fmt: skip
    rendered = get_operation("group_count").render(intent)
    (outcome,) = run_batch(rendered, [{**rendered.arguments, "having_op": "~", "file_path": str(shops)}])
    assert not outcome.ok and "having_op" in str(outcome.error)


def test_without_the_option_the_tool_is_unchanged() -> None:
    intent = Intent(request="t", operation="group_count", group_by=["city"])
    rendered = get_operation("group_count").render(intent)
    assert "having" not in rendered.source and "having_op" not in rendered.arguments
