"""Fixtures cut from a `;`-separated cp1252 file with decimal commas keep every numeric column numeric.

A sparse column of small shares ("Bundesüberschuss Anteil am BIP": empty for its first hundred rows, then
values such as ``0,0130`` and ``7,227e-05``) was left with decimal commas in the fixtures: an exponent
made the column not "plain numbers", so it was not rewritten with points, and the comma-separated fixture
read it as text. Every generated test then failed with "must be numeric" and the tool was rejected,
although the person's own file read fine.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mcpforge.pipeline.validation.test_cases import read_raw
from mcpforge.runtime import load_csv_data_with_types
from mcpforge.runtime._settings import reading_from


@pytest.mark.parametrize("exponent", ["e-05", "E-7", "e+03"])
def test_a_sparse_decimal_comma_column_with_exponents_stays_numeric(tmp_path: Path, exponent: str) -> None:
    lines = ["Jahr;Bevölkerung;Überschuss Anteil"]
    lines += [f"{1700 + k};{k},5;" for k in range(120)]  # empty early rows
    lines += [
        f"{1820 + k};{k},25;{'-' if k % 3 else ''}{k % 9},{k + 1}{exponent if k % 4 == 0 else ''}"
        for k in range(40)
    ]
    source = tmp_path / "haushalt.csv"
    source.write_bytes(("\n".join(lines) + "\n").encode("cp1252"))
    raw = read_raw(source)
    fixture = tmp_path / "sample.csv"
    fixture.write_text(raw.to_csv(index=False, lineterminator="\n"))
    with reading_from([tmp_path]):
        from_fixture = load_csv_data_with_types(str(fixture))
        from_source = load_csv_data_with_types(str(source))
    column = "Überschuss Anteil"
    assert from_fixture[column].dtype.kind == "f"
    assert from_fixture[column].sum() == pytest.approx(from_source[column].sum())
    assert from_fixture[column].notna().sum() == 40


def test_text_that_only_looks_numeric_is_left_as_written(tmp_path: Path) -> None:
    source = tmp_path / "codes.csv"
    lines = ["id;code;wert"] + [f"{k};{k}e5x;{k},5" for k in range(10)]
    source.write_bytes(("\n".join(lines) + "\n").encode("cp1252"))
    raw = read_raw(source)
    assert raw["code"].tolist()[:2] == ["0e5x", "1e5x"]
    assert raw["wert"].tolist()[:2] == ["0.5", "1.5"]
