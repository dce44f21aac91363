"""The kind of data file a tool was made on, as its description names it (not "CSV file" for a workbook).

A generated tool reads every kind mcpforge reads; its description names the kind of the file it was made
and validated on, which is what a client will pass it again.
"""

from __future__ import annotations

from pathlib import Path

from mcpforge.exceptions import DataError

LABELS = {
    "csv": "CSV file",
    "xlsx": "Excel workbook (.xlsx)",
    "parquet": "Parquet file",
    "arrow": "Arrow IPC (Feather) file",
    "json": "JSON file",
    "jsonl": "JSON Lines file",
    "sqlite": "SQLite database",
}
UNKNOWN = "data file"


def file_label(data_source: str | None) -> str:
    """``"CSV file"``, ``"Parquet file"``, ... for the file at ``data_source``; ``"data file"`` when there
    is none or it cannot be read now."""
    if not data_source:
        return UNKNOWN
    from mcpforge.runtime._formats import detect_file_kind

    try:
        return LABELS.get(detect_file_kind(Path(data_source)), UNKNOWN)
    except (DataError, OSError):
        return UNKNOWN


def file_path_description(label: str) -> str:
    """The ``file_path`` parameter's description for a tool made on a ``label``."""
    return f"Path to the {label} to analyze"
