"""A tool's output as markdown DATA: nothing a tool prints can render as mcpforge's own structure.

A tool that passed validation can still print "### Tool Summary", "Validation: all tests passed", an
approval section of its own, HTML or an unclosed ``<!--`` that hides everything after it. So mcpforge
never pastes a tool's markdown into a review screen: it renders the answer table itself from the
tool's structured output with every cell escaped (:func:`table_markdown`), and shows any free text
inside a fence that the text cannot close (:func:`fenced`).
"""

from __future__ import annotations

import json
import math
from typing import Any

from mcpforge.pipeline.intent.reading import inline_text
from mcpforge.shown_text import fenced

__all__ = ["cell_text", "extra_values", "fenced", "table_markdown"]

MAX_TABLE_ROWS = 100
MAX_CELL_CHARS = 200
MAX_JSON_CHARS = 4_000


def cell_text(value: Any) -> str:  # noqa: PLR0911 - one return per kind of value
    """One table cell: numbers as the tools print them, text escaped so it renders literally."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            return "" if math.isnan(value) else ("inf" if value > 0 else "-inf")
        if value.is_integer() and abs(value) < 1e15:
            return str(int(value))
        return f"{value:.4f}".rstrip("0").rstrip(".") if abs(value) >= 1e-4 else f"{value:.4g}"
    text = (
        json.dumps(value, ensure_ascii=False, default=str) if isinstance(value, list | dict) else str(value)
    )
    return inline_text(text if len(text) <= MAX_CELL_CHARS else text[:MAX_CELL_CHARS] + "…")


def _pipe_table(columns: list[Any], rows: list[Any]) -> str:
    header = [cell_text(str(c)) or " " for c in columns]
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(" --- " for _ in header) + "|"]
    for row in rows[:MAX_TABLE_ROWS]:
        cells = list(row) if isinstance(row, list | tuple) else [row]
        cells = (cells + [None] * len(header))[: len(header)]
        lines.append("| " + " | ".join(cell_text(c) for c in cells) + " |")
    return "\n".join(lines)


def table_markdown(footer: dict[str, Any]) -> str | None:
    """The answer in a tool's footer as an escaped markdown table, or None when it holds no answer."""
    result = footer.get("result")
    if (
        isinstance(result, dict)
        and isinstance(result.get("columns"), list)
        and isinstance(result.get("rows"), list)
    ):
        rows = result["rows"]
        if not rows:
            return "_No rows: nothing in the data matches._"
        text = _pipe_table(result["columns"], rows)
        declared = footer.get("result_rows")
        total = declared if isinstance(declared, int) else len(rows)
        shown = min(len(rows), MAX_TABLE_ROWS)
        if total > shown:
            text += f"\n\n_Showing the first {shown:,} of {total:,} rows._"
        return text
    if isinstance(result, dict) and result and all(not isinstance(v, dict | list) for v in result.values()):
        return _pipe_table(["key", "value"], [[str(k), v] for k, v in result.items()])
    if result is None or isinstance(result, str | int | float | bool):
        return _pipe_table(["value"], [[result]]) if result is not None else None
    text = json.dumps(result, indent=2, ensure_ascii=False, default=str)
    return fenced(text if len(text) <= MAX_JSON_CHARS else text[:MAX_JSON_CHARS] + "\n…", "json")


def extra_values(footer: dict[str, Any], known: frozenset[str]) -> list[str]:
    """Other single values the tool reported in its footer (``outlier_count: 12``), escaped."""
    return [
        f"{inline_text(key)}: {cell_text(value)}"
        for key, value in footer.items()
        if key not in known and (value is None or isinstance(value, str | int | float | bool))
    ]
