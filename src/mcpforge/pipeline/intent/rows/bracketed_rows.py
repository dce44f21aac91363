"""A row noun with the column that names the rows in brackets: "the 5 counties (Comté)", "países (país)".

The bracket says which column names each row: over a file whose rows are the things named by that
column (one name column, a different value on most rows: rows/name_column.py) it adds nothing to the
numbers, so it is read as that and said ("'(Comté)' names the rows"). A bracket that names any other
column ("counties (État)") stays in the request and is read or refused as before.
"""

from __future__ import annotations

from mcpforge.pipeline.intent.rows.name_column import name_column
from mcpforge.pipeline.intent.words import ColumnResolver


def bracketed_row_names(tokens: list[str], resolver: ColumnResolver) -> tuple[list[str], list[str]]:
    """``tokens`` without "( <name column> )" right after a "rows" token, and a note for each."""
    column = name_column(resolver)
    if column is None:
        return tokens, []
    out: list[str] = []
    notes: list[str] = []
    i = 0
    while i < len(tokens):
        out.append(tokens[i])
        if tokens[i] == "rows" and tokens[i + 1 : i + 2] == ["("] and ")" in tokens[i + 2 :]:
            close = tokens.index(")", i + 2)
            hit = resolver.match_at(tokens, i + 2, fuzzy=False)
            if hit is not None and hit[0] == column and i + 2 + hit[1] == close:
                notes.append(f"'({column})' names the rows: each row is one {column!r}")
                i = close + 1
                continue
        i += 1
    return out, notes
