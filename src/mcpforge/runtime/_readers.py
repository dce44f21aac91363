"""Readers for the data files that are not delimited text: Excel, Parquet, Arrow IPC, JSON, JSON Lines,
SQLite.

Each returns a DataFrame with the file's own types and a list of notes (which sheet or table was read).
openpyxl and pyarrow are used here, in trusted library code; generated tools never import them. Every
SQLite statement is bounded in time and memory and its rows are fetched up to the limits
(:mod:`mcpforge.runtime._read_bounds`): a view is a query the file's author wrote.
"""

from __future__ import annotations

import json
import sqlite3
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mcpforge.exceptions import DataError
from mcpforge.runtime._read_bounds import bounded_connection, fetch_bounded

if TYPE_CHECKING:  # listing a file's sheets or tables needs no pandas; the readers import it
    import pandas as pd


def _pick(
    kind: str, wanted: str | None, available: Sequence[str], shown: str, sizes: Sequence[int] = ()
) -> tuple[str, list[str]]:
    """The sheet or table to read: the one asked for, else the only one, else the largest (with a note).

    The largest, not the first: workbooks often open with a cover or notes sheet, databases with a
    small lookup table, and the data the person means is the big one. The note names the others and
    how to choose.
    """
    if not available:
        raise DataError(f"{shown!r} holds no {kind}s", path=shown)
    if wanted is not None:
        if wanted not in available:
            names = ", ".join(repr(name) for name in available)
            raise DataError(f"{shown!r} has no {kind} {wanted!r}; it has {names}", path=shown)
        return wanted, []
    if len(available) == 1:
        return available[0], []
    index = max(range(len(available)), key=lambda i: (sizes[i] if i < len(sizes) else 0, -i))
    chosen = available[index]
    others = ", ".join(repr(name) for name in available if name != chosen)
    return chosen, [
        f"{shown!r} has {len(available)} {kind}s; read {chosen!r}, the largest (others: {others}; "
        f"choose one with {kind}=)"
    ]


def data_parts(path: Path, kind: str) -> tuple[str, list[str]]:
    """What can be chosen inside a file of ``kind``: ("sheet", names) of a workbook, ("table", names) of a
    SQLite file, ("", []) for every other kind (a file that is one table).

    Raises:
        DataError: the workbook or database cannot be opened.
    """
    shown = str(path)
    if kind == "sqlite":
        return "table", sqlite_tables(path, shown)
    if kind != "xlsx":
        return "", []
    import openpyxl
    from openpyxl.utils.exceptions import InvalidFileException

    try:
        workbook = openpyxl.load_workbook(path, read_only=True, data_only=True)
    except (OSError, KeyError, ValueError, zipfile.BadZipFile, InvalidFileException) as exc:
        raise DataError(f"{shown!r} is not a readable .xlsx workbook: {exc}", path=shown) from None
    try:
        return "sheet", list(workbook.sheetnames)
    finally:
        workbook.close()


def read_excel(
    path: Path, shown: str, *, sheet: str | None, columns: Sequence[str] | None, nrows: int | None
) -> tuple[pd.DataFrame, list[str]]:
    """One sheet of an .xlsx workbook (the first unless ``sheet`` names another)."""
    import openpyxl
    import pandas as pd
    from openpyxl.utils.exceptions import InvalidFileException

    try:
        workbook = openpyxl.load_workbook(path, read_only=True, data_only=True)
    except (OSError, KeyError, ValueError, zipfile.BadZipFile, InvalidFileException) as exc:
        raise DataError(f"{shown!r} is not a readable .xlsx workbook: {exc}", path=shown) from None
    try:
        names_available = list(workbook.sheetnames)
        sizes = [_sheet_size(workbook[name]) for name in names_available]
        name, notes = _pick("sheet", sheet, names_available, shown, sizes)
        rows = workbook[name].iter_rows(values_only=True)
        header = next(rows, None)
        if header is None:
            raise DataError(f"sheet {name!r} of {shown!r} is empty", path=shown)
        # As pandas names a blank header cell in a CSV file.
        names = [(f"Unnamed: {i}" if cell is None else str(cell)) for i, cell in enumerate(header)]
        data: list[tuple[Any, ...]] = []
        for row in rows:
            if nrows is not None and len(data) >= nrows:
                break
            if all(cell is None for cell in row):
                continue
            data.append(tuple(row[: len(names)]) + (None,) * (len(names) - len(row)))
    finally:
        workbook.close()
    df = pd.DataFrame(data, columns=names)
    df = df.loc[:, [not str(c).startswith("Unnamed: ") or bool(df[c].notna().any()) for c in df.columns]]
    if columns is not None:
        df = df[[c for c in df.columns if str(c).strip() in set(columns)]]
    return df, notes


def read_parquet(
    path: Path, shown: str, *, columns: Sequence[str] | None, nrows: int | None
) -> tuple[pd.DataFrame, list[str]]:
    """A Parquet file (only ``columns`` when given; only the first ``nrows`` rows when given)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        parquet = pq.ParquetFile(path)
        names = [name for name in parquet.schema_arrow.names if columns is None or name.strip() in columns]
        if nrows is None:
            table = parquet.read(columns=names)
        else:
            batches = []
            left = nrows
            for batch in parquet.iter_batches(columns=names, batch_size=min(max(nrows, 1), 65_536)):
                batches.append(batch.slice(0, left))
                left -= min(left, batch.num_rows)
                if left <= 0:
                    break
            schema = pa.schema([parquet.schema_arrow.field(name) for name in names])
            table = pa.Table.from_batches(batches, schema=schema) if batches else schema.empty_table()
    except (OSError, pa.ArrowException) as exc:
        raise DataError(f"{shown!r} is not a readable Parquet file: {exc}", path=shown) from None
    return table.to_pandas(), []


ORIGIN_KEY = b"mcpforge.origin"
"""Schema metadata of an Arrow copy mcpforge wrote of another file's parsed columns: the notes the loader
took on that file (``{"notes": [...]}``), so a run on the copy says what a run on the original would."""


def read_arrow(
    path: Path, shown: str, *, columns: Sequence[str] | None, nrows: int | None
) -> tuple[pd.DataFrame, list[str]]:
    """An Arrow IPC file (Feather v2), memory-mapped: only ``columns``, only the first ``nrows`` rows.

    The notes are those recorded in a copy mcpforge wrote (:data:`ORIGIN_KEY`), else none. The kind and
    path the loader reports stay this file's own: only words travel with a copy.
    """
    import pyarrow as pa

    try:
        # Not closed here: the frame's columns are views of the mapped file (no copy of a gigabyte),
        # and the mapping lives as long as they do.
        reader = pa.ipc.open_file(pa.memory_map(str(path)))
        names = [name for name in reader.schema.names if columns is None or name.strip() in columns]
        table = reader.read_all().select(names)
        if nrows is not None:
            table = table.slice(0, nrows)
        df = table.to_pandas()
    except (OSError, pa.ArrowException) as exc:
        raise DataError(f"{shown!r} is not a readable Arrow IPC file: {exc}", path=shown) from None
    return df, _origin_notes(reader.schema.metadata or {})


def _origin_notes(metadata: dict[bytes, bytes]) -> list[str]:
    try:
        recorded = json.loads(metadata.get(ORIGIN_KEY) or b"{}")
    except (json.JSONDecodeError, UnicodeDecodeError):
        return []
    notes = recorded.get("notes") if isinstance(recorded, dict) else None
    return [str(note) for note in notes] if isinstance(notes, list) else []


def _json_frame(document: Any, shown: str) -> pd.DataFrame:
    """A table from JSON: records ``[{...}]``, columns ``{"col": [...]}`` or ``{"data": [records]}``."""
    import pandas as pd

    if isinstance(document, dict):
        lists = [key for key, value in document.items() if isinstance(value, list)]
        if len(lists) == 1 and all(isinstance(item, dict) for item in document[lists[0]]):
            document = document[lists[0]]  # {"data": [records]} as APIs return them
        elif document and all(isinstance(value, (list, dict)) for value in document.values()):
            try:
                return pd.DataFrame(document)
            except ValueError as exc:
                raise DataError(f"{shown!r}: JSON columns of different lengths ({exc})", path=shown) from None
    if isinstance(document, list) and document and all(isinstance(item, dict) for item in document):
        return pd.json_normalize(document, sep=".")
    raise DataError(
        f"{shown!r} is JSON but not a table: expected a list of records or an object of columns", path=shown
    )


def read_json(path: Path, shown: str, *, lines: bool, encoding: str) -> tuple[pd.DataFrame, list[str]]:
    """A JSON document (records or columns) or a JSON Lines file (one record per line)."""
    import pandas as pd

    with path.open("r", encoding=encoding) as handle:
        if not lines:
            try:
                return _json_frame(json.load(handle), shown), []
            except json.JSONDecodeError as exc:
                raise DataError(f"{shown!r} is not valid JSON: {exc}", path=shown) from None
        records: list[Any] = []
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError as exc:
                raise DataError(f"{shown!r} line {number} is not valid JSON: {exc.msg}", path=shown) from None
            if not isinstance(record, dict):
                raise DataError(f"{shown!r} line {number} is not a JSON object", path=shown)
            records.append(record)
    if not records:
        raise DataError(f"{shown!r} holds no records", path=shown)
    return pd.json_normalize(records, sep="."), []


def sqlite_tables(path: Path, shown: str) -> list[str]:
    """The tables and views of a SQLite file, tables first, in name order."""
    try:
        with bounded_connection(path, f"listing the tables of {shown!r}") as connection:
            rows = connection.execute(
                "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' "
                "ORDER BY type = 'view', name"
            ).fetchall()
    except sqlite3.DatabaseError as exc:
        raise DataError(f"{shown!r} is not a readable SQLite database: {exc}", path=shown) from None
    return [str(row[0]) for row in rows]


def _sheet_size(sheet: Any) -> int:
    """Cells of a sheet as its stored dimensions say (0 when they are missing)."""
    try:
        return int(sheet.max_row or 0) * int(sheet.max_column or 0)
    except (TypeError, ValueError):
        return 0


def _table_sizes(path: Path, shown: str, tables: Sequence[str]) -> list[int]:
    """Row counts of the tables (views count as 0: counting one may run a whole query)."""
    sizes: list[int] = []
    with bounded_connection(path, f"counting the rows of the tables of {shown!r}") as connection:
        kinds = dict(connection.execute("SELECT name, type FROM sqlite_master").fetchall())
        for name in tables:
            if kinds.get(name) != "table":
                sizes.append(0)
                continue
            row = connection.execute(f"SELECT count(*) FROM {_quote(name)}").fetchone()
            sizes.append(int(row[0]) if row else 0)
    return sizes


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def read_sqlite(
    path: Path, shown: str, *, table: str | None, columns: Sequence[str] | None, nrows: int | None
) -> tuple[pd.DataFrame, list[str]]:
    """One table (or view) of a SQLite file: the only one, the one named by ``table``, or the first."""
    import pandas as pd

    tables = sqlite_tables(path, shown)
    sizes = _table_sizes(path, shown, tables) if table is None else ()
    name, notes = _pick("table", table, tables, shown, sizes)
    try:
        with bounded_connection(path, f"reading table {name!r} of {shown!r}") as connection:
            cursor = connection.execute(f"SELECT * FROM {_quote(name)} LIMIT 0")
            names = [str(item[0]) for item in cursor.description]
            chosen = [n for n in names if columns is None or n.strip() in columns] or names
            limit = "" if nrows is None else f" LIMIT {int(nrows)}"
            query = f"SELECT {', '.join(_quote(n) for n in chosen)} FROM {_quote(name)}{limit}"
            rows = fetch_bounded(connection.execute(query), shown)
    except sqlite3.DatabaseError as exc:
        raise DataError(f"table {name!r} of {shown!r} cannot be read: {exc}", path=shown) from None
    # As pandas.read_sql_query builds its frame (floats coerced, each column's type inferred whole).
    return pd.DataFrame.from_records(rows, columns=chosen, coerce_float=True), notes
