"""Functional correctness: output normalization, reference comparison, test cases, combined score."""

from __future__ import annotations

import gc
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

from mcpforge.config import SandboxConfig
from mcpforge.exceptions import DataError, InvalidArgumentError
from mcpforge.metrics import (
    ToolTestCase,
    calculate_correctness_score,
    calculate_functional_correctness,
    compare_with_reference,
    judge_test_cases,
    outputs_match,
    run_test_cases,
    validate_against_reference,
)
from mcpforge.runtime import output_footer
from mcpforge.sandbox import ToolCall, call_tool_batch, get_sandbox, limits_from_config

FRAME = pd.DataFrame({"region": ["North", "South", "East"], "revenue": [1234.5, 10.0, 0.25]})


@pytest.mark.parametrize(
    "other",
    [
        {"columns": ["region", "revenue"], "rows": [["North", 1234.5], ["South", 10], ["East", 0.25]]},
        {
            "columns": ["revenue", "region"],
            "rows": [["10.00", "South"], ["0.25", "East"], ["1,234.50", "North"]],
        },
        [
            {"region": "East", "revenue": 0.25},
            {"region": "North", "revenue": 1234.5000001},
            {"region": "South", "revenue": 10},
        ],
        "| Region | Revenue |\n|---|---:|\n|  North | 1,234.50 |\n| South | 10 |\n| East | 0.25 |\n",
        {
            "operation": "group_aggregate",
            "rows_processed": 3,
            "result": {
                "columns": ["region", "revenue"],
                "rows": [["South", 10.0], ["East", 0.25], ["North", 1234.5]],
            },
        },
        "## Revenue\n\n| region | revenue |\n|---|---|\n| wrong | 1 |\n\n"
        + output_footer(
            {
                "operation": "x",
                "result": {
                    "columns": ["region", "revenue"],
                    "rows": [["North", 1234.5], ["South", 10.0], ["East", 0.25]],
                },
            }
        ),
    ],
)
def test_the_same_table_matches_in_every_shape(other: Any) -> None:
    assert outputs_match(FRAME, other)
    assert outputs_match(other, FRAME)


@pytest.mark.parametrize(
    "other",
    [
        {"columns": ["region", "revenue"], "rows": [["North", 1234.6], ["South", 10], ["East", 0.25]]},
        {"columns": ["region", "revenue"], "rows": [["North", 1234.5], ["South", 10]]},
        {"columns": ["area", "revenue"], "rows": [["North", 1234.5], ["South", 10], ["East", 0.25]]},
        {"columns": ["region", "revenue"], "rows": [["north", 1234.5], ["South", 10], ["East", 0.25]]},
        "North 1234.5 South 10 East 0.25",
    ],
)
def test_a_different_answer_does_not_match(other: Any) -> None:
    assert not outputs_match(FRAME, other)


def test_number_formatting_whitespace_and_missing_values_are_normalized() -> None:
    assert outputs_match("  1,234.50 ", 1234.5)
    assert outputs_match("hello   world\n", "hello world")
    assert outputs_match(
        {"columns": ["a"], "rows": [[None], ["nan"]]}, pd.DataFrame({"a": [float("nan"), None]})
    )
    assert outputs_match(1.0, 1.0 + 1e-7)
    assert not outputs_match(1.0, 1.001)
    assert outputs_match(0.0, 1e-10)
    assert not outputs_match(True, 1)


def test_a_series_and_a_grouped_frame_compare_with_their_index_as_a_column() -> None:
    counts = FRAME.groupby("region").size().rename("count")
    expected = {"columns": ["region", "count"], "rows": [["East", 1], ["North", 1], ["South", 1]]}
    assert outputs_match(counts, expected)


def test_a_dict_of_scalars_matches_a_one_row_table_and_a_scalar_a_one_cell_table() -> None:
    assert outputs_match({"total": 3, "mean": 2.5}, pd.DataFrame({"mean": [2.5], "total": [3]}))
    assert outputs_match(42, {"count": 42})


def test_reference_comparison_detects_size_versus_count() -> None:
    def reference_tool(data: pd.DataFrame) -> Any:
        return data.groupby("col").size()

    def generated_tool(data: pd.DataFrame) -> Any:
        return data.groupby("col").count()

    test_data = pd.DataFrame({"col": ["A", "A", "B"]})
    assert validate_against_reference(generated_tool, reference_tool, [{"data": test_data}]) < 1.0
    assert validate_against_reference(reference_tool, reference_tool, [{"data": test_data}]) == 1.0


def test_reference_similarity_is_the_share_of_matching_inputs() -> None:
    assert compare_with_reference([1, 2, 3, 4], [1, 2, 0, 4]) == 0.75
    assert compare_with_reference([], []) == 0.0
    with pytest.raises(InvalidArgumentError):
        compare_with_reference([1], [])


def test_correctness_score_weighs_tests_sixty_and_reference_forty_percent() -> None:
    assert calculate_correctness_score(0.5, 1.0) == pytest.approx(0.8)
    assert calculate_correctness_score(None, 0.7) == 0.7


def test_run_test_cases_records_tool_errors_and_expected_errors() -> None:
    def tool(rows: int) -> Any:
        if rows == 0:
            raise DataError("no data to analyze")
        return {"columns": ["n"], "rows": [[i] for i in range(rows)]}

    cases = [
        ToolTestCase(name="single_row", category="edge", arguments={"rows": 1}, expected_rows=1),
        ToolTestCase(name="empty", category="edge", arguments={"rows": 0}, expect_error="DataError"),
        ToolTestCase(name="empty_unexpected", category="edge", arguments={"rows": 0}, expected_rows=0),
        ToolTestCase(
            name="three", arguments={"rows": 3}, expected={"columns": ["n"], "rows": [[2], [1], [0]]}
        ),
        ToolTestCase(name="wrong", arguments={"rows": 3}, check=lambda output: len(output["rows"]) == 4),
    ]
    results = run_test_cases(tool, cases)
    assert [result["passed"] for result in results] == [True, True, False, True, False]
    assert results[2]["error"].startswith("DataError")
    metrics = calculate_functional_correctness(results, reference_similarity=1.0)
    assert metrics.test_cases_passed == 3
    assert metrics.test_cases_total == 5
    assert metrics.test_case_pass_rate == pytest.approx(0.6)
    assert metrics.correctness_score == pytest.approx(0.6 * 0.6 + 0.4)


TOOL_SOURCE = '''
from typing import Annotated

import numpy as np
import pandas as pd
from pydantic import Field

from mcpforge.runtime import mcp, output_footer, require_columns


@mcp.tool()
def count_by(
    file_path: Annotated[str, Field(description="CSV file")],
    column: Annotated[str, Field(description="column to group by")],
) -> str:
    """Rows per value of a column."""
    df = pd.read_csv(file_path)
    require_columns(df, [column], path=file_path)
    counts = df.groupby(column).size()
    rows = [[str(key), int(value)] for key, value in counts.items()]
    footer = {"operation": "group_count", "result": {"columns": [column, "count"], "rows": rows},
              "rows_processed": len(df)}
    return "counted\\n" + output_footer(footer)
'''


def test_sandbox_outcomes_are_judged_by_category(sandbox_config: SandboxConfig, tmp_path: Path) -> None:
    data = tmp_path / "sales.csv"
    data.write_text("region,units\nNorth,1\nSouth,2\nNorth,3\n", encoding="utf-8")
    cases = [
        ToolTestCase(
            name="normal_counts",
            arguments={"file_path": str(data), "column": "region"},
            expected=pd.DataFrame({"region": ["South", "North"], "count": [1, 2]}),
        ),
        ToolTestCase(
            name="missing_column",
            category="edge",
            arguments={"file_path": str(data), "column": "nope"},
            expect_error="ColumnNotFoundError",
        ),
        ToolTestCase(
            name="wrong_expectation", arguments={"file_path": str(data), "column": "region"}, expected_rows=3
        ),
    ]
    batch = call_tool_batch(
        get_sandbox(sandbox_config),
        TOOL_SOURCE,
        [ToolCall(arguments=case.arguments, call_id=case.name) for case in cases],
        read_paths=[tmp_path],
        limits=limits_from_config(sandbox_config, timeout_seconds=60),
    )
    with warnings.catch_warnings():
        # The bwrap backend currently leaks one pipe per batch (reported to the sandbox owner); collect it
        # here so its ResourceWarning does not surface in an unrelated test.
        warnings.simplefilter("ignore", ResourceWarning)
        gc.collect()
    results = judge_test_cases(cases, batch.outcomes)
    assert [result["passed"] for result in results] == [True, True, False]
    assert results[2]["error"] == "expected 3 rows, got 2"
    with pytest.raises(InvalidArgumentError):
        judge_test_cases(cases, batch.outcomes[:1])


def test_numpy_scalars_nullable_dtypes_and_missing_timestamps_normalize() -> None:
    assert outputs_match(
        {"count": np.int64(5), "mean": np.float64(2.5)}, pd.DataFrame({"count": [5], "mean": [2.5]})
    )
    dates = pd.DataFrame(
        {"day": pd.to_datetime(["2024-01-01", None]), "n": pd.array([1, None], dtype="Int64")}
    )
    assert outputs_match(dates, {"columns": ["day", "n"], "rows": [["2024-01-01T00:00:00", 1], [None, None]]})
    assert not outputs_match(dates, {"columns": ["day", "n"], "rows": [["2024-01-02", 1], [None, None]]})


@pytest.mark.parametrize(
    ("text", "expected"), [("E0001", "E0001"), ("E5", "E5"), ("1e5", 100000.0), (".5", 0.5)]
)
def test_identifiers_that_look_like_exponents_stay_text(text: str, expected: object) -> None:
    from mcpforge.metrics._normalize import normalize_cell

    assert normalize_cell(text) == expected
