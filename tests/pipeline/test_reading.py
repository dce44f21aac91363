"""The reading sentence: one plain sentence of what the tool computes, for every catalogue operation."""

from __future__ import annotations

from typing import Any

import pytest

from mcpforge.catalogue import CATALOGUE
from mcpforge.models import Aggregation, AnalysisMethod, DerivedColumn, Filter, Intent, PreparationStep
from mcpforge.pipeline.intent.reading import code_span, inline_text, reading_sentence

COMPLETED = [Filter(column="status", op="==", value="completed")]
MEAN_AMOUNT = [Aggregation(column="amount", func="mean")]


def _intent(operation: str, **fields: Any) -> Intent:
    return Intent(request="(the request)", operation=operation, **fields)


# One case (or more) per catalogue operation, as whole sentences.
CASES: list[tuple[Intent, int | None, str]] = [
    (
        _intent("group_aggregate", group_by=["region"], metrics=MEAN_AMOUNT, filters=COMPLETED),
        1083,
        "Mean of `amount` per `region`, over the 1,083 rows where `status` = completed.",
    ),
    (
        _intent(
            "group_aggregate",
            group_by=["region", "category"],
            metrics=[*MEAN_AMOUNT, Aggregation(column="customer_id", func="nunique")],
            top_n=3,
        ),
        None,
        "Mean of `amount` and number of distinct values of `customer_id` per `region` and `category`, "
        "top 3 by mean of `amount`, over all rows.",
    ),
    (
        _intent("group_count", group_by=["severity", "weather"], top_n=5, as_percentage=True),
        2000,
        "Count and share (%) of rows per `severity` and `weather`, top 5 by count, over all 2,000 rows.",
    ),
    (
        _intent("group_count", group_by=["severity"], sort_descending=False),
        2000,
        "Count of rows per `severity`, smallest first, over all 2,000 rows.",
    ),
    (
        _intent("aggregate", metrics=[Aggregation(column="amount", func="sum"), Aggregation(func="count")]),
        None,
        "Sum of `amount` and count of rows, over all rows.",
    ),
    (
        _intent("value_distribution", columns=["weather"], top_n=3),
        None,
        "Count and share (%) of rows for each value of `weather`, the 3 most frequent, over all rows.",
    ),
    (
        _intent(
            "filter_rows",
            filters=[
                Filter(column="age", op=">=", value=65),
                Filter(column="insurance", op="in", value=["Medicare", "New York"]),
            ],
        ),
        12,
        "The rows themselves (all columns; at most 100 shown), over the 12 rows where `age` ≥ 65 and "
        "`insurance` is one of Medicare or “New York”.",
    ),
    (
        _intent("top_n_rows", columns=["amount", "order_id"], top_n=10, sort_descending=False),
        None,
        "The 10 rows with the lowest `amount` (columns `amount` and `order_id`), over all rows.",
    ),
    (
        _intent("summary_stats"),
        None,
        "Summary statistics (count, missing, mean, standard deviation, minimum, quartiles and maximum) of "
        "every numeric column, over all rows.",
    ),
    (
        _intent("percentiles", columns=["total_cost"], options={"percentiles": [90]}),
        None,
        "The 90th percentile of `total_cost`, over all rows.",
    ),
    (
        _intent("percentiles", columns=["cost"], options={"percentiles": [1, 22, 97.5]}),
        None,
        "The 1st, 22nd and 97.5th percentiles of `cost`, over all rows.",
    ),
    (
        _intent("correlation", columns=["price", "quantity"], options={"method": "spearman"}),
        None,
        "Spearman correlation between `price` and `quantity`, over all rows.",
    ),
    (
        _intent("correlation"),
        None,
        "Pearson correlation matrix of every numeric column, over all rows.",
    ),
    (
        _intent(
            "time_resample",
            time_column="paid_at",
            time_grain="quarter",
            metrics=[Aggregation(column="revenue", func="sum")],
            filters=[Filter(column="paid_at", op="between", value=["2024-01-01", "2024-12-31"])],
        ),
        None,
        "Sum of `revenue` per quarter of `paid_at`, over the rows where `paid_at` is between 2024-01-01 "
        "and 2024-12-31.",
    ),
    (
        _intent("date_part_group", time_column="date", options={"part": "hour"}),
        None,
        "Count of rows per hour of the day of `date`, over all rows.",
    ),
    (
        _intent(
            "pivot_table",
            group_by=["region"],
            columns=["category"],
            metrics=[Aggregation(column="amount", func="sum")],
        ),
        None,
        "Sum of `amount` for each `region` (rows) and `category` (columns), over all rows.",
    ),
    (
        _intent("crosstab", group_by=["region"], columns=["category"], as_percentage=True),
        None,
        "Share (%) of all rows for each combination of `region` (rows) and `category` (columns), over "
        "all rows.",
    ),
    (
        _intent("crosstab", group_by=["region"], columns=["category"], options={"normalize": "index"}),
        None,
        "Share (%) of each `category` within each `region` (rows: `region`, columns: `category`), over "
        "all rows.",
    ),
    (
        _intent("missing_values", columns=["age", "income"]),
        None,
        "Missing values (count and %) of `age` and `income`, over all rows.",
    ),
    (
        _intent("outliers", columns=["amount"], options={"method": "zscore", "threshold": 2.5}),
        None,
        "Outliers: the rows whose `amount` lies more than 2.5 standard deviations from its mean (at most "
        "100 listed), over all rows.",
    ),
    (
        _intent("outliers", columns=["amount"]),
        None,
        "Outliers: the rows whose `amount` lies more than 1.5 times the IQR beyond the quartiles (at most "
        "100 listed), over all rows.",
    ),
    (
        _intent("distinct_count", columns=["customer_id", "store"]),
        None,
        "Number of distinct values of `customer_id` and `store` and of their combinations, over all rows.",
    ),
]

CASES += [
    (
        _intent("statistical_test", columns=["fare"], group_by=["sex"],
                options={"test": "ttest_ind", "groups": ["male", "female"]},
                method=AnalysisMethod(significance=0.01)),
        None,
        "Two-sample t-test of `fare` between `sex` = male and female, with its p-value, decided at "
        "significance level 0.01, over all rows.",
    ),
    (
        _intent("linear_regression", options={"target": "fare", "features": ["age", "sibsp"],
                                              "test_size": 0.2, "seed": 42}),
        None,
        "Linear regression of `fare` on `age` and `sibsp` (coefficients, R², RMSE), 20% of rows held out "
        "for scoring (seed 42), over all rows.",
    ),
    (
        _intent("distribution_shape", columns=["fare"], method=AnalysisMethod(population=True)),
        None,
        "Population skewness and kurtosis of `fare`, over all rows.",
    ),
    (
        _intent("group_outliers", columns=["fare"], group_by=["sex"],
                options={"method": "zscore", "threshold": 2.5}),
        None,
        "Outliers: the rows whose `fare` lies more than 2.5 standard deviations from its mean (all "
        "columns), judged within each `sex`, over all rows.",
    ),
    (
        _intent("group_ratio", group_by=["region"], metrics=[Aggregation(column="amount", func="sum"),
                Aggregation(column="customer_id", func="nunique")], top_n=3),
        800,
        "Ratio of the sum of `amount` to the number of distinct `customer_id` per `region`, top 3 by that "
        "ratio, over all 800 rows.",
    ),
    (
        _intent("group_ratio", group_by=["department"], metrics=[Aggregation(func="count")] * 2,
                options={"numerator_filters": [{"column": "readmitted", "op": "==", "value": "Yes"}]},
                as_percentage=True, top_n=1, sort_descending=False),
        None,
        "Share (%) of rows where `readmitted` = Yes per `department`, bottom 1 by that share, over all rows.",
    ),
    (
        _intent("period_change", time_column="year", columns=["gdpPercap"], group_by=["country"],
                options={"grain": "value", "start": "1952", "end": "2007", "combine": "single"}),
        None,
        "Change in `gdpPercap` from 1952 to 2007 (`year`, one row per period) per `country`: start value, "
        "end value, change and percent change, over all rows.",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("intent", "rows", "expected"), CASES, ids=[c[0].operation for c in CASES])
def test_the_reading_of_each_catalogue_operation_is_one_plain_sentence(
    intent: Intent, rows: int | None, expected: str
) -> None:
    assert reading_sentence(intent, rows=rows) == expected


def test_preparation_steps_and_method_sentences_are_part_of_the_reading() -> None:
    intent = _intent(
        "group_aggregate",
        group_by=["pclass"],
        metrics=[Aggregation(column="age", func="mean")],
        preparation=[
            PreparationStep(kind="drop_missing", columns=["fare"]),
            PreparationStep(kind="fill_missing", columns=["age"], strategy="median"),
            PreparationStep(kind="deduplicate"),
        ],
        method=AnalysisMethod(round_digits=2),
    )
    assert reading_sentence(intent) == (
        "Mean of `age` per `pclass`, after dropping rows with missing `fare`, after filling missing `age` "
        "with their median, after removing duplicate rows, rounded to 2 decimals, over all rows."
    )


def test_every_catalogue_operation_has_a_reading_test() -> None:
    assert {intent.operation for intent, _, _ in CASES} == set(CATALOGUE)


def test_derived_columns_and_their_expressions_are_part_of_the_reading() -> None:
    intent = _intent(
        "group_aggregate",
        group_by=["shop"],
        metrics=[Aggregation(column="sales", func="sum")],
        derived=[DerivedColumn(name="sales", expression="price * quantity")],
        filters=[Filter(column="region", op="!=", value="North"), Filter(column="note", op="not null")],
    )
    assert reading_sentence(intent, rows=40) == (
        "Sum of `sales` per `shop`, with `sales` = `price * quantity`, over the 40 rows where `region` ≠ "
        "North and `note` is not empty."
    )


def test_an_option_no_head_states_is_still_named() -> None:
    intent = _intent("group_count", group_by=["severity"], options={"rate_of": "fatal"})
    assert (
        reading_sentence(intent) == "Count of rows per `severity`, options: rate_of = fatal, over all rows."
    )


def test_a_field_the_operation_does_not_use_is_never_claimed() -> None:
    # correlation takes no group keys: saying "per department" would describe another answer.
    intent = _intent("correlation", columns=["cost", "qty"], group_by=["department"])
    assert reading_sentence(intent) == "Pearson correlation between `cost` and `qty`, over all rows."


def test_percentiles_per_group_say_the_groups() -> None:
    # percentiles group by their keys (group_by_columns): the reading says so
    intent = _intent("percentiles", columns=["cost"], group_by=["department"], options={"percentiles": [90]})
    assert reading_sentence(intent) == "The 90th percentile of `cost` per `department`, over all rows."


def test_the_actual_call_wins_over_the_intent() -> None:
    intent = _intent("group_count", group_by=["severity"])
    call = {"group_by_columns": ["weather"], "top_n": 2, "sort_descending": True, "filters": []}
    assert (
        reading_sentence(intent, arguments=call)
        == "Count of rows per `weather`, top 2 by count, over all rows."
    )


def test_an_operation_outside_the_catalogue_still_gets_a_sentence() -> None:
    intent = _intent("t_test", columns=["score"], group_by=["group"], filters=COMPLETED)
    assert reading_sentence(intent) == (
        "The t test analysis of `score` per `group`, over the rows where `status` = completed."
    )


def test_names_and_values_cannot_inject_markup_into_the_reading() -> None:
    assert code_span("a`b") == "`` a`b ``"
    assert inline_text("<!-- x\n### y *z* [l](u) mean_amount") == (
        "\\<!-- x ### y \\*z\\* \\[l\\](u) mean_amount"
    )
    intent = _intent("group_count", group_by=["`x`"], filters=[Filter(column="s", op="==", value="<b>x</b>")])
    assert (
        reading_sentence(intent)
        == "Count of rows per `` `x` ``, over the rows where `s` = “\\<b\\>x\\</b\\>”."
    )
