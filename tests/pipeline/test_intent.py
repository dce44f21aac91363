"""The rules intent parser: requests → Intent over real columns, refusals, corrections from notes."""

from __future__ import annotations

import statistics
import time
from pathlib import Path

import pytest

from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import Aggregation, DerivedColumn, Filter, Intent
from mcpforge.pipeline.intent import DatasetSchema, apply_corrections, extract_intent

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(scope="module")
def traffic() -> DatasetSchema:
    return DatasetSchema.from_file(EXAMPLES / "traffic_accidents.csv")


@pytest.fixture(scope="module")
def sales() -> DatasetSchema:
    return DatasetSchema.from_file(EXAMPLES / "sales.csv")


def test_the_requirements_example_becomes_a_group_count(traffic: DatasetSchema) -> None:
    intent = extract_intent("Analyze traffic accidents by severity and location", traffic)
    assert intent == Intent(
        request="Analyze traffic accidents by severity and location",
        operation="group_count",
        group_by=["severity", "location"],
        data_source=str(EXAMPLES / "traffic_accidents.csv"),
        notes=["as stated: each row read as one accident (from the file name)"],
    )


def test_category_values_in_the_data_become_equality_filters(traffic: DatasetSchema) -> None:
    intent = extract_intent("how many accidents in the rain", traffic)
    assert intent.operation == "aggregate"
    assert intent.metrics == [Aggregation(func="count")]
    assert intent.filters == [Filter(column="weather", op="==", value="Rain")]


def test_negated_and_only_values(traffic: DatasetSchema) -> None:
    assert extract_intent("accidents not in the rain by region", traffic).filters == [
        Filter(column="weather", op="!=", value="Rain")
    ]
    assert extract_intent("only fatal accidents", traffic).filters == [
        Filter(column="severity", op="==", value="Fatal")
    ]


@pytest.mark.parametrize(
    ("request_text", "expected"),
    [
        ("accidents with speed limit over 50", [Filter(column="speed_limit", op=">", value=50)]),
        ("speed >= 60", [Filter(column="speed_limit", op=">=", value=60)]),
        ("driver age between 18 and 25", [Filter(column="driver_age", op="between", value=[18, 25])]),
        ("accidents after 2024-01-01", [Filter(column="date", op=">", value="2024-01-01")]),
        (
            "accidents in 2023",
            [
                Filter(column="date", op=">=", value="2023-01-01"),
                Filter(column="date", op="<", value="2024-01-01"),
            ],
        ),
        ("accidents where year > 2023", [Filter(column="date", op=">=", value="2024-01-01")]),
        ("3 or more vehicles involved", [Filter(column="vehicles_involved", op=">=", value=3)]),
        ("accidents where driver age is missing", [Filter(column="driver_age", op="is null")]),
    ],
)
def test_comparisons_ranges_dates_and_nulls(
    traffic: DatasetSchema, request_text: str, expected: list[Filter]
) -> None:
    assert extract_intent(request_text, traffic).filters == expected


@pytest.mark.parametrize(
    ("request_text", "group_by"),
    [
        ("accidents per Region", ["region"]),
        ("accidents for each weather", ["weather"]),
        ("accidents by road type and light conditions", ["road_type", "light_conditions"]),
        ("accidents by ROAD_TYPE", ["road_type"]),
        ("accidents by regions", ["region"]),
        ("accidents by place", ["location"]),
        ("accidents by wether", ["weather"]),
        ("accidents grouped by severity, location and region", ["severity", "location", "region"]),
    ],
)
def test_column_words_map_to_real_columns(
    traffic: DatasetSchema, request_text: str, group_by: list[str]
) -> None:
    intent = extract_intent(request_text, traffic)
    assert intent.operation == "group_count"
    assert intent.group_by == group_by


def test_metrics_with_several_functions_and_columns(traffic: DatasetSchema) -> None:
    intent = extract_intent("mean and max of casualties and driver age per severity", traffic)
    assert intent.operation == "group_aggregate"
    assert intent.metrics == [
        Aggregation(column="casualties", func="mean"),
        Aggregation(column="driver_age", func="mean"),
        Aggregation(column="casualties", func="max"),
        Aggregation(column="driver_age", func="max"),
    ]


def test_top_n_groups_and_rows(traffic: DatasetSchema) -> None:
    groups = extract_intent("top 3 regions by total casualties", traffic)
    assert (groups.operation, groups.group_by, groups.top_n) == ("group_aggregate", ["region"], 3)
    assert groups.metrics == [Aggregation(column="casualties", func="sum")]
    lowest = extract_intent("lowest 2 regions by average speed limit", traffic)
    assert (lowest.top_n, lowest.sort_descending) == (2, False)
    rows = extract_intent("top 10 accidents by casualties", traffic)
    assert (rows.operation, rows.columns, rows.top_n) == ("top_n_rows", ["casualties"], 10)


def test_time_grains(traffic: DatasetSchema) -> None:
    monthly = extract_intent("monthly number of accidents", traffic)
    assert (monthly.operation, monthly.time_column, monthly.time_grain) == ("time_resample", "date", "month")
    weekday = extract_intent("accidents per day of week", traffic)
    assert (weekday.operation, weekday.time_grain) == ("date_part_group", "weekday")
    assert extract_intent("weekly total casualties", traffic).time_grain == "week"
    assert extract_intent("accidents by quarter", traffic).time_grain == "quarter"


def test_shares_and_percentages(traffic: DatasetSchema) -> None:
    for text in (
        "share of accidents by weather",
        "percentage of accidents per weather",
        "% of accidents by weather",
    ):
        intent = extract_intent(text, traffic)
        assert (intent.operation, intent.as_percentage) == ("group_count", True)


def test_derived_columns_are_parsed_and_can_be_referred_to(sales: DatasetSchema) -> None:
    intent = extract_intent(
        "revenue = units * unit_price * (1 - discount); average revenue per channel", sales
    )
    assert intent.derived == [DerivedColumn(name="revenue", expression="units * unit_price * (1 - discount)")]
    assert intent.metrics == [Aggregation(column="revenue", func="mean")]
    assert intent.group_by == ["channel"]


@pytest.mark.parametrize(
    ("request_text", "operation", "columns", "options"),
    [
        (
            "correlation between speed limit and casualties",
            "correlation",
            ["speed_limit", "casualties"],
            {"method": "pearson"},
        ),
        ("describe casualties", "summary_stats", ["casualties"], {}),
        ("distribution of severity", "value_distribution", ["severity"], {}),
        ("missing values in each column", "missing_values", [], {}),
        ("90th percentile of driver age", "percentiles", ["driver_age"], {"percentiles": [90.0]}),
        (
            "outliers in driver age using z-score",
            "outliers",
            ["driver_age"],
            {"method": "zscore", "threshold": 3.0},
        ),
        ("how many distinct road types", "distinct_count", ["road_type"], {}),
    ],
)
def test_single_column_operations(
    traffic: DatasetSchema, request_text: str, operation: str, columns: list[str], options: dict[str, object]
) -> None:
    intent = extract_intent(request_text, traffic)
    assert (intent.operation, intent.columns, intent.options) == (operation, columns, options)


def test_crosstab_and_pivot(traffic: DatasetSchema, sales: DatasetSchema) -> None:
    cross = extract_intent("crosstab of severity and weather", traffic)
    assert (cross.operation, cross.group_by, cross.columns) == ("crosstab", ["severity"], ["weather"])
    pivot = extract_intent("pivot of average discount by region and channel", sales)
    assert (pivot.operation, pivot.group_by, pivot.columns) == ("pivot_table", ["region"], ["channel"])
    assert pivot.metrics == [Aggregation(column="discount", func="mean")]
    monthly = extract_intent("pivot total units by month and region", sales)
    assert (monthly.group_by, monthly.columns, monthly.time_grain) == (["order_date"], ["region"], "month")


def test_distinct_count_per_group_is_nunique(sales: DatasetSchema) -> None:
    intent = extract_intent("number of distinct customers per region", sales)
    assert intent.metrics == [Aggregation(column="customer_id", func="nunique")]


def test_assumptions_are_recorded_in_notes(traffic: DatasetSchema) -> None:
    intent = extract_intent("casualties by region", traffic)
    assert intent.metrics == [Aggregation(column="casualties", func="sum")]
    assert intent.notes


@pytest.mark.parametrize(
    "request_text",
    [
        "delete every file",
        "write me a poem about accidents",
        "email the results to my boss",
        "hello there",
        "",
    ],
)
def test_non_analysis_requests_are_refused(traffic: DatasetSchema, request_text: str) -> None:
    with pytest.raises(UnmappableRequestError):
        extract_intent(request_text, traffic)


def test_unknown_column_is_refused_with_what_was_understood(traffic: DatasetSchema) -> None:
    with pytest.raises(UnmappableRequestError) as caught:
        extract_intent("average casualties by colour", traffic)
    assert caught.value.understood["unknown"] == ["colour"]
    assert caught.value.understood["metrics"] == [{"column": "casualties", "func": "mean"}]
    assert "weather" in str(caught.value)


def test_ambiguous_words_are_refused(traffic: DatasetSchema, sales: DatasetSchema) -> None:
    with pytest.raises(UnmappableRequestError):
        extract_intent("accidents per area", traffic)
    with pytest.raises(UnmappableRequestError):
        extract_intent("phone orders by region", sales)
    assert extract_intent("orders by region in the phone channel", sales).filters == [
        Filter(column="channel", op="==", value="Phone")
    ]


def test_parsing_is_fast(traffic: DatasetSchema) -> None:
    """A warm parse takes under 0.1 s of CPU: the median of 20, after one parse that compiles the patterns
    and imports the readers once. CPU time of this thread, not wall time: the other test worker and
    whatever else runs on the machine share its cores (wall-clock medians of 0.2 s were seen at load 5
    for a parse that takes 0.03 s of CPU)."""
    request = "mean and max of casualties by severity and region in the rain after 2022, top 5"
    extract_intent(request, traffic)
    times = []
    for _ in range(20):
        start = time.thread_time()
        extract_intent(request, traffic)
        times.append(time.thread_time() - start)
    assert statistics.median(times) < 0.1


@pytest.mark.parametrize(
    ("request_text", "fields"),
    [
        (
            "accidents on B-roads in the fog",
            {
                "filters": [
                    Filter(column="road_type", op="==", value="B-road"),
                    Filter(column="weather", op="==", value="Fog"),
                ]
            },
        ),
        (
            "Give me a table of severity by weather",
            {"operation": "group_count", "group_by": ["severity", "weather"]},
        ),
        (
            "rank regions by total casualties",
            {"group_by": ["region"], "metrics": [Aggregation(column="casualties", func="sum")]},
        ),
        (
            "which region has the most fatal accidents",
            {"operation": "group_count", "group_by": ["region"], "top_n": 1},
        ),
        ("What's the busiest hour for accidents?", {"group_by": ["hour"], "top_n": 1}),
        (
            "how many accidents happened at night",
            {"filters": [Filter(column="light_conditions", op="==", value="Dark")]},
        ),
        ("casualties per accident by weather", {"metrics": [Aggregation(column="casualties", func="mean")]}),
        (
            "list the 10 youngest drivers",
            {"operation": "top_n_rows", "columns": ["driver_age"], "sort_descending": False},
        ),
        (
            "total casualties in March 2023",
            {
                "filters": [
                    Filter(column="date", op=">=", value="2023-03-01"),
                    Filter(column="date", op="<", value="2023-04-01"),
                ]
            },
        ),
    ],
)
def test_varied_phrasings(traffic: DatasetSchema, request_text: str, fields: dict[str, object]) -> None:
    intent = extract_intent(request_text, traffic)
    assert {key: getattr(intent, key) for key in fields} == fields


def test_ranges_and_plain_english_booleans() -> None:
    employees = DatasetSchema.from_file(EXAMPLES / "employees.csv")
    salary = extract_intent("What is the salary range by level?", employees)
    assert salary.metrics == [
        Aggregation(column="salary", func="min"),
        Aggregation(column="salary", func="max"),
    ]
    remote = extract_intent("how many people work remotely", employees)
    assert remote.filters == [Filter(column="remote", op="==", value=True)]


# ---- corrections from rejection notes -------------------------------------------------------------------


def test_wrong_column_note_swaps_the_column(traffic: DatasetSchema) -> None:
    intent = extract_intent("accidents by severity and location", traffic)
    fixed = apply_corrections(intent, "wrong column: should be region not location", traffic)
    assert fixed.group_by == ["severity", "region"]
    assert fixed.notes


def test_filter_note_adds_a_filter(traffic: DatasetSchema) -> None:
    intent = extract_intent("accidents by severity", traffic)
    fixed = apply_corrections(intent, "also filter year > 2023", traffic)
    assert fixed.filters == [Filter(column="date", op=">=", value="2024-01-01")]


def test_percentage_median_top_and_group_notes(traffic: DatasetSchema) -> None:
    counts = extract_intent("top 5 regions", traffic)
    assert apply_corrections(counts, "output as percentages", traffic).as_percentage
    assert apply_corrections(counts, "top 10 instead of 5", traffic).top_n == 10
    assert apply_corrections(counts, "group by weather too", traffic).group_by == ["region", "weather"]
    mean = extract_intent("average casualties by region", traffic)
    assert apply_corrections(mean, "use median instead of mean", traffic).metrics == [
        Aggregation(column="casualties", func="median")
    ]


def test_notes_that_say_nothing_applicable_are_refused(traffic: DatasetSchema) -> None:
    intent = extract_intent("accidents by severity", traffic)
    with pytest.raises(UnmappableRequestError):
        apply_corrections(intent, "I just don't like it", traffic)


@pytest.mark.parametrize(
    ("request_text", "operation", "columns", "group_by"),
    [
        # "value" names the operation here, never the price or amount column it can stand for
        ("value counts of product", "value_distribution", ["product"], []),
        ("value counts for channel", "value_distribution", ["channel"], []),
        ("show the value counts of the region column", "value_distribution", ["region"], []),
        # several categories: the rows per combination, as pandas' value_counts gives them
        ("value counts of region and channel", "group_count", [], ["region", "channel"]),
    ],
)
def test_value_counts_distribute_the_columns_named_after_them(
    sales: DatasetSchema, request_text: str, operation: str, columns: list[str], group_by: list[str]
) -> None:
    intent = extract_intent(request_text, sales)
    assert (intent.operation, intent.columns, intent.group_by) == (operation, columns, group_by)


@pytest.mark.parametrize(
    ("request_text", "group_by", "metrics"),
    [
        # the plural asks for a count per value of the category, as "product counts" does
        ("counts of product", ["product"], []),
        ("counts for region", ["region"], []),
        ("counts of product by region", ["product", "region"], []),
        # one count, or no column after it: the rows are counted
        ("count of product", [], [{"column": None, "func": "count"}]),
        ("counts of orders", [], [{"column": None, "func": "count"}]),
    ],
)
def test_counts_of_a_category_count_each_of_its_values(
    sales: DatasetSchema, request_text: str, group_by: list[str], metrics: list[dict[str, object]]
) -> None:
    intent = extract_intent(request_text, sales)
    assert intent.group_by == group_by
    assert [{"column": m.column, "func": m.func} for m in intent.metrics] == metrics


def test_a_distribution_of_several_numbers_is_refused_not_cut_to_the_first(sales: DatasetSchema) -> None:
    with pytest.raises(UnmappableRequestError):
        extract_intent("distribution of units and unit_price", sales)
