"""The rows' own nouns (issue 25, R1): "how many bikes ...", "share of the mothers ...", "¿cuántas ...?".

A counted noun that names no column and no value is the rows when the file's shape leaves nothing else to
count it with: a table of things whose whole-number columns are codes, years and measures in units (no
column could count bikes), or a file of people (a sex column, an age) whose columns do not name the noun.
The reading says so ("each row read as one 'bike'"), and the numbers are checked against pandas.

Near misses keep their question: a unit ("how many kilos"), the object of a question about one row ("how
many gears does the Rex have"), a column named by the noun or its synonym (``kids`` for "children"), a
panel of brand-years (counting rows would count brand-years), and a gender word over a file that has the
value (it filters: "men" is ``sex = male``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from tests.pipeline.reference_answers import read_intent, reference_table

from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError

_BRANDS = ["Rex", "Vela", "Orca", "Lynx"]


def _bike(k: int) -> dict[str, Any]:
    return {
        "Marke": _BRANDS[k % 4],
        "Gänge": [3, 7, 21][k * 5 % 3],  # a code: three values on many rows each
        "Baujahr": 2015 if k % 3 else 2020,
        "Gewicht (kg)": round(9.5 + (k * 7 % 40) / 4, 2),
        "Rahmen": ["alu", "stahl", "carbon"][k % 3 if k % 5 else 0],
    }


def _person(k: int, *, sex: bool) -> dict[str, Any]:
    row: dict[str, Any] = {
        "age": 18 + k * 7 % 50,
        "marital": ["married", "single", "divorced"][k % 3 if k % 4 else 1],
        "school": ["Hauptschule", "Realschule", "Gymnasium"][k * 2 % 3],
        "income": 1000 + k * 131 % 4000,
    }
    if sex:
        row["sex"] = "male" if k % 2 else "female"
    return row


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("row_nouns")
    pd.DataFrame([_bike(k) for k in range(80)]).to_csv(root / "tabelle.csv", index=False)
    pd.DataFrame([_person(k, sex=True) for k in range(60)]).to_csv(root / "umfrage.csv", index=False)
    pd.DataFrame([_person(k, sex=False) for k in range(60)]).to_csv(root / "panel_survey.csv", index=False)
    with_kids = pd.DataFrame([{**_person(k, sex=True), "kids": k % 4} for k in range(60)])
    with_kids.to_csv(root / "haushalt.csv", index=False)
    years = [  # one row per brand and year: counting rows would count brand-years
        {"Marke": b, "year": y, "Gewicht (kg)": 10.0 + i + (y - 2010) / 4}
        for i, b in enumerate(_BRANDS)
        for y in range(2010, 2020)
    ]
    pd.DataFrame(years).to_csv(root / "marken.csv", index=False)
    countries = [  # country x year; Chad has no row in 2005
        {"country": c, "year": y, "life": 50.0 + 3 * i + (y - 2000) * (1 + i % 2)}
        for i, c in enumerate(["Kenya", "Ghana", "Chad", "France", "Japan", "Peru"])
        for y in range(2000, 2010)
        if (c, y) != ("Chad", 2005)
    ]
    pd.DataFrame(countries).to_csv(root / "world.csv", index=False)
    persons = [  # a person-year panel keyed by a numbered person
        {"person_id": p, "year": y, "wage": 100 + p * 7 + y % 5, "married": "yes" if p % 2 else "no"}
        for p in range(1, 31)
        for y in range(1976, 1983)
    ]
    pd.DataFrame(persons).to_csv(root / "psid.csv", index=False)
    return root


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)  # the reference loader reads only under the working directory


def _scalar(table: dict[str, Any]) -> float:
    assert len(table["rows"]) == 1
    return float(table["rows"][0][-1])


@pytest.mark.parametrize(
    ("request_text", "noun", "expected"),
    [
        ("How many bikes have a Gewicht (kg) above 15?", "bike", lambda f: (f["Gewicht (kg)"] > 15).sum()),
        ("How many bicycles have Rahmen carbon?", "bicycle", lambda f: (f["Rahmen"] == "carbon").sum()),
        ("number of frames with Baujahr 2020", "frame", lambda f: (f["Baujahr"] == 2020).sum()),
        ("¿Cuántas bicicletas tienen Gänge 21?", "bicicleta", lambda f: (f["Gänge"] == 21).sum()),
    ],
)
def test_a_counted_noun_over_a_table_nothing_could_count_is_its_rows(
    folder: Path, request_text: str, noun: str, expected: Any
) -> None:
    path = folder / "tabelle.csv"
    intent = read_intent(request_text, path)
    assert any(f"each row read as one {noun!r}" in note for note in intent.notes), intent.notes
    assert _scalar(reference_table(intent, path)) == float(expected(pd.read_csv(path)))


def test_a_counted_noun_per_group_counts_rows_per_group(folder: Path) -> None:
    path = folder / "tabelle.csv"
    frame = pd.read_csv(path)
    table = reference_table(read_intent("number of bikes per Marke", path), path)
    assert {str(r[0]): float(r[-1]) for r in table["rows"]} == frame.groupby("Marke").size().astype(
        float
    ).to_dict()


@pytest.mark.parametrize(
    ("request_text", "expected"),
    [
        ("what percentage of the mothers are married?", lambda f: 100 * (f["marital"] == "married").mean()),
        ("How many pupils go to a Gymnasium?", lambda f: float((f["school"] == "Gymnasium").sum())),
        ("Combien de mères sont divorced ?", lambda f: float((f["marital"] == "divorced").sum())),
    ],
)
def test_a_person_noun_over_a_file_of_people_is_its_rows(
    folder: Path, request_text: str, expected: Any
) -> None:
    path = folder / "umfrage.csv"
    intent = read_intent(request_text, path)
    assert any("each row describes one person" in note for note in intent.notes), intent.notes
    assert _scalar(reference_table(intent, path)) == pytest.approx(expected(pd.read_csv(path)))


def test_men_filter_by_the_sex_value_when_the_file_has_it_and_are_the_rows_when_not(folder: Path) -> None:
    with_sex = folder / "umfrage.csv"
    frame = pd.read_csv(with_sex)
    intent = read_intent("How many men are married?", with_sex)
    assert {(f.column, f.value) for f in intent.filters} >= {("sex", "male")}
    want = ((frame["sex"] == "male") & (frame["marital"] == "married")).sum()
    assert _scalar(reference_table(intent, with_sex)) == float(want)
    without = folder / "panel_survey.csv"
    intent = read_intent("How many of the men are married?", without)
    assert any("each row read as one 'man'" in note for note in intent.notes), intent.notes
    assert _scalar(reference_table(intent, without)) == float(
        (pd.read_csv(without)["marital"] == "married").sum()
    )


@pytest.mark.parametrize(
    ("name", "request_text"),
    [
        ("tabelle.csv", "How many kilos per Marke?"),  # a unit: a quantity, not the rows
        ("tabelle.csv", "How many gears does the Rex have?"),  # the gears of some rows, not rows
        ("haushalt.csv", "How many children go to a Gymnasium?"),  # ``kids`` may count the children
        ("marken.csv", "How many bikes per Marke?"),  # brand-years, not bikes
    ],
)
def test_a_noun_something_else_could_count_is_never_a_silent_row_count(
    folder: Path, name: str, request_text: str
) -> None:
    with pytest.raises((NeedsClarificationError, UnmappableRequestError)):
        read_intent(request_text, folder / name)


@pytest.mark.parametrize(
    ("request_text", "year"),
    [
        ("How many countries had a life below 62 in 2005?", 2005),
        ("¿Cuántos países tienen un life mayor que 60 en 2003?", 2003),
    ],
)
def test_a_panel_with_one_year_kept_counts_distinct_names(folder: Path, request_text: str, year: int) -> None:
    path = folder / "world.csv"
    frame = pd.read_csv(path)
    intent = read_intent(request_text, path)
    assert any(
        "counted as distinct 'country'" in note and "one year is kept" in note for note in intent.notes
    )
    kept = frame[frame["year"] == year]
    below = kept["life"] < 62 if "below" in request_text else kept["life"] > 60
    assert _scalar(reference_table(intent, path)) == float(kept.loc[below, "country"].nunique())


@pytest.mark.parametrize(
    "request_text",
    [
        "How many countries had a life below 62?",  # in any year or in every year: asked
        "How many countries had a life below 2003 in 2005?",  # two numbers that could be years: asked
    ],
)
def test_a_panel_without_one_year_kept_is_never_a_silent_row_count(folder: Path, request_text: str) -> None:
    with pytest.raises((NeedsClarificationError, UnmappableRequestError)):
        read_intent(request_text, folder / "world.csv")


@pytest.mark.parametrize(
    "request_text",
    [
        "How many respondents are in the file?",
        "Combien de personnes ont un wage supérieur à 200 ?",
        "How many people are married?",
    ],
)
def test_people_over_a_panel_of_numbered_persons_are_never_its_rows(folder: Path, request_text: str) -> None:
    with pytest.raises((NeedsClarificationError, UnmappableRequestError), match="person_id"):
        read_intent(request_text, folder / "psid.csv")


def test_rows_of_a_panel_of_numbered_persons_are_counted_when_asked_for(folder: Path) -> None:
    path = folder / "psid.csv"
    intent = read_intent("How many rows have a wage above 200?", path)
    assert _scalar(reference_table(intent, path)) == float((pd.read_csv(path)["wage"] > 200).sum())


def test_the_question_offers_the_rows_and_the_columns_that_could_count_them(folder: Path) -> None:
    with pytest.raises(NeedsClarificationError, match="which column counts them") as asked:
        read_intent("How many children go to a Gymnasium?", folder / "haushalt.csv")
    assert {"rows", "kids"} <= set(asked.value.choices)
