"""validate_file_and_columns: the file must be allowed, readable, and hold the required columns."""

from __future__ import annotations

from pathlib import Path

import pytest

from mcpforge.exceptions import ColumnNotFoundError, DataError, PathNotAllowedError
from mcpforge.runtime import validate_file_and_columns


def test_present_columns_pass(data_dir: Path) -> None:
    path = data_dir / "d.csv"
    path.write_text("Weather,Severity\nRain,2\n", encoding="utf-8")
    validate_file_and_columns(str(path), ["Weather", "Severity"])
    validate_file_and_columns(str(path))


def test_missing_column_suggests_close_matches(data_dir: Path) -> None:
    path = data_dir / "d.csv"
    path.write_text("Weather_Condition,Severity\nRain,2\n", encoding="utf-8")
    with pytest.raises(ColumnNotFoundError) as info:
        validate_file_and_columns(str(path), ["weather_conditon", "severity", "Zzz"])
    assert info.value.missing == ["weather_conditon", "severity", "Zzz"]
    assert info.value.suggestions == {  # type: ignore[attr-defined]
        "weather_conditon": ["Weather_Condition"],
        "severity": ["Severity"],
        "Zzz": [],
    }


def test_expanded_json_columns_count_as_present(data_dir: Path) -> None:
    path = data_dir / "j.csv"
    path.write_text('id,meta\n1,"{""k"": 1}"\n', encoding="utf-8")
    validate_file_and_columns(str(path), ["meta.k"])


def test_bad_files_are_reported(data_dir: Path, tmp_path: Path) -> None:
    with pytest.raises(DataError):
        validate_file_and_columns(str(data_dir / "missing.csv"), ["a"])
    other = tmp_path / "elsewhere.csv"
    other.write_text("a\n1\n", encoding="utf-8")
    with pytest.raises(PathNotAllowedError):
        validate_file_and_columns(str(other), ["a"])
