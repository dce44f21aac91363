"""Readings the catalogue would answer with numbers for another question: refused, asked, or merged.

"For each region, which weather has the most accidents" is not the top pair overall; "hour >= 20 or
hour < 6" is not both at once; "A minus B" is not A; "percentage of orders over 500 by region" has two
readings; "total profit" over a file without profit is not answerable by any engine.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pandas as pd
import pytest

from mcpforge.config import MCPForgeConfig
from mcpforge.engines import ScriptedEngine
from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.pipeline.forge import forge
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.registry import Registry

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(scope="module")
def accidents() -> DatasetSchema:
    return DatasetSchema.from_file(EXAMPLES / "traffic_accidents.csv")


@pytest.fixture(scope="module")
def sales() -> DatasetSchema:
    return DatasetSchema.from_file(EXAMPLES / "sales.csv")


@pytest.mark.parametrize(
    "request_text",
    [
        "For each region, which weather condition has the most accidents?",
        "in every region, what weather has the highest number of accidents",
        "per region, the road type with the most casualties",
    ],
)
def test_one_value_per_group_is_refused_not_ranked_across_groups(
    request_text: str, accidents: DatasetSchema
) -> None:
    with pytest.raises(UnmappableRequestError):  # never the best (region, weather) pair overall
        extract_intent(request_text, accidents)


def test_which_value_overall_is_still_answered(accidents: DatasetSchema) -> None:
    intent = extract_intent("which weather has the most accidents", accidents)
    assert intent.group_by == ["weather"] and intent.top_n == 1


@pytest.mark.parametrize(
    ("request_text", "word"),
    [
        ("For each sensor, its average temperature minus the average temperature of all sensors", "minus"),
        # with both totals named it is read (tests/pipeline/test_intent_quotients.py); without, it is not said
        ("For each road type, casualties divided by vehicles involved", "divided"),
        ("cumulative number of accidents by month", "cumulative"),
        ("growth of accidents per year", "growth"),
    ],
)
def test_arithmetic_between_quantities_is_never_dropped(
    request_text: str, word: str, accidents: DatasetSchema
) -> None:
    schema = (
        DatasetSchema.from_file(EXAMPLES / "sensor_readings.csv") if "sensor" in request_text else accidents
    )
    with pytest.raises(UnmappableRequestError, match=repr(word)):
        extract_intent(request_text, schema)


def test_equalities_on_one_column_joined_by_or_become_one_membership(accidents: DatasetSchema) -> None:
    intent = extract_intent("accidents by severity where weather is Rain or Snow", accidents)
    assert [(f.column, f.op, f.value) for f in intent.filters] == [("weather", "in", ["Rain", "Snow"])]


@pytest.mark.parametrize(
    "request_text",
    [
        "accidents with hour >= 20 or hour < 6 per location",
        "accidents by severity where weather is Rain or region is North",
    ],
)
def test_or_between_conditions_that_cannot_merge_is_refused(
    request_text: str, accidents: DatasetSchema
) -> None:
    with pytest.raises(UnmappableRequestError, match="'or'"):
        extract_intent(request_text, accidents)


def test_a_share_over_filtered_rows_per_group_asks_whose_share(accidents: DatasetSchema) -> None:
    request = "percentage of accidents with more than 2 vehicles by severity"
    with pytest.raises(NeedsClarificationError) as asked:
        extract_intent(request, accidents)
    assert asked.value.key == "share" and set(asked.value.choices) == {"split", "within"}
    split = extract_intent(request, accidents, answers={"share": "split"})
    assert split.operation == "group_count" and split.as_percentage
    assert any("split across severity" in note for note in split.notes)
    within = extract_intent(request, accidents, answers={"share": "within"})  # numbers: condition_shares
    assert within.operation == "group_ratio" and within.group_by == ["severity"]


@pytest.mark.parametrize("request_text", ["total profit per region", "average margin by product"])
def test_a_data_word_the_file_lacks_is_a_final_refusal(request_text: str, sales: DatasetSchema) -> None:
    with pytest.raises(UnmappableRequestError) as refused:
        extract_intent(request_text, sales)
    assert refused.value.final
    assert "define it in the request" in str(refused.value)


def test_an_operator_word_left_unread_is_not_a_final_refusal(accidents: DatasetSchema) -> None:
    with pytest.raises(UnmappableRequestError) as refused:
        extract_intent("For each region, the range of speed limits (maximum minus minimum)", accidents)
    assert not refused.value.final  # a model engine may write this one


def test_a_model_engine_is_never_asked_to_invent_a_missing_column(
    tmp_path: Path, forge_config: MCPForgeConfig
) -> None:
    data = Path(shutil.copy(EXAMPLES / "sales.csv", tmp_path / "sales.csv"))
    engine = ScriptedEngine([json.dumps({"operation": "custom"})])
    with pytest.raises(UnmappableRequestError, match="profit"):
        forge(
            "total profit per region",
            data,
            registry=Registry(Path(forge_config.registry.root), forge_config),
            config=forge_config,
            engine=engine,
            allow_read=[tmp_path],
        )
    assert engine.usage.calls == 0
    assert pd.read_csv(data).shape[0] > 0  # the data is untouched


@pytest.mark.parametrize(
    ("schema_name", "request_text", "word"),
    [
        ("employees", "fastest employee in each department", "fastest"),  # no speed or time column
        ("sales", "cheapest product per category", "cheapest"),
        ("employees", "slowest employee per office", "slowest"),
    ],
)
def test_a_ranking_word_the_reading_does_not_rank_by_is_refused(
    schema_name: str, request_text: str, word: str
) -> None:
    schema = DatasetSchema.from_file(EXAMPLES / f"{schema_name}.csv")
    with pytest.raises(UnmappableRequestError, match=repr(word)):
        extract_intent(request_text, schema)


@pytest.mark.parametrize(
    "request_text",
    [
        "count of orders excluding the Online channel per region",
        "orders from the Online channel per region",
        "average units of the Furniture category by region",
    ],
)
def test_a_value_followed_by_its_column_name_is_one_condition_not_a_group_key(
    request_text: str, sales: DatasetSchema
) -> None:
    intent = extract_intent(request_text, sales)
    assert intent.group_by == ["region"]
    assert len(intent.filters) == 1


def test_no_before_a_column_is_a_condition_never_dropped_for_a_mean_of_it(sales: DatasetSchema) -> None:
    with pytest.raises(UnmappableRequestError, match="'no'"):
        extract_intent("orders with no discount per category", sales)


def test_a_ratio_question_over_rows_names_the_rows() -> None:
    employees = DatasetSchema.from_file(EXAMPLES / "employees.csv")
    with pytest.raises(NeedsClarificationError) as asked:
        extract_intent("number of employees per age group", employees)
    assert "None" not in asked.value.question + " ".join(asked.value.choices.values())
