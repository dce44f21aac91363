"""Superlatives whose measure is the word itself: "the furthest north", "the windiest", "northernmost".

"Which airport (name) is the furthest north?" ranks by latitude, "which station is the windiest?" by
wind: the word names its measure. With no column after it, the word is spelled as a ranking by the one
numeric column whose name holds that measure ("the highest 'latitude'"), and the reading says so. A
noun after it ("the northernmost airport") is left alone: the airport's row, or the group with the highest
mean? With two such columns (``temp_max``, ``temp_min`` for "warmest") the reading asks which; with
none the word is left for the word check. Over periods ("which day was the windiest", "the wettest
month") the period scanners read the word, so it is left alone when the request names a period.
"""

from __future__ import annotations

from mcpforge.pipeline.intent.clarify import Answers, ask, offered
from mcpforge.pipeline.intent.rows.superlatives import MEASURE_SUPERLATIVES, measure_columns
from mcpforge.pipeline.intent.words import ColumnResolver, tokenize

_FAR = frozenset({"furthest", "farthest"})
_POINTS = {"north": "northernmost", "south": "southernmost", "east": "easternmost", "west": "westernmost"}
_ADJECTIVES = {"northern": "north", "southern": "south", "eastern": "east", "western": "west"}
_PERIODS = frozenset({"day", "days", "date", "dates", "week", "weeks", "month", "months", "quarter",
                      "quarters", "year", "years", "season", "seasons", "decade"})  # fmt: skip


# What may follow the word when it ends its phrase; a noun after it ("the northernmost airport") ranks rows,
# not groups, and is left to the word check (a group's mean would answer another question).
_ENDS = frozenset({"?", ".", ",", "!", ";", "on", "overall", "in", "among", "of", "per", "by", "and", "(",
                   "across", "within", "for"})  # fmt: skip


def _word_at(tokens: list[str], i: int) -> tuple[str, int] | None:
    """The measure superlative at ``i`` and how many tokens it takes ("furthest north" → northernmost)."""
    token = tokens[i]
    nxt = tokens[i + 1] if i + 1 < len(tokens) else ""
    if token in _FAR and nxt in _POINTS:
        return _POINTS[nxt], 2
    if token == "most" and nxt in _ADJECTIVES:
        return _POINTS[_ADJECTIVES[nxt]], 2
    return (token, 1) if token in MEASURE_SUPERLATIVES else None


def implied_measures(
    tokens: list[str], resolver: ColumnResolver, given: Answers, *, request: str
) -> tuple[list[str], list[str]]:
    """``tokens`` with each measure superlative that no column follows spelled as "highest <column>"."""
    if _PERIODS & set(tokens):
        return tokens, []
    out: list[str] = []
    notes: list[str] = []
    i = 0
    while i < len(tokens):
        found = _word_at(tokens, i)
        after = i + (found[1] if found else 1)
        if found is None or (after < len(tokens) and tokens[after] not in _ENDS):
            out.append(tokens[i])
            i += 1
            continue
        word, width = found
        stems, largest = MEASURE_SUPERLATIVES[word]
        columns = measure_columns(stems, resolver)
        if not columns:
            out.append(tokens[i])
            i += 1
            continue
        written = " ".join(tokens[i : i + width])
        column = columns[0] if len(columns) == 1 else offered(given.get(written), columns)
        if column is None:
            choices = {name: f"rank by {name!r}" for name in columns}
            ask(written, f"{written!r} ranks by which column?", choices, request=request)
            return tokens, []  # not reached: ask raises
        out += ["highest" if largest else "lowest", *tokenize(column)]
        notes.append(f"as stated: {written!r} read as the {'highest' if largest else 'lowest'} {column!r}")
        i += width
    return out, notes
