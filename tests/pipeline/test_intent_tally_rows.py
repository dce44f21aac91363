"""Counting the rows of a file whose rows already count something (issue 25): asked, then summed.

A table of counts (one row per class, sex, age and outcome, the people in ``Freq``) answered "how many people
per class" with 8 rows per class and "what share of passengers survived" with 50%: numbers that look right
and are not (the people are 325, 285, 706 and 885; 32.3% survived). Any reading that counts rows of such a
file now asks one question (key ``count``: the rows, or the sum of the count column), whatever path read it;
answered with the column, the numbers are the sums pandas gives. Headers in German, French and Spanish too.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from mcpforge.catalogue import get_operation
from mcpforge.catalogue.base import frame_to_table
from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.runtime import load_csv_data_with_types

CELLS = [  # class, sex, survived, people
    ("1st", "Male", "No", 118), ("1st", "Male", "Yes", 62), ("1st", "Female", "No", 4),
    ("1st", "Female", "Yes", 141), ("3rd", "Male", "No", 422), ("3rd", "Male", "Yes", 88),
    ("3rd", "Female", "No", 106), ("3rd", "Female", "Yes", 90), ("Crew", "Male", "No", 670),
    ("Crew", "Male", "Yes", 192), ("Crew", "Female", "No", 3), ("Crew", "Female", "Yes", 20),
]  # fmt: skip
HEADERS = {
    "en": ["Class", "Sex", "Survived", "Freq"],
    "de": ["Klasse", "Geschlecht", "Überlebt", "Anzahl"],
    "fr": ["Classe", "Sexe", "Survécu", "Effectif"],
    "es": ["Clase", "Sexo", "Sobrevivió", "Frecuencia"],
}


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("tally")
    for language, names in HEADERS.items():
        pd.DataFrame(CELLS, columns=names).to_csv(path / f"{language}.csv", index=False)
    months = pd.DataFrame({"Year": [1850] * 6 + [1851] * 6, "month": list(range(1, 7)) * 2,
                           "count": [30, 41, 28, 35, 50, 44, 39, 47, 33, 29, 52, 60]})  # fmt: skip
    months.to_csv(path / "monthly.csv", index=False)
    priced = pd.DataFrame({"region": ["N", "S", "N", "E"], "amount": [10, 20, 30, 5]})
    priced.to_csv(path / "orders.csv", index=False)
    ages = pd.DataFrame({"Age": [20, 30, 40, 20, 30, 40], "Sex": ["M", "M", "M", "F", "F", "F"],
                         "n": [5, 1, 1, 1, 1, 6]})  # fmt: skip
    ages.to_csv(path / "ages.csv", index=False)
    numbered = pd.DataFrame({"Number": range(30), "State": ["CA", "NY", "TX"] * 10})
    numbered.to_csv(path / "breaches.csv", index=False)  # its name says what a row is
    return path


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)  # the reference loader reads only under the working directory


def _table(request: str, path: Path, answers: dict[str, str] | None = None) -> list[list[object]]:
    intent = extract_intent(request, DatasetSchema.from_file(path), answers=answers)
    operation = get_operation(intent.operation)
    rendered = operation.render(intent)
    return frame_to_table(operation.reference(load_csv_data_with_types(str(path)), rendered.arguments))[
        "rows"
    ]


ROW_COUNTS = [
    "how many people per class",
    "count by sex",
    "how many people survived",
    "what share of passengers survived",
    "distribution of class",
    "which class has the most people",
    "number of passengers per class and sex",
]


@pytest.mark.parametrize("request_text", ROW_COUNTS)
def test_a_count_of_rows_over_a_table_of_counts_is_asked(folder: Path, request_text: str) -> None:
    with pytest.raises(NeedsClarificationError) as asked:
        extract_intent(request_text, DatasetSchema.from_file(folder / "en.csv"))
    assert asked.value.key in {"count", "people", "passengers"}  # this check, or a counted noun's own
    assert set(asked.value.choices) == {"rows", "Freq"}


@pytest.mark.parametrize(
    ("request_text", "expected"),
    [
        ("how many people per class", [["Crew", 885], ["3rd", 706], ["1st", 325]]),
        ("count by sex", [["Male", 1552], ["Female", 364]]),
        ("how many people survived", [[593]]),
        ("which class has the most people", [["Crew", 885]]),
    ],
)
def test_answered_with_the_count_column_the_numbers_are_its_sums(
    folder: Path, request_text: str, expected: list[list[object]]
) -> None:
    rows = _table(request_text, folder / "en.csv", {"count": "Freq"})
    assert [[*row[:-1], int(row[-1])] for row in rows] == expected


def test_a_share_answered_with_the_count_column_is_a_share_of_people() -> None:
    frame = pd.DataFrame(CELLS, columns=HEADERS["en"])
    expected = 100 * frame.loc[frame.Survived == "Yes", "Freq"].sum() / frame.Freq.sum()
    rows = _table("what share of passengers survived", Path("en.csv"), {"count": "Freq"})
    assert float(rows[0][-1]) == pytest.approx(expected)


def test_answered_rows_the_rows_are_counted_and_the_reading_says_so(folder: Path) -> None:
    assert _table("how many people survived", Path("en.csv"), {"count": "rows"}) == [[6]]
    schema = DatasetSchema.from_file(folder / "en.csv")
    intent = extract_intent("how many people survived", schema, answers={"count": "rows"})
    assert "counted the rows of the file (your answer)" in intent.notes


@pytest.mark.parametrize(
    ("language", "request_text"),
    [
        ("de", "Wie viele Personen pro Klasse?"),
        ("fr", "Combien de personnes par classe ?"),
        ("es", "¿Cuántas personas hay por clase?"),
    ],
)
def test_count_columns_named_in_other_languages_ask_too(
    folder: Path, language: str, request_text: str
) -> None:
    with pytest.raises(NeedsClarificationError) as asked:
        extract_intent(request_text, DatasetSchema.from_file(folder / f"{language}.csv"))
    assert asked.value.key == "count"
    assert HEADERS[language][-1] in asked.value.choices


@pytest.mark.parametrize(
    "request_text", ["number of rows per class", "how many records per sex", "total Freq per class"]
)
def test_a_request_that_says_rows_or_names_the_column_is_not_asked(folder: Path, request_text: str) -> None:
    extract_intent(request_text, DatasetSchema.from_file(folder / "en.csv"))


def test_a_percentage_per_group_of_sums_is_refused_not_counted_in_rows(folder: Path) -> None:
    with pytest.raises(UnmappableRequestError, match="no template computes yet"):
        extract_intent("percentage of people per class", DatasetSchema.from_file(folder / "en.csv"),
                       answers={"count": "Freq"})  # fmt: skip


def test_a_monthly_series_of_counts_asks_and_sums_per_year(folder: Path) -> None:
    with pytest.raises(NeedsClarificationError) as asked:
        extract_intent("count per Year", DatasetSchema.from_file(folder / "monthly.csv"))
    assert asked.value.key == "count"
    rows = _table("count per Year", Path("monthly.csv"), {"count": "count"})
    assert sorted([int(r[0]), int(r[1])] for r in rows) == [[1850, 228], [1851, 260]]


def test_a_file_without_a_count_column_is_not_asked(folder: Path) -> None:
    assert _table("how many orders per region", folder / "orders.csv") == [["N", 2], ["E", 1], ["S", 1]]


def test_a_column_of_row_numbers_named_number_is_not_a_count(folder: Path) -> None:
    """``Number`` = 0, 1, 2 … once each numbers the rows; it counts nothing (a file of data breaches)."""
    assert _table("how many breaches per State", folder / "breaches.csv") == [
        ["CA", 10],
        ["NY", 10],
        ["TX", 10],
    ]


@pytest.mark.parametrize("request_text", ["average Age", "mean Age by Sex", "median Age where Sex is F"])
def test_a_statistic_over_a_table_of_counts_asks_whether_to_weight(folder: Path, request_text: str) -> None:
    """Unweighted, the mean age is 30; each row weighted by ``n``, it is 30.67 (and 25.7 for men)."""
    with pytest.raises(NeedsClarificationError) as asked:
        extract_intent(request_text, DatasetSchema.from_file(folder / "ages.csv"))
    assert asked.value.key == "count"
    assert set(asked.value.choices) == {"rows", "n"}
    with pytest.raises(UnmappableRequestError, match="weighted by 'n' is not computed"):
        extract_intent(request_text, DatasetSchema.from_file(folder / "ages.csv"), answers={"count": "n"})
    assert _table("average Age", Path("ages.csv"), {"count": "rows"}) == [[30.0]]


def test_a_statistic_of_the_count_column_itself_is_not_asked(folder: Path) -> None:
    assert _table("average n by Sex", Path("ages.csv")) == [["F", 8 / 3], ["M", 7 / 3]]


def test_a_file_of_measures_beside_a_sample_size_gives_its_plain_mean(folder: Path) -> None:
    """``n`` beside measured effects (each value on one row) is a sample size, not a table's count."""
    studies = pd.DataFrame({"effect": [0.12, 0.4, 0.33, 0.05, 0.21, 0.5], "n": [30, 12, 45, 80, 22, 15]})
    studies.to_csv(folder / "studies.csv", index=False)
    assert _table("average effect", Path("studies.csv")) == [[pytest.approx(studies.effect.mean())]]
