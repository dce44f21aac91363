"""The reading of model-written ``compute(df)`` code, and the assumptions a request never stated."""

from __future__ import annotations

import pytest

from mcpforge.pipeline.modelgen.code_reading import CodeCondition, read_compute
from mcpforge.pipeline.modelgen.examples import EXAMPLES

INVENTED_URBAN = """
def compute(df):
    urban = df[df['location'] == 'Urban']
    counts = urban.groupby('severity').size().reset_index(name='accidents')
    return counts.sort_values('accidents', ascending=False).head(3)
"""
PATIENTS = """
def compute(df):
    chosen = df[(df["age"] > 65) & df["insurance"].isin(["Medicare", "None"]) & (df["readmitted"] == "yes")]
    return chosen["cost"].mean()
"""
BIG_ORDERS = """
def compute(df):
    big = df.loc[500 < df.amount]
    return big.groupby(["region", "category"])["amount"].agg(["mean", "count"]).reset_index()
"""


def test_an_invented_category_filter_is_read_and_flagged() -> None:
    reading = read_compute(INVENTED_URBAN)
    assert reading is not None
    assert reading.sentence(rows=2000) == (
        "Count of rows per `severity`, sorted by `accidents` (highest first), first 3 rows, using the "
        "condition `location` = Urban, from the 2,000 rows of the file (read from the model-written code)."
    )
    assert reading.assumptions("the 3 severities with the most accidents") == [
        "The code uses the condition `location` = Urban, which your request never mentions: check that "
        "it belongs to your question."
    ]


def test_a_condition_the_request_names_is_not_an_assumption() -> None:
    reading = read_compute(INVENTED_URBAN)
    assert reading is not None
    assert reading.assumptions("top 3 severities of accidents in urban areas") == []


def test_thresholds_values_and_yes_no_columns_are_checked_against_the_request() -> None:
    reading = read_compute(PATIENTS)
    assert reading is not None
    assert reading.conditions == (
        CodeCondition(column="age", op=">", value=65),
        CodeCondition(column="insurance", op="in", value=("Medicare", "None")),
        CodeCondition(column="readmitted", op="==", value="yes"),
    )
    # 65 is said, "readmitted" names the yes/no column; the insurance values are the model's own.
    flagged = reading.assumptions("average cost of readmitted patients over 65")
    assert len(flagged) == 1 and "`insurance` is one of Medicare or None" in flagged[0]
    assert len(reading.assumptions("average cost of all patients")) == 3


def test_a_flipped_threshold_is_read_the_right_way_round() -> None:
    reading = read_compute(BIG_ORDERS)
    assert reading is not None
    assert reading.conditions == (CodeCondition(column="amount", op=">", value=500),)
    assert reading.group_keys == ("`region`", "`category`")
    assert reading.aggregations == (("mean", "`amount`"), ("count", "`amount`"))
    assert reading.assumptions("average order amount by region and category for orders over 500") == []
    assert reading.assumptions("average order amount by region and category") != []


def test_date_groupings_derived_columns_and_first_row_per_key_are_read() -> None:
    code = next(e.code for e in EXAMPLES if e.question.startswith("For each shop, the brand"))
    reading = read_compute(code)
    assert reading is not None
    assert reading.sentence() == (
        "Sum of `sales` per `shop` and `brand`, with `sales` = `df['price'] * df['quantity']`, sorted by "
        "`sales` (highest first) and `shop` (lowest first), keeping the first row per `shop`, from the "
        "rows of the file (read from the model-written code)."
    )
    monthly = read_compute(next(e.code for e in EXAMPLES if e.question == "Total rainfall per month"))
    assert monthly is not None and monthly.group_keys == ("month of `day`",)


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.question[:40] for e in EXAMPLES])
def test_the_prompt_examples_are_read_without_inventing_assumptions(example: object) -> None:
    code, question = example.code, example.question  # type: ignore[attr-defined]
    reading = read_compute(code)
    assert reading is not None
    assert reading.sentence().endswith("(read from the model-written code).")
    assert reading.assumptions(question) == []


def test_code_without_compute_or_that_does_not_parse_has_no_reading() -> None:
    assert read_compute("def other(df):\n    return df\n") is None
    assert read_compute("def compute(df:\n") is None


REVENUE_2024 = """
def compute(df):
    orders = df[(df["paid_at"] >= "2024-01-01") & (df["paid_at"] < "2025-01-01")]
    orders = orders[orders["paid_at"].dt.month != 12]
    monthly = orders.resample("M", on="paid_at")["amount"].sum()
    return monthly.reset_index()
"""
PIVOT = """
def compute(df):
    recent = df[df["order_date"].dt.year == 2023]
    table = recent.pivot_table(index="region", columns="category", values="amount", aggfunc="sum")
    return table.reset_index()
"""


def test_date_bounds_and_date_parts_are_read_and_a_years_bounds_count_as_its_mention() -> None:
    reading = read_compute(REVENUE_2024)
    assert reading is not None
    assert reading.conditions == (
        CodeCondition(column="paid_at", op=">=", value="2024-01-01"),
        CodeCondition(column="paid_at", op="<", value="2025-01-01"),
        CodeCondition(column="paid_at", op="!=", value=12, part="month"),
    )
    assert reading.group_keys == ("month of `paid_at`",)
    assert reading.assumptions("monthly revenue for 2024") == [
        "The code uses the condition the month of `paid_at` ≠ 12, which your request never mentions: "
        "check that it belongs to your question."
    ]


def test_pivot_tables_are_read_as_keys_and_an_aggregation() -> None:
    reading = read_compute(PIVOT)
    assert reading is not None
    assert reading.sentence() == (
        "Sum of `amount` per `region` and `category`, using the condition the year of `order_date` = 2023, "
        "from the rows of the file (read from the model-written code)."
    )
    assert len(reading.assumptions("total amount by region and category")) == 1
    assert reading.assumptions("total amount by region and category in 2023") == []
