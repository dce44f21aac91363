"""Names defined in brackets or cut short, two-digit year columns and dates written as integers (issue 25).

A name after its description in brackets ("a minimum legal drinking age (mlda)", "the maximum weekly
manufacturing wage (Salaire hebdomadaire industrie)", "states (state code)"), a name cut to its initials
("packs per capita" for ``packpc``) with the verb of its ranking ("smoked the most"), years over a year
column of two-digit years ("year 81", "in 1982"), and dates kept as integers (``Datum`` = 830105, yymmdd;
``date`` = 19830105): each number is checked against pandas on a small file written here, and each
near-miss (a bracket that names no column, a verb of change, a two-digit year over four-digit years, a
date layout that disagrees) must still ask or refuse.
"""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from tests.pipeline.reference_answers import read_intent, reference_table

from mcpforge.exceptions import UnmappableRequestError
from mcpforge.pipeline.coded_dates import reading_of
from mcpforge.pipeline.intent import DatasetSchema

STATES = ["AL", "LA", "DE", "IN", "OR", "TX", "KY"]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("names_years")
    panel = [
        {
            "state": 10 + 3 * k,
            "year": y,
            "mrall": round(1.5 + ((k + 2) * (y - 1980)) % 11 * 0.1, 4),
            "mlda": 21 if (k + y) % 3 else 18,
            "mage": 20.0 + k + (y % 4),
            "packpc": 100.0 + 7 * k - 2.5 * (y - 1985) + (k * y) % 5,
            "tax": 30.0 + 3 * k + 1.5 * (y - 1985),
            "tsa": 1000.0 + 13 * k + (y % 7),
        }
        for k in range(len(STATES))
        for y in range(1985, 1991)
    ]
    pd.DataFrame(panel).to_csv(root / "panel.csv", index=False)
    crime = [
        {
            "Comté": c,
            "Année": a,
            "Région": ("west", "central", "other")[c % 3],
            "Densité": round(0.5 + ((c * 7 + a) % 13) / 10, 3),
            "Salaire hebdomadaire industrie": round(300 + (c * 37 + a * 11) % 97 * 3.1, 2),
            "Salaire hebdomadaire construction": round(250 + (c * 29 + a * 5) % 89 * 2.7, 2),
        }
        for c in range(1, 40, 2)
        for a in (81, 82, 83, 84)
    ]
    pd.DataFrame(crime).to_csv(root / "crime.csv", index=False)
    days = [date(1982, 1, 4) + timedelta(days=d) for d in range(0, 3 * 365, 3)]
    rates = [
        {
            "Datum": int(day.strftime("%y%m%d")),
            "Wechselkurs Yen": round(0.004 + (k % 17) / 10000, 6),
            "Wechselkurs Britisches Pfund": round(1.2 + (k % 23) / 100, 4),
            "Wechselkurs Schweizer Franken": round(0.45 + (k % 11) / 100, 4),
        }
        for k, day in enumerate(days)
    ]
    pd.DataFrame(rates).to_csv(root / "rates.csv", index=False)
    long_dates = [{"date": int(day.strftime("%Y%m%d")), "price": 10.0 + k % 7} for k, day in enumerate(days)]
    pd.DataFrame(long_dates).to_csv(root / "prices.csv", index=False)
    not_dates = [{"Datum": 830105 + 7 * k, "Wechselkurs Yen": 0.004 + k / 1e5} for k in range(40)]
    pd.DataFrame(not_dates).to_csv(root / "not_dates.csv", index=False)  # 830147 ...: no valid day
    return root


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)  # the reference loader reads only under the working directory


def _numbers(request: str, path: Path) -> tuple[dict[str, float], Any]:
    intent = read_intent(request, path)
    table = reference_table(intent, path)
    return {str(row[0]): float(row[-1]) for row in table["rows"]}, intent


def _scalar(request: str, path: Path) -> tuple[float, Any]:
    intent = read_intent(request, path)
    rows = reference_table(intent, path)["rows"]
    assert len(rows) == 1
    return float(rows[0][-1]), intent


def _keys(series: pd.Series) -> dict[str, float]:
    return {str(key): float(value) for key, value in series.items()}


# ------------------------------------------------------------------------------------ names in brackets
def test_an_abbreviation_in_brackets_takes_its_whole_description(folder: Path) -> None:
    path = folder / "panel.csv"
    df = pd.read_csv(path)
    got, intent = _scalar("How many rows have a minimum legal drinking age (mlda) of 21?", path)
    assert got == int((df["mlda"] == 21).sum())
    assert any("'minimum legal drinking age' as the label of (mlda)" in note for note in intent.notes)
    # two words are too weak a sign to drop an aggregation: "mean age (mage)" is the mean of mage
    by_state, intent = _numbers("the mean age (mage) by state", path)
    assert by_state == pytest.approx(_keys(df.groupby("state")["mage"].mean()))
    # nor when the aggregation it spells is the request's only one: the total of tsa, never its mean
    by_state, intent = _numbers("What is the total sales amount (tsa) by state?", path)
    assert by_state == pytest.approx(_keys(df.groupby("state")["tsa"].sum()))


def test_a_bracket_that_says_what_the_column_holds(folder: Path) -> None:
    path = folder / "panel.csv"
    df = pd.read_csv(path)
    intent = read_intent("Top 3 states (state code) by average mrall", path)
    table = reference_table(intent, path)
    expected = df.groupby("state")["mrall"].mean().sort_values(ascending=False).head(3)
    assert [str(row[0]) for row in table["rows"]] == [str(k) for k in expected.index]
    assert [float(row[-1]) for row in table["rows"]] == pytest.approx(list(expected))
    with pytest.raises(UnmappableRequestError):  # no kind noun: a word that names nothing stays unread
        read_intent("Top 3 states (state capital) by average mrall", path)


def test_a_foreign_name_described_word_for_word(folder: Path) -> None:
    path = folder / "crime.csv"
    df = pd.read_csv(path)
    request = "What is the maximum weekly manufacturing wage (Salaire hebdomadaire industrie) in each region?"
    got, intent = _numbers(request, path)
    assert got == pytest.approx(_keys(df.groupby("Région")["Salaire hebdomadaire industrie"].max()))
    assert intent.metrics[0].func == "max"
    # a bracket that names no column (two wages share its words) is no label: asked or refused
    with pytest.raises(UnmappableRequestError):
        read_intent("What is the maximum weekly wage (Salaire hebdomadaire) in each region?", path)


def test_a_name_cut_to_its_initials_and_the_verb_of_a_ranking(folder: Path) -> None:
    path = folder / "panel.csv"
    df = pd.read_csv(path)
    got, intent = _numbers("average packs per capita by state", path)
    assert got == pytest.approx(_keys(df.groupby("state")["packpc"].mean()))
    intent = read_intent("Which 3 states smoked the most packs per capita in 1990?", path)
    table = reference_table(intent, path)
    expected = df[df["year"] == 1990].set_index("state")["packpc"].sort_values(ascending=False).head(3)
    assert [str(row[0]) for row in table["rows"]] == [str(k) for k in expected.index]
    assert [float(row[-1]) for row in table["rows"]] == pytest.approx(list(expected))
    assert "smoked" in intent.unused_words
    with pytest.raises(UnmappableRequestError, match="lost"):  # a change, which a ranking does not compute
        read_intent("Which 3 states lost the most packs per capita in 1990?", path)


# ------------------------------------------------------------------------------------ two-digit years
def test_years_over_a_column_of_two_digit_years(folder: Path) -> None:
    path = folder / "crime.csv"
    df = pd.read_csv(path)
    got, _ = _numbers("How many rows per region are there for year 81?", path)
    assert got == pytest.approx(_keys(df[df["Année"] == 81].groupby("Région").size()))
    got, intent = _numbers("How many rows per region are there in 1982?", path)
    assert got == pytest.approx(_keys(df[df["Année"] == 82].groupby("Région").size()))
    assert any("'1982' read as Année = 82" in note for note in intent.notes)
    got, _ = _numbers("average Densité per year", path)
    assert got == pytest.approx(_keys(df.groupby("Année")["Densité"].mean()))
    value, _ = _scalar("average Densité between 1982 and 1983", path)
    assert value == pytest.approx(df[df["Année"].between(82, 83)]["Densité"].mean())


def test_a_two_digit_year_over_four_digit_years_is_refused(folder: Path) -> None:
    with pytest.raises(UnmappableRequestError, match="write the year in full"):
        read_intent("How many rows per state are there for year 85?", folder / "panel.csv")


# ------------------------------------------------------------------------------------ dates as integers
def test_a_date_column_of_integers_is_read_as_dates(folder: Path) -> None:
    schema = DatasetSchema.from_file(folder / "rates.csv")
    assert schema.get("Datum").date_reading == reading_of("yymmdd")  # type: ignore[union-attr]
    assert DatasetSchema.from_file(folder / "prices.csv").get("date").date_reading == reading_of("yyyymmdd")  # type: ignore[union-attr]
    assert DatasetSchema.from_file(folder / "not_dates.csv").get("Datum").date_reading is None  # type: ignore[union-attr]


def test_years_over_dates_written_yymmdd(folder: Path) -> None:
    path = folder / "rates.csv"
    df = pd.read_csv(path)
    year = 1900 + df["Datum"] // 10000
    value, intent = _scalar("Nur Beobachtungen aus 1983: mittlerer Wechselkurs Yen", path)
    assert value == pytest.approx(df.loc[year == 1983, "Wechselkurs Yen"].mean())
    assert any("read as Datum between 830101 and 831231" in note for note in intent.notes)
    request = "Median des Wechselkurses Britisches Pfund im Jahr 1984 (das Datum hat das Format JJMMTT)."
    value, intent = _scalar(request, path)
    assert value == pytest.approx(df.loc[year == 1984, "Wechselkurs Britisches Pfund"].median())
    assert intent.metrics[0].column == "Wechselkurs Britisches Pfund"
    request = (
        "Mittlerer Wechselkurs Schweizer Franken pro Jahr (Jahr = 1900 + die ersten zwei Ziffern des Datums)"
    )
    got, _ = _numbers(request, path)
    expected = df.groupby(year)["Wechselkurs Schweizer Franken"].mean()
    assert {float(k): v for k, v in got.items()} == pytest.approx({float(k): v for k, v in expected.items()})
    value, _ = _scalar("average Wechselkurs Yen since 1984", path)
    assert value == pytest.approx(df.loc[year >= 1984, "Wechselkurs Yen"].mean())


def test_years_over_dates_written_yyyymmdd(folder: Path) -> None:
    path = folder / "prices.csv"
    df = pd.read_csv(path)
    value, _ = _scalar("average price in 1983", path)
    assert value == pytest.approx(df.loc[df["date"] // 10000 == 1983, "price"].mean())


@pytest.mark.parametrize(
    ("file", "request_text"),
    [
        ("rates.csv", "average Wechselkurs Yen (Datum in format DDMMYY)"),  # a layout that disagrees
        (
            "rates.csv",
            "Mittlerer Wechselkurs Yen pro Jahr (Jahr = 2000 + die ersten zwei Ziffern des Datums)",
        ),
        ("rates.csv", "median of the Wechselkurses"),  # an inflected word of several names: none of them
        ("not_dates.csv", "mean Wechselkurs Yen in 1983"),  # not every value is a date: no time
    ],
)
def test_near_misses_of_integer_dates_ask_or_refuse(folder: Path, file: str, request_text: str) -> None:
    with pytest.raises(UnmappableRequestError):
        read_intent(request_text, folder / file)
