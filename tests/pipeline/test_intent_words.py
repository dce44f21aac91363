"""Every word accounted for (issue 12): leftovers refused by name, spelling, measure words, questions."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.models import Aggregation, Intent
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.pipeline.intent.accounting import leftovers
from mcpforge.pipeline.intent.words import ColumnResolver, tokenize
from mcpforge.registry.choices import remember_choices, remembered_choices

FRAME = pd.DataFrame({
    "admission_type": ["Emergency", "Elective", "Urgent", "Emergency"] * 25,
    "admission_date": ["2024-01-03", "2024-02-10", "2023-05-01", "2024-07-09"] * 25,
    "department": ["Cardiology", "Oncology", "Cardiology", "Neurology"] * 25,
    "age": [70, 12, 45, 88] * 25,
    "total_cost": [1200.5, 300.0, 800.25, 5000.0] * 25,
    "readmitted": ["Yes", "No", "No", "Yes"] * 25,
    "triage_level": [1, 2, 3, 1] * 25,
})  # fmt: skip
SCHEMA = DatasetSchema.from_frame(FRAME)


def test_a_dropped_aggregation_word_is_reported_not_ignored() -> None:
    resolver = ColumnResolver(schema=SCHEMA)
    tokens = tokenize("median total cost by department")
    wrong = Intent(request="x", operation="group_aggregate", group_by=["department"],
                   metrics=[Aggregation(column="total_cost", func="sum")])  # fmt: skip
    found = leftovers(tokens, {1, 2, 3, 4}, wrong, resolver)
    assert [(item.word, "aggregation" in item.why) for item in found] == [("median", True)]


@pytest.mark.parametrize(
    ("request_text", "word"),
    [
        ("average total cost by department 42", "'42'"),
        ("average total cost for cardiolgy patients", "cardiolgy"),
        ("average bmi by department", "bmi"),
        ("total profit per department", "profit"),
    ],
)
def test_a_meaningful_leftover_word_refuses_naming_it(request_text: str, word: str) -> None:
    with pytest.raises(UnmappableRequestError) as caught:
        extract_intent(request_text, SCHEMA)
    assert word in str(caught.value)


def test_statistic_words_are_read_through_misspellings_and_words_in_between() -> None:
    assert extract_intent("avrage total cost per departmnt", SCHEMA).metrics == [
        Aggregation(column="total_cost", func="mean")
    ]
    assert extract_intent("medain patient age by department", SCHEMA).metrics == [
        Aggregation(column="age", func="median")
    ]


def test_a_two_word_phrase_names_its_own_column_not_one_sharing_its_first_word() -> None:
    intent = extract_intent("number of admissions by admission type", SCHEMA)
    assert intent.group_by == ["admission_type"]


def test_conditions_without_a_column_use_the_age_of_people_and_numeric_codes() -> None:
    older = extract_intent("average cost for patients over 65", SCHEMA)
    assert [(f.column, f.op, f.value) for f in older.filters] == [("age", ">", 65)]
    coded = extract_intent("average total cost for triage level 1", SCHEMA)
    assert [(f.column, f.op, f.value) for f in coded.filters] == [("triage_level", "==", 1)]


def test_a_rate_over_a_yes_no_column_is_the_share_of_yes_within_each_group() -> None:
    intent = extract_intent("readmission rate by department", SCHEMA)
    assert (intent.operation, intent.group_by, intent.columns) == ("crosstab", ["department"], ["readmitted"])
    assert intent.options == {"normalize": "index"} and intent.as_percentage
    counted = extract_intent("how many admissions were readmitted", SCHEMA)
    assert [(f.column, f.value) for f in counted.filters] == [("readmitted", "Yes")]


def test_which_group_has_the_highest_value_is_one_row() -> None:
    intent = extract_intent("which department has the highest average total cost", SCHEMA)
    assert (intent.operation, intent.group_by, intent.top_n) == ("group_aggregate", ["department"], 1)
    assert intent.metrics == [Aggregation(column="total_cost", func="mean")]


def test_a_ratio_of_two_numeric_columns_is_not_read_as_a_grouping_it_is_asked() -> None:
    with pytest.raises(NeedsClarificationError) as caught:
        extract_intent("total cost per age by department", SCHEMA)
    assert set(caught.value.choices) == {"ratio", "group"}


def test_a_measure_word_with_a_derivable_reading_asks_with_concrete_choices() -> None:
    frame = pd.DataFrame({"region": ["N", "S"] * 10, "quantity": [1, 2] * 10, "unit_price": [3.0, 4.0] * 10,
                          "amount": [3.0, 8.0] * 10})  # fmt: skip
    schema = DatasetSchema.from_frame(frame)
    with pytest.raises(NeedsClarificationError) as caught:
        extract_intent("total revenue by region", schema)
    assert caught.value.key == "revenue"
    assert set(caught.value.choices) == {"amount", "quantity*unit_price"}
    answered = extract_intent("total revenue by region", schema, answers={"revenue": "quantity*unit_price"})
    assert [d.expression for d in answered.derived] == ["quantity * unit_price"]
    assert answered.metrics == [Aggregation(column="revenue_computed", func="sum")]


def test_choices_are_remembered_per_dataset_in_the_registry(tmp_path: Path) -> None:
    data = tmp_path / "orders.csv"
    remember_choices(tmp_path / "reg", data, {"revenue": "amount"})
    remember_choices(tmp_path / "reg", data, {"patients": "rows"})
    assert remembered_choices(tmp_path / "reg", data) == {"revenue": "amount", "patients": "rows"}
    assert remembered_choices(tmp_path / "reg", tmp_path / "other.csv") == {}
