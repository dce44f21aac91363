"""'X per Y' ratios, rates that rank groups, and leftover words that resemble nothing.

Each answer is computed from the reading with the catalogue's reference and compared with plain pandas.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
from reference_answers import reference_table

from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.models import Aggregation, Intent
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.pipeline.intent.reading import reading_sentence


@pytest.fixture(scope="module")
def orders(tmp_path_factory: pytest.TempPathFactory) -> Path:
    rng = np.random.default_rng(7)
    n = 300
    quantity = rng.integers(1, 6, n)
    frame = pd.DataFrame({
        "order_id": np.arange(1, n + 1),
        "region": rng.choice(["North", "South", "East"], n),
        "customer_id": [f"C{c:02d}" for c in rng.integers(1, 60, n)],
        "quantity": quantity,
        "amount": (quantity * rng.uniform(5, 50, n)).round(2),
        "returned": rng.choice(["Yes", "No"], n, p=[0.2, 0.8]),
    })  # fmt: skip
    path = tmp_path_factory.mktemp("ratios") / "orders.csv"
    frame.to_csv(path, index=False)
    return path


@pytest.fixture(autouse=True)
def _in_the_data_folder(orders: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(orders.parent)  # the reference loader reads only under the working directory


def _read(request: str, path: Path, answers: dict[str, str] | None = None) -> Intent:
    return extract_intent(request, DatasetSchema.from_file(path), answers=answers)


def _ratio_column(table: dict[str, Any]) -> dict[str, float]:
    columns = table["columns"]
    return {str(row[0]): float(row[-1]) for row in table["rows"]} if len(columns) > 3 else {}


def test_revenue_per_customer_by_region_is_the_sum_over_distinct_customers_of_each_region(
    orders: Path,
) -> None:
    intent = _read("average revenue per customer by region", orders)
    assert intent.operation == "group_ratio"
    assert intent.metrics == [
        Aggregation(column="amount", func="sum"),
        Aggregation(column="customer_id", func="nunique"),
    ]
    frame = pd.read_csv(orders)
    expected = frame.groupby("region")["amount"].sum() / frame.groupby("region")["customer_id"].nunique()
    got = _ratio_column(reference_table(intent, orders))
    assert set(got) == set(expected.index)
    assert all(math.isclose(got[k], float(v)) for k, v in expected.items())
    assert reading_sentence(intent).startswith(
        "Ratio of the sum of `amount` to the number of distinct `customer_id` per `region`"
    )


def test_rows_per_entity_counts_the_rows_over_the_distinct_ids(orders: Path) -> None:
    intent = _read("average number of orders per customer", orders)
    table = reference_table(intent, orders)
    frame = pd.read_csv(orders)
    assert math.isclose(float(table["rows"][0][-1]), len(frame) / frame["customer_id"].nunique())


def test_per_an_id_unique_per_row_is_the_plain_mean(orders: Path) -> None:
    intent = _read("revenue per order by region", orders)
    assert intent.operation == "group_aggregate"
    assert intent.metrics == [Aggregation(column="amount", func="mean")]
    assert any("per order" in note for note in intent.notes)


def test_a_total_per_customer_stays_one_total_for_each_customer(orders: Path) -> None:
    intent = _read("total revenue per customer", orders)
    assert (intent.operation, intent.group_by) == ("group_aggregate", ["customer_id"])


def test_a_quantity_word_is_the_quantity_column_on_either_side_of_per(orders: Path) -> None:
    intent = _read("revenue per unit by region", orders)
    assert intent.metrics == [
        Aggregation(column="amount", func="sum"),
        Aggregation(column="quantity", func="sum"),
    ]
    intent = _read("average items per customer", orders)
    assert intent.metrics[0] == Aggregation(column="quantity", func="sum")


def test_a_numeric_denominator_is_asked_and_the_answer_is_applied(orders: Path) -> None:
    with pytest.raises(NeedsClarificationError) as caught:
        _read("amount per quantity by region", orders)
    assert set(caught.value.choices) == {"ratio", "group"}
    intent = _read("amount per quantity by region", orders, {caught.value.key: "ratio"})
    frame = pd.read_csv(orders)
    sums = frame.groupby("region")[["amount", "quantity"]].sum()
    got = _ratio_column(reference_table(intent, orders))
    assert all(math.isclose(got[k], float(v)) for k, v in (sums["amount"] / sums["quantity"]).items())


@pytest.mark.parametrize(
    ("request_text", "n", "largest"),
    [
        ("which region has the highest return rate", 1, True),
        ("top 2 regions by return rate", 2, True),
        ("the lowest share of returned orders by region", 1, False),
    ],
)
def test_a_rate_that_ranks_groups_gives_the_top_rows_with_their_rate(
    orders: Path, request_text: str, n: int, largest: bool
) -> None:
    intent = _read(request_text, orders)
    assert (intent.operation, intent.top_n, intent.sort_descending) == ("group_ratio", n, largest)
    frame = pd.read_csv(orders)
    rates = (frame["returned"] == "Yes").groupby(frame["region"]).mean().sort_values(ascending=not largest)
    got = _ratio_column(reference_table(intent, orders))
    assert list(got) == [str(k) for k in rates.index[:n]]
    assert all(math.isclose(got[k], rates[k] * 100) for k in got)


@pytest.mark.parametrize(
    ("request_text", "word"),
    [
        ("average amount by region for vip customers", "vip"),
        ("number of cancelled orders by region", "cancelled"),
        ("average amount by region last quarter", "quarter"),
    ],
)
def test_a_leftover_word_that_resembles_nothing_is_refused_by_name(
    orders: Path, request_text: str, word: str
) -> None:
    with pytest.raises(UnmappableRequestError, match=repr(word)):
        _read(request_text, orders)


def test_a_word_before_the_rows_noun_is_a_description_only_at_the_head_and_only_if_it_restricts_nothing(
    orders: Path,
) -> None:
    assert _read("analyze shop orders by region", orders).group_by == ["region"]
    for request in ("analyze online orders by region", "number of shop orders by region"):
        with pytest.raises(UnmappableRequestError):
            _read(request, orders)


def test_everyday_verbs_are_no_condition(orders: Path) -> None:
    assert _read("how much do customers spend per region", orders).group_by == ["region"]


def test_per_some_of_the_rows_is_refused_not_grouped_by_the_qualifier(orders: Path) -> None:
    with pytest.raises(UnmappableRequestError, match="per returned order"):
        _read("revenue per returned order", orders)
