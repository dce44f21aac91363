"""Checking that a file exists under the allowed roots and has the columns a tool needs."""

from __future__ import annotations

import difflib
import os
from collections.abc import Iterable, Sequence

import pandas as pd

from mcpforge.exceptions import ColumnNotFoundError
from mcpforge.runtime._loading import load_csv_data_with_types, read_csv_header


def suggest_columns(missing: str, available: Sequence[str]) -> list[str]:
    """Columns of ``available`` close to ``missing`` (case-insensitive first, then difflib)."""
    exact = [column for column in available if column.casefold() == missing.casefold()]
    if exact:
        return exact
    lowered = {column.casefold(): column for column in available}
    close = difflib.get_close_matches(missing.casefold(), list(lowered), n=3, cutoff=0.6)
    return [lowered[item] for item in close]


def column_not_found(
    missing: list[str], available: list[str], *, path: str | None = None
) -> ColumnNotFoundError:
    """A ColumnNotFoundError whose message ends with "did you mean" suggestions when there are any.

    The suggestions are also kept on the error as ``suggestions`` (missing column → close matches).
    """
    suggestions = {name: suggest_columns(name, available) for name in missing}
    return ColumnNotFoundError(missing, available, path=path, suggestions=suggestions)


def require_columns(df: pd.DataFrame, columns: Iterable[str], *, path: str | None = None) -> None:
    """Raise ColumnNotFoundError (with suggestions) unless every column in ``columns`` is in ``df``."""
    available = [str(column) for column in df.columns]
    missing = [column for column in columns if column not in available]
    if missing:
        raise column_not_found(missing, available, path=path)


def validate_file_and_columns(
    file_path: str | os.PathLike[str],
    required_columns: Sequence[str] | None = None,
    *,
    sheet: str | None = None,
    table: str | None = None,
) -> None:
    """Check the file is allowed, readable, and holds ``required_columns``.

    ``sheet`` / ``table`` choose the sheet of a workbook / the table of a SQLite file to check.

    Only the header is read when it already names every required column; otherwise the file is
    loaded (JSON-object columns expand into ``column.key`` names) before deciding.

    Raises:
        PathNotAllowedError: the path is outside the allowed roots.
        DataError: the file is missing, empty, binary or malformed.
        ColumnNotFoundError: a required column is missing; the message suggests close matches.
    """
    header = read_csv_header(file_path, sheet=sheet, table=table)
    wanted = list(required_columns or [])
    if all(column in header for column in wanted):
        return
    df = load_csv_data_with_types(file_path, sheet=sheet, table=table)
    require_columns(df, wanted, path=os.fspath(file_path))
