"""A column named with a describing word before it ("for each model Year" names ``Year``).

Written as the file spells the column (its capitals), the pair is read as that column, and the numbers
are checked against plain pandas on a small real file. Written in lower case after a grouping word, it
gets one question; a word that selects or compares ("last Year", "Horsepower versus Year") is never
dropped.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

from mcpforge.catalogue import get_operation
from mcpforge.catalogue.base import frame_to_table
from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.models import Intent
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.runtime import load_csv_data_with_types


@pytest.fixture(scope="module")
def cars(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Cars with an integer ``Year`` (the model year), ``Horsepower`` and ``Origin``."""
    rng = np.random.default_rng(11)
    n = 120
    frame = pd.DataFrame({
        "Name": [f"car {i}" for i in range(n)],
        "Horsepower": rng.integers(60, 230, n),
        "Weight_in_lbs": rng.integers(1600, 5000, n),
        "Year": rng.choice([1970, 1971, 1972, 1973], n),
        "Origin": rng.choice(["USA", "Europe", "Japan"], n),
    })  # fmt: skip
    path = tmp_path_factory.mktemp("qualified") / "cars.csv"
    frame.to_csv(path, index=False)
    return path


def _table(intent: Intent, path: Path) -> dict[str, float]:
    operation = get_operation(intent.operation)
    arguments = operation.render(intent).arguments
    table = frame_to_table(operation.reference(load_csv_data_with_types(str(path)), arguments))
    return {str(row[0]): float(row[-1]) for row in table["rows"]}


def _same(got: dict[str, float], expected: pd.Series[Any]) -> bool:
    want = {str(k): float(v) for k, v in expected.items()}
    return got.keys() == want.keys() and all(math.isclose(got[k], want[k]) for k in want)


@pytest.mark.parametrize(
    ("request_text", "expected"),
    [
        ("How many cars are there for each model Year?", lambda f: f.groupby("Year").size()),
        ("Average Horsepower by Model Year", lambda f: f.groupby("Year")["Horsepower"].mean()),
        ("total Weight_in_lbs per model Year", lambda f: f.groupby("Year")["Weight_in_lbs"].sum()),
    ],
)
def test_a_described_column_written_as_the_file_spells_it_is_that_column(
    request_text: str, expected: Any, cars: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(cars.parent)
    intent = extract_intent(request_text, DatasetSchema.from_file(cars))
    assert intent.group_by == ["Year"]
    assert any("'model Year' read as the column 'Year'" in note for note in intent.notes)
    assert _same(_table(intent, cars), expected(pd.read_csv(cars)))


def test_in_lower_case_after_a_grouping_word_it_asks_and_the_answer_is_used(
    cars: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(cars.parent)
    schema = DatasetSchema.from_file(cars)
    request = "How many cars for each model year?"
    with pytest.raises(NeedsClarificationError) as asked:
        extract_intent(request, schema)
    assert asked.value.key == "model year"
    assert set(asked.value.choices) == {"Year", "none"}
    intent = extract_intent(request, schema, answers={"model year": "Year"})
    assert _same(_table(intent, cars), pd.read_csv(cars).groupby("Year").size())
    with pytest.raises(UnmappableRequestError):
        extract_intent(request, schema, answers={"model year": "none"})


@pytest.mark.parametrize(
    "request_text",
    [
        "How many cars for each last Year?",  # a word that selects a period
        "Average Horsepower versus Year",  # a word that compares two columns
        "How many cars per Origin Year?",  # a word that names another column
        "average Horsepower of the model year",  # lower case, not after a grouping word
        "delete the cars for each model year",  # asked, then refused for 'delete' once answered
        "How many cars per USA Year?",  # a value of Origin, not a label
    ],
)
def test_a_word_that_can_change_the_numbers_is_never_dropped(
    request_text: str, cars: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(cars.parent)
    with pytest.raises((UnmappableRequestError, NeedsClarificationError)):
        extract_intent(request_text, DatasetSchema.from_file(cars))
