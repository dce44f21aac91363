"""A sum of a quantity no column names is never a row count, and "values" is never a price column.

"Total value by city" over a file with no value column had been answered with the number of rows per city,
and "distinct values of city" also counted the distinct prices (the concept synonym value → price). A
total of *rows* ("total orders", "total number of rows") stays a count.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.pipeline.reference_answers import read_intent

from mcpforge.exceptions import UnmappableRequestError


@pytest.fixture
def sales(tmp_path: Path) -> Path:
    path = tmp_path / "sales.csv"
    path.write_text("city,price,qty\nParis,3,1\nLyon,4,2\nParis,5,3\nNice,3,1\n")
    return path


@pytest.mark.parametrize(
    "request_text",
    [
        "What is the total value by city?",
        "total value per city",
        "sum of values by city",
        "Give me the sum of all the values for each city",
    ],
)
def test_a_sum_of_an_unnamed_quantity_refuses_naming_the_sum(sales: Path, request_text: str) -> None:
    with pytest.raises(UnmappableRequestError, match=r"'(total|sum)'"):
        read_intent(request_text, sales)


@pytest.mark.parametrize(
    "request_text", ["total orders by city", "total number of rows by city", "how many values per city"]
)
def test_a_total_of_rows_stays_a_count(sales: Path, request_text: str) -> None:
    intent = read_intent(request_text, sales)
    assert intent.operation == "group_count"
    assert intent.group_by == ["city"]


@pytest.mark.parametrize(
    "request_text",
    [
        "How many distinct values does city take?",
        "how many distinct values of city",
        "number of unique values in city",
        "count the different values of city",
    ],
)
@pytest.mark.parametrize("money", ["price", "amount"])
def test_distinct_values_of_one_column_count_that_column_only(
    tmp_path: Path, request_text: str, money: str
) -> None:
    path = tmp_path / "sales.csv"
    path.write_text(f"city,{money},qty\nParis,3,1\nLyon,4,2\nParis,5,3\nNice,3,1\n")
    intent = read_intent(request_text, path)
    assert intent.operation == "distinct_count"
    assert intent.columns == ["city"]


def test_order_value_still_names_the_amount_column(tmp_path: Path) -> None:
    path = tmp_path / "orders.csv"
    path.write_text("region,amount\nN,3\nS,4\nN,5\n")
    intent = read_intent("avg order value by region", path)
    assert [(m.column, m.func) for m in intent.metrics] == [("amount", "mean")]
