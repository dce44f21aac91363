"""A column named in another language than its header is read as that column, and said so (issue 25).

"unemployment rate" over a Spanish ``Tasa de desempleo``, "log hourly wage" over a German ``Log
Stundenlohn`` (a compound taken apart), "taux de chômage" over an English ``unemployment_rate``: the words
and the header mean the same data nouns (``names/glossary.py``), every word of each used. Refused before
("'rate': a rate or share the reading does not compute"). A run of words two headers fit equally asks
which; a word with no entry still refuses; a header named as written keeps that reading; one word that is
a plural or a unit of time ("30 Jahre", "the counties of ...") is never a column by translation.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.pipeline.intent.clarify import Answers
from mcpforge.pipeline.intent.names.translated_names import translated_names


def _frame(tmp_path_factory: pytest.TempPathFactory, name: str, columns: dict[str, list[object]]) -> Path:
    path = tmp_path_factory.mktemp("across_languages") / name
    pd.DataFrame(columns).to_csv(path, index=False)
    return path


@pytest.fixture(scope="module")
def spanish(tmp_path_factory: pytest.TempPathFactory) -> Path:
    n = 24
    return _frame(
        tmp_path_factory,
        "provincias.csv",
        {
            "Provincia": [("Norte", "Sur", "Centro")[k % 3] for k in range(n)],
            "Año": [2000 + k % 8 for k in range(n)],
            "Tasa de desempleo": [5.0 + (k * 7) % 11 for k in range(n)],
            "Precio de la vivienda": [100.0 + (k * 13) % 50 for k in range(n)],
            "Renta per cápita": [900.0 + (k * 17) % 200 for k in range(n)],
        },
    )


@pytest.fixture(scope="module")
def german(tmp_path_factory: pytest.TempPathFactory) -> Path:
    n = 20
    return _frame(
        tmp_path_factory,
        "laender.csv",
        {
            "Bundesland": [("Bayern", "Hessen")[k % 2] for k in range(n)],
            "Jahr": [2010 + k % 5 for k in range(n)],
            "Stundenlohn": [15.0 + (k * 3) % 9 for k in range(n)],
            "Arbeitslosenquote": [4.0 + (k * 5) % 7 for k in range(n)],
            "Anzahl Geschwister": [k % 4 for k in range(n)],
        },
    )


@pytest.fixture(scope="module")
def english(tmp_path_factory: pytest.TempPathFactory) -> Path:
    n = 20
    return _frame(
        tmp_path_factory,
        "regions.csv",
        {
            "region": [("north", "south")[k % 2] for k in range(n)],
            "unemployment_rate": [3.0 + (k * 7) % 5 for k in range(n)],
            "savings_rate": [10.0 + (k * 3) % 8 for k in range(n)],
        },
    )


def _read(request: str, path: Path, answers: dict[str, str] | None = None):
    return extract_intent(request, DatasetSchema.from_file(path), answers=answers)


def _metrics(intent) -> list[tuple[str | None, str]]:
    return [(m.column, m.func) for m in intent.metrics]


@pytest.mark.parametrize(
    ("request_text", "column", "func"),
    [
        ("What is the average unemployment rate?", "Tasa de desempleo", "mean"),
        ("Give me the minimum, maximum and mean unemployment rate.", "Tasa de desempleo", "min"),
        ("median housing price", "Precio de la vivienda", "median"),
        ("What is the highest income per capita?", "Renta per cápita", "max"),
    ],
)
def test_english_words_name_a_spanish_header(
    spanish: Path, request_text: str, column: str, func: str
) -> None:
    intent = _read(request_text, spanish)
    assert (column, func) in _metrics(intent)
    assert any(f"read as the column {column!r} (the header in other words)" in note for note in intent.notes)


def test_the_translated_name_keeps_the_rest_of_the_reading(spanish: Path) -> None:
    intent = _read("Which provincia had the lowest unemployment rate in 2003?", spanish)
    assert intent.group_by == ["Provincia"]
    assert _metrics(intent) == [("Tasa de desempleo", "mean")]
    assert [(f.column, f.op, f.value) for f in intent.filters] == [("Año", "==", 2003)]


@pytest.mark.parametrize(
    ("request_text", "column", "func"),
    [
        ("median hourly wage per Bundesland", "Stundenlohn", "median"),  # a compound: hour + wage
        ("What is the mean unemployment rate?", "Arbeitslosenquote", "mean"),  # arbeitslos-en-quote
        ("What's the largest number of siblings anyone reported?", "Anzahl Geschwister", "max"),
    ],
)
def test_english_words_name_a_german_header(german: Path, request_text: str, column: str, func: str) -> None:
    assert (column, func) in _metrics(_read(request_text, german))


@pytest.mark.parametrize(
    ("request_text", "column"),
    [
        ("¿Cuál es la tasa de desempleo media por región?", "unemployment_rate"),
        ("Quel est le taux de chômage moyen par région ?", "unemployment_rate"),
        ("Wie hoch ist die durchschnittliche Sparquote je region?", "savings_rate"),
    ],
)
def test_foreign_words_name_an_english_header(english: Path, request_text: str, column: str) -> None:
    intent = _read(request_text, english)
    assert _metrics(intent) == [(column, "mean")]
    assert intent.group_by == ["region"]


@pytest.fixture(scope="module")
def two_wages(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _frame(
        tmp_path_factory,
        "salaires.csv",
        {
            "Ville": ["Lyon", "Nice", "Metz", "Lyon"],
            "Salaire horaire": [12.0, 14.0, 11.0, 13.0],
            "Rémunération horaire": [15.0, 16.0, 13.0, 15.5],
        },
    )


def test_words_two_headers_fit_equally_ask_which(two_wages: Path) -> None:
    with pytest.raises(NeedsClarificationError) as asked:
        _read("average hourly wage by ville", two_wages)
    assert set(asked.value.choices) == {"Salaire horaire", "Rémunération horaire"}
    intent = _read("average hourly wage by ville", two_wages, {asked.value.key: "Salaire horaire"})
    assert _metrics(intent) == [("Salaire horaire", "mean")]


def test_a_word_with_no_entry_still_refuses(spanish: Path) -> None:
    with pytest.raises(UnmappableRequestError):
        _read("What is the average wibble rate?", spanish)


def test_a_partial_translation_names_no_column(spanish: Path) -> None:
    """ "unemployment" alone is not ``Tasa de desempleo``: every word of the header must be said."""
    with pytest.raises((UnmappableRequestError, NeedsClarificationError)):
        _read("What is the average unemployment?", spanish)


def test_a_header_named_as_written_wins(tmp_path_factory: pytest.TempPathFactory) -> None:
    path = _frame(
        tmp_path_factory,
        "both.csv",
        {"region": ["a", "b", "a"], "employment": [1.0, 2.0, 3.0], "Empleo": [10.0, 20.0, 30.0]},
    )
    assert _metrics(_read("mean employment by region", path)) == [("employment", "mean")]


def test_a_number_of_years_is_no_year_column(german: Path) -> None:
    """ "30 Jahre" is an age or a duration: one word of time never becomes the ``Jahr`` column."""
    with pytest.raises((UnmappableRequestError, NeedsClarificationError)):
        _read("average hourly wage of people with 30 years", german)


@pytest.fixture(scope="module")
def short_names(tmp_path_factory: pytest.TempPathFactory) -> Path:
    n = 24
    return _frame(
        tmp_path_factory,
        "panel.csv",
        {
            "country": [("Chile", "Peru", "Kenya")[k % 3] for k in range(n)],
            "year": [1990 + k % 8 for k in range(n)],
            "sr": [10.0 + (k * 7) % 13 for k in range(n)],
            "gdp": [1000.0 + (k * 37) % 400 for k in range(n)],
            "indcode": [100 + k % 5 for k in range(n)],
        },
    )


@pytest.mark.parametrize(
    ("request_text", "func"),
    [
        ("Donnez l'écart-type du taux d'épargne sr pour l'année 1995.", "std"),
        ("Wie hoch ist der Median der Sparquote sr je Land?", "median"),
        ("mean savings rate sr per year", "mean"),
    ],
)
def test_nouns_before_a_short_name_describe_it(short_names: Path, request_text: str, func: str) -> None:
    intent = _read(request_text, short_names)
    assert _metrics(intent) == [("sr", func)]
    assert any("read as the description of 'sr' (the name after it)" in note for note in intent.notes)


def test_the_industry_code_before_its_name_is_its_description(short_names: Path) -> None:
    intent = _read("how many distinct industry code indcode values are there?", short_names)
    assert intent.columns == ["indcode"]


@pytest.mark.parametrize(
    "request_text",
    [
        "What is the average wage sr?",  # 'w' is no letter of sr: not its description
        "What is the average total sr?",  # a total computes: never a description
        "What is the average rate sr?",  # one plain word says nothing of what sr holds
    ],
)
def test_nouns_that_do_not_fit_the_name_are_not_its_description(short_names: Path, request_text: str) -> None:
    schema = DatasetSchema.from_file(short_names)
    assert translated_names(request_text, schema, Answers(), request_text) == (request_text, [])


def test_a_change_before_a_name_is_asked_not_dropped(short_names: Path) -> None:
    """ "growth gdp" is no mean of gdp: one question, never the column's plain mean."""
    with pytest.raises(NeedsClarificationError) as asked:
        _read("What is the average growth gdp?", short_names)
    assert set(asked.value.choices) == {"gdp", "none"}
