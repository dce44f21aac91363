"""The counted thing names the rows, in four languages (issue 25, R5: answerable requests that asked back).

- "Wie viele Fahrzeuge ...", "number of cars per Antriebsart", "Combien de voitures ..." over a table of
  cars whose name says nothing: no column could count the cars (the year, a code like ``Zylinder``, a
  rate like ``MPG Stadt``) and the rows are no periods, so each row is one car;
- "number of Measles cases" over a file with one count column: "cases" is a name that column goes by;
- "¿Cuántos países ...?" over country-years: a row is one country in one year, so countries are distinct;
- "how many distinct years does the data cover?": the data's own verb changes nothing;
- "the 3 counties (Comté)": the bracket names the rows.

Every number is checked against pandas on small files written here; each near-miss (a count column
beside, a month or a panel, two count columns, a comparison, a verb that is not the data's) still asks or
refuses.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from tests.pipeline.reference_answers import read_intent, reference_table

from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError

_CLASSES = ["kompakt", "suv", "pickup"]


def _cars(k: int) -> dict[str, Any]:
    return {
        "Hersteller": ["audi", "ford", "toyota", "dodge"][k % 4],
        "Motorgröße (l)": round(1.6 + (k * 7 % 30) / 10, 1),
        "Baujahr": 1999 if k % 3 else 2008,
        "Zylinder": [4, 6, 8][k * 5 % 3],
        "Getriebe": "auto(l4)" if k % 4 else "manual(m5)",
        "Antriebsart": ["f", "4", "r"][k % 3 if k % 7 else 0],
        "MPG Stadt": 11 + k * 3 % 19,
        "MPG Autobahn": 15 + k * 5 % 27,
        "Fahrzeugklasse": _CLASSES[k * 2 % 3],
    }


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("rows_named")
    cars = pd.DataFrame([_cars(k) for k in range(90)])
    cars.to_csv(root / "verbrauch.csv", index=False)
    sold = cars.assign(Zulassungen=[100 + k * 37 % 900 for k in range(90)])  # a whole number that counts
    sold.to_csv(root / "zulassungen.csv", index=False)
    monthly = cars.assign(Monat=[1 + k % 12 for k in range(90)])  # one row per month: rows may be periods
    monthly.to_csv(root / "monatlich.csv", index=False)
    totals = [  # one row per city and vehicle class: group totals, with no column named like a count
        {"Stadt": c, "Fahrzeugklasse": t, "Mittlerer Preis": 15_000.5 + 1000 * i + 77 * j, "Tage": 30.5 + i}
        for i, c in enumerate(["Berlin", "Bonn", "Köln", "Ulm", "Kiel"])
        for j, t in enumerate(["kompakt", "suv", "pickup", "kombi"])
    ]
    pd.DataFrame(totals).to_csv(root / "zulassungen_je_stadt.csv", index=False)
    diseases = pd.DataFrame(
        [
            {
                "disease": d,
                "state": s,
                "year": y,
                "count": (i * 131 + j * 17 + y) % 900,
                "population": 10_000 * (j + 1),
            }
            for i, d in enumerate(["Measles", "Polio", "Mumps"])
            for j, s in enumerate(["Ohio", "Iowa", "Utah", "Texas"])
            for y in range(1958, 1963)
        ]
    )
    diseases.to_csv(root / "diseases.csv", index=False)
    diseases.assign(n=diseases["count"] // 2).to_csv(root / "two_counts.csv", index=False)
    countries = [("Kenya", "Afrique"), ("Ghana", "Afrique"), ("Tchad", "Afrique"), ("France", "Europe"),
                 ("Japon", "Asie")]  # fmt: skip
    world = pd.DataFrame(
        [
            {"Pays": c, "Continent": k, "Année": y, "Espérance de vie": 60.0 + i * 4 + (y - 2000) / 2}
            for i, (c, k) in enumerate(countries)
            for y in range(2000, 2012)
        ]
    )
    world.to_csv(root / "monde.csv", index=False)
    english = {"Pays": "country", "Continent": "continent", "Année": "year", "Espérance de vie": "life"}
    world.rename(columns=english).to_csv(root / "world.csv", index=False)
    counties = pd.DataFrame(
        [
            {
                "Comté": f"C{k % 40}",
                "État": ["IL", "IN", "OH"][k % 3],
                "Population totale": 1000 + 37 * k * (k % 7),
            }
            for k in range(50)
        ]
    )
    counties.to_csv(root / "midwest.csv", index=False)
    return root


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)  # the reference loader reads only under the working directory


def _scalar(table: dict[str, Any]) -> float:
    assert len(table["rows"]) == 1
    return float(table["rows"][0][-1])


def _by_key(table: dict[str, Any]) -> dict[str, float]:
    return {str(row[0]): float(row[-1]) for row in table["rows"]}


@pytest.mark.parametrize(
    ("request_text", "expected"),
    [
        ("Wie viele Fahrzeuge haben das Baujahr 2008?", lambda f: (f["Baujahr"] == 2008).sum()),
        ("How many vehicles get more than 30 MPG Autobahn?", lambda f: (f["MPG Autobahn"] > 30).sum()),
        ("Combien de véhicules ont Zylinder 6 ?", lambda f: (f["Zylinder"] == 6).sum()),
        ("¿Cuántos vehículos tienen Antriebsart f?", lambda f: (f["Antriebsart"] == "f").sum()),
    ],
)
def test_vehicles_counted_over_a_table_of_vehicles_are_its_rows(
    folder: Path, request_text: str, expected: Any
) -> None:
    path = folder / "verbrauch.csv"
    frame = pd.read_csv(path)
    intent = read_intent(request_text, path)
    assert any("'Fahrzeugklasse' gives each row one of them" in note for note in intent.notes)
    assert _scalar(reference_table(intent, path)) == float(expected(frame))


def test_vehicles_per_group_and_the_group_with_the_most_vehicles(folder: Path) -> None:
    path = folder / "verbrauch.csv"
    frame = pd.read_csv(path)
    per = _by_key(reference_table(read_intent("number of vehicles per Antriebsart", path), path))
    assert per == frame.groupby(frame["Antriebsart"].astype(str)).size().astype(float).to_dict()
    most = _by_key(
        reference_table(read_intent("Welche Fahrzeugklasse hat die meisten Fahrzeuge?", path), path)
    )
    sizes = frame.groupby("Fahrzeugklasse").size()
    assert most == {sizes.idxmax(): float(sizes.max())}


@pytest.mark.parametrize(
    "request_text",
    [
        "How many doors do suv have?",  # no column's name says each row has one door
        "How many gallons per Hersteller?",  # a unit: a quantity, not the rows
    ],
)
def test_a_noun_no_column_name_gives_each_row_still_asks(folder: Path, request_text: str) -> None:
    with pytest.raises(NeedsClarificationError, match="which column counts them"):
        read_intent(request_text, folder / "verbrauch.csv")


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("zulassungen.csv", "Zulassungen"),  # a whole-number column that could count them: which?
        ("monatlich.csv", "rows"),  # a month column: the rows may be months
    ],
)
def test_a_column_that_could_count_them_or_rows_that_may_be_periods_still_ask(
    folder: Path, name: str, why: str
) -> None:
    with pytest.raises(NeedsClarificationError, match="which column counts them") as asked:
        read_intent("Wie viele Fahrzeuge haben das Baujahr 2008?", folder / name)
    assert why in asked.value.choices


def test_a_panel_of_entity_years_still_asks_for_a_noun_tied_to_no_column(folder: Path) -> None:
    with pytest.raises(NeedsClarificationError, match="which column counts them"):
        read_intent("How many vaccines per state?", folder / "diseases.csv")  # rows are state-years
    with pytest.raises(NeedsClarificationError, match="which column counts them"):  # city x kind totals
        read_intent("Wie viele Fahrzeuge pro Stadt?", folder / "zulassungen_je_stadt.csv")


def test_cases_over_the_one_count_column_are_its_sum(folder: Path) -> None:
    path = folder / "diseases.csv"
    frame = pd.read_csv(path)
    intent = read_intent("Total number of Measles cases in 1960", path)
    assert any("as the sum of 'count'" in note for note in intent.notes)
    want = frame.loc[(frame.disease == "Measles") & (frame.year == 1960), "count"].sum()
    assert _scalar(reference_table(intent, path)) == float(want)
    per_year = _by_key(
        reference_table(read_intent("total Polio cases per year from 1959 to 1961", path), path)
    )
    polio = frame[(frame.disease == "Polio") & frame.year.between(1959, 1961)].groupby("year")["count"].sum()
    assert per_year == {str(y): float(v) for y, v in polio.items()}
    most = read_intent("Which state has the most Measles cases?", path)  # rows per state before: wrong
    totals = frame[frame.disease == "Measles"].groupby("state")["count"].sum()
    assert _by_key(reference_table(most, path)) == {totals.idxmax(): float(totals.max())}


def test_cases_with_two_count_columns_or_people_counted_still_ask(folder: Path) -> None:
    with pytest.raises(NeedsClarificationError, match="which column counts them"):
        read_intent("Total number of Measles cases in 1960", folder / "two_counts.csv")  # count or n?
    with pytest.raises(NeedsClarificationError, match="which column counts them"):  # rows before
        read_intent("Total number of Measles patients in 1960", folder / "diseases.csv")
    with pytest.raises(NeedsClarificationError, match="which column counts them"):  # mean of what?
        read_intent("What's the average number of cases per state?", folder / "diseases.csv")


@pytest.mark.parametrize(
    ("request_text", "name"),
    [
        ("Combien de pays en Afrique ?", "monde.csv"),
        ("How many countries of Afrique are in the data?", "world.csv"),
        ("¿Cuántos países de Afrique hay en los datos?", "world.csv"),
        ("Wie viele Länder gibt es in Afrique?", "world.csv"),
    ],
)
def test_countries_of_a_panel_are_its_distinct_names(folder: Path, request_text: str, name: str) -> None:
    path = folder / name
    frame = pd.read_csv(path)
    country, continent = frame.columns[0], frame.columns[1]
    intent = read_intent(request_text, path)
    assert any("counted as distinct" in note and "in one" in note for note in intent.notes)
    assert (
        _scalar(reference_table(intent, path)) == frame.loc[frame[continent] == "Afrique", country].nunique()
    )


def test_countries_with_a_comparison_still_ask_rows_or_distinct(folder: Path) -> None:
    with pytest.raises(NeedsClarificationError, match="rows or distinct"):  # in any year or every year?
        read_intent("Combien de pays ont une Espérance de vie supérieure à 70 ?", folder / "monde.csv")


def test_the_datas_own_verb_changes_nothing_and_is_said(folder: Path) -> None:
    path = folder / "diseases.csv"
    frame = pd.read_csv(path)
    intent = read_intent("For each disease, how many distinct years does the data cover?", path)
    assert "cover" in intent.unused_words
    assert (
        _by_key(reference_table(intent, path))
        == frame.groupby("disease")["year"].nunique().astype(float).to_dict()
    )
    with pytest.raises(UnmappableRequestError, match="exclude"):  # a verb that would change the rows
        read_intent("how many distinct years does the data exclude?", path)
    with pytest.raises(UnmappableRequestError, match="cover"):  # the verb is not the data's last word
        read_intent("how many distinct years does the data cover for Texas?", path)


def test_a_bracket_naming_the_rows_after_their_noun(folder: Path) -> None:
    path = folder / "midwest.csv"
    frame = pd.read_csv(path)
    intent = read_intent("Which 3 counties (Comté) have the largest Population totale?", path)
    assert any("'(Comté)' names the rows" in note for note in intent.notes)
    table = reference_table(intent, path)
    at = table["columns"].index("Population totale")
    top = frame.nlargest(3, "Population totale")["Population totale"].astype(float).tolist()
    assert [float(row[at]) for row in table["rows"]] == top
    with pytest.raises(UnmappableRequestError, match="État"):  # a bracket naming another column
        read_intent("Which 3 counties (État) have the largest Population totale?", path)
