"""load_csv_data_with_types on awkward real files: encodings, delimiters, binary, empty, ragged, JSON."""

from __future__ import annotations

import codecs
from pathlib import Path

import pandas as pd
import pytest

from mcpforge.exceptions import DataError, ResourceLimitError
from mcpforge.runtime import LOAD_ATTR, NOTES_ATTR, configure, load_csv_data_with_types, sniff_delimiter

ROWS = "name,city,amount\nZoë,Málaga,1.5\nRenée,Zürich,2\nAndrés,Köln,3.25\n"


def test_utf8_file_keeps_accents_and_types(data_dir: Path) -> None:
    path = data_dir / "utf8.csv"
    path.write_text(ROWS, encoding="utf-8")
    df = load_csv_data_with_types(str(path))
    assert df["name"].tolist() == ["Zoë", "Renée", "Andrés"]
    assert df["amount"].tolist() == [1.5, 2.0, 3.25]
    assert df.attrs[LOAD_ATTR]["encoding"] == "utf-8"
    assert df.attrs[NOTES_ATTR] == []


@pytest.mark.parametrize(("encoding", "expected"), [("utf-8-sig", "utf-8-sig"), ("utf-16", "utf-16")])
def test_files_with_a_byte_order_mark_are_decoded(data_dir: Path, encoding: str, expected: str) -> None:
    path = data_dir / "bom.csv"
    path.write_bytes(ROWS.encode(encoding))
    df = load_csv_data_with_types(str(path))
    assert list(df.columns) == ["name", "city", "amount"]
    assert df["city"].tolist() == ["Málaga", "Zürich", "Köln"]
    assert df.attrs[LOAD_ATTR]["encoding"] == expected


def test_latin1_file_is_read_as_windows_1252_with_a_note(data_dir: Path) -> None:
    path = data_dir / "latin1.csv"
    path.write_bytes(ROWS.encode("latin-1"))
    df = load_csv_data_with_types(str(path))
    assert df["city"].tolist() == ["Málaga", "Zürich", "Köln"]
    assert df.attrs[LOAD_ATTR]["encoding"] == "cp1252"
    assert any("Windows-1252" in note for note in df.attrs[NOTES_ATTR])


def test_bytes_undefined_in_windows_1252_fall_back_to_latin1(data_dir: Path) -> None:
    path = data_dir / "latin1_control.csv"
    path.write_bytes(ROWS.encode("latin-1") + b"Zo\x81e,Bern,4\n")
    df = load_csv_data_with_types(str(path))
    assert df["name"].iloc[-1] == "Zo\x81e"
    assert df.attrs[LOAD_ATTR]["encoding"] == "latin-1"
    assert any("latin-1" in note for note in df.attrs[NOTES_ATTR])


def test_invalid_utf8_after_the_sample_falls_back_to_latin1(data_dir: Path) -> None:
    path = data_dir / "late.csv"
    body = "a,b\n" + "x,1\n" * 20_000
    path.write_bytes(body.encode("utf-8") + "é,2\n".encode("latin-1"))
    df = load_csv_data_with_types(str(path))
    assert df["a"].iloc[-1] == "é"
    assert df.attrs[LOAD_ATTR]["encoding"] == "cp1252"


@pytest.mark.parametrize("delimiter", [",", ";", "\t", "|"])
def test_delimiter_is_sniffed(data_dir: Path, delimiter: str) -> None:
    path = data_dir / "delim.csv"
    rows = [["id", "label", "value"], ["1", "a b", "10"], ["2", "c", "20"], ["3", "d", "30"]]
    path.write_text("\n".join(delimiter.join(row) for row in rows) + "\n", encoding="utf-8")
    df = load_csv_data_with_types(str(path))
    assert list(df.columns) == ["id", "label", "value"]
    assert df["value"].sum() == 60
    assert df.attrs[LOAD_ATTR]["delimiter"] == delimiter


def test_semicolon_file_with_decimal_commas_in_quotes_is_split_on_semicolons() -> None:
    assert sniff_delimiter('city;note\n"Paris";"a, b"\n"Rome";"c, d"\n') == ";"


def test_binary_file_is_refused(data_dir: Path) -> None:
    path = data_dir / "image.csv"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    with pytest.raises(DataError):
        load_csv_data_with_types(str(path))


@pytest.mark.parametrize("content", [b"", b"\n\n  \n", codecs.BOM_UTF8])
def test_empty_file_is_refused(data_dir: Path, content: bytes) -> None:
    path = data_dir / "empty.csv"
    path.write_bytes(content)
    with pytest.raises(DataError):
        load_csv_data_with_types(str(path))


def test_header_only_file_gives_an_empty_frame_with_columns(data_dir: Path) -> None:
    path = data_dir / "header.csv"
    path.write_text("a,b,c\n", encoding="utf-8")
    df = load_csv_data_with_types(str(path))
    assert list(df.columns) == ["a", "b", "c"]
    assert len(df) == 0


def test_row_longer_than_the_header_is_reported_with_its_line(data_dir: Path) -> None:
    path = data_dir / "ragged.csv"
    path.write_text("a,b\n1,2\n3,4\n5,6,7\n8,9\n", encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_csv_data_with_types(str(path))
    assert "line 4" in str(info.value)


def test_every_row_longer_than_the_header_is_not_silently_truncated(data_dir: Path) -> None:
    path = data_dir / "wide.csv"
    path.write_text("a,b\n1,2,3\n4,5,6\n", encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_csv_data_with_types(str(path))
    assert "line 2" in str(info.value)


def test_short_rows_are_missing_values(data_dir: Path) -> None:
    path = data_dir / "short.csv"
    path.write_text("a,b\n1,2\n3\n", encoding="utf-8")
    df = load_csv_data_with_types(str(path))
    assert df["b"].isna().tolist() == [False, True]


def test_numeric_and_date_text_columns_are_converted(data_dir: Path) -> None:
    path = data_dir / "types.csv"
    path.write_text(
        'when,amount,code,flag\n2024-01-05,"1,200",A1,true\n2024-02-10,"3,400.5",B2,false\n', encoding="utf-8"
    )
    df = load_csv_data_with_types(str(path))
    assert pd.api.types.is_datetime64_any_dtype(df["when"])
    assert df["when"].dt.month.tolist() == [1, 2]
    assert df["amount"].tolist() == [1200.0, 3400.5]
    assert pd.api.types.is_string_dtype(df["code"])
    assert pd.api.types.is_bool_dtype(df["flag"])


def test_us_style_dates_are_parsed(data_dir: Path) -> None:
    path = data_dir / "us.csv"
    path.write_text("d,v\n12/31/2023,1\n01/15/2024,2\n", encoding="utf-8")
    df = load_csv_data_with_types(str(path))
    assert df["d"].dt.year.tolist() == [2023, 2024]


def test_json_object_columns_are_expanded(data_dir: Path) -> None:
    path = data_dir / "json.csv"
    path.write_text(
        'id,meta,score\n1,"{""color"": ""red"", ""size"": {""w"": 2}}",5\n'
        '2,"{""color"": ""blue""}",7\n3,,9\n',
        encoding="utf-8",
    )
    df = load_csv_data_with_types(str(path))
    assert list(df.columns) == ["id", "meta.color", "meta.size.w", "score"]
    assert df["meta.color"].tolist()[:2] == ["red", "blue"]
    assert df["meta.size.w"].iloc[0] == 2
    assert df["score"].tolist() == [5, 7, 9]
    unexpanded = load_csv_data_with_types(str(path), auto_expand_json=False)
    assert list(unexpanded.columns) == ["id", "meta", "score"]


def test_a_json_column_with_a_plain_value_after_the_first_rows_is_not_expanded(data_dir: Path) -> None:
    path = data_dir / "json_late.csv"
    rows = [f'{i},"{{""a"": {i}}}"' for i in range(500)] + ["500,plain text"]
    path.write_text("id,meta\n" + "\n".join(rows) + "\n", encoding="utf-8")
    df = load_csv_data_with_types(str(path))
    assert list(df.columns) == ["id", "meta"]
    assert df["meta"].iloc[-1] == "plain text"


def test_max_rows_reads_only_the_first_rows_and_says_so(data_dir: Path) -> None:
    path = data_dir / "many.csv"
    path.write_text("n\n" + "".join(f"{i}\n" for i in range(50)), encoding="utf-8")
    df = load_csv_data_with_types(str(path), max_rows=10)
    assert df["n"].tolist() == list(range(10))
    assert any("10" in note for note in df.attrs[NOTES_ATTR])


def test_row_limit_is_enforced_while_loading(data_dir: Path) -> None:
    path = data_dir / "many.csv"
    path.write_text("n\n" + "".join(f"{i}\n" for i in range(50)), encoding="utf-8")
    configure(max_rows=20)
    with pytest.raises(ResourceLimitError) as info:
        load_csv_data_with_types(str(path))
    assert info.value.limit == "rows"


def test_column_names_are_stripped(data_dir: Path) -> None:
    path = data_dir / "spaces.csv"
    path.write_text("a, b ,c\n1,2,3\n", encoding="utf-8")
    assert list(load_csv_data_with_types(str(path)).columns) == ["a", "b", "c"]
