"""A wide file's year columns named by the year alone: "GDP per capita in 2010" is the column ``Jahr 2010``.

World Bank style tables keep a row per country and measure and a column per year. A year in the request
was a number nobody used, and the request was refused. Now the year is that column, the measure before it
a condition on the measure column, and the answers are pandas'. A year after a comparison stays a number.
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

COUNTRIES = ["Aland", "Borduria", "Carpania", "Dorne", "Elbonia", "Freedonia", "Genovia", "Hyrule"]
MEASURES = ["GDP", "GDP growth", "GDP per capita"]
YEARS = [1990, 2000, 2010]


def _wide(label: str) -> pd.DataFrame:
    rows = []
    for i, country in enumerate(COUNTRIES):
        for j, measure in enumerate(MEASURES):
            row: dict[str, object] = {"Land": country, "Beschreibung": measure}
            for k, year in enumerate(YEARS):
                row[label.format(year=year)] = float((i + 1) * (j + 2) * (k + 3) + (i * 7) % 5)
            rows.append(row)
    return pd.DataFrame(rows)


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the data's folder is the allowed root


def _file(label: str) -> Path:
    path = Path("wide.csv")
    _wide(label).to_csv(path, index=False)
    return path


def _answer(request: str, path: Path) -> list[list[object]]:
    intent = extract_intent(request, DatasetSchema.from_file(path))
    operation = get_operation(intent.operation)
    rendered = operation.render(intent)
    table = frame_to_table(operation.reference(load_csv_data_with_types(str(path)), rendered.arguments))
    return table["rows"]


@pytest.mark.parametrize("label", ["Jahr {year}", "X{year}", "{year}", "year_{year}"])
def test_a_year_names_its_column_and_the_measure_before_it_the_rows(label: str) -> None:
    path = _file(label)
    frame = _wide(label)
    column = label.format(year=2000)
    per_capita = frame[frame["Beschreibung"] == "GDP per capita"]
    assert _answer("median GDP per capita in 2000", path)[0][-1] == pytest.approx(per_capita[column].median())
    intent = extract_intent("What is the mean 2000 GDP growth?", DatasetSchema.from_file(path))
    assert [m.column for m in intent.metrics] == [column]
    assert [(f.column, f.value) for f in intent.filters] == [("Beschreibung", "GDP growth")]
    assert any(column in note for note in intent.notes)


def test_which_country_had_the_highest_measure_in_a_year() -> None:
    path = _file("Jahr {year}")
    frame = _wide("Jahr {year}")
    per_capita = frame[frame["Beschreibung"] == "GDP per capita"]
    best = per_capita.loc[per_capita["Jahr 2010"].idxmax(), "Land"]
    rows = _answer("Which country had the highest GDP per capita in 2010?", path)
    assert rows[0][0] == best


def test_two_years_are_two_columns_of_a_correlation() -> None:
    path = _file("Jahr {year}")
    intent = extract_intent(
        "Pearson correlation between GDP per capita 1990 and 2010", DatasetSchema.from_file(path)
    )
    assert intent.operation == "correlation"
    assert intent.columns == ["Jahr 1990", "Jahr 2010"]


def test_the_word_year_goes_with_the_year() -> None:
    path = _file("Jahr {year}")
    intent = extract_intent("the median GDP growth in the year 2010", DatasetSchema.from_file(path))
    assert [m.column for m in intent.metrics] == ["Jahr 2010"]


def test_a_year_after_a_comparison_stays_a_number() -> None:
    path = _file("Jahr {year}")
    with pytest.raises((NeedsClarificationError, UnmappableRequestError)) as stopped:
        extract_intent("How many rows have GDP above 2000?", DatasetSchema.from_file(path))
    assert "2000" in str(stopped.value)
    assert "read as the column" not in str(stopped.value)


def test_one_year_column_is_no_wide_file() -> None:
    path = Path("one.csv")
    pd.DataFrame({"Land": COUNTRIES, "2020": range(8)}).to_csv(path, index=False)
    with pytest.raises((NeedsClarificationError, UnmappableRequestError)):
        extract_intent("mean of Land in 2020", DatasetSchema.from_file(path))
