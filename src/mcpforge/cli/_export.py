"""``ask --export FILE``: the answer table written as CSV, JSON or Parquet, chosen by the file's suffix.

The file is written next to its destination under a temporary name and renamed into place, so an
interrupted export leaves either no file or a complete one.

A CSV file is opened by spreadsheets, which run a cell that starts like a formula (``=HYPERLINK(...)``,
``+1+1``, ``@SUM(...)``, ``-2+3``): text that came from the person's data or from a tool would become code
on the person's machine. So CSV exports follow the OWASP CSV-injection rule (:func:`neutralise_formulas`):
every text cell, header cells included, that starts with ``=``, ``+``, ``-``, ``@``, a tab, a carriage
return or a line feed (also after leading spaces, and the full-width forms U+FF1D, U+FF0B, U+FF0D,
U+FF20) gets a leading ``'``, which spreadsheets show as text. Numbers stay numbers (``-3`` is not
prefixed). JSON and Parquet are data for programs and are written unchanged.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mcpforge.exceptions import InvalidArgumentError

if TYPE_CHECKING:  # pandas loads when an answer is exported: a refused ask never pays for it
    import pandas as pd

EXPORT_SUFFIXES = (".csv", ".json", ".parquet")
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n", "\uff1d", "\uff0b", "\uff0d", "\uff20")
_FORMULA_QUOTE = "'"


@dataclass(frozen=True, kw_only=True)
class ExportReport:
    """What an export wrote: its rows, and how many cells were prefixed so no spreadsheet runs them."""

    rows: int
    neutralised: int = 0

    @property
    def note(self) -> str | None:
        """One line for the person when cells were changed, else None."""
        if not self.neutralised:
            return None
        return (
            f"{self.neutralised:,} cell(s) started like a spreadsheet formula (=, +, -, @, tab, line break); "
            f"each was written with a leading {_FORMULA_QUOTE} so a spreadsheet shows it as text"
        )


def _formula_like(value: object) -> bool:
    return isinstance(value, str) and (
        value.startswith(_FORMULA_STARTS) or value.lstrip().startswith(_FORMULA_STARTS)
    )


def neutralise_formulas(frame: pd.DataFrame) -> tuple[pd.DataFrame, int]:
    """``frame`` with every text cell and column name that a spreadsheet would run prefixed by ``'``.

    Returns:
        The new frame (``frame`` is not changed) and how many cells (column names included) were changed.
    """
    import pandas as pd

    header = [str(name) for name in frame.columns]
    changed = sum(_formula_like(name) for name in header)
    columns = [_FORMULA_QUOTE + name if _formula_like(name) else name for name in header]
    data: dict[int, pd.Series] = {}
    for index in range(frame.shape[1]):
        series = frame.iloc[:, index]
        hits = series.map(_formula_like).astype(bool)
        count = int(hits.sum())
        if count:
            series = series.astype(object).where(~hits, _FORMULA_QUOTE + series.astype(object).astype(str))
            changed += count
        data[index] = series.reset_index(drop=True)
    clean = pd.DataFrame(data)
    clean.columns = pd.Index(columns)
    return clean, changed


def check_export_path(path: Path) -> Path:
    """The export path, refused early (before any work) when its kind or directory is wrong.

    Raises:
        InvalidArgumentError: an unsupported suffix, or a directory that does not exist.
    """
    if path.suffix.lower() not in EXPORT_SUFFIXES:
        raise InvalidArgumentError(
            f"--export {str(path)!r}: use a file ending in {', '.join(EXPORT_SUFFIXES)}", argument="--export"
        )
    if not path.expanduser().resolve().parent.is_dir():
        raise InvalidArgumentError(
            f"--export {str(path)!r}: its directory does not exist", argument="--export"
        )
    return path.expanduser()


def answer_frame(result: Any) -> pd.DataFrame:
    """The answer as a table: ``{"columns", "rows"}`` as is, a mapping of scalars as one row.

    Raises:
        InvalidArgumentError: the tool returned no table-shaped result to export.
    """
    import pandas as pd

    table = result.get("result") if isinstance(result, dict) else None
    if (
        isinstance(table, dict)
        and isinstance(table.get("columns"), list)
        and isinstance(table.get("rows"), list)
    ):
        return pd.DataFrame(table["rows"], columns=[str(c) for c in table["columns"]])
    if isinstance(table, dict) and table and all(not isinstance(v, (dict, list)) for v in table.values()):
        return pd.DataFrame([table])
    raise InvalidArgumentError("the answer has no table to export (the tool returned no result table)")


def write_export(result: Any, path: Path) -> int:
    """Write the answer table of ``result`` (the tool's footer data) to ``path``; returns the row count."""
    return export_answer(result, path).rows


def export_answer(result: Any, path: Path) -> ExportReport:
    """Write the answer table of ``result`` (the tool's footer data) to ``path`` (CSV cells neutralised)."""
    frame = answer_frame(result)
    suffix = path.suffix.lower()
    neutralised = 0
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.resolve().parent)
    os.close(handle)
    try:
        if suffix == ".csv":
            safe, neutralised = neutralise_formulas(frame)
            # CRLF rows (RFC 4180): a cell holding a lone CR is then quoted too, so it cannot start a row.
            safe.to_csv(temporary, index=False, encoding="utf-8", lineterminator="\r\n")
        elif suffix == ".json":
            records = json.loads(frame.to_json(orient="records", date_format="iso"))
            with Path(temporary).open("w", encoding="utf-8") as file:
                json.dump(records, file, ensure_ascii=False, indent=2)
        else:
            frame.to_parquet(temporary, index=False)
        Path(temporary).replace(path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return ExportReport(rows=len(frame), neutralised=neutralised)
