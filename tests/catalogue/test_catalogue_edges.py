"""Reuse on other data, clear errors, and the variants of each operation, all run in the sandbox."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from mcpforge.catalogue import RenderedTool, frame_to_table, get_operation, tables_match
from mcpforge.models import Filter, Intent
from mcpforge.sandbox import ToolCallOutcome

RunBatch = Callable[[RenderedTool, Sequence[dict[str, Any]]], list[ToolCallOutcome]]

ORDERS = """kind,amount,qty,when,flag
a,10,1,2024-03-04 08:15:00,true
b,250,2,2024-03-05 09:00:00,false
a,12,3,2024-03-11 08:45:00,true
c,11,,2024-04-01 23:10:00,false
b,9,5,2024-06-30 08:00:00,true
a,13,6,2025-01-02 12:00:00,false
,11.5,7,not a date,true
"""


@pytest.fixture
def orders(data_dir: Path) -> Path:
    path = data_dir / "orders.csv"
    path.write_text(ORDERS, encoding="utf-8")
    return path


def _check(
    operation: str,
    outcomes: list[ToolCallOutcome],
    calls: Sequence[dict[str, Any]],
    load: Callable[[Path], pd.DataFrame],
) -> list[dict[str, Any]]:
    """Every outcome succeeded and equals the reference; returns the footers."""
    footers = []
    for call, outcome in zip(calls, outcomes, strict=True):
        assert outcome.ok, (call, outcome.error_type, outcome.error, outcome.error_line)
        assert outcome.structured is not None
        expected = frame_to_table(get_operation(operation).reference(load(Path(call["file_path"])), call))
        assert tables_match(outcome.structured["result"], expected), (
            call,
            outcome.structured["result"],
            expected,
        )
        footers.append(outcome.structured)
    return footers


def test_a_tool_is_reusable_on_other_data_with_other_columns(
    run_batch: RunBatch, data_dir: Path, orders: Path, load: Callable[[Path], pd.DataFrame]
) -> None:
    rendered = get_operation("group_count").render(
        Intent(
            request="accidents by severity and location",
            operation="group_count",
            group_by=["severity", "location"],
        )
    )
    calls: list[dict[str, Any]] = [
        {"file_path": str(data_dir / "accidents.csv")},  # the defaults: this request
        {"file_path": str(orders), "group_by_columns": ["kind"], "top_n": 2, "as_percentage": True},
        {
            "file_path": str(orders),
            "group_by_columns": ["flag", "kind"],
            "sort_descending": False,
            "filters": [{"column": "amount", "op": "<", "value": "12.5"}],
        },
    ]
    outcomes = run_batch(rendered, calls)
    # The reference takes the complete argument set, as the tool sees it after its defaults.
    footers = _check("group_count", outcomes, [{**rendered.arguments, **call} for call in calls], load)
    assert footers[0]["result"]["columns"] == ["severity", "location", "count"]
    assert tables_match(
        footers[1]["result"],
        {"columns": ["kind", "count", "percent"], "rows": [["a", 3, 300 / 7], ["b", 2, 200 / 7]]},
    )
    # amount < 12.5: a10 (true), c11 (false), a12 (true), b9 (true), None 11.5 (true); ascending, ties by key
    assert footers[2]["result"]["rows"] == [[False, "c", 1], [True, "b", 1], [True, None, 1], [True, "a", 2]]


def test_bad_input_gives_clear_errors_by_type(run_batch: RunBatch, orders: Path) -> None:
    rendered = get_operation("group_aggregate").render(
        Intent.model_validate(
            {
                "request": "mean amount by kind",
                "operation": "group_aggregate",
                "group_by": ["kind"],
                "metrics": [{"column": "amount", "func": "mean"}],
            }
        )
    )
    path = str(orders)
    calls: list[dict[str, Any]] = [
        {"file_path": path, "group_by_columns": ["nope"]},
        {"file_path": path, "metrics": [{"column": "kind", "func": "sum"}]},
        {"file_path": path, "metrics": [{"column": "amount", "func": "explode"}]},
        {"file_path": path, "filters": [{"column": "amount", "op": "~=", "value": 1}]},
        {"file_path": path, "filters": [{"column": "amount", "op": ">", "value": "lots"}]},
        {"file_path": path, "filters": [{"column": "ghost", "op": "==", "value": 1}]},
        {"file_path": str(orders.parent / "missing.csv")},
    ]
    kinds = [outcome.error_type for outcome in run_batch(rendered, calls)]
    assert kinds == [
        "ColumnNotFoundError",
        "DataError",
        "InvalidArgumentError",
        "InvalidArgumentError",
        "InvalidArgumentError",
        "ColumnNotFoundError",
        "DataError",
    ]


VARIANTS: dict[str, tuple[dict[str, Any], list[dict[str, Any]]]] = {
    "filter_rows": (
        {"filters": [Filter(column="kind", op="in", value=["a", "c"])], "top_n": 2},
        [
            {},
            {"filters": [{"column": "kind", "op": "not in", "value": ["a"]}]},
            {"filters": [{"column": "when", "op": ">=", "value": "2024-04-01"}]},
            {"filters": [{"column": "kind", "op": "is null"}]},
            {"filters": [{"column": "qty", "op": "not null"}]},
            {
                "filters": [
                    {"column": "amount", "op": "between", "value": [10, 12]},
                    {"column": "kind", "op": "!=", "value": "b"},
                ]
            },
            {"filters": [{"column": "kind", "op": "contains", "value": "A"}], "columns": ["kind", "flag"]},
            {"filters": [{"column": "flag", "op": "==", "value": "true"}], "max_rows": 10},
        ],
    ),
    "top_n_rows": (
        {"columns": ["qty", "kind"], "top_n": 3, "sort_descending": False},
        [
            {},
            {"sort_column": "kind", "sort_descending": True, "columns": []},
            {"sort_column": "when", "top_n": 1},
        ],
    ),
    "correlation": (
        {"options": {"method": "kendall"}},
        [
            {},
            {"method": "pearson"},
            {"method": "spearman", "columns": ["amount", "qty"]},
            {"method": "kendall", "columns": ["qty", "amount"]},
        ],
    ),
    "time_resample": (
        {"time_column": "when", "time_grain": "week", "metrics": [{"column": "amount", "func": "sum"}]},
        [
            {},
            {"grain": "day"},
            {"grain": "quarter", "metrics": [{"column": "qty", "func": "mean"}, {"func": "count"}]},
            {"grain": "year"},
            {"grain": "month", "metrics": [{"column": "kind", "func": "nunique"}]},
            {"grain": "month", "top_n": 1},
            {"grain": "week", "top_n": 2, "sort_descending": False},
            {"grain": "day", "metrics": [{"column": "qty", "func": "mean"}], "top_n": 3},
        ],
    ),
    "date_part_group": (
        {"time_column": "when", "time_grain": "hour"},
        [
            {},
            {"part": "weekday"},
            {"part": "month", "metrics": [{"column": "amount", "func": "median"}]},
            {"part": "year"},
            {"part": "quarter"},
            {"part": "day", "metrics": [{"column": "qty", "func": "max"}]},
        ],
    ),
    "crosstab": (
        {"group_by": ["kind"], "columns": ["flag"], "options": {"normalize": "index"}},
        [{}, {"normalize": "columns"}, {"normalize": "none"}, {"normalize": "all"}],
    ),
    "pivot_table": (
        {"group_by": ["kind"], "columns": ["flag"], "metrics": [{"column": "amount", "func": "mean"}]},
        [
            {},
            {"aggregation": "count", "value_column": None},
            {"aggregation": "std"},
            {"aggregation": "nunique"},
        ],
    ),
    "outliers": (
        {"columns": ["amount"], "options": {"method": "zscore", "threshold": 2.0}},
        [{}, {"method": "iqr", "threshold": 1.5}, {"method": "iqr", "threshold": 0.1, "max_rows": 2}],
    ),
    "group_aggregate": (
        {
            "group_by": ["kind"],
            "metrics": [{"column": "amount", "func": "median"}],
            "top_n": 2,
            "sort_descending": False,
        },
        [
            {},
            {
                "metrics": [{"column": "units", "func": "std"}, {"column": "date", "func": "max"}],
                "top_n": None,
                "group_by_columns": ["region"],
                "file_path": "accidents",
            },
            {
                "metrics": [{"column": "qty", "func": "count"}, {"column": "amount", "func": "min"}],
                "group_by_columns": ["flag", "kind"],
            },
        ],
    ),
    "value_distribution": ({"columns": ["kind"], "top_n": 2}, [{}, {"column": "flag", "top_n": None}]),
    "summary_stats": ({}, [{}, {"columns": ["qty"]}]),
    "missing_values": ({}, [{}]),
    "distinct_count": ({"columns": ["kind", "flag", "qty"]}, [{}, {"columns": ["when"]}]),
    "percentiles": ({"columns": ["amount", "qty"], "options": {"percentiles": [0, 12.5, 100]}}, [{}]),
    "aggregate": (
        {"metrics": [{"column": "amount", "func": "std"}, {"column": "kind", "func": "nunique"}]},
        [{}, {"metrics": [{"column": "date", "func": "min"}, {"func": "count"}], "file_path": "accidents"}],
    ),
}


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_variants_of_each_operation_agree_with_the_reference(
    name: str, run_batch: RunBatch, orders: Path, load: Callable[[Path], pd.DataFrame]
) -> None:
    fields, overrides = VARIANTS[name]
    rendered = get_operation(name).render(
        Intent.model_validate({"request": name, "operation": name, **fields})
    )
    # "accidents": the sample whose date column parses cleanly (orders has an unparseable date, so text).
    files = {"accidents": str(orders.parent / "accidents.csv")}
    calls = [{**rendered.arguments, "file_path": str(orders), **override} for override in overrides]
    calls = [{**call, "file_path": files.get(call["file_path"], call["file_path"])} for call in calls]
    _check(name, run_batch(rendered, calls), calls, load)


def test_time_operations_skip_unparseable_dates_and_fill_gaps(
    run_batch: RunBatch, orders: Path, load: Callable[[Path], pd.DataFrame]
) -> None:
    rendered = get_operation("time_resample").render(
        Intent(
            request="orders per quarter", operation="time_resample", time_column="when", time_grain="quarter"
        )
    )
    calls = [{**rendered.arguments, "file_path": str(orders)}]
    [footer] = _check("time_resample", run_batch(rendered, calls), calls, load)
    assert footer["result"]["rows"] == [
        ["2024-Q1", 3],
        ["2024-Q2", 2],
        ["2024-Q3", 0],
        ["2024-Q4", 0],
        ["2025-Q1", 1],
    ]
    assert any("skipped" in note for note in footer["notes"])


def test_a_regression_split_and_quantile_bins_on_tiny_data_agree_with_the_reference(
    run_batch: RunBatch, data_dir: Path, load: Callable[[Path], pd.DataFrame]
) -> None:
    """One row or one distinct value: the edge cases validation runs on every forged tool."""
    tiny = data_dir / "tiny.csv"
    tiny.write_text("y,x1,x2\n3.0,1.0,5.0\n", encoding="utf-8")
    three = data_dir / "three.csv"
    three.write_text("y,x1,x2\n3.0,1.0,5.0\n4.0,2.0,5.0\n6.0,3.0,5.0\n", encoding="utf-8")
    regression = get_operation("linear_regression").render(
        Intent(
            request="fit y on x1 and x2 with 20% held out",
            operation="linear_regression",
            columns=["y", "x1", "x2"],
            options={"target": "y", "features": ["x1", "x2"], "test_size": 0.2, "seed": 42},
        )
    )
    calls = [{**regression.arguments, "file_path": str(path)} for path in (tiny, three)]
    footers = _check("linear_regression", run_batch(regression, calls), calls, load)
    assert all("too few complete rows" in " ".join(footer["notes"]) for footer in footers)
    binned = get_operation("group_count").render(
        Intent.model_validate(
            {
                "request": "bin x2 into 4 quantiles and count the rows in each bin",
                "operation": "group_count",
                "group_by": ["x2_bin"],
                "preparation": [{"kind": "bin", "columns": ["x2"], "strategy": "quantile", "bins": 4}],
            }
        )
    )
    calls = [{**binned.arguments, "file_path": str(path)} for path in (tiny, three)]
    _check("group_count", run_batch(binned, calls), calls, load)
