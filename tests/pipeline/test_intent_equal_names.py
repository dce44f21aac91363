"""A word two or more columns fit equally is asked about, with those columns as the choices (issue 25).

"temp" over ``temp_min`` and ``temp_max``, "score" over ``score_math`` and ``score_reading``, "salaire" over
two ``Salaire hebdomadaire …`` columns: refused before as "ambiguous". The data allows exactly those columns,
so the reading asks which one; the answer puts that column in the word's place, an answer naming none of
them asks again, a column the word fits better wins without a question, and a request that also holds a
word nothing fits is refused as before.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.pipeline.intent import DatasetSchema, extract_intent


@pytest.fixture(scope="module")
def path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("equal_names")
    rows = [
        {
            "city": ("Lyon", "Nice", "Metz")[k % 3],
            "temp_min": 2.0 + k % 7,
            "temp_max": 12.0 + (k * 3) % 9,
            "score_math": 50 + (k * 7) % 40,
            "score_reading": 45 + (k * 11) % 50,
        }
        for k in range(30)
    ]
    pd.DataFrame(rows).to_csv(root / "cities.csv", index=False)
    return root / "cities.csv"


@pytest.fixture(scope="module")
def french(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("equal_names_fr")
    rows = [
        {
            "Région": ("Nord", "Sud")[k % 2],
            "Salaire hebdomadaire construction": 400.0 + k,
            "Salaire hebdomadaire services": 300.0 + 2 * k,
        }
        for k in range(20)
    ]
    pd.DataFrame(rows).to_csv(root / "salaires.csv", index=False)
    return root / "salaires.csv"


def _read(request: str, path: Path, answers: dict[str, str] | None = None):
    return extract_intent(request, DatasetSchema.from_file(path), answers=answers)


@pytest.mark.parametrize(
    ("request_text", "word", "choices"),
    [
        ("What is the average temp per city?", "temp", {"temp_min", "temp_max"}),
        ("highest temp in Lyon", "temp", {"temp_min", "temp_max"}),
        ("median score by city", "score", {"score_math", "score_reading"}),
    ],
)
def test_a_word_two_columns_fit_equally_asks_which(
    path: Path, request_text: str, word: str, choices: set[str]
) -> None:
    with pytest.raises(NeedsClarificationError) as asked:
        _read(request_text, path)
    assert asked.value.key == word
    assert set(asked.value.choices) == choices


def test_the_answer_puts_the_chosen_column_in_the_words_place(path: Path) -> None:
    intent = _read("What is the average temp per city?", path, {"temp": "temp_max"})
    assert intent.group_by == ["city"]
    assert [(m.column, m.func) for m in intent.metrics] == [("temp_max", "mean")]
    assert any("'temp' read as column 'temp_max' (your answer)" in note for note in intent.notes)


def test_an_answer_naming_none_of_the_choices_asks_again(path: Path) -> None:
    with pytest.raises(NeedsClarificationError, match="not one of the choices"):
        _read("median score by city", path, {"score": "city"})


def test_a_french_word_of_several_headers_asks_with_the_headers(french: Path) -> None:
    with pytest.raises(NeedsClarificationError) as asked:
        _read("Quel est le salaire moyen par région ?", french)
    assert set(asked.value.choices) == {"Salaire hebdomadaire construction", "Salaire hebdomadaire services"}
    intent = _read(
        "Quel est le salaire moyen par région ?", french, {"salaire": "Salaire hebdomadaire services"}
    )
    assert [(m.column, m.func) for m in intent.metrics] == [("Salaire hebdomadaire services", "mean")]


def test_a_column_the_word_fits_better_wins_without_a_question(tmp_path: Path) -> None:
    pd.DataFrame({"city": ["a", "b"], "score": [1, 2], "score_math": [3, 4]}).to_csv(
        tmp_path / "s.csv", index=False
    )
    intent = _read("median score by city", tmp_path / "s.csv")
    assert [(m.column, m.func) for m in intent.metrics] == [("score", "median")]


def test_a_word_nothing_fits_beside_it_still_refuses(path: Path) -> None:
    with pytest.raises(UnmappableRequestError):
        _read("average temp per city and per wibblequark", path)


@pytest.fixture(scope="module")
def stops(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("equal_values")
    races = ("White", "Black", "Asian")
    rows = [
        {"precinct": k % 4, "race": races[k % 3], "reported_race": races[(k * 2) % 3], "age": 20 + k % 30}
        for k in range(36)
    ]
    pd.DataFrame(rows).to_csv(root / "stops.csv", index=False)
    return root / "stops.csv"


def test_a_value_two_columns_hold_asks_which_column(stops: Path) -> None:
    with pytest.raises(NeedsClarificationError) as asked:
        _read("How many stops were White?", stops)
    assert asked.value.key == "white"
    assert set(asked.value.choices) == {"race", "reported_race"}


def test_the_answered_column_holds_the_value(stops: Path) -> None:
    intent = _read("How many stops were White?", stops, {"white": "reported_race"})
    assert [(f.column, f.op, f.value) for f in intent.filters] == [("reported_race", "==", "White")]
    with pytest.raises(NeedsClarificationError, match="not one of the choices"):
        _read("How many stops were White?", stops, {"white": "age"})


def test_a_value_named_with_its_column_asks_nothing(stops: Path) -> None:
    intent = _read("How many stops had race White?", stops)
    assert [(f.column, f.value) for f in intent.filters] == [("race", "White")]


def test_no_question_when_no_answer_would_make_the_request_read(stops: Path) -> None:
    """'wibbled' stays unread whichever column holds 'White': refused as before, not asked in vain."""
    with pytest.raises(UnmappableRequestError, match="ambiguous"):
        _read("How many of the people wibbled were White?", stops)
