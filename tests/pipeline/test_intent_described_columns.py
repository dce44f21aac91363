"""Columns and values named by description (issue 25): a code in brackets or in a list of codes ("Hawaii
(HI)", "WA, OR and CA"), the "(%)" inside a header, a noun after a column ("clarity grade", "the median
price") and the time of the row's recording ("survey year"). Each number is checked against pandas; each
near-miss must still ask or refuse.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from tests.pipeline.reference_answers import read_intent, reference_table

from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError

STATES = ["HI", "OR", "IN", "WA", "CA", "TX"]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("described")
    airports = [
        {
            "iata": f"A{k}{s}",
            "state": s,
            "latitude": 20.0 + 3 * k + 0.37 * j,
            "longitude": -150.0 + 5 * k - 0.9 * j,
        }
        for k, s in enumerate(STATES)
        for j in range(4)
    ]
    pd.DataFrame(airports).to_csv(root / "airports.csv", index=False)
    counties = [
        {
            "Comté": f"C{k}{j}",
            "État": s,
            "Population totale": 1000 + 137 * j + 50 * k,
            "Diplômés du supérieur (%)": 10 + (j * 7 + k) % 13 * 0.8,
            "Sous le seuil de pauvreté (%)": 8 + (j * 5 + 3 * k) % 11 * 0.6,
            "Métropole": j % 2,
            "Diplômés du secondaire (%)": 60 + (j * 3 + k) % 7,
            "Pauvreté connue (%)": 95 + (j + k) % 4,
            "Enfants pauvres (%)": 12 + (j * 2 + k) % 9,
        }
        for k, s in enumerate(["IN", "OH", "MI"])
        for j in range(6)
    ]
    pd.DataFrame(counties).to_csv(root / "midwest.csv", index=False)
    gems = [
        {"clarity": c, "cut": "Ideal" if j % 2 else "Good", "price": 500 + 300 * k + 41 * j, "sales": 3 + j}
        for k, c in enumerate(["SI2", "VS1", "IF"])
        for j in range(5)
    ]
    pd.DataFrame(gems).to_csv(root / "gems.csv", index=False)
    houses = [
        {
            "city": c,
            "year": y,
            "median": 90000 + 7000 * k + 1300 * (y - 2000) + (k * y) % 9 * 100,
            "sales": 10 + k,
        }
        for k, c in enumerate(["El Paso", "Austin"])
        for y in range(2000, 2006)
    ]
    pd.DataFrame(houses).to_csv(root / "houses.csv", index=False)
    survey = [
        {
            "year": y,
            "birthyear": 1980 + (j % 4),
            "income": 30000 + 900 * j + 2000 * (y - 1999),
            "size": 2 + j % 3,
        }
        for y in (1999, 2000, 2001)
        for j in range(5)
    ]
    pd.DataFrame(survey).to_csv(root / "survey.csv", index=False)
    cars = [
        {
            "Name": f"car {k}",
            "Cylinders": (4, 6, 8)[k % 3],
            "Horsepower": 70 + 11 * k if k % 7 else None,
            "Year": 70 + k % 5,
            "segment": ("suv", "compact", "pickup")[k % 3 - 1],
        }
        for k in range(30)
    ]
    pd.DataFrame(cars).to_csv(root / "cars.csv", index=False)
    family = [
        {"meducation": 9 + j % 6 * 1.5, "income": 20000 + 3100 * j - 40 * j * j, "year": 1994 + j % 4}
        for j in range(24)
    ]
    pd.DataFrame(family).to_csv(root / "family.csv", index=False)
    firms = [
        {
            "firm": f,
            "year": y,
            "invest": 40.0 + 13 * k + 2.5 * (y - 1950),
            "capital": 5.0 + k + 0.3 * (y - 1950),
        }
        for k, f in enumerate(["General Motors", "Chrysler", "Westinghouse"])
        for y in range(1950, 1956)
    ]
    pd.DataFrame(firms).to_csv(root / "firms.csv", index=False)
    return root


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)  # the reference loader reads only under the working directory


def _table(request: str, path: Path, answers: dict[str, str] | None = None) -> dict[str, Any]:
    return reference_table(read_intent(request, path, answers), path)


def _scalar(request: str, path: Path, column: int | str = -1) -> float:
    table = _table(request, path)
    at = table["columns"].index(column) if isinstance(column, str) else column
    return float(table["rows"][0][at])


def _by_key(table: dict[str, Any]) -> dict[str, float]:
    return {str(row[0]): float(row[-1]) for row in table["rows"]}


def test_a_code_in_brackets_after_its_name_is_the_value(folder: Path) -> None:
    path = folder / "airports.csv"
    frame = pd.read_csv(path)
    expected = frame.loc[frame["state"] == "HI", "longitude"].mean()
    for request in (
        "Average longitude of the airports in Hawaii (HI)",
        "Average longitude of the airports in Hawaii ('HI')",
        "Average longitude of the airports in Hawaii (state HI)",
    ):
        assert _scalar(request, path) == pytest.approx(expected), request
    counties = folder / "midwest.csv"
    pop = pd.read_csv(counties)
    indiana = pop.loc[pop["État"] == "IN", "Population totale"].mean()
    assert _scalar("Average Population totale in Indiana (IN)", counties) == pytest.approx(indiana)


def test_a_code_listed_among_codes_joins_their_condition(folder: Path) -> None:
    path = folder / "airports.csv"
    frame = pd.read_csv(path)
    expected = frame[frame["state"].isin(["WA", "OR", "CA"])].groupby("state")["latitude"].max()
    got = _by_key(_table("For WA, OR and CA, the largest latitude in each state.", path))
    assert got == pytest.approx({str(k): v for k, v in expected.items()})
    count = int(frame["state"].isin(["TX", "IN"]).sum())
    assert _scalar("How many airports are in TX and IN?", path) == count


def test_a_code_that_is_a_word_outside_a_list_or_brackets_still_refuses(folder: Path) -> None:
    path = folder / "airports.csv"
    for request in (
        "How many airports in OR?",  # alone: the word or the code
        "For WA, 'OR' and CA, the largest latitude in each state.",  # quoted in a list: not read, refused
        "average latitude for WA OR CA",  # no comma: "OR" may join the two
    ):
        with pytest.raises(UnmappableRequestError, match="also an English word"):
            read_intent(request, path)


def test_the_percent_sign_inside_a_header_is_part_of_its_name(folder: Path) -> None:
    path = folder / "midwest.csv"
    frame = pd.read_csv(path)
    a, b = "Diplômés du supérieur (%)", "Sous le seuil de pauvreté (%)"
    expected = frame[a].corr(frame[b])
    got = _scalar(f"Correlation between {a} and {b}", path, "correlation")
    assert got == pytest.approx(expected)
    median = frame.loc[frame["Métropole"] == 1, b].median()
    request = f"Médiane de « {b} » pour les comtés en zone métropolitaine (Métropole = 1)"
    assert _scalar(request, path) == pytest.approx(median)


def test_a_share_sign_outside_any_header_is_still_accounted(folder: Path) -> None:
    with pytest.raises(UnmappableRequestError, match="'%'"):
        read_intent("Mean Population totale (%) by État", folder / "midwest.csv")


def test_a_label_noun_after_a_category_column_is_its_name(folder: Path) -> None:
    path = folder / "gems.csv"
    means = pd.read_csv(path).groupby("clarity")["price"].mean().sort_values(ascending=False)
    got = _by_key(_table("Which clarity grade has the highest mean price?", path))
    assert got == pytest.approx({str(means.index[0]): means.iloc[0]})


def test_a_noun_after_a_column_named_like_a_statistic_is_what_it_holds(folder: Path) -> None:
    path = folder / "houses.csv"
    frame = pd.read_csv(path)
    expected = frame.loc[frame["city"] == "El Paso", "median"].std()
    assert _scalar("El Paso: standard deviation of the median price", path) == pytest.approx(expected)


def test_a_noun_after_a_numeric_column_naming_another_quantity_refuses(folder: Path) -> None:
    for request, path in (
        ("average sales price", folder / "gems.csv"),  # the price of sales is no count of sales
        ("average sales price per city", folder / "houses.csv"),
    ):
        with pytest.raises(UnmappableRequestError, match="'price'"):
            read_intent(request, path)


def test_the_survey_year_is_the_rows_own_year(folder: Path) -> None:
    path = folder / "survey.csv"
    frame = pd.read_csv(path)
    expected = frame.loc[frame["year"] == 2000, "income"].mean()
    assert _scalar("Mean household income in survey year 2000?", path) == pytest.approx(expected)
    intent = read_intent("Mean income in survey year 2000?", path)
    assert any("survey year" in note for note in intent.notes)
    sizes = frame.groupby("year")["size"].mean().sort_values(ascending=False)
    got = _by_key(_table("Which survey year had the largest average household size?", path))
    assert got == pytest.approx({str(sizes.index[0]): sizes.iloc[0]})


def test_another_time_before_the_year_is_still_asked(folder: Path) -> None:
    with pytest.raises(NeedsClarificationError, match="fiscal year"):
        read_intent("Mean household income in fiscal year 2000?", folder / "survey.csv")


def test_a_hyphenated_count_before_a_column_noun_is_its_value(folder: Path) -> None:
    path = folder / "cars.csv"
    frame = pd.read_csv(path)
    expected = frame.loc[frame["Cylinders"] == 8, "Horsepower"].mean()
    request = "After dropping rows with missing Horsepower, what is the mean Horsepower of 8-cylinder cars?"
    assert _scalar(request, path) == pytest.approx(expected)
    with pytest.raises(UnmappableRequestError):  # two counts of one column: never two equalities at once
        read_intent("mean Horsepower for 4-cylinder and 6-cylinder cars", path)
    with pytest.raises(UnmappableRequestError):  # a span of time, not Year == 3
        read_intent("3-year average Horsepower", path)


def test_a_label_noun_after_a_value_is_that_values_kind(folder: Path) -> None:
    path = folder / "cars.csv"
    frame = pd.read_csv(path)
    expected = frame.loc[frame["segment"] == "suv", "Horsepower"].mean()
    assert _scalar("average Horsepower of the suv class", path) == pytest.approx(expected)


def test_a_possessive_description_before_a_bracketed_name_is_its_label(folder: Path) -> None:
    path = folder / "family.csv"
    frame = pd.read_csv(path)
    expected = frame["meducation"].corr(frame["income"], method="spearman")
    request = (
        "Spearman rank correlation between mother's years of education (meducation) and household income"
    )
    intent = read_intent(request, path)
    assert intent.columns == ["meducation", "income"]  # "years" is no third column
    assert _scalar(request, path, "correlation") == pytest.approx(expected)


def test_the_noun_of_a_numeric_columns_name_is_that_column(folder: Path) -> None:
    path = folder / "firms.csv"
    frame = pd.read_csv(path)
    expected = frame.loc[frame["year"] == 1954, "invest"].sum()
    for request in ("Total gross investment of all firms together in 1954?", "Total investment in 1954?"):
        assert _scalar(request, path) == pytest.approx(expected), request


def test_rows_named_by_their_key_columns_are_the_rows(folder: Path) -> None:
    path = folder / "firms.csv"
    frame = pd.read_csv(path)
    expected = int((frame["invest"] > 50).sum())
    assert _scalar("How many firm-year rows show investment above 50?", path) == expected
