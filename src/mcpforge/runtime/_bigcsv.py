"""Big delimited text files: parsed by pyarrow's streaming reader, only the columns asked for.

pandas' C parser builds Python objects for every text cell and holds the whole file's worth of them; for
a gigabyte file that is several gigabytes and more time than the analysis. pyarrow parses in parallel
into Arrow buffers and hands pandas 3 Arrow-backed ``str`` columns (no Python object per cell), so a
10-million-row file fits in the sandbox's memory when a tool reads the two or three columns it needs.

Low-cardinality text stays ``str`` rather than ``category``: a categorical column makes ``value_counts``
and ``groupby(observed=False)`` report zero-count categories after a filter, which would change answers
that were validated on small files read by the C parser.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pandas as pd

from mcpforge.exceptions import DataError
from mcpforge.runtime._csvparts import header_names, in_threads, row_parts
from mcpforge.runtime._guards import out_of_memory_error, row_limit_error
from mcpforge.runtime._settings import get_settings
from mcpforge.runtime._text import TextFormat, normalise_decimal_commas

_BLOCK_BYTES = 8 * 1024 * 1024
"""The block the column types are inferred from (as many rows as before the typed read existed)."""
_TYPED_BLOCK_BYTES = 2 * 1024 * 1024
"""Blocks of the typed read: a quarter of the transient memory of 8 MB ones (a gigabyte, two columns:
peak 0.48 GB against 0.63 GB) in the same time."""


def _header(path: Path, fmt: TextFormat) -> list[str]:
    import csv

    with path.open("r", encoding=fmt.encoding, newline="", errors="replace") as handle:
        return next(csv.reader(handle, delimiter=fmt.delimiter), [])


def read_big_csv(
    path: Path, shown: str, fmt: TextFormat, *, columns: Sequence[str] | None
) -> tuple[pd.DataFrame, list[str]]:
    """The file as a DataFrame, parsed by pyarrow (only ``columns``, names as stripped, when given).

    Raises:
        DataError: a malformed row (the message names it as pyarrow reports it).
        ResourceLimitError: more rows than allowed, or the parse ran out of memory (names the setting).
    """
    import pyarrow as pa

    header = _header(path, fmt)
    include = None
    if columns is not None:
        wanted = set(columns)
        include = [name for name in header if name.strip().lstrip("\ufeff") in wanted]
    try:
        try:
            table = _stream(path, fmt, include, column_types=None)
        except pa.ArrowInvalid:
            # The streaming reader infers types from the first block; a later block that disagrees
            # (a number column with a word further down) is read again as text, which the loader's
            # type conversion then settles like any other text column. A value with a line break that a
            # cut between blocks or parts fell into is read right this time: cuts only between rows.
            table = _stream(path, fmt, include, column_types=pa.string(), quote_aware=True)
            text_read = True
        else:
            text_read = False
    except (MemoryError, pa.ArrowMemoryError):
        raise out_of_memory_error(shown, file_mb=path.stat().st_size / 1024**2) from None
    except pa.ArrowInvalid as exc:
        raise DataError(f"{shown!r} is not a well-formed CSV file: {exc}", path=shown) from None
    if table.num_rows > get_settings().max_rows:
        raise row_limit_error(table.num_rows)
    try:
        df = table.to_pandas(self_destruct=True, split_blocks=True)
    except (MemoryError, pa.ArrowMemoryError):
        raise out_of_memory_error(shown, file_mb=path.stat().st_size / 1024**2) from None
    del table
    # The parse's transient blocks go back to the system now, not when the allocator gets round to it:
    # the analysis that follows (and a sandbox's memory limit) gets that room.
    pa.default_memory_pool().release_unused()
    if text_read and fmt.decimal == ",":
        df = normalise_decimal_commas(df)
    notes = [f"{shown!r} is large ({path.stat().st_size / 1024**2:,.0f} MB); parsed with pyarrow"]
    return df, notes


def _stream(
    path: Path, fmt: TextFormat, include: list[str] | None, *, column_types: object, quote_aware: bool = False
) -> Any:
    """The file through pyarrow's streaming reader, in parallel over row-aligned parts when it can be.

    One block in flight per part, never the whole file (``pyarrow.csv.read_csv`` keeps every parsed
    block until the end, which a gigabyte file does not fit in a 2 GB address-space limit).
    ``quote_aware``: one part, cut into blocks only between rows (values with line breaks; slower).
    """
    import pyarrow as pa
    from pyarrow import csv as pacsv

    def open_reader(source: Any, types: dict[str, Any] | None, block_bytes: int, names: Any = None) -> Any:
        convert = pacsv.ConvertOptions(
            include_columns=include,
            decimal_point=fmt.decimal,
            strings_can_be_null=True,
            quoted_strings_can_be_null=False,
            column_types=types,
        )
        return pacsv.open_csv(
            source,
            read_options=pacsv.ReadOptions(encoding=fmt.encoding, block_size=block_bytes, column_names=names),
            parse_options=pacsv.ParseOptions(delimiter=fmt.delimiter, newlines_in_values=quote_aware),
            convert_options=convert,
        )

    if column_types is not None:
        types = dict.fromkeys(include if include is not None else _header(path, fmt), column_types)
    else:
        # The streaming reader fixes each column's type from the first block; the same types given up
        # front read the rest a sixth faster in CPU (no inference on every block) with the same result.
        with pa.OSFile(str(path)) as source:
            types = {field.name: field.type for field in open_reader(source, None, _BLOCK_BYTES).schema}
    parts = row_parts(path, fmt) if not quote_aware else [(0, path.stat().st_size)]
    names = None
    if len(parts) > 1:
        names = header_names(path, parts[1][0], fmt, expected=len(_header(path, fmt)))
    if names is None:
        with pa.OSFile(str(path)) as source:
            return open_reader(source, types, _TYPED_BLOCK_BYTES).read_all()

    def read_part(index: int) -> Any:
        start, end = parts[index]
        # Arrow's own stream over the part (not a Python file object): no GIL, no copy per read.
        with pa.OSFile(str(path)) as file, file.get_stream(start, end - start) as source:
            return open_reader(source, types, _TYPED_BLOCK_BYTES, None if index == 0 else names).read_all()

    return pa.concat_tables(in_threads(read_part, len(parts)))
