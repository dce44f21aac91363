"""A share of one named value is one number; "for each of the <column> V1, V2 and V3" keeps its grouping.

Each answer is computed from the reading with the catalogue's reference and compared with plain pandas;
shapes the parser cannot read completely must be refused, never answered with another question's numbers.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from reference_answers import reference_table
from tests.pipeline.intent_reading_data import write_orders

from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.models import Intent
from mcpforge.pipeline.intent import DatasetSchema, extract_intent


@pytest.fixture(scope="module")
def orders(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_orders(tmp_path_factory.mktemp("share_each_of"))


@pytest.fixture(autouse=True)
def _in_the_data_folder(orders: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(orders.parent)  # the reference loader reads only under the working directory


def _read(request: str, path: Path) -> Intent:
    return extract_intent(request, DatasetSchema.from_file(path))


@pytest.mark.parametrize(
    ("request_text", "column", "value"),
    [
        ("What percentage of all orders are in the North region?", "region", "North"),
        ("what percentage of orders are North", "region", "North"),
        ("What share of the orders are Books?", "category", "Books"),
        ("what proportion of orders are cancelled", "status", "cancelled"),
    ],
)
def test_share_of_one_value_is_one_number(orders: Path, request_text: str, column: str, value: str) -> None:
    intent = _read(request_text, orders)
    assert intent.operation == "group_ratio" and not intent.group_by and intent.as_percentage
    table = reference_table(intent, orders)
    assert len(table["rows"]) == 1
    frame = pd.read_csv(orders)
    expected = (frame[column] == value).mean() * 100
    assert float(table["rows"][0][-1]) == pytest.approx(expected)


@pytest.mark.parametrize(
    "request_text",
    ["What fraction of all orders are in category Toys?", "what percentage of orders are in region North"],
)
def test_share_naming_the_column_is_one_number_or_refused(orders: Path, request_text: str) -> None:
    try:
        intent = _read(request_text, orders)
    except (UnmappableRequestError, NeedsClarificationError):
        return  # the column word is not accounted for yet: a refusal, never a distribution
    assert intent.operation == "group_ratio" and not intent.group_by


@pytest.mark.parametrize(
    "request_text",
    [
        "what percentage of orders are in each region",
        "share of orders by region",
        "percentage of orders per region",
    ],
)
def test_share_per_value_stays_a_distribution(orders: Path, request_text: str) -> None:
    intent = _read(request_text, orders)
    assert intent.operation == "group_count" and intent.group_by == ["region"] and intent.as_percentage


@pytest.mark.parametrize(
    "request_text",
    [
        "what fraction of the orders in the North are Books",
        "what percentage of Books orders with amount over 100 are in the North",
    ],
)
def test_share_under_several_conditions_is_not_guessed(orders: Path, request_text: str) -> None:
    try:
        intent = _read(request_text, orders)
    except (UnmappableRequestError, NeedsClarificationError):
        return
    assert intent.operation != "value_distribution"  # never the whole distribution of one column


@pytest.mark.parametrize(
    ("request_text", "column", "values", "func", "measure"),
    [
        ("Median amount for each of the regions North, South and East.", "region", ["North", "South", "East"],
         "median", "amount"),
        ("average quantity in each of the categories Books and Toys", "category", ["Books", "Toys"],
         "mean", "quantity"),
        ("total amount for each of North, West and South", "region", ["North", "West", "South"], "sum",
         "amount"),
        ("mean unit price for every one of the regions West and East", "region", ["West", "East"], "mean",
         "unit_price"),
    ],
)  # fmt: skip
def test_each_of_listed_values_keeps_the_grouping(  # noqa: PLR0917 - one parametrized case
    orders: Path, request_text: str, column: str, values: list[str], func: str, measure: str
) -> None:
    intent = _read(request_text, orders)
    assert intent.group_by == [column]
    assert any(f.column == column and sorted(map(str, f.value)) == sorted(values) for f in intent.filters)
    table = reference_table(intent, orders)
    frame = pd.read_csv(orders)
    expected = frame[frame[column].isin(values)].groupby(column)[measure].agg(func)
    got = {str(row[0]): float(row[-1]) for row in table["rows"]}
    assert got.keys() == set(values)
    for key, number in expected.items():
        assert got[str(key)] == pytest.approx(number)


@pytest.mark.parametrize(
    "request_text", ["average amount for each of them", "total amount for each of those three"]
)
def test_each_of_without_listed_values_is_refused(orders: Path, request_text: str) -> None:
    with pytest.raises((UnmappableRequestError, NeedsClarificationError)):
        _read(request_text, orders)
