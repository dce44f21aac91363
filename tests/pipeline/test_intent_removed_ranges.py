"""Rows removed by a comparison and numbered steps (issue 25, blind6 classes); rows where a value is there are
in test_intent_available_values.py.

- "drop every row before 1965" keeps the rows from 1965 onwards (it had been read as ``year < 1965``: the
  rows it asked to drop); the same for "remove rows where price is below 2", "ignoring years after 1975",
  "exclude rows with gas > 4"; a removal that cannot be turned round (two joined conditions, a noun that is
  no row) is refused, never read as a filter keeping the rows;
- labels of numbered steps ("(1) … (2) … (3)", "1) … 2) …", "1. … 2. …") are set aside, never numbers.

Numbers are checked against pandas on a small file written here.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pandas as pd
import pytest
from tests.pipeline.reference_answers import read_intent, reference_table

from mcpforge.exceptions import UnmappableRequestError
from mcpforge.pipeline.intent.language.numbered_steps import strip_step_labels
from mcpforge.pipeline.intent.rows.removed_ranges import keep_the_rest, unread_removal


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("removed_ranges")
    countries = ["Austria", "Canada", "Japan", "Turkey"]
    frame = pd.DataFrame(
        {
            "country": [c for c in countries for _ in range(1960, 1979)],
            "year": [y for _ in countries for y in range(1960, 1979)],
            "gas": [round(3 + ((k * 7) % 23) / 10, 3) for k in range(len(countries) * 19)],
            "price": [round(-1 + ((k * 11) % 29) / 10, 3) for k in range(len(countries) * 19)],
        }
    )
    frame.to_csv(root / "gas.csv", index=False)
    return root


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)  # the reference loader reads only under the working directory


def _per_country(request: str, path: Path) -> dict[str, float]:
    table = reference_table(read_intent(request, path), path)
    return {row[0]: float(row[-1]) for row in table["rows"]}


@pytest.mark.parametrize(
    ("request_text", "kept"),
    [
        ("drop every row before 1965, then the mean price by country", lambda f: f["year"] >= 1965),
        ("remove the rows before 1965 and give the mean price by country", lambda f: f["year"] >= 1965),
        ("Ignoring years after 1975, the mean price by country", lambda f: f["year"] <= 1975),
        ("Drop rows where gas is below 4, then mean price by country", lambda f: f["gas"] >= 4),
        ("exclude rows with gas > 4; mean price by country", lambda f: f["gas"] <= 4),
        ("mean price by country after removing observations with gas above 4.5", lambda f: f["gas"] <= 4.5),
    ],
)
def test_a_removal_keeps_the_other_rows(
    folder: Path, request_text: str, kept: Callable[[pd.DataFrame], pd.Series]
) -> None:
    frame = pd.read_csv(folder / "gas.csv")
    expected = frame[kept(frame)].groupby("country")["price"].mean()
    answer = _per_country(request_text, folder / "gas.csv")
    assert answer == pytest.approx(expected.to_dict())
    assert any(
        "read as keeping the other rows" in note
        for note in read_intent(request_text, folder / "gas.csv").notes
    )


@pytest.mark.parametrize(
    "request_text",
    [
        "drop rows before 1965 or after 1975, then the mean price by country",
        "drop the countries with gas above 5, then the mean price by country",
        "remove any country whose gas is over 4; mean price by country",
    ],
)
def test_a_removal_that_cannot_be_turned_round_refuses(folder: Path, request_text: str) -> None:
    with pytest.raises(UnmappableRequestError):
        read_intent(request_text, folder / "gas.csv")


def test_keeping_rows_is_read_as_written(folder: Path) -> None:
    frame = pd.read_csv(folder / "gas.csv")
    expected = frame[frame["year"] < 1965].groupby("country")["price"].mean()
    answer = _per_country("mean price by country for the rows before 1965", folder / "gas.csv")
    assert answer == pytest.approx(expected.to_dict())


def test_numbered_steps_are_labels_in_order(folder: Path) -> None:
    request_text = (
        "Steps: (1) drop every row before 1965; (2) for each country, compute the mean of price; "
        "(3) report it rounded to 2 decimals."
    )
    frame = pd.read_csv(folder / "gas.csv")
    expected = frame[frame["year"] >= 1965].groupby("country")["price"].mean()
    intent = read_intent(request_text, folder / "gas.csv")
    assert {"(1)", "(2)", "(3)"} <= set(intent.unused_words)
    answer = _per_country(request_text, folder / "gas.csv")
    assert answer == pytest.approx(expected.round(2).to_dict(), abs=0.006)


@pytest.mark.parametrize(
    ("text", "labels"),
    [
        ("1) Gardez l'année 1976. 2) Donnez la moyenne", ["1)", "2)"]),
        ("Bitte so vorgehen: 1. nur 2000; 2. den Mittelwert", ["Bitte so vorgehen:", "1.", "2."]),
        ("a) the mean; b) the median", ["a)", "b)"]),
        ("1. What is the mean price?", []),  # one label: the question's own (strip_numbering)
        ("the mean rounded to 2. Then 3. the median", []),  # not a sequence from 1
        ("1. the mean; b) the median", []),  # two kinds of label
    ],
)
def test_only_a_whole_sequence_of_labels_is_set_aside(text: str, labels: list[str]) -> None:
    assert strip_step_labels(text)[1] == labels


@pytest.mark.parametrize(
    "text",
    [
        "supprimez les lignes before 1965, then the mean of price by country",
        "Entferne alle Zeilen before 1965 and the mean of price by country",
        "elimina las filas before 1965, then the mean of price by country",
    ],
)
def test_a_removal_verb_left_by_the_translation_keeps_the_other_rows(text: str) -> None:
    """Whatever the translation makes of "avant"/"vor"/"antes de", its removal verb is never silent."""
    assert keep_the_rest(text).text.startswith("for the rows from 1965 onwards")
    assert unread_removal("supprimez les lignes before 1965 or after 1975") == "supprimez"


@pytest.mark.parametrize(
    ("request_text", "kept"),
    [
        ("mean price by country, other than rows before 1965", lambda f: f["year"] >= 1965),
        ("mean price by country except the years before 1965", lambda f: f["year"] >= 1965),
        ("mean price by country, apart from years after 1975", lambda f: f["year"] <= 1975),
        ("mean price by country without the years before 1965", lambda f: f["year"] >= 1965),
        ("mean price by country, leaving aside rows with gas above 5", lambda f: f["gas"] <= 5),
    ],
)
def test_words_that_leave_rows_out_keep_the_other_rows(
    folder: Path, request_text: str, kept: Callable[[pd.DataFrame], pd.Series]
) -> None:
    frame = pd.read_csv(folder / "gas.csv")
    expected = frame[kept(frame)].groupby("country")["price"].mean()
    assert _per_country(request_text, folder / "gas.csv") == pytest.approx(expected.to_dict())


@pytest.mark.parametrize(
    "request_text",
    [
        "Drop every row with a negative price, then compute the mean gas.",
        "Remove the rows where country is Japan, then give the mean gas.",
        "Drop rows where country is Turkey, then the mean gas by year",
        "Delete the rows with a positive price and give the mean gas",
        "Get rid of the records whose country is Canada; mean gas?",
    ],
)
def test_a_condition_after_a_verb_that_takes_rows_away_is_never_the_rows_kept(
    folder: Path, request_text: str
) -> None:
    with pytest.raises(UnmappableRequestError, match="removes rows by a condition"):
        read_intent(request_text, folder / "gas.csv")


def test_excluding_a_value_still_keeps_the_other_rows(folder: Path) -> None:
    intent = read_intent("Exclude the Japan rows, then the mean gas", folder / "gas.csv")
    assert [(f.column, f.op, f.value) for f in intent.filters] == [("country", "!=", "Japan")]
