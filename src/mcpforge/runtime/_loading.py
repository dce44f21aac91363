"""The one loader tools use: any supported data file, safely, with its types worked out.

Supported kinds (see ``_formats``): delimited text (delimiter, encoding and decimal mark detected
together), Excel .xlsx, Parquet, Arrow IPC, JSON (records or columns), JSON Lines and a table of a SQLite
file. Every kind goes through the same path guard and the same limits, and column names come back stripped of
surrounding spaces, so the loader, the schema the request is read against, and the tests agree.

pandas 3 semantics are assumed: text columns come back with the ``str`` dtype and frames are
copy-on-write, so every transformation here builds new columns instead of mutating in place.
"""

from __future__ import annotations

import csv
import json
import math
import os
import re
import warnings
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import pandas as pd

from mcpforge.exceptions import DataError
from mcpforge.runtime import _readers
from mcpforge.runtime._bigcsv import read_big_csv
from mcpforge.runtime._csvparts import BIG_FILE_BYTES
from mcpforge.runtime._formats import FileKind, detect_file_kind
from mcpforge.runtime._guards import (
    enforce_resource_limits,
    out_of_memory_error,
    row_limit_error,
    validate_file_path,
)
from mcpforge.runtime._settings import get_settings
from mcpforge.runtime._text import TextFormat, fallback_encoding, normalise_decimal_commas, sniff_text_format
from mcpforge.runtime._types import convert_column_types

SAMPLE_BYTES = 64 * 1024
NOTES_ATTR = "mcpforge_notes"
LOAD_ATTR = "mcpforge_load"

_JSON_SCAN_ROWS = 200
_PANDAS_RAGGED = re.compile(r"Expected (\d+) fields in line (\d+), saw (\d+)")


def _read_sample(path: Path) -> bytes:
    with path.open("rb") as handle:
        return handle.read(SAMPLE_BYTES)


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


def _usecols(wanted: Sequence[str] | None) -> Any:
    if wanted is None:
        return None
    names = set(wanted)
    return lambda column: str(column).strip().lstrip("\ufeff") in names


def _read_text(
    path: Path,
    shown: str,
    fmt: TextFormat,
    *,
    nrows: int | None,
    columns: Sequence[str] | None,
    as_text: bool,
) -> pd.DataFrame:
    text_options: dict[str, Any] = {"dtype": str, "keep_default_na": False} if as_text else {}
    with warnings.catch_warnings():
        # Rows longer than the header would silently lose data; make pandas say so.
        warnings.simplefilter("error", pd.errors.ParserWarning)
        try:
            return pd.read_csv(  # type: ignore[no-any-return]  # a DataFrame: no chunksize/iterator given
                path, sep=fmt.delimiter, encoding=fmt.encoding, on_bad_lines="error", index_col=False,
                nrows=nrows, low_memory=False, encoding_errors="strict", usecols=_usecols(columns),
                decimal=fmt.decimal, **text_options,
            )  # fmt: skip
        except pd.errors.EmptyDataError:
            raise DataError(f"{shown!r} is empty (no header row)", path=shown) from None
        except (pd.errors.ParserError, pd.errors.ParserWarning) as exc:
            if "out of memory" in str(exc).lower():  # the C parser's way of saying MemoryError
                raise out_of_memory_error(shown, file_mb=_file_mb(path)) from None
            raise _ragged_error(path, shown, fmt.encoding, fmt.delimiter, str(exc)) from None


def _load_text(
    path: Path, shown: str, sample: bytes, *, nrows: int | None, columns: Sequence[str] | None,
    as_text: bool, delimiter: str | None, encoding: str | None,
) -> tuple[pd.DataFrame, list[str], dict[str, Any]]:  # fmt: skip
    fmt = sniff_text_format(sample, shown=shown, complete=len(sample) < SAMPLE_BYTES)
    if encoding is not None or delimiter is not None:
        fmt = TextFormat(
            encoding=encoding or fmt.encoding, delimiter=delimiter or fmt.delimiter,
            decimal=fmt.decimal if delimiter is None else ".", notes=fmt.notes if encoding is None else (),
        )  # fmt: skip
    if not sample.decode(fmt.encoding, errors="replace").strip().strip("\ufeff"):
        raise DataError(f"{shown!r}: file is empty", path=shown)
    notes = list(fmt.notes)
    if not as_text and nrows is None and path.stat().st_size >= BIG_FILE_BYTES:
        df, big_notes = read_big_csv(path, shown, fmt, columns=columns)
        notes.extend(big_notes)
        return df, notes, {"encoding": fmt.encoding, "delimiter": fmt.delimiter, "decimal": fmt.decimal}
    try:
        df = _read_text(path, shown, fmt, nrows=nrows, columns=columns, as_text=as_text)
    except UnicodeDecodeError:
        if fmt.encoding != "utf-8":
            raise DataError(f"{shown!r} cannot be decoded as {fmt.encoding}", path=shown) from None
        # Valid UTF-8 at the start, not further on: read it as a single-byte encoding, and say so.
        with path.open("rb") as handle:
            whole = handle.read()
        encoding, _ = fallback_encoding(whole, shown=shown)
        fmt = TextFormat(encoding=encoding, delimiter=fmt.delimiter, decimal=fmt.decimal)
        notes.append(f"{shown!r} is not valid UTF-8 throughout; read it as {encoding}")
        df = _read_text(path, shown, fmt, nrows=nrows, columns=columns, as_text=as_text)
    if as_text and fmt.decimal == ",":
        df = normalise_decimal_commas(df)
    return df, notes, {"encoding": fmt.encoding, "delimiter": fmt.delimiter, "decimal": fmt.decimal}


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


def clean_column_names(columns: Iterable[Any]) -> list[str]:
    """Column names as the person reads them: surrounding spaces and a stray BOM removed, kept unique.

    Two names that only differ by spaces (``"a"`` and ``"a "``) get pandas' ``.1`` suffix, so no
    column is lost.
    """
    names: list[str] = []
    seen: set[str] = set()
    for column in columns:
        name = str(column).strip().lstrip("\ufeff").strip()
        candidate, number = name, 0
        while candidate in seen:
            number += 1
            candidate = f"{name}.{number}"
        seen.add(candidate)
        names.append(candidate)
    return names


def _as_text_cells(df: pd.DataFrame) -> pd.DataFrame:
    """Typed cells (Excel, Parquet, Arrow, JSON, SQLite) as the text a CSV would hold; missing → ``""``."""
    out = {}
    for column in df.columns:
        series = df[column]
        if pd.api.types.is_datetime64_any_dtype(series):
            text = series.dt.strftime("%Y-%m-%d %H:%M:%S").str.replace(" 00:00:00", "", regex=False)
        elif pd.api.types.is_bool_dtype(series):
            text = series.map(lambda v: "" if pd.isna(v) else ("true" if v else "false"))
        else:
            text = series.map(
                lambda v: "" if v is None or (isinstance(v, float) and math.isnan(v)) else _cell(v)
            )
        out[column] = text.fillna("").astype(str)
    return pd.DataFrame(out, index=df.index)


def _cell(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value)) if abs(value) < 1e15 else repr(value)
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def _load_any(
    file_path: str | os.PathLike[str],
    *,
    nrows: int | None,
    columns: Sequence[str] | None,
    as_text: bool,
    sheet: str | None = None,
    table: str | None = None,
    delimiter: str | None = None,
    encoding: str | None = None,
) -> tuple[pd.DataFrame, list[str], dict[str, Any]]:
    shown = os.fspath(file_path)
    path = validate_file_path(file_path)
    sample = _read_sample(path)
    if not sample.strip():
        raise DataError(f"{shown!r}: file is empty", path=shown)
    kind: FileKind = "csv" if delimiter is not None else detect_file_kind(path, sample)
    info: dict[str, Any] = {"path": str(path), "kind": kind}
    wanted = None if columns is None else {str(c).strip() for c in columns}
    chosen = None if wanted is None else sorted(wanted)
    if kind == "csv":
        df, notes, text_info = _load_text(
            path, shown, sample, nrows=nrows, columns=None if wanted is None else sorted(wanted),
            as_text=as_text, delimiter=delimiter, encoding=encoding,
        )  # fmt: skip
        info.update(text_info)
    elif kind == "xlsx":
        df, notes = _readers.read_excel(path, shown, sheet=sheet, columns=chosen, nrows=nrows)
    elif kind == "parquet":
        df, notes = _readers.read_parquet(path, shown, columns=chosen, nrows=nrows)
    elif kind == "arrow":
        df, notes = _readers.read_arrow(path, shown, columns=chosen, nrows=nrows)
    elif kind == "sqlite":
        df, notes = _readers.read_sqlite(path, shown, table=table, columns=chosen, nrows=nrows)
    else:
        file_encoding = encoding or sniff_text_format(sample, shown=shown, complete=True).encoding
        df, notes = _readers.read_json(path, shown, lines=kind == "jsonl", encoding=file_encoding)
        if nrows is not None:
            df = df.iloc[:nrows]
    df.columns = pd.Index(clean_column_names(df.columns))
    if wanted is not None and kind in {"json", "jsonl"}:
        df = df[[c for c in df.columns if c in wanted]]
    if as_text and kind != "csv":
        df = _as_text_cells(df)
    return df, notes, info


def load_csv_data_with_types(
    file_path: str | os.PathLike[str],
    auto_expand_json: bool = True,
    *,
    max_rows: int | None = None,
    delimiter: str | None = None,
    encoding: str | None = None,
    convert_types: bool = True,
    columns: Sequence[str] | None = None,
    sheet: str | None = None,
    table: str | None = None,
) -> pd.DataFrame:
    """Load a data file (CSV/TSV, .xlsx, Parquet, Arrow, JSON, JSON Lines, SQLite) with its types worked out.

    Args:
        file_path: the data file; must resolve under an allowed read root.
        auto_expand_json: expand columns holding JSON objects into ``column.key`` columns.
        max_rows: read at most this many data rows (a note says when rows were left out).
        delimiter: the field delimiter of a text file; sniffed from the first 64 KiB when omitted.
        encoding: the text encoding; detected (BOM, UTF-16, UTF-8, else Windows-1252/latin-1) when omitted.
        convert_types: convert text columns holding only numbers or only dates.
        columns: read only these columns (names as stripped); the rest of the file is never parsed.
        sheet: the sheet of an .xlsx workbook (default: the only one, else the largest, with a note).
        table: the table of a SQLite file (default: the only one, else the largest, with a note).

    Returns:
        The data. ``df.attrs["mcpforge_notes"]`` lists what was assumed (encoding fallback, decimal
        comma, sheet chosen, conversions, truncation); ``df.attrs["mcpforge_load"]`` holds the path,
        the kind of file and, for text, the encoding and delimiter used.

    Raises:
        PathNotAllowedError: the path is outside the allowed roots.
        DataError: missing, empty, binary, unsupported or malformed file (a row longer than the header).
        ResourceLimitError: the data exceeds the configured limits.
    """
    limit = get_settings().max_rows + 1
    nrows = min(limit, max_rows + 1) if max_rows is not None else None
    header = None if columns is None else read_csv_header(file_path, sheet=sheet, table=table)
    if columns is not None and (not columns or not set(columns) <= set(header or [])):
        # No names means every column; a name the header does not have may be a ``column.key`` of an
        # expanded JSON column, or missing (the caller's column check names it): read every column.
        columns = None
    try:
        df, notes, info = _load_any(
            file_path, nrows=nrows, columns=columns, as_text=False, sheet=sheet, table=table,
            delimiter=delimiter, encoding=encoding,
        )  # fmt: skip
        if max_rows is not None and len(df) > max_rows:
            df = df.iloc[:max_rows]
            notes.append(f"only the first {max_rows:,} rows were read")
        if len(df) >= limit:
            raise row_limit_error(len(df))
        enforce_resource_limits(df)
        if auto_expand_json:
            df, json_notes = _expand_json_columns(df)
            notes.extend(json_notes)
        if convert_types:
            df, type_notes = convert_column_types(df)
            notes.extend(type_notes)
    except MemoryError:  # Arrow's too: the read fitted, what came after did not (the sandbox's limit)
        raise out_of_memory_error(os.fspath(file_path), file_mb=_file_mb(file_path)) from None
    df.attrs[NOTES_ATTR] = notes
    df.attrs[LOAD_ATTR] = info
    return df


def _file_mb(file_path: str | os.PathLike[str]) -> float:
    try:
        return Path(file_path).stat().st_size / 1024**2
    except OSError:
        return 0.0


def read_data_as_text(
    file_path: str | os.PathLike[str],
    *,
    nrows: int | None = None,
    sheet: str | None = None,
    table: str | None = None,
) -> pd.DataFrame:
    """The cells of a data file as text, as a CSV of it would hold them (missing cells are ``""``).

    Decimal commas are rewritten with a point, so the text can be written out as a comma-separated
    CSV and read back to the same numbers. Test fixtures and stress data are cut from this.

    Raises:
        PathNotAllowedError, DataError: as :func:`load_csv_data_with_types`.
    """
    df, notes, info = _load_any(file_path, nrows=nrows, columns=None, as_text=True, sheet=sheet, table=table)
    df.attrs[NOTES_ATTR] = notes
    df.attrs[LOAD_ATTR] = info
    return df


def read_csv_header(
    file_path: str | os.PathLike[str], *, sheet: str | None = None, table: str | None = None
) -> list[str]:
    """The column names of a data file (only the header of a text file; same detection as the loader).

    ``sheet`` / ``table`` choose the sheet of a workbook / the table of a SQLite file, as in the loader.
    """
    df, _, _ = _load_any(file_path, nrows=0, columns=None, as_text=True, sheet=sheet, table=table)
    return [str(column) for column in df.columns]
