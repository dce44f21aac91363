"""A plural of a column whose values repeat ("how many states"): rows or distinct values, never rows unsaid.

A held-out file (one row per disease, state and year) answered "how many states are there?" with its row
count. The plural of a column's own name ("states" for ``state``, "cities" for ``city``) is now read as
that column's values, as "how many customers" was already read over ``customer_id``: one question (rows
or distinct values) when the values repeat, and the answer decides the numbers, checked against pandas.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from mcpforge.catalogue import get_operation
from mcpforge.catalogue.base import frame_to_table
from mcpforge.exceptions import NeedsClarificationError
from mcpforge.models import Intent
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.runtime import load_csv_data_with_types


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("column_plurals")
    places = [("Ohio", "Akron"), ("Ohio", "Dayton"), ("Utah", "Provo"), ("Iowa", "Ames")]
    rows = [
        {"state": s, "city": c, "year": y, "cases": (i * 37 + y) % 500}
        for i, (s, c) in enumerate(places)
        for y in (2019, 2020, 2021)
    ]
    pd.DataFrame(rows).to_csv(root / "reports.csv", index=False)
    capitals = {"state": ["Ohio", "Utah", "Iowa"], "capital": ["Columbus", "Salt Lake City", "Des Moines"]}
    pd.DataFrame(capitals).to_csv(root / "capitals.csv", index=False)
    return root


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)  # the reference loader reads only under the working directory


def _read(request: str, path: Path, answers: dict[str, str] | None = None) -> Intent:
    return extract_intent(request, DatasetSchema.from_file(path), answers=answers)


def _one_number(intent: Intent, path: Path) -> float:
    operation = get_operation(intent.operation)
    rendered = operation.render(intent)
    table: dict[str, Any] = frame_to_table(
        operation.reference(load_csv_data_with_types(str(path)), rendered.arguments)
    )
    assert len(table["rows"]) == 1
    return float(table["rows"][0][-1])


@pytest.mark.parametrize(
    ("request_text", "token", "column"),
    [
        ("how many states are there?", "states", "state"),
        ("How many states are in the data?", "states", "state"),  # (city x year is a panel: R5 test)
        ("number of states", "states", "state"),
    ],
)
def test_the_plural_of_a_repeating_column_asks_rows_or_distinct_then_answers(
    folder: Path, request_text: str, token: str, column: str
) -> None:
    path = folder / "reports.csv"
    with pytest.raises(NeedsClarificationError) as asked:
        _read(request_text, path)
    assert asked.value.key == token and set(asked.value.choices) == {"rows", "distinct"}
    frame = pd.read_csv(path)
    assert _one_number(_read(request_text, path, {token: "distinct"}), path) == frame[column].nunique()
    assert _one_number(_read(request_text, path, {token: "rows"}), path) == len(frame)


def test_with_more_words_after_the_plural_the_rest_of_the_reading_decides(folder: Path) -> None:
    path = folder / "reports.csv"  # a group condition reads this; the plural alone does not ask
    frame = pd.read_csv(path)
    intent = _read("how many states have more than 3 rows", path)
    assert _one_number(intent, path) == int((frame.groupby("state").size() > 3).sum())


def test_distinct_said_in_words_and_a_column_of_unique_values_ask_nothing(folder: Path) -> None:
    reports = folder / "reports.csv"
    frame = pd.read_csv(reports)
    assert _one_number(_read("how many distinct states are there", reports), reports) == frame.state.nunique()
    capitals = folder / "capitals.csv"  # one row per state: rows and distinct states are the same number
    assert _one_number(_read("how many states are there?", capitals), capitals) == 3
