"""Issue 16: everyday summary and correlation phrasings are read as the statistic they name."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import Aggregation, Filter
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.pipeline.intent.analysis.phrasings import plain_phrasing


@pytest.fixture(scope="module")
def passengers(tmp_path_factory: pytest.TempPathFactory) -> DatasetSchema:
    rng = np.random.default_rng(3)
    n = 80
    frame = pd.DataFrame({
        "PassengerId": np.arange(n), "Pclass": rng.choice([1, 2, 3], n),
        "Sex": rng.choice(["male", "female"], n), "Age": rng.normal(30, 10, n).round(0),
        "Fare": rng.gamma(2, 10, n).round(2), "SibSp": rng.poisson(1, n), "Parch": rng.poisson(1, n),
        "TEMP MAX": rng.normal(20, 5, n).round(1), "Years Experience": rng.integers(0, 30, n),
    })  # fmt: skip
    path = tmp_path_factory.mktemp("phrasings") / "passengers.csv"
    frame.to_csv(path, index=False)
    return DatasetSchema.from_file(path)


@pytest.mark.parametrize(
    ("request_text", "metric"),
    [
        ("How spread out is Fare? Give its standard deviation.", Aggregation(column="Fare", func="std")),
        ("How variable are the Fare values?", Aggregation(column="Fare", func="std")),
        ("Across all rows, what value does Fare take on average?", Aggregation(column="Fare", func="mean")),
        ("On average, what is the Age?", Aggregation(column="Age", func="mean")),
        ("Report the middle value (median) of TEMP MAX over the whole file.",
         Aggregation(column="TEMP MAX", func="median")),
        ("What is the mean Age in the entire dataset?", Aggregation(column="Age", func="mean")),
    ],
)  # fmt: skip
def test_everyday_summary_phrasings_are_the_statistic_of_the_column(
    passengers: DatasetSchema, request_text: str, metric: Aggregation
) -> None:
    intent = extract_intent(request_text, passengers)
    assert (intent.operation, intent.metrics, intent.filters) == ("aggregate", [metric], [])


@pytest.mark.parametrize(
    ("request_text", "method"),
    [
        ("How strongly are Age and Fare linearly related?", "pearson"),
        ("Are Age and Fare correlated?", "pearson"),
        ("Measure the monotonic association of Age and Fare.", "spearman"),
        ("What is the relationship of Age with Fare? Use Kendall's tau.", "kendall"),
        ("How does Age relate to Fare? Report the Pearson r.", "pearson"),
        ("Compute Spearman's rho between Age and Fare.", "spearman"),
    ],
)
def test_everyday_correlation_phrasings_are_the_correlation_with_its_method(
    passengers: DatasetSchema, request_text: str, method: str
) -> None:
    intent = extract_intent(request_text, passengers)
    assert (intent.operation, intent.columns, intent.options["method"]) == (
        "correlation",
        ["Age", "Fare"],
        method,
    )


def test_a_condition_on_an_everyday_correlation_is_kept(passengers: DatasetSchema) -> None:
    intent = extract_intent("How strongly are Age and Fare related for male passengers?", passengers)
    assert intent.filters == [Filter(column="Sex", op="==", value="male")]


def test_it_refers_to_the_feature_just_made(passengers: DatasetSchema) -> None:
    intent = extract_intent(
        "Make a feature that is the sum of SibSp and Parch; how does it correlate with Fare?", passengers
    )
    assert intent.operation == "correlation"
    assert intent.columns == ["sibsp_plus_parch", "Fare"]


def test_a_binned_column_with_a_space_is_not_read_word_by_word(passengers: DatasetSchema) -> None:
    intent = extract_intent(
        "Divide Years Experience into four quartiles; how many rows fall in each bin?", passengers
    )
    assert (intent.operation, intent.group_by, intent.time_grain) == (
        "group_count",
        ["Years Experience_bin"],
        None,
    )


def test_plain_phrasing_leaves_plain_requests_alone() -> None:
    text = "What is the correlation between Age and Fare for rows where Pclass is 1?"
    assert plain_phrasing(text) == text


@pytest.mark.parametrize(
    ("request_text", "condition"),
    [
        ("Calculate the mean Fare paid by passengers whose Age is between 20 and 30.",
         Filter(column="Age", op="between", value=[20, 30])),
        ("Average Fare of passengers who are female?", Filter(column="Sex", op="==", value="female")),
    ],
)  # fmt: skip
def test_the_rows_named_by_the_file_carry_their_condition(
    passengers: DatasetSchema, request_text: str, condition: Filter
) -> None:
    intent = extract_intent(request_text, passengers)
    assert (intent.metrics, intent.filters) == ([Aggregation(column="Fare", func="mean")], [condition])


def test_excluding_the_rows_named_by_the_file_with_a_missing_value_drops_them(
    passengers: DatasetSchema,
) -> None:
    intent = extract_intent("What is the average Fare, excluding passengers with a missing Age?", passengers)
    assert [(step.kind, step.columns) for step in intent.preparation] == [("drop_missing", ["Age"])]
    assert intent.filters == []


@pytest.mark.parametrize("request_text", ["What is the interquartile range of Fare?", "Give the IQR of Age."])
def test_the_interquartile_range_is_refused_not_read_as_the_range(
    passengers: DatasetSchema, request_text: str
) -> None:
    with pytest.raises(UnmappableRequestError):
        extract_intent(request_text, passengers)


@pytest.mark.parametrize(
    ("request_text", "metrics", "digits"),
    [
        ("Give me the median Age, to two decimal places.", [Aggregation(column="Age", func="median")], 2),
        ("Report the mean and the median of Fare, rounded to 2 decimals.",
         [Aggregation(column="Fare", func="mean"), Aggregation(column="Fare", func="median")], 2),
        ("Mean Fare, 3 decimals.", [Aggregation(column="Fare", func="mean")], 3),
        ("Report the median Age to 1 decimal. Ignore rows with missing Age.",
         [Aggregation(column="Age", func="median")], 1),
    ],
)  # fmt: skip
def test_rounding_said_after_the_question_is_cut_and_the_question_kept(
    passengers: DatasetSchema, request_text: str, metrics: list[Aggregation], digits: int
) -> None:
    intent = extract_intent(request_text, passengers)
    assert (intent.metrics, intent.method.round_digits) == (metrics, digits)
