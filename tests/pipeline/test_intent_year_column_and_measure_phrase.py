"""A year window over a file with an integer year column and a date of another event; "number of <measure>".

A file can carry the year of an event as an integer column (``year``, ``Jahr``, ``année``, ``yr``) and a
date of something else (when a row was posted or updated, all in one later year). "the years 2010 through
2013" restricts the year column: put on the other date the window kept 0 rows and every mean per year came
out empty, an answer that looked validated. A date column the request names keeps the year, and a full
date or a month without a month column still goes to the date column.

"the average number of individuals affected" is the mean of the affected column: a column named
``Number`` (an index) is not named by the "number of" of that phrase. Each number is checked against pandas
on a small file written here.
"""

from __future__ import annotations

import os
from pathlib import Path

import pandas as pd
import pytest
from tests.pipeline.reference_answers import read_intent, reference_table

YEARS = list(range(2005, 2015))


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("year_column")
    rows = []
    for k in range(60):
        year = YEARS[k % len(YEARS)]
        rows.append({
            "Number": k + 1,
            "State": ["CA", "TX", "NY"][k % 3],
            "Individuals_Affected": 500 + 37 * k + (k % 7) * 101,
            "year": year,
            "Date_Posted": f"2014-{1 + k % 12:02d}-{1 + k % 27:02d}",
        })  # fmt: skip
    pd.DataFrame(rows).to_csv(root / "events.csv", index=False)
    german = pd.DataFrame(rows).rename(
        columns={"year": "Jahr", "Individuals_Affected": "Betroffene", "Date_Posted": "Meldedatum"}
    )
    german.to_csv(root / "meldungen.csv", index=False)
    return root


@pytest.fixture(autouse=True)
def _inside(folder: Path) -> object:
    before = Path.cwd()
    os.chdir(folder)
    yield
    os.chdir(before)


def _frame(folder: Path, name: str) -> pd.DataFrame:
    return pd.read_csv(folder / name)


@pytest.mark.parametrize(
    "request_text",
    [
        "Restricting to the years 2010 through 2013, give the average number of individuals affected per "
        "event for each year",
        "mean Individuals_Affected per year for the years 2010 to 2013",
        "average individuals affected by year between 2010 and 2013",
        "For 2010-2013 only, what is the mean number of individuals affected per year?",
    ],
)
def test_a_year_window_restricts_the_year_column_not_another_date(folder: Path, request_text: str) -> None:
    intent = read_intent(request_text, folder / "events.csv")
    assert {f.column for f in intent.filters} == {"year"}
    assert [m.column for m in intent.metrics] == ["Individuals_Affected"]
    table = reference_table(intent, folder / "events.csv")
    frame = _frame(folder, "events.csv")
    expected = frame[frame.year.between(2010, 2013)].groupby("year").Individuals_Affected.mean()
    got = {row[0]: row[1] for row in table["rows"]}
    assert got == pytest.approx(expected.to_dict())


def test_a_single_year_filters_the_year_column(folder: Path) -> None:
    intent = read_intent("How many rows are there in 2012?", folder / "events.csv")
    assert [(f.column, f.op, f.value) for f in intent.filters] == [("year", "==", 2012)]
    assert reference_table(intent, folder / "events.csv")["rows"] == [[6]]


def test_a_german_year_column_is_what_the_years_restrict(folder: Path) -> None:
    intent = read_intent("Durchschnitt Betroffene pro Jahr von 2010 bis 2013", folder / "meldungen.csv")
    assert {f.column for f in intent.filters} == {"Jahr"}
    frame = _frame(folder, "meldungen.csv")
    expected = frame[frame.Jahr.between(2010, 2013)].groupby("Jahr").Betroffene.mean()
    got = {row[0]: row[1] for row in reference_table(intent, folder / "meldungen.csv")["rows"]}
    assert got == pytest.approx(expected.to_dict())


def test_a_named_date_column_or_a_full_date_keeps_the_date(folder: Path) -> None:
    named = read_intent("How many rows have a Date_Posted in 2014?", folder / "events.csv")
    assert {f.column for f in named.filters} == {"Date_Posted"}
    dated = read_intent("How many rows were posted after 2014-06-30?", folder / "events.csv")
    assert [(f.column, f.op) for f in dated.filters] == [("Date_Posted", ">")]


@pytest.mark.parametrize(
    ("request_text", "func"),
    [
        ("average number of individuals affected by State", "mean"),
        ("What is the median number of Individuals_Affected per State?", "median"),
        ("total number of individuals affected for each State", "sum"),
    ],
)
def test_number_of_a_measure_names_that_measure_only(folder: Path, request_text: str, func: str) -> None:
    intent = read_intent(request_text, folder / "events.csv")
    assert [(m.func, m.column) for m in intent.metrics] == [(func, "Individuals_Affected")]


def test_the_number_column_named_alone_is_still_that_column(folder: Path) -> None:
    intent = read_intent("average Number per State", folder / "events.csv")
    assert [(m.func, m.column) for m in intent.metrics] == [("mean", "Number")]
