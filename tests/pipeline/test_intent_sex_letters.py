"""A sex column written as one letter a sex ("M"/"F", "H"/"F", "M"/"W", "H"/"M"), and people of one sex
never read as every row.

"the mean age of men" over a file with ``Sexe`` = M/F was read as the mean age of everyone: "men" named
no value (a letter is too short to be a value word), so it was taken as the rows' noun, "each row is one of
them". Now the usual letter pairs stand for the two sexes in a column named for sex, in any of the four
languages, and a noun of one sex is never the rows of a file with a sex column (a file of men only, with
none, may still call its rows "the men", as before).
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.pipeline.intent import DatasetSchema, extract_intent


def _file(tmp_path: Path, column: str, letters: tuple[str, str]) -> Path:
    path = tmp_path / "people.csv"
    female, male = letters
    pd.DataFrame(
        {column: [female, male, male, female, male, female], "Age": [31, 45, 52, 28, 39, 60]}
    ).to_csv(path, index=False)
    return path


@pytest.mark.parametrize(
    ("column", "letters", "request_text", "value"),
    [
        ("Sexe", ("F", "M"), "mean Age of men", "M"),
        ("Sexe", ("F", "M"), "Quel est l'âge médian des femmes ?", "F"),
        ("Sexe", ("F", "H"), "mean Age of the men", "H"),
        ("Geschlecht", ("W", "M"), "Median von Age der Frauen", "W"),
        ("Sexo", ("M", "H"), "edad media de las mujeres", "M"),  # Spanish: M is mujer
        ("gender", ("F", "M"), "median Age of women", "F"),
    ],
)
def test_a_sex_word_picks_its_letter(
    tmp_path: Path, column: str, letters: tuple[str, str], request_text: str, value: str
) -> None:
    intent = extract_intent(request_text, DatasetSchema.from_file(_file(tmp_path, column, letters)))
    assert [(f.column, f.op, f.value) for f in intent.filters] == [(column, "==", value)]


def test_men_and_women_are_the_groups_of_a_test(tmp_path: Path) -> None:
    path = _file(tmp_path, "Sexe", ("F", "M"))
    intent = extract_intent(
        "Welch t-test: does Age differ between men and women?", DatasetSchema.from_file(path)
    )
    assert intent.operation == "statistical_test"
    assert intent.options["groups"] == ["M", "F"]


def test_letters_of_a_column_not_named_for_sex_are_no_sex(tmp_path: Path) -> None:
    path = _file(tmp_path, "size", ("F", "M"))
    try:
        intent = extract_intent("mean Age of women", DatasetSchema.from_file(path))
    except (NeedsClarificationError, UnmappableRequestError):
        return
    assert intent.filters == []  # never size = F


def test_people_of_one_sex_are_never_every_row_of_a_file_with_a_sex_column(tmp_path: Path) -> None:
    path = tmp_path / "ages.csv"
    frame = pd.DataFrame({"Geschlecht": ["weiblich", "divers", "weiblich"], "Age": [30, 40, 50]})
    frame.to_csv(path, index=False)
    with pytest.raises((NeedsClarificationError, UnmappableRequestError)):
        extract_intent("mean Age of men", DatasetSchema.from_file(path))  # no man in it: not every row
