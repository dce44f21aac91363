"""``ask --export FILE``: the answer table written as CSV, JSON or Parquet, chosen by the file's suffix.

The file is written next to its destination under a temporary name and renamed into place, so an
interrupted export leaves either no file or a complete one.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

import pandas as pd

from mcpforge.exceptions import InvalidArgumentError

EXPORT_SUFFIXES = (".csv", ".json", ".parquet")


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
    frame = answer_frame(result)
    suffix = path.suffix.lower()
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.resolve().parent)
    os.close(handle)
    try:
        if suffix == ".csv":
            frame.to_csv(temporary, index=False, encoding="utf-8")
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
    return len(frame)
