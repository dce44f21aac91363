"""A numeric column named by its noun: "investment" for ``invest``, "payments" for ``pay`` (issue 25).

A column named by a verb stem holds the amount the noun made from it names: ``invest`` is the investment.
The noun ending "-ment" is never cut off by ``abbreviated_names`` ("statement" is no cut ``state``), so
the noun is read here, and only where it cannot be anything else: the column is numeric (a category
``state`` is no "statement"), its name is one word of at least four letters, and the noun names no other
column or value. The reading says so ("'investment' read as the column 'invest'").
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.words import ColumnResolver, find_values, tokenize
from mcpforge.pipeline.schema import DatasetSchema

_SUFFIXES = ("ment", "ments")
_MIN_STEM = 4


def noun_forms(text: str, schema: DatasetSchema) -> tuple[str, list[str]]:
    """``text`` with each "-ment" noun of a numeric column written as the column's name; a note each."""
    if "ment" not in text.lower():
        return text, []
    stems = {
        info.name.lower(): info.name
        for info in schema.columns
        if info.kind == "numeric" and info.name.isalpha() and len(info.name) >= _MIN_STEM
    }
    if not stems:
        return text, []
    resolver = ColumnResolver(schema=schema)
    notes: list[str] = []

    def read(match: re.Match[str]) -> str:
        word = match.group(0)
        low = word.lower()
        stem = next((low[: -len(s)] for s in _SUFFIXES if low.endswith(s) and low[: -len(s)] in stems), None)
        if (
            stem is None
            or resolver.resolve(low, fuzzy=False) is not None
            or find_values(tokenize(low), resolver)
        ):
            return word
        column = stems[stem]
        notes.append(f"{word!r} read as the column {column!r} (the noun of its name)")
        return column

    return re.sub(r"(?<![\w-])[^\W\d_]+ments?(?![\w-])", read, text), notes
