"""The file's name column: one text column with a different value on most rows (``Comté``, ``name``).

Over such a file each row is one named thing: "how many counties" (a noun that names no column) counts
rows, and "the 5 counties (Comté)" names the rows by that column. The column's own plural ("comtés"
beside ``Comté``) still asks rows or distinct names: its repeated names may be two things ("Adams" in two
states) or one thing twice ("Measles" in two states), and the file does not say which.
"""

from __future__ import annotations

from mcpforge.pipeline.intent.words import ColumnResolver

NAMED_ROWS = 0.7  # a name column: a different value on at least this share of the rows


def name_column(resolver: ColumnResolver) -> str | None:
    """The text column with a different value on most rows (the rows' names), over a fully read file."""
    schema = resolver.schema
    if schema.sampled or not schema.rows:
        return None
    best: tuple[int, str] | None = None
    for column in schema.names_of_kind("categorical") + schema.names_of_kind("text"):
        info = schema.get(column)
        if info is None or info.distinct_count < NAMED_ROWS * schema.rows:
            continue
        if best is None or info.distinct_count > best[0]:
            best = (info.distinct_count, column)
    return best[1] if best else None
