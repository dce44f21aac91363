"""Derived columns: the safe arithmetic language, at render time, in the reference, and inside a tool."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from mcpforge.catalogue import RenderedTool, frame_to_table, get_operation, tables_match
from mcpforge.catalogue.expressions import (
    DERIVED_SCHEMA,
    derived_argument,
    derived_pairs,
    evaluate_reference,
    expression_columns,
    parse_expression,
)
from mcpforge.exceptions import InvalidArgumentError
from mcpforge.models import Aggregation, DerivedColumn, Intent
from mcpforge.sandbox import ToolCallOutcome

RunBatch = Callable[[RenderedTool, Sequence[dict[str, Any]]], list[ToolCallOutcome]]

MALICIOUS = [
    "__import__('os')",
    "__import__(os)",
    "a.__class__",
    "open('x')",
    "units if True else 0",
    "lambda: 1",
    "units[0]",
    "eval(units)",
    "units; 1",
    "[units]",
    "units == 1",
    "getattr(units, 'real')",
    "",
    "1 +",
    "(" * 60 + "1" + ")" * 60,
    "1" * 600,
]


@pytest.mark.parametrize("expression", MALICIOUS)
def test_expressions_outside_the_language_are_rejected(expression: str) -> None:
    with pytest.raises(InvalidArgumentError):
        parse_expression(expression)


@pytest.mark.parametrize("expression", ["__import__('os')", "a.__class__", "open('x')"])
def test_rendering_refuses_a_malicious_derived_column(expression: str) -> None:
    intent = Intent(
        request="x",
        operation="aggregate",
        metrics=[Aggregation(column="bad", func="sum")],
        derived=[DerivedColumn(name="bad", expression=expression)],
    )
    with pytest.raises(InvalidArgumentError):
        get_operation("aggregate").render(intent)


def test_expression_columns_lists_identifiers_and_backticked_names() -> None:
    assert expression_columns("units * `unit price` * (1 - discount) + max(units, 2)") == [
        "units",
        "unit price",
        "discount",
    ]


def test_a_bare_name_is_only_ever_a_column_lookup() -> None:
    assert expression_columns("exec + eval") == ["exec", "eval"]
    with pytest.raises(KeyError):
        evaluate_reference(pd.DataFrame({"a": [1.0]}), {"x": "exec"})


def test_precedence_follows_python() -> None:
    df = pd.DataFrame({"a": [2.0], "b": [3.0]})
    derived = {"x": "-a ** 2", "y": "a + b * 2", "z": "(a + b) * 2", "w": "2 ** 3 ** 2", "v": "7 // a % 2"}
    out = evaluate_reference(df, derived)
    assert [float(out[name].iloc[0]) for name in ["x", "y", "z", "w", "v"]] == [-4.0, 8.0, 10.0, 512.0, 1.0]


def test_the_reference_gives_missing_for_division_by_zero_and_missing_inputs() -> None:
    df = pd.DataFrame({"a": [1.0, None, 4.0], "b": [0.0, 1.0, 2.0]})
    out = evaluate_reference(df, {"r": "a / b", "m": "min(a, b) + abs(-1)", "q": "round(a / 3, 1)"})
    assert out["r"].isna().tolist() == [True, True, False]
    assert out["r"].iloc[2] == 2.0
    assert out["m"].tolist()[2] == 3.0
    assert out["q"].tolist()[0] == 0.3


def test_a_tool_computes_derived_columns_like_the_reference_and_refuses_unsafe_ones_at_run_time(
    run_batch: RunBatch, data_dir: Path, load: Callable[[Path], pd.DataFrame]
) -> None:
    intent = Intent(
        request="average ratio and total revenue",
        operation="aggregate",
        metrics=[
            Aggregation(column="ratio", func="mean"),
            Aggregation(column="revenue", func="sum"),
            Aggregation(column="weird", func="max"),
        ],
        derived=[
            DerivedColumn(name="revenue", expression="units * unit_price * (1 - discount)"),
            DerivedColumn(name="ratio", expression="revenue / (discount - discount)"),
            DerivedColumn(name="weird", expression="round(max(`units`, 2) ** 2 % 5, 0) - -1"),
        ],
    )
    rendered = get_operation("aggregate").render(intent)
    derived = rendered.arguments["derived_columns"]
    assert derived[1] == {"name": "ratio", "expression": "revenue / (discount - discount)"}
    data = str(data_dir / "accidents.csv")

    def replaced(expression: str) -> list[dict[str, str]]:
        return [{**item, "expression": expression} if item["name"] == "ratio" else item for item in derived]

    calls = [
        {**rendered.arguments, "file_path": data},
        {**rendered.arguments, "file_path": data, "derived_columns": replaced("__import__('os').getcwd()")},
        {**rendered.arguments, "file_path": data, "derived_columns": replaced("severity * 2")},
    ]
    ok, unsafe, non_numeric = run_batch(rendered, calls)
    assert ok.ok and ok.structured is not None, ok.error
    expected = frame_to_table(
        get_operation("aggregate").reference(load(data_dir / "accidents.csv"), calls[0])
    )
    assert tables_match(ok.structured["result"], expected)
    # revenue: 18 + 5 + 30 + 10 + 10 (row 6 has no units); ratio is x/0 everywhere -> missing -> mean null;
    # weird: units 2,1,3,1,4 -> max(u,2)^2 % 5 = 4,4,4,4,1 -> +1 -> max 5
    assert ok.structured["result"] == {
        "columns": ["mean_ratio", "sum_revenue", "max_weird"],
        "rows": [[None, 73.0, 5.0]],
    }
    assert not unsafe.ok and unsafe.error_type == "InvalidArgumentError"
    assert not non_numeric.ok and non_numeric.error_type == "DataError"


def test_a_tool_still_takes_derived_columns_in_the_earlier_name_to_expression_form(
    run_batch: RunBatch, data_dir: Path
) -> None:
    intent = Intent(
        request="total revenue",
        operation="aggregate",
        metrics=[Aggregation(column="revenue", func="sum")],
        derived=[DerivedColumn(name="revenue", expression="units * unit_price * (1 - discount)")],
    )
    rendered = get_operation("aggregate").render(intent)
    data = str(data_dir / "accidents.csv")
    old_form = {"revenue": "units * unit_price * (1 - discount)"}
    as_list, as_map, not_pairs = run_batch(rendered, [
        {**rendered.arguments, "file_path": data},
        {**rendered.arguments, "file_path": data, "derived_columns": old_form},
        {**rendered.arguments, "file_path": data, "derived_columns": ["revenue"]},
    ])  # fmt: skip
    assert as_list.ok and as_map.ok, (as_list.error, as_map.error)
    assert as_list.structured is not None and as_map.structured is not None
    assert (
        as_list.structured["result"]
        == as_map.structured["result"]
        == {"columns": ["sum_revenue"], "rows": [[73.0]]}
    )
    assert not not_pairs.ok and not_pairs.error_type == "InvalidArgumentError"


def test_reused_tools_get_derived_columns_in_the_form_their_schema_declares() -> None:
    pairs = {"revenue": "units * unit_price", "double": "revenue * 2"}
    old_schema = {"type": "object", "additionalProperties": {"type": "string"}}
    assert derived_argument(pairs, old_schema) == pairs
    as_list = derived_argument(pairs, DERIVED_SCHEMA)
    assert as_list == [
        {"name": "revenue", "expression": "units * unit_price"},
        {"name": "double", "expression": "revenue * 2"},
    ]
    assert derived_pairs(as_list) == derived_pairs(pairs) == pairs
    with pytest.raises(InvalidArgumentError):
        derived_pairs("revenue = units * unit_price")
