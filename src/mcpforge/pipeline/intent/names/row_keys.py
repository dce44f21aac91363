"""Rows named by their key columns: "firm-year rows", "state-year observations" (issue 25).

A hyphenated run of column names right before a word for the rows says what one row is (one per firm and
year); it selects nothing and changes no number, so it is read as that description and said in the
reading. Any other word before "rows" is left to the other readers.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.words import ColumnResolver
from mcpforge.pipeline.schema import DatasetSchema

_KEYED_ROWS = re.compile(
    r"(?<![\w-])(?P<key>[^\W\d_]+(?:-[^\W\d_]+)+)\s+(?P<rows>rows|observations|records|entries)\b",
    re.IGNORECASE,
)


def row_keys(text: str, schema: DatasetSchema) -> tuple[str, list[str]]:
    """``text`` without the key columns written before the rows ("firm-year rows" → "rows"); a note each."""
    if "-" not in text:
        return text, []
    resolver = ColumnResolver(schema=schema)
    notes: list[str] = []

    def read(match: re.Match[str]) -> str:
        parts = match.group("key").split("-")
        columns = [resolver.resolve(part, fuzzy=False) for part in parts]
        if any(column is None for column in columns) or len(set(columns)) != len(parts):
            return match.group(0)
        notes.append(
            f"{match.group('key')!r} read as what each row is (one per {' and '.join(map(str, columns))})"
        )
        return match.group("rows")

    return _KEYED_ROWS.sub(read, text), notes
