"""A counted noun that a whole-number column counts is never answered as a count of rows silently.

A file of days with a column of deaths that day (``Décès``, ``Muertes``, ``Deaths``): "how many deaths in
December" is the sum of that column, or a question between the rows and that sum, never the 31 rows of
December. Each answer is checked against pandas on a small file written here; a column the reading uses in
a condition, a year or age column, and a file with no such column count rows as before.
"""

from __future__ import annotations

import os
from pathlib import Path

import pandas as pd
import pytest
from tests.pipeline.reference_answers import read_intent, reference_table

from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.models import Aggregation, Filter, Intent
from mcpforge.pipeline.intent import DatasetSchema
from mcpforge.pipeline.intent.clarify import Answers
from mcpforge.pipeline.intent.rows.counted_measures import counted_measure
from mcpforge.pipeline.intent.words import ColumnResolver

MONTHS = ["Jan", "Feb", "Mar", "Dec"]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("counted")
    rows = [
        {
            "Mois": MONTHS[k % 4],
            "Cause": ["Cholera", "Diarrhaea"][k % 2],
            "Jour": 1 + k % 28,
            "Décès": (k * 7) % 23,
        }
        for k in range(80)
    ]
    pd.DataFrame(rows).to_csv(root / "deathsbyday.csv", index=False)
    spanish = pd.DataFrame(rows).rename(columns={"Décès": "Muertes", "Mois": "Mes", "Cause": "Causa"})
    spanish.to_csv(root / "dias.csv", index=False)
    return root


@pytest.fixture(autouse=True)
def _inside(folder: Path) -> object:
    before = Path.cwd()
    os.chdir(folder)
    yield
    os.chdir(before)


def _rows_count(path: Path, month: str) -> Intent:
    """A reading that counts the rows of ``month`` (what a path that took the noun as the rows read)."""
    schema = DatasetSchema.from_file(path)
    month_column = schema.column_names[0]
    return Intent(
        request="",
        operation="aggregate",
        metrics=[Aggregation(func="count")],
        filters=[Filter(column=month_column, op="==", value=month)],
        data_source=str(path),
    )


@pytest.mark.parametrize(
    ("request_text", "word"),
    [
        ("Wie viele Todesfälle gab es im Dezember insgesamt?", "todesfalle"),
        ("How many deaths were there in December?", "deaths"),
        ("Combien de décès en décembre ?", "deces"),
    ],
)
def test_a_row_count_while_the_noun_is_a_count_column_asks(
    folder: Path, request_text: str, word: str
) -> None:
    path = folder / "deathsbyday.csv"
    resolver = ColumnResolver(schema=DatasetSchema.from_file(path))
    with pytest.raises(NeedsClarificationError) as asked:
        counted_measure(request_text, _rows_count(path, "Dec"), resolver, Answers())
    assert asked.value.key == word
    assert set(asked.value.choices) == {"rows", "Décès"}


def test_the_answer_sum_is_the_columns_sum(folder: Path) -> None:
    path = folder / "dias.csv"
    resolver = ColumnResolver(schema=DatasetSchema.from_file(path))
    read = counted_measure(
        "¿Cuántas muertes hubo en diciembre?",
        _rows_count(path, "Dec"),
        resolver,
        Answers(given={"muertes": "Muertes"}),
    )
    assert [(m.func, m.column) for m in read.metrics] == [("sum", "Muertes")]
    frame = pd.read_csv(path)
    assert reference_table(read, path)["rows"] == [[int(frame[frame.Mes == "Dec"].Muertes.sum())]]
    rows = counted_measure(
        "¿Cuántas muertes hubo en diciembre?",
        _rows_count(path, "Dec"),
        resolver,
        Answers(given={"muertes": "rows"}),
    )
    assert [(m.func, m.column) for m in rows.metrics] == [("count", None)]


def test_the_whole_reading_never_counts_the_rows_silently(folder: Path) -> None:
    path = folder / "deathsbyday.csv"
    frame = pd.read_csv(path)
    for request_text in ("How many deaths in Dec?", "Wie viele Todesfälle gab es im Dezember?"):
        try:
            intent = read_intent(request_text, path)
        except (NeedsClarificationError, UnmappableRequestError):
            continue  # asked (rows or the sum) or refused naming the noun
        assert [(m.func, m.column) for m in intent.metrics] == [("sum", "Décès")]
        assert reference_table(intent, path)["rows"] == [[int(frame[frame.Mois == "Dec"]["Décès"].sum())]]


def test_a_condition_on_the_count_column_counts_rows(folder: Path) -> None:
    path = folder / "deathsbyday.csv"
    resolver = ColumnResolver(schema=DatasetSchema.from_file(path))
    intent = _rows_count(path, "Dec").model_copy(
        update={"filters": [Filter(column="Décès", op=">", value=10)]}
    )
    read = counted_measure("How many rows had more than 10 deaths?", intent, resolver, Answers())
    assert read is intent


def test_a_year_or_age_column_is_no_counted_noun(tmp_path: Path) -> None:
    path = tmp_path / "people.csv"
    pd.DataFrame({"age": [30, 41, 25], "year": [2001, 2002, 2003], "city": ["a", "b", "a"]}).to_csv(
        path, index=False
    )
    resolver = ColumnResolver(schema=DatasetSchema.from_file(path))
    intent = Intent(
        request="", operation="aggregate", metrics=[Aggregation(func="count")], data_source=str(path)
    )
    assert counted_measure("How many people are 30 years or older?", intent, resolver, Answers()) is intent
