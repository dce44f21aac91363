"""Loading a CSV file safely: path guard, encoding, delimiter, binary / empty / ragged checks, types.

pandas 3 semantics are assumed: text columns come back with the ``str`` dtype and frames are
copy-on-write, so every transformation here builds new columns instead of mutating in place.
"""

from __future__ import annotations

import codecs
import csv
import json
import os
import re
import warnings
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pandas as pd

from mcpforge.exceptions import DataError
from mcpforge.runtime._guards import enforce_resource_limits, validate_file_path
from mcpforge.runtime._settings import get_settings
from mcpforge.runtime._types import convert_column_types

SAMPLE_BYTES = 64 * 1024
DELIMITERS = ",;\t|"
NOTES_ATTR = "mcpforge_notes"
LOAD_ATTR = "mcpforge_load"

_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"), (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"),
)  # fmt: skip
_JSON_SCAN_ROWS = 200
_PANDAS_RAGGED = re.compile(r"Expected (\d+) fields in line (\d+), saw (\d+)")


def _read_sample(path: Path) -> bytes:
    with path.open("rb") as handle:
        return handle.read(SAMPLE_BYTES)


def detect_encoding(sample: bytes, *, shown: str) -> tuple[str, list[str]]:
    """The encoding of a file from its first bytes, and notes about the choice.

    Raises:
        DataError: the sample holds NUL bytes outside a UTF-16/32 file (a binary file).
    """
    for bom, encoding in _BOMS:
        if sample.startswith(bom):
            return encoding, []
    if b"\x00" in sample:
        raise DataError(
            f"{shown!r} looks like a binary file (it contains NUL bytes), not CSV text", path=shown
        )
    try:
        codecs.getincrementaldecoder("utf-8")().decode(sample, final=False)
    except UnicodeDecodeError:
        return "latin-1", [f"{shown!r} is not valid UTF-8; read it as latin-1"]
    return "utf-8", []


def sniff_delimiter(text: str) -> str:
    """The field delimiter of CSV ``text``: one of ``, ; TAB |`` (comma when nothing else fits)."""
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        return ","
    header = lines[0]
    try:
        dialect = csv.Sniffer().sniff("\n".join(lines[:50]), delimiters=DELIMITERS)
        sniffed = str(dialect.delimiter)
    except csv.Error:
        sniffed = ""
    # The sniffer can pick a character that only occurs inside values; the header settles it.
    in_header = {delim: header.count(delim) for delim in DELIMITERS if header.count(delim)}
    if sniffed and (sniffed in in_header or not in_header):
        return sniffed
    if in_header:
        return max(in_header, key=lambda delim: in_header[delim])
    return ","


def _find_ragged_line(path: Path, encoding: str, delimiter: str) -> tuple[int, int, int] | None:
    """(line number, fields found, fields expected) of the first row longer than the header."""
    with path.open("r", encoding=encoding, newline="", errors="replace") as handle:
        reader = csv.reader(handle, delimiter=delimiter)
        header = next(reader, None)
        if header is None:
            return None
        for row in reader:
            if len(row) > len(header):
                return reader.line_num, len(row), len(header)
    return None


def _ragged_error(path: Path, shown: str, encoding: str, delimiter: str, message: str) -> DataError:
    found = _find_ragged_line(path, encoding, delimiter)
    if found is None:
        match = _PANDAS_RAGGED.search(message)
        if match is None:
            return DataError(f"{shown!r} is not a well-formed CSV file: {message.strip()}", path=shown)
        found = (int(match.group(2)), int(match.group(3)), int(match.group(1)))
    line, fields, expected = found
    return DataError(
        f"{shown!r} line {line} has {fields} fields but the header has {expected} "
        f"(delimiter {delimiter!r}); fix or quote that row",
        path=shown,
    )


def _read_frame(path: Path, shown: str, encoding: str, delimiter: str, nrows: int | None) -> pd.DataFrame:
    with warnings.catch_warnings():
        # Rows longer than the header would silently lose data; make pandas say so.
        warnings.simplefilter("error", pd.errors.ParserWarning)
        try:
            return pd.read_csv(
                path, sep=delimiter, encoding=encoding, on_bad_lines="error", index_col=False,
                nrows=nrows, low_memory=False, encoding_errors="strict",
            )  # fmt: skip
        except pd.errors.EmptyDataError:
            raise DataError(f"{shown!r} is empty (no header row)", path=shown) from None
        except (pd.errors.ParserError, pd.errors.ParserWarning) as exc:
            raise _ragged_error(path, shown, encoding, delimiter, str(exc)) from None


def _all_objects(values: pd.Series) -> bool:
    return bool(values.astype(str).str.lstrip().str.startswith("{").all())


def _expand_json_columns(df: pd.DataFrame) -> tuple[pd.DataFrame, list[str]]:
    """Replace text columns whose every value is a JSON object with one ``column.key`` column per key."""
    notes: list[str] = []
    for column in list(df.columns):
        series = df[column]
        if not (pd.api.types.is_string_dtype(series) or pd.api.types.is_object_dtype(series)):
            continue
        # The first values settle most columns; only a column that starts with objects is scanned in full.
        head = series.head(_JSON_SCAN_ROWS).dropna()
        if not head.empty and not _all_objects(head):
            continue
        values = series.dropna()
        if values.empty or not _all_objects(values):
            continue
        try:
            parsed = [
                json.loads(value) if isinstance(value, str) else {} for value in series.where(series.notna())
            ]
        except (json.JSONDecodeError, TypeError):
            continue
        if not all(isinstance(item, dict) for item in parsed):
            continue
        expanded = pd.json_normalize(parsed, sep=".")
        expanded.columns = [f"{column}.{key}" for key in expanded.columns]
        expanded.index = df.index
        position = list(df.columns).index(column)
        left, right = df.iloc[:, :position], df.iloc[:, position + 1 :]
        df = pd.concat([left, expanded, right], axis=1)
        notes.append(f"JSON column {column!r} expanded into {len(expanded.columns)} column(s)")
    return df, notes


def _clean_column_names(columns: Iterable[Any]) -> list[str]:
    return [str(column).strip() for column in columns]


def load_csv_data_with_types(
    file_path: str | os.PathLike[str],
    auto_expand_json: bool = True,
    *,
    max_rows: int | None = None,
    delimiter: str | None = None,
    encoding: str | None = None,
    convert_types: bool = True,
) -> pd.DataFrame:
    """Load a CSV file with its delimiter, encoding and column types worked out.

    Args:
        file_path: the CSV file; must resolve under an allowed read root.
        auto_expand_json: expand columns holding JSON objects into ``column.key`` columns.
        max_rows: read at most this many data rows (a note says when rows were left out).
        delimiter: the field delimiter; sniffed from the first 64 KiB when omitted.
        encoding: the text encoding; detected (BOM, UTF-8, else latin-1) when omitted.
        convert_types: convert text columns holding only numbers or only dates.

    Returns:
        The data. ``df.attrs["mcpforge_notes"]`` lists what was assumed (encoding fallback, conversions,
        truncation); ``df.attrs["mcpforge_load"]`` holds the path, encoding and delimiter used.

    Raises:
        PathNotAllowedError: the path is outside the allowed roots.
        DataError: missing, empty, binary or malformed (a row longer than the header) file.
        ResourceLimitError: the data exceeds the configured limits.
    """
    shown = os.fspath(file_path)
    path = validate_file_path(file_path)
    sample = _read_sample(path)
    if not sample.strip():
        raise DataError(f"{shown!r}: file is empty", path=shown)
    notes: list[str] = []
    if encoding is None:
        encoding, encoding_notes = detect_encoding(sample, shown=shown)
        notes.extend(encoding_notes)
    text = sample.decode(encoding, errors="replace")
    if not text.strip().strip("\ufeff"):
        raise DataError(f"{shown!r}: file is empty", path=shown)
    if delimiter is None:
        # The last line of the sample may be cut in the middle of a row.
        cut = text.rfind("\n")
        delimiter = sniff_delimiter(text[:cut] if cut > 0 and len(sample) == SAMPLE_BYTES else text)
    limit = get_settings().max_rows + 1
    nrows = min(limit, max_rows + 1) if max_rows is not None else limit
    try:
        df = _read_frame(path, shown, encoding, delimiter, nrows)
    except UnicodeDecodeError:
        if encoding != "utf-8":
            raise DataError(f"{shown!r} cannot be decoded as {encoding}", path=shown) from None
        # Valid UTF-8 at the start, not further on: latin-1 reads every byte, so say we guessed.
        encoding = "latin-1"
        notes.append(f"{shown!r} is not valid UTF-8 throughout; read it as latin-1")
        df = _read_frame(path, shown, encoding, delimiter, nrows)
    df.columns = pd.Index(_clean_column_names(df.columns))
    if max_rows is not None and len(df) > max_rows:
        df = df.iloc[:max_rows]
        notes.append(f"only the first {max_rows:,} rows were read")
    enforce_resource_limits(df)
    if auto_expand_json:
        df, json_notes = _expand_json_columns(df)
        notes.extend(json_notes)
    if convert_types:
        df, type_notes = convert_column_types(df)
        notes.extend(type_notes)
    df.attrs[NOTES_ATTR] = notes
    df.attrs[LOAD_ATTR] = {"path": str(path), "encoding": encoding, "delimiter": delimiter}
    return df


def read_csv_header(file_path: str | os.PathLike[str]) -> list[str]:
    """The column names of a CSV file (header row only, same detection as the loader)."""
    shown = os.fspath(file_path)
    path = validate_file_path(file_path)
    sample = _read_sample(path)
    if not sample.strip():
        raise DataError(f"{shown!r}: file is empty", path=shown)
    encoding, _ = detect_encoding(sample, shown=shown)
    text = sample.decode(encoding, errors="replace")
    cut = text.rfind("\n")
    delimiter = sniff_delimiter(text[:cut] if cut > 0 and len(sample) == SAMPLE_BYTES else text)
    try:
        df = _read_frame(path, shown, encoding, delimiter, 0)
    except UnicodeDecodeError:
        df = _read_frame(path, shown, "latin-1", delimiter, 0)
    return _clean_column_names(df.columns)
