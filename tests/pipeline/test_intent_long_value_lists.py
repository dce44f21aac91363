"""A value of a column with more distinct values than the schema lists: "Germany's GDP", "the Ipsos polls".

A column of countries or pollsters has hundreds of values; the schema listed none past 100, so "Germany"
named nothing and the request was refused. Such a column now keeps its values apart, and a request sees
those it writes as the data writes them (capitalised, exact, standing alone). Ordinary words in a long
list (a surname "Young", a code "IN") never become a filter nobody asked for.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from mcpforge.catalogue import get_operation
from mcpforge.catalogue.base import frame_to_table
from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.pipeline.intent.written_values import narrowed_to
from mcpforge.runtime import load_csv_data_with_types

COUNTRIES = [f"Country{chr(65 + i // 26)}{chr(97 + i % 26)}" for i in range(150)] + ["Germany", "World"]
SURNAMES = [f"Name{i:03d}" for i in range(140)] + ["Young", "May", "Long", "Okafor"]
STATES = [f"S{i:03d}" for i in range(120)] + ["IN", "OR", "Unknown"]


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the data's folder is the allowed root


@pytest.fixture
def countries() -> Path:
    rows = [
        {"country": c, "year": y, "gdp_per_capita": 1000.0 + 10 * i + (y - 2000)}
        for i, c in enumerate(COUNTRIES)
        for y in (2000, 2010, 2020)
    ]
    path = Path("gdp.csv")
    pd.DataFrame(rows).to_csv(path, index=False)
    return path


@pytest.fixture
def players() -> Path:
    rows = [
        {"surname": s, "state": STATES[i % len(STATES)], "age": 20 + i % 15, "salary": 1000 + i}
        for i, s in enumerate(SURNAMES * 3)
    ]
    path = Path("players.csv")
    pd.DataFrame(rows).to_csv(path, index=False)
    return path


def _answer(request: str, path: Path) -> list[list[object]]:
    intent = extract_intent(request, DatasetSchema.from_file(path))
    operation = get_operation(intent.operation)
    rendered = operation.render(intent)
    table = frame_to_table(operation.reference(load_csv_data_with_types(str(path)), rendered.arguments))
    return table["rows"]


def test_a_long_list_is_kept_apart_from_the_listed_values(countries: Path) -> None:
    column = DatasetSchema.from_file(countries).get("country")
    assert column is not None and column.kind == "categorical"
    assert column.values == ()  # too many to list for every request
    assert set(column.long_values) == set(COUNTRIES)
    again = DatasetSchema.from_file(countries).get("country")  # read back from the schema cache
    assert again is not None and again.long_values == column.long_values


@pytest.mark.parametrize(
    "request_text",
    [
        "What was Germany's mean gdp_per_capita?",
        "mean gdp_per_capita for Germany",
        "Average gdp_per_capita of Germany, please.",
    ],
)
def test_a_country_written_as_the_data_writes_it_is_a_filter(countries: Path, request_text: str) -> None:
    intent = extract_intent(request_text, DatasetSchema.from_file(countries))
    assert [(f.column, f.op, f.value) for f in intent.filters] == [("country", "==", "Germany")]
    frame = pd.read_csv(countries)
    expected = frame.loc[frame["country"] == "Germany", "gdp_per_capita"].mean()
    assert _answer(request_text, countries)[0][-1] == pytest.approx(expected)


def test_excluding_a_long_listed_value(countries: Path) -> None:
    intent = extract_intent("mean gdp_per_capita excluding World", DatasetSchema.from_file(countries))
    assert [(f.column, f.op, f.value) for f in intent.filters] == [("country", "!=", "World")]


def test_a_value_not_written_as_the_data_writes_it_names_nothing(countries: Path) -> None:
    with pytest.raises((UnmappableRequestError, NeedsClarificationError)):
        extract_intent("mean gdp_per_capita for germany", DatasetSchema.from_file(countries))
    with pytest.raises((UnmappableRequestError, NeedsClarificationError)):
        extract_intent("mean gdp_per_capita for Germanyland", DatasetSchema.from_file(countries))


def test_ordinary_words_of_a_long_list_never_become_a_filter(players: Path) -> None:
    schema = DatasetSchema.from_file(players)
    for request_text in (
        "Young players: what is the mean salary?",  # a sentence's first word, not a surname
        "mean salary of young players",  # the data writes the surname with a capital
        "mean salary in IN",  # a state code that is also a word of the sentence
        "How many players have an Unknown state?",  # a placeholder, not a name
    ):
        narrowed = narrowed_to(schema, request_text)
        assert [c.values for c in narrowed.columns if c.long_values] == [(), ()], request_text


def test_a_surname_written_inside_the_sentence_is_that_surname(players: Path) -> None:
    schema = DatasetSchema.from_file(players)
    intent = extract_intent("What is the mean salary of Okafor?", schema)
    assert [(f.column, f.value) for f in intent.filters] == [("surname", "Okafor")]


def test_a_schema_without_long_lists_is_returned_as_it_is() -> None:
    path = Path("small.csv")
    pd.DataFrame({"city": ["Oslo", "Rome"] * 5, "n": range(10)}).to_csv(path, index=False)
    schema = DatasetSchema.from_file(path)
    assert narrowed_to(schema, "sum of n for Oslo") is schema
