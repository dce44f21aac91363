"""Counts of rows in a column's place: "how many cities have more than 5 airports" (a threshold on the rows
per group, refused: not in the catalogue) and "mean X per number of Y" (Y holds counts already: a key).

A wrong answer that looks validated is the worst outcome: the threshold shape must never become a filter
on an unrelated numeric column whose range spans the number, and "number of Y" after by / per must never
become a count or sum of Y.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from reference_answers import reference_table

from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.models import Intent
from mcpforge.pipeline.intent import DatasetSchema, extract_intent


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    rng = np.random.default_rng(11)
    root = tmp_path_factory.mktemp("row_count_words")
    n = 200
    pd.DataFrame({
        "iata": [f"A{i:03d}" for i in range(n)],
        "city": rng.choice(["Springfield", "Riverton", "Lakeside", "Hill Valley", "Fairview"], n),
        "state": rng.choice(["CA", "TX", "FL", "AK"], n),
        "latitude": rng.uniform(20, 65, n).round(4),
        "longitude": rng.uniform(-170, 10, n).round(4),
    }).to_csv(root / "airports.csv", index=False)  # fmt: skip
    pd.DataFrame({
        "Name": [f"car {i}" for i in range(n)],
        "Cylinders": rng.choice([3, 4, 6, 8], n),
        "Horsepower": rng.uniform(50, 250, n).round(1),
        "Weight_in_lbs": rng.integers(1500, 5000, n),
        "Origin": rng.choice(["USA", "Europe", "Japan"], n),
    }).to_csv(root / "cars.csv", index=False)  # fmt: skip
    pd.DataFrame({
        "order_id": np.arange(1, n + 1),
        "customer": rng.choice(["Ann", "Bob", "Cy", "Di"], n),
        "county": rng.choice(["Adams", "Brown", "Clark"], n),
        "amount": rng.uniform(5, 1500, n).round(2),
    }).to_csv(root / "orders.csv", index=False)  # fmt: skip
    return root


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)  # the reference loader reads only under the working directory


def _read(request: str, path: Path) -> Intent:
    return extract_intent(request, DatasetSchema.from_file(path))


@pytest.mark.parametrize(
    ("file", "request_text", "words"),
    [
        # The whole-request shapes ("how many cities have more than 5 airports") are read now, as a
        # condition on each group: tests/pipeline/test_intent_group_having.py. What is left is refused.
        ("orders.csv", "customers with at least 3 counties", "at least 3 counties"),
        ("orders.csv", "how many customers placed more than 50 transactions", "more than 50 transactions"),
        ("airports.csv", "how many cities have more than 5 airports in CA", "more than 5 airports"),
        ("cars.csv", "origins having more than 20 cars with horsepower above 100", "more than 20 rows"),
    ],
)
def test_threshold_on_rows_per_group_is_refused_naming_the_words(
    folder: Path, file: str, request_text: str, words: str
) -> None:
    with pytest.raises(UnmappableRequestError) as caught:
        _read(request_text, folder / file)
    assert not isinstance(caught.value, NeedsClarificationError)
    assert repr(words) in str(caught.value)


@pytest.mark.parametrize(
    ("file", "request_text", "column", "op", "value"),
    [
        ("orders.csv", "orders over 500", "amount", ">", 500),
        ("orders.csv", "how many orders are above 1000", "amount", ">", 1000),
        ("airports.csv", "airports with latitude over 40", "latitude", ">", 40),
    ],
)
def test_a_value_threshold_stays_a_filter(  # noqa: PLR0917 - the parametrized cases
    folder: Path, file: str, request_text: str, column: str, op: str, value: float
) -> None:
    intent = _read(request_text, folder / file)
    assert [(f.column, f.op, f.value) for f in intent.filters] == [(column, op, value)]


@pytest.mark.parametrize(
    ("request_text", "func", "measure"),
    [
        ("mean Horsepower per number of Cylinders", "mean", "Horsepower"),
        ("average horsepower by number of cylinders", "mean", "Horsepower"),
        ("mean Horsepower for each number of Cylinders", "mean", "Horsepower"),
        ("median Horsepower by the number of Cylinders", "median", "Horsepower"),
        ("max weight per no of cylinders", "max", "Weight_in_lbs"),
        ("number of cars per number of cylinders", "count", None),
    ],
)
def test_per_number_of_a_column_groups_by_it(
    folder: Path, request_text: str, func: str, measure: str | None
) -> None:
    path = folder / "cars.csv"
    intent = _read(request_text, path)
    assert intent.group_by == ["Cylinders"]
    frame = pd.read_csv(path)
    grouped = frame.groupby("Cylinders")
    expected = grouped.size() if measure is None else grouped[measure].agg(func)
    table = reference_table(intent, path)
    got = {str(row[0]): float(row[-1]) for row in table["rows"]}
    assert got == pytest.approx({str(k): float(v) for k, v in expected.items()})


def test_top_rows_by_number_of_a_column_sort_by_it(folder: Path) -> None:
    intent = _read("top 3 cars by number of cylinders", folder / "cars.csv")
    assert intent.operation == "top_n_rows" and not intent.metrics
