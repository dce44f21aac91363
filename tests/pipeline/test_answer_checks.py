"""Answer checks: the shape of a model-written tool's answer against what the request asks for."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from mcpforge.footer import output_footer
from mcpforge.models import ValidationReport
from mcpforge.pipeline.intent.guards import asked_values_of, one_row_per
from mcpforge.pipeline.intent.hints import request_hints
from mcpforge.pipeline.modelgen.compute_tool import extract_compute
from mcpforge.pipeline.modelgen.data_profile import DataProfile
from mcpforge.pipeline.modelgen.examples import EXAMPLES, ComputeExample, closest_examples
from mcpforge.pipeline.schema import DatasetSchema
from mcpforge.pipeline.stage import ValidatedRun
from mcpforge.pipeline.validation.answer_checks import answer_problems
from mcpforge.pipeline.validation.run import ValidationRun
from mcpforge.runtime import as_table
from mcpforge.sandbox.tool_call import ToolCallOutcome

COLUMNS = ["region", "weather", "road_type", "sensor_id", "units", "category"]


@pytest.mark.parametrize(
    ("request_text", "expected"),
    [
        ("For each region, which weather condition has the most accidents?", "region"),
        ("For each road type, total casualties divided by total vehicles", "road_type"),
        ("For each sensor, the hour of day with the highest temperature", "sensor_id"),
        ("Average discount per category", "category"),
        ("Units per region and category", None),
        ("Within each region, each category's share of revenue", None),
        ("Cumulative number of accidents by month", None),
        ("For each region and for each category, the units", None),
    ],
)
def test_the_column_asked_one_row_per(request_text: str, expected: str | None) -> None:
    assert one_row_per(request_text, COLUMNS) == expected


def test_examples_are_picked_by_shared_words() -> None:
    picked = closest_examples("For each warehouse, the running total of deliveries per week")
    assert {"Running total of sign-ups per week"} <= {example.question for example in picked}


def _frame(columns: str) -> pd.DataFrame:
    """Twelve rows of made-up data for an example's ``name: type`` column list."""
    data: dict[str, object] = {}
    for part in columns.split(", "):
        name, kind = part.split(": ")
        data[name] = {
            "text": [["a", "b", "c"][i % 3] for i in range(12)],
            "integer": [i * 7 % 40 for i in range(12)],
            "float": [1.5 + (i * 5 % 11) for i in range(12)],
            "datetime64": pd.date_range("2024-01-01", periods=12, freq="9D"),
        }[kind]
    return pd.DataFrame(data)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.question[:40])
def test_every_worked_example_runs_and_answers_with_a_table(example: ComputeExample) -> None:
    namespace: dict[str, object] = {"pd": pd, "np": np}
    exec(compile(extract_compute(example.code), "<example>", "exec"), namespace)
    table = as_table(namespace["compute"](_frame(example.columns)))  # type: ignore[operator]
    assert len(table) > 0 and len(table.columns) >= 2, table


def _run_with_answer(columns: list[str], rows: list[list[object]]) -> ValidationRun:
    outcome = ToolCallOutcome(
        call_id="normal_person_data",
        ok=True,
        markdown="## x\n\n" + output_footer({"result": {"columns": columns, "rows": rows}}),
    )
    person = ValidatedRun(
        code_hash="h",
        arguments={},
        data_path=Path("data.csv"),
        data_hash="d",
        outcome=outcome,
        backend="test",
        wrote_outputs=False,
        sandbox_ms=1.0,
    )
    report = ValidationReport(schema_ok=True, tests_ok=True, sandbox_ok=True, logs=[])
    return ValidationRun(report=report, person_run=person)


PROFILE = DataProfile(columns=COLUMNS, prompt_lines="", distinct={"region": 3, "weather": 4})
QUESTION = "For each region, which weather has the most accidents?"


@pytest.mark.parametrize(
    ("columns", "rows", "problem"),
    [
        (["region", "weather"], [["N", "Rain"], ["S", "Sun"], ["E", "Fog"]], None),
        (["region", "weather"], [["N", "Rain"], ["N", "Sun"]], "2 rows for 1 values of region"),
        (["region", "weather"], [["N", "Rain"]], "the data has 3 values of region"),
        (["weather"], [["Rain"]], "no region column"),
        (["region", "weather"], [], "no rows"),
        (["region", "accidents"], [["N", 3], ["S", 4], ["E", 1]], "asks which weather"),
    ],
)
def test_answer_problems_name_what_is_wrong_with_the_shape(
    columns: list[str], rows: list[list[object]], problem: str | None
) -> None:
    found = answer_problems(QUESTION, PROFILE, _run_with_answer(columns, rows))
    if problem is None:
        assert found == []
    else:
        assert len(found) == 1 and problem in found[0], found


def test_hints_hold_literal_conditions_and_the_grouping_only(tmp_path: Path) -> None:
    path = tmp_path / "orders.csv"
    path.write_text(
        "category,units,light,remote\n" + "".join(f"A{i % 2},{i},Dark,{i % 2 == 0}\n" for i in range(20)),
        encoding="utf-8",
    )
    schema = DatasetSchema.from_file(path)
    hints = request_hints("Average units of orders with more than 5 units, per category", schema)
    assert hints == [
        'one row per category: group by "category"',
        "conditions the question states: df['units'] > 5",
    ]
    assert request_hints("Units at night per category and light", schema) == []


@pytest.mark.parametrize(
    ("request_text", "expected"),
    [
        ("For each region, which weather condition has the most accidents?", "weather"),
        ("For each region, the weather with the most accidents", "weather"),
        ("For each sensor, the hour of day with the highest temperature", None),
        ("Total units per region", None),
    ],
)
def test_the_column_whose_values_are_asked_for(request_text: str, expected: str | None) -> None:
    assert asked_values_of(request_text, COLUMNS) == expected
