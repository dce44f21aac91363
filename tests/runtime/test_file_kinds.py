"""One loader for every kind of file people have: text in any delimiter or encoding, Excel, Parquet, JSON."""

from __future__ import annotations

import sqlite3
import zipfile
from collections.abc import Callable
from pathlib import Path

import pandas as pd
import pytest

from data_files import (
    AMOUNTS,
    REGION_COUNTS,
    REGIONS,
    WRITERS,
    write_semicolon_decimal_comma,
    write_sqlite,
    write_xlsx,
)
from mcpforge.exceptions import DataError, PathNotAllowedError
from mcpforge.runtime import (
    LOAD_ATTR,
    NOTES_ATTR,
    detect_file_kind,
    load_csv_data_with_types,
    read_csv_header,
    read_data_as_text,
)


@pytest.mark.parametrize("kind", sorted(WRITERS))
def test_every_kind_of_file_loads_to_the_same_table(data_dir: Path, kind: str) -> None:
    path = WRITERS[kind](data_dir)
    df = load_csv_data_with_types(str(path))
    assert list(df.columns)[:4] == ["region", "product", "amount", "date"]
    assert df["region"].tolist() == REGIONS
    assert df["amount"].tolist() == pytest.approx(AMOUNTS)
    assert pd.api.types.is_float_dtype(df["amount"])
    assert df.groupby("region").size().to_dict() == REGION_COUNTS


@pytest.mark.parametrize("kind", sorted(WRITERS))
def test_every_kind_of_file_reads_as_text_cells_that_round_trip_through_csv(
    data_dir: Path, kind: str
) -> None:
    path = WRITERS[kind](data_dir)
    cells = read_data_as_text(str(path))
    assert cells["amount"].map(float).tolist() == pytest.approx(AMOUNTS)
    assert cells["region"].tolist() == REGIONS
    assert read_csv_header(str(path))[:4] == ["region", "product", "amount", "date"]


def test_semicolon_file_with_decimal_commas_is_detected_together(data_dir: Path) -> None:
    path = write_semicolon_decimal_comma(data_dir)
    df = load_csv_data_with_types(str(path))
    assert df.attrs[LOAD_ATTR]["delimiter"] == ";"
    assert df.attrs[LOAD_ATTR]["decimal"] == ","
    assert df["amount"].sum() == pytest.approx(sum(AMOUNTS))
    assert any("decimals with a comma" in note for note in df.attrs[NOTES_ATTR])


def test_semicolon_file_without_decimal_commas_keeps_commas_inside_text(data_dir: Path) -> None:
    path = data_dir / "names.csv"
    path.write_text("name;score\nSmith, John;3\nDoe, Jane;4\n", encoding="utf-8")
    df = load_csv_data_with_types(str(path))
    assert df["name"].tolist() == ["Smith, John", "Doe, Jane"]
    assert df.attrs[LOAD_ATTR]["decimal"] == "."


def test_windows_1252_file_is_decoded_with_a_note_not_refused(data_dir: Path) -> None:
    path = WRITERS["cp1252"](data_dir)
    df = load_csv_data_with_types(str(path))
    assert "Preis in €" in df["note"].tolist()
    assert df.attrs[LOAD_ATTR]["encoding"] == "cp1252"
    assert any("Windows-1252" in note for note in df.attrs[NOTES_ATTR])


def test_utf16_without_a_byte_order_mark_is_recognised(data_dir: Path) -> None:
    df = load_csv_data_with_types(str(WRITERS["utf16_without_bom"](data_dir)))
    assert df.attrs[LOAD_ATTR]["encoding"] == "utf-16-le"
    assert df["product"].iloc[0] == "Äpfel"


def test_workbook_reads_the_largest_sheet_with_a_note_or_the_sheet_asked_for(data_dir: Path) -> None:
    path = write_xlsx(data_dir)
    largest = load_csv_data_with_types(str(path))
    assert largest.groupby("region").size().to_dict() == REGION_COUNTS
    assert pd.api.types.is_datetime64_any_dtype(largest["date"])
    assert any("'Cover'" in note and "'Sales'" in note for note in largest.attrs[NOTES_ATTR])
    cover = load_csv_data_with_types(str(path), sheet="Cover")
    assert list(cover.columns) == ["Quarterly report", "Unnamed: 1"]


def test_a_sheet_that_does_not_exist_is_named_with_the_ones_that_do(data_dir: Path) -> None:
    with pytest.raises(DataError) as caught:
        load_csv_data_with_types(str(write_xlsx(data_dir)), sheet="Umsatz")
    assert "'Cover'" in str(caught.value)
    assert "'Sales'" in str(caught.value)


def test_sqlite_file_reads_the_largest_table_or_the_table_asked_for(data_dir: Path) -> None:
    path = write_sqlite(data_dir)
    sales = load_csv_data_with_types(str(path))
    assert sales.groupby("region").size().to_dict() == REGION_COUNTS
    assert any("'regions'" in note for note in sales.attrs[NOTES_ATTR])
    regions = load_csv_data_with_types(str(path), table="regions")
    assert list(regions.columns) == ["region"]
    with pytest.raises(DataError):
        load_csv_data_with_types(str(path), table="orders")


def test_sqlite_file_is_never_written_to(data_dir: Path) -> None:
    path = write_sqlite(data_dir)
    before = sorted(p.name for p in data_dir.iterdir()), path.read_bytes()
    load_csv_data_with_types(str(path), table="sales")
    assert (sorted(p.name for p in data_dir.iterdir()), path.read_bytes()) == before


@pytest.mark.parametrize("kind", ["semicolon_decimal_comma", "parquet", "arrow", "sqlite", "xlsx", "jsonl"])
def test_only_the_columns_asked_for_are_read(data_dir: Path, kind: str) -> None:
    df = load_csv_data_with_types(str(WRITERS[kind](data_dir)), columns=["region", "amount"])
    assert sorted(df.columns) == ["amount", "region"]


def test_column_names_with_surrounding_spaces_are_stripped_everywhere(data_dir: Path) -> None:
    path = WRITERS["spaced_header"](data_dir)
    assert read_csv_header(str(path)) == ["region", "product", "amount", "date"]
    assert list(read_data_as_text(str(path)).columns) == ["region", "product", "amount", "date"]
    assert list(load_csv_data_with_types(str(path), columns=["amount"]).columns) == ["amount"]


def test_names_that_only_differ_by_spaces_both_survive(data_dir: Path) -> None:
    path = data_dir / "twins.csv"
    path.write_text("a,a ,b\n1,2,3\n", encoding="utf-8")
    assert list(load_csv_data_with_types(str(path)).columns) == ["a", "a.1", "b"]


def _pdf(directory: Path) -> Path:
    path = directory / "report.csv"
    path.write_bytes(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n")
    return path


def _old_excel(directory: Path) -> Path:
    path = directory / "old.xls"
    path.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 512)
    return path


def _zip(directory: Path) -> Path:
    path = directory / "export.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("data.csv", "a,b\n1,2\n")
    return path


def _gzip(directory: Path) -> Path:
    import gzip

    path = directory / "sales.csv.gz"
    path.write_bytes(gzip.compress(b"a,b\n1,2\n"))
    return path


@pytest.mark.parametrize(
    ("writer", "looks_like"),
    [(_pdf, "PDF"), (_old_excel, ".xls"), (_zip, "ZIP archive"), (_gzip, "gzip")],
)
def test_unsupported_file_is_named_with_what_it_looks_like_and_what_is_supported(
    data_dir: Path, writer: Callable[[Path], Path], looks_like: str
) -> None:
    path = writer(data_dir)
    with pytest.raises(DataError) as caught:
        load_csv_data_with_types(str(path))
    assert looks_like in str(caught.value)
    assert "Parquet" in str(caught.value)
    assert caught.value.path == str(path)


def test_json_that_is_not_a_table_blames_the_file(data_dir: Path) -> None:
    path = data_dir / "config.json"
    path.write_text('{"name": "x", "version": 2}', encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_csv_data_with_types(str(path))
    assert "not a table" in str(caught.value)


def test_broken_json_lines_name_the_line(data_dir: Path) -> None:
    path = data_dir / "events.jsonl"
    path.write_text('{"a": 1}\n{"a": 2\n', encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_csv_data_with_types(str(path))
    assert "line 2" in str(caught.value)


def test_every_kind_obeys_the_allowed_roots(tmp_path: Path, data_dir: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    for writer in (
        WRITERS["parquet"],
        WRITERS["arrow"],
        WRITERS["sqlite"],
        WRITERS["xlsx"],
        WRITERS["jsonl"],
    ):
        with pytest.raises(PathNotAllowedError):
            load_csv_data_with_types(str(writer(outside)))


def test_a_text_file_named_json_is_still_detected_by_its_content(data_dir: Path) -> None:
    path = data_dir / "actually.csv"
    path.write_text('[{"a": 1}, {"a": 2}]', encoding="utf-8")
    assert detect_file_kind(path) == "json"
    database = data_dir / "renamed.csv"
    with sqlite3.connect(database) as connection:
        connection.execute("CREATE TABLE t (a INTEGER)")
    connection.close()
    assert detect_file_kind(database) == "sqlite"


@pytest.mark.parametrize("kind", ["semicolon_decimal_comma", "cp1252", "tab", "spaced_header"])
def test_big_files_parsed_by_pyarrow_give_the_same_table(
    data_dir: Path, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = WRITERS[kind](data_dir)
    small = load_csv_data_with_types(str(path))
    monkeypatch.setattr("mcpforge.runtime._loading.BIG_FILE_BYTES", 1)
    big = load_csv_data_with_types(str(path))
    assert any("parsed with pyarrow" in note for note in big.attrs[NOTES_ATTR])
    pd.testing.assert_frame_equal(big, small, check_dtype=False)
    assert pd.api.types.is_float_dtype(big["amount"])
    narrow = load_csv_data_with_types(str(path), columns=["region", "amount"])
    assert sorted(narrow.columns) == ["amount", "region"]


@pytest.mark.parametrize("big", [False, True])
def test_a_row_limit_names_the_limit_the_figure_and_the_setting(
    data_dir: Path, big: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mcpforge.exceptions import ResourceLimitError
    from mcpforge.runtime import configure

    if big:
        monkeypatch.setattr("mcpforge.runtime._loading.BIG_FILE_BYTES", 1)
    configure(max_rows=5)
    with pytest.raises(ResourceLimitError) as caught:
        load_csv_data_with_types(str(WRITERS["tab"](data_dir)))
    message = str(caught.value)
    assert "the limit is 5" in message
    assert "security.max_dataset_rows" in message
    assert caught.value.limit == "rows"


def test_a_broken_arrow_file_is_named_as_unreadable(data_dir: Path) -> None:
    path = data_dir / "broken.arrow"
    path.write_bytes(b"ARROW1\x00\x00" + b"\x00" * 64)
    assert detect_file_kind(path) == "arrow"
    with pytest.raises(DataError):
        load_csv_data_with_types(str(path))
