"""Markdown pipe tables for tool results."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pandas as pd


def format_value(value: Any) -> str:  # noqa: PLR0911 - one return per kind of value
    """One cell: integers plainly, floats with at most 4 decimals, missing values empty, pipes escaped."""
    if value is None or (not isinstance(value, list | dict | tuple | np.ndarray) and bool(pd.isna(value))):
        return ""
    if isinstance(value, bool | np.bool_):
        return str(bool(value))
    if isinstance(value, int | np.integer):
        return str(int(value))
    if isinstance(value, float | np.floating):
        number = float(value)
        if math.isinf(number):
            return "inf" if number > 0 else "-inf"
        if number.is_integer() and abs(number) < 1e15:
            return str(int(number))
        return f"{number:.4f}".rstrip("0").rstrip(".") if abs(number) >= 1e-4 else f"{number:.4g}"
    if isinstance(value, pd.Timestamp):
        return value.isoformat() if (value.hour or value.minute or value.second) else value.date().isoformat()
    text = str(value)
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\r", " ").replace("\n", " ")


def format_markdown_table(df: pd.DataFrame, max_rows: int = 100) -> str:
    """``df`` as a markdown pipe table, at most ``max_rows`` rows, with a note when rows were left out.

    A meaningful index (named, or not the default 0..n-1 range) becomes leading column(s).
    """
    frame = df
    if not isinstance(frame.index, pd.RangeIndex) or any(name is not None for name in frame.index.names):
        frame = frame.reset_index()
    columns = [format_value(column) or " " for column in frame.columns]
    lines = ["| " + " | ".join(columns) + " |", "|" + "|".join(" --- " for _ in columns) + "|"]
    shown = frame.head(max_rows) if max_rows >= 0 else frame
    for row in shown.itertuples(index=False, name=None):
        lines.append("| " + " | ".join(format_value(value) for value in row) + " |")
    if len(frame) > len(shown):
        lines.append("")
        lines.append(f"_Showing the first {len(shown):,} of {len(frame):,} rows._")
    return "\n".join(lines)
