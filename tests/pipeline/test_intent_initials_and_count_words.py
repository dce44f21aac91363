"""Column names written by their initials ("mpg" for ``Miles_per_Gallon``) and counts as number words
("eight-cylinder cars") (issue 25: names as people write them).

A word that spells the initials of one column's name of three words or more is that column, said in the
reading; two columns with the same initials, or a word that is a value of the data, keep their reading.
A count written as an English number word before a hyphenated noun is read as the digits are.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.pipeline.intent import DatasetSchema, extract_intent


@pytest.fixture
def cars(tmp_path: Path) -> Path:
    path = tmp_path / "cars.csv"
    pd.DataFrame(
        {
            "Miles_per_Gallon": [18.0, 25.0, 31.5, 14.0, 22.0, 27.0],
            "Body_Mass_Index": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0],
            "Cylinders": [8, 4, 4, 8, 6, 4],
            "Origin": ["USA", "Japan", "Japan", "USA", "Europe", "Europe"],
        }
    ).to_csv(path, index=False)
    return path


@pytest.mark.parametrize(
    ("request_text", "column"),
    [("average mpg by Origin", "Miles_per_Gallon"), ("median bmi of the cars", "Body_Mass_Index")],
)
def test_a_word_of_a_columns_initials_names_it(cars: Path, request_text: str, column: str) -> None:
    intent = extract_intent(request_text, DatasetSchema.from_file(cars))
    assert [m.column for m in intent.metrics] == [column]
    assert any("by its initials" in note for note in intent.notes)


def test_two_columns_with_the_same_initials_name_neither(tmp_path: Path) -> None:
    path = tmp_path / "two.csv"
    pd.DataFrame({"miles_per_gallon": [1.0, 2.0], "metres_per_gram": [3.0, 4.0]}).to_csv(path, index=False)
    with pytest.raises((NeedsClarificationError, UnmappableRequestError)):
        extract_intent("average mpg", DatasetSchema.from_file(path))


@pytest.mark.parametrize(
    ("words", "count"), [("eight-cylinder", 8), ("Four-cylinder", 4), ("six-cylinder", 6)]
)
def test_a_count_written_in_words_before_a_hyphenated_noun(cars: Path, words: str, count: int) -> None:
    intent = extract_intent(f"How many {words} cars are there?", DatasetSchema.from_file(cars))
    assert [(f.column, f.op, f.value) for f in intent.filters] == [("Cylinders", "==", count)]


def test_a_number_word_before_a_noun_that_is_no_column_is_no_count(cars: Path) -> None:
    intent = extract_intent("one-way ANOVA of Miles_per_Gallon across Origin", DatasetSchema.from_file(cars))
    assert intent.filters == []


@pytest.mark.parametrize(
    ("request_text", "column"),
    [
        ("mean human freedom score", "hf_score"),
        ("median economic freedom score per region", "ef_score"),
        ("top 3 regions by personal freedom rank", "pf_rank"),
    ],
)
def test_leading_words_by_their_initials_then_a_word(tmp_path: Path, request_text: str, column: str) -> None:
    path = tmp_path / "freedom.csv"
    pd.DataFrame(
        {
            "region": ["East", "West", "East", "West"],
            "hf_score": [6.1, 7.2, 5.9, 8.0],
            "ef_score": [6.5, 7.0, 6.0, 7.7],
            "pf_rank": [40, 10, 55, 3],
        }
    ).to_csv(path, index=False)
    intent = extract_intent(request_text, DatasetSchema.from_file(path))
    assert [m.column for m in intent.metrics] == [column]
