"""Headers abbreviated by their consonants or cut before a verb's ending (issue 25).

Real files name columns as their makers abbreviate them: the EPA's fuel economy data has ``hwy_mpg``,
``comb_mpg``, ``mfr_name``; Ames has ``Bldg.Type``. "highway mpg" and "combined mpg" were refused ('highway'
and 'combined' name no column): "hwy" is no prefix of highway, and "combined" ends in "ed", which the
prefix reader took for a word made from "comb". Now a header word of three or four consonants whose letters
stand in order in a request word that begins with the same letter is that word ("hwy", "mfr", "bldg"), and
a verb's ending cut well before it ("comb" of "combined") is a cut. Two columns that fit are still asked
about, and a word made from a shorter one ("yearly", "popular") still names no column by its stem.
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

CARS = pd.DataFrame({
    "drive_desc": ["4WD", "2WD", "4WD", "2WD", "AWD"],
    "city_mpg": [18.0, 25.0, 17.0, 28.0, 21.0],
    "hwy_mpg": [24.0, 33.0, 22.0, 38.0, 29.0],
    "comb_mpg": [20.0, 28.0, 19.0, 32.0, 24.0],
    "bldg_year": [2001, 1999, 2010, 2005, 2003],
})  # fmt: skip


@pytest.fixture(autouse=True)
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    CARS.to_csv(tmp_path / "cars.csv", index=False)
    monkeypatch.chdir(tmp_path)  # the reference loader reads only under the working directory
    return tmp_path


def _answer(request: str, file: str = "cars.csv") -> tuple[list[list[object]], list[str]]:
    intent = extract_intent(request, DatasetSchema.from_file(Path(file)))
    operation = get_operation(intent.operation)
    rendered = operation.render(intent)
    table = frame_to_table(operation.reference(load_csv_data_with_types(file), rendered.arguments))
    return table["rows"], intent.notes


@pytest.mark.parametrize(
    ("request_text", "column"),
    [
        ("what's the average combined mpg", "comb_mpg"),
        ("mean highway mpg", "hwy_mpg"),
        ("average building year", "bldg_year"),
    ],
)
def test_a_name_written_by_its_consonants_or_cut_before_a_verb_ending(request_text: str, column: str) -> None:
    rows, notes = _answer(request_text)
    assert rows[0][-1] == pytest.approx(CARS[column].mean())
    assert any(f"read as {column} (by abbreviation)" in note for note in notes)


def test_grouped_by_an_abbreviated_description() -> None:
    rows, _ = _answer("median highway mpg per drive description")
    assert {row[0]: row[-1] for row in rows} == pytest.approx(
        CARS.groupby("drive_desc")["hwy_mpg"].median().to_dict()
    )


def test_two_columns_that_fit_are_asked_about(tmp_path: Path) -> None:
    CARS.assign(hw_mpg=CARS["hwy_mpg"], hwy_miles=CARS["hwy_mpg"] * 10).drop(columns="hwy_mpg").rename(
        columns={"hw_mpg": "hgwy_mpg"}
    ).to_csv(tmp_path / "two.csv", index=False)
    with pytest.raises((NeedsClarificationError, UnmappableRequestError)):
        extract_intent("mean highway", DatasetSchema.from_file(tmp_path / "two.csv"))


def test_a_word_made_from_a_shorter_one_is_no_cut(tmp_path: Path) -> None:
    pd.DataFrame({"pop": [1, 2], "year": [2000, 2001]}).to_csv(tmp_path / "pop.csv", index=False)
    with pytest.raises(UnmappableRequestError, match="popular"):
        extract_intent("mean popular", DatasetSchema.from_file(tmp_path / "pop.csv"))


def test_the_thing_names_its_name_column_and_two_are_asked_about(tmp_path: Path) -> None:
    makers = {"mfr_name": ["Ford", "Ford", "Kia"], "mfr_code": ["F", "F", "K"], "mpg": [20, 22, 30]}
    frame = pd.DataFrame(makers)
    frame.to_csv(tmp_path / "both.csv", index=False)
    with pytest.raises(NeedsClarificationError, match=r"mfr_name.*mfr_code"):
        extract_intent("Which manufacturer is most common?", DatasetSchema.from_file(tmp_path / "both.csv"))
    frame.drop(columns="mfr_code").to_csv(tmp_path / "name.csv", index=False)
    intent = extract_intent("mean mpg per manufacturer", DatasetSchema.from_file(tmp_path / "name.csv"))
    assert intent.group_by == ["mfr_name"]
