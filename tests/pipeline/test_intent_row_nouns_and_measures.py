"""Issue 25, classes 1, 5, 7 (the old test half): row nouns that need no question, superlatives whose word
names the measure, "'X' in their name", "outside X", greetings and purpose phrases, a share of a numeric
value, "I need it to 2 decimal places". Numbers are checked against pandas; near-misses still ask or refuse.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from tests.pipeline.reference_answers import read_intent, reference_table

from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.pipeline.intent.reading import reading_sentence

STATES = ["IL", "IN", "MI", "OH", "WI"]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("rownouns")
    counties = [  # one row per county; county names repeat across states (as in the real file)
        {
            "Comté": f"C{k % 50}",
            "État": STATES[k % 5],
            "Catégorie": "AAR" if k % 3 else "LHU",
            "Superficie": 0.01 + (k * 7 % 13) / 100,
            "Population totale": 1000 + 37 * k,
            "Métropole": k % 2,
        }
        for k in range(60)
    ]
    pd.DataFrame(counties).to_csv(root / "midwest_fr.csv", index=False)
    monthly = [  # one row per city and month: "houses" are counted by sales or listings, not rows
        {"city": c, "year": y, "month": m, "sales": 100 + 3 * m + i, "listings": 900 - m + 5 * i}
        for i, c in enumerate(["Austin", "Dallas", "Houston"])
        for y in (2014, 2015)
        for m in range(1, 13)
    ]
    pd.DataFrame(monthly).to_csv(root / "monthly.csv", index=False)
    stores = [{"store": f"S{k}", "region": "N" if k % 2 else "S", "employees": 5 + k} for k in range(20)]
    pd.DataFrame(stores).to_csv(root / "register.csv", index=False)
    places = [
        {"name": f"{['Alpha', 'Beta', 'Gamma'][k % 3]} {'Municipal' if k % 4 == 0 else 'Regional'} {k}",
         "state": STATES[k % 5], "country": "USA" if k % 9 else "Canada",
         "latitude": 30.0 + (k * 11 % 37) * 0.7, "longitude": -120.0 + (k * 5 % 31)}
        for k in range(45)
    ]  # fmt: skip
    pd.DataFrame(places).to_csv(root / "airports.csv", index=False)
    birds = [
        {
            "species": ["Adelie", "Gentoo", "Chinstrap"][k % 3],
            "island": ["Biscoe", "Dream", "Torgersen"][k * 7 % 3 if k % 2 else (k + 1) % 3],
            "bill_length_mm": 35.0 + (k * 3 % 17),
            "flipper_length_mm": 180.0 + (k * 7 % 29),
            "body_mass_g": 3000.0 + (k * 131 % 2100),
            "Cylinders": [4, 6, 8, 4][k % 4],
        }
        for k in range(48)
    ]
    pd.DataFrame(birds).to_csv(root / "birds.csv", index=False)
    return root


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)  # the reference loader reads only under the working directory


def _by_key(table: dict[str, Any]) -> dict[str, float]:
    return {str(row[0]): float(row[-1]) for row in table["rows"]}


def _scalar(table: dict[str, Any]) -> float:
    return float(table["rows"][0][-1])


def test_counted_row_nouns_over_a_file_of_named_rows_are_the_rows(folder: Path) -> None:
    path = folder / "midwest_fr.csv"
    frame = pd.read_csv(path)
    intent = read_intent("count of counties per Catégorie", path)
    assert any("read as rows (counties)" in note and "'Comté'" in note for note in intent.notes)
    assert _by_key(reference_table(intent, path)) == frame.groupby("Catégorie").size().astype(float).to_dict()
    metro = frame[frame["Métropole"] == 1].groupby("État").size()
    got = _by_key(
        reference_table(
            read_intent("How many counties are metropolitan (Métropole = 1) in each État?", path), path
        )
    )
    assert got == metro.astype(float).to_dict()


def test_a_named_register_with_a_plural_count_column_still_asks(folder: Path) -> None:
    with pytest.raises(NeedsClarificationError, match="which column counts them"):
        read_intent("How many clerks per region?", folder / "register.csv")  # rows, or employees?


def test_a_noun_the_request_calls_rows_is_counted_as_rows(folder: Path) -> None:
    path = folder / "monthly.csv"  # no name column: only the bracket says what they are
    assert (
        _scalar(reference_table(read_intent("How many houses (rows) are there in total?", path), path)) == 72
    )
    with pytest.raises(NeedsClarificationError, match="which column counts them"):
        read_intent("How many houses per city in 2015?", path)  # sales, listings or rows: still asked
    with pytest.raises(NeedsClarificationError, match="which column counts them"):
        read_intent("Which city has the most houses?", path)  # "most" counts them too


def test_a_row_noun_that_is_not_counted_needs_no_question(folder: Path) -> None:
    path = folder / "monthly.csv"
    frame = pd.read_csv(path)
    intent = read_intent("What is the median sales of the Austin houses?", path)
    assert any("not counted" in note for note in intent.notes)
    assert _scalar(reference_table(intent, path)) == frame.loc[frame.city == "Austin", "sales"].median()


def test_a_superlative_before_its_own_column_ranks_by_that_column(folder: Path) -> None:
    path = folder / "birds.csv"
    frame = pd.read_csv(path)
    means = frame.groupby("island")["flipper_length_mm"].mean().sort_values(ascending=False)
    got = _by_key(
        reference_table(read_intent("Which island has the longest average flipper_length_mm?", path), path)
    )
    assert got == pytest.approx({means.index[0]: means.iloc[0]})
    heavy = frame.groupby("species")["body_mass_g"].mean().sort_values(ascending=False)
    got = _by_key(
        reference_table(read_intent("Which species has the heaviest birds on average?", path), path)
    )
    assert got == pytest.approx({heavy.index[0]: heavy.iloc[0]})
    with pytest.raises(NeedsClarificationError, match="which length column"):
        read_intent("Which island has the longest birds?", path)  # bill or flipper: asked as before


def test_a_direction_word_ranks_by_latitude_and_a_noun_after_it_refuses(folder: Path) -> None:
    path = folder / "airports.csv"
    frame = pd.read_csv(path)
    top = frame.sort_values("latitude", ascending=False).iloc[0]
    intent = read_intent("Which airport (name) is the furthest north?", path)
    assert "'furthest north' read as the highest 'latitude'" in reading_sentence(intent)
    assert _by_key(reference_table(intent, path)) == pytest.approx({top["name"]: top["latitude"]})
    with pytest.raises(UnmappableRequestError):
        read_intent("Which state has the northernmost airport?", path)  # the airport's row, or a mean?


def test_text_in_a_name_is_a_contains_filter_and_a_whole_value_stays_equal(folder: Path) -> None:
    path = folder / "airports.csv"
    frame = pd.read_csv(path)
    intent = read_intent("How many airports have 'Municipal' in their name?", path)
    assert [(f.column, f.op) for f in intent.filters] == [("name", "contains")]
    assert _scalar(reference_table(intent, path)) == frame["name"].str.contains("Municipal").sum()
    intent = read_intent("How many airports have IL in their state?", path)
    assert [(f.column, f.op, f.value) for f in intent.filters] == [("state", "==", "IL")]


def test_outside_a_value_is_not_that_value(folder: Path) -> None:
    path = folder / "airports.csv"
    frame = pd.read_csv(path)
    intent = read_intent("How many airports are outside the USA?", path)
    assert _scalar(reference_table(intent, path)) == (frame["country"] != "USA").sum()


def test_greetings_and_purposes_are_set_aside_and_named(folder: Path) -> None:
    path = folder / "birds.csv"
    frame = pd.read_csv(path)
    request = "Dear analyst, for our field report I would like the mean flipper_length_mm of the Adelie birds"
    request += " on Biscoe."
    intent = read_intent(request, path)
    assert {"Dear analyst,", "for our field report"} <= set(intent.unused_words)
    expected = frame.loc[(frame.species == "Adelie") & (frame.island == "Biscoe"), "flipper_length_mm"].mean()
    assert _scalar(reference_table(intent, path)) == pytest.approx(expected)
    request = (
        "We are preparing a report on the colony. Please compute the mean body_mass_g of the Gentoo birds."
    )
    intent = read_intent(request, path)
    assert _scalar(reference_table(intent, path)) == pytest.approx(
        frame.loc[frame.species == "Gentoo", "body_mass_g"].mean()
    )
    kept = read_intent(
        "For the Dream report, what is the mean body_mass_g?", path
    )  # a value: never set aside
    assert [(f.column, f.value) for f in kept.filters] == [("island", "Dream")]


def test_a_share_of_a_numeric_value_and_rounding_the_person_needs(folder: Path) -> None:
    path = folder / "birds.csv"
    frame = pd.read_csv(path)
    intent = read_intent("What percentage of birds have 4 Cylinders?", path)
    assert _scalar(reference_table(intent, path)) == pytest.approx((frame["Cylinders"] == 4).mean() * 100)
    intent = read_intent(
        "What is the average body_mass_g of the Gentoo birds? I need it to 2 decimal places.", path
    )
    assert intent.method is not None and intent.method.round_digits == 2


def test_words_that_keep_a_ranges_ends_are_set_aside_and_an_excluded_end_is_not(folder: Path) -> None:
    path = folder / "monthly.csv"
    frame = pd.read_csv(path)
    intent = read_intent("Mean sales for year between 2014 and 2015 (both years included).", path)
    assert intent.unused_words == ["(both years included)"]
    assert _scalar(reference_table(intent, path)) == pytest.approx(frame["sales"].mean())
    with pytest.raises(UnmappableRequestError, match="excluded"):
        read_intent("Mean sales for year between 2014 and 2015 (2015 excluded).", path)
