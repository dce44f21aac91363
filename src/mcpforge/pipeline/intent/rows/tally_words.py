"""A counted word that is itself a name for a count column: "number of Measles cases" over ``count``.

A file whose rows already count something (one row per state, year and disease, the cases in ``count``)
asks whether a counted noun is the rows or the sum of a column. When the noun is one of the names such a
column goes by ("cases", "counts", "tally"; Spanish "casos" and French "cas" arrive here as "cases") and
the file has exactly one column named like a count, the noun names that column: the answer is its sum,
and the reading says so ("'cases' read as the sum of 'count' ..."). Two count columns, or a noun that is
not a count's name ("inhabitants" beside ``count`` and ``population``), or another statistic in the
request ("the average number of cases per state"), still ask.
"""

from __future__ import annotations

from mcpforge.pipeline.intent.parse import AGG_WORDS
from mcpforge.pipeline.intent.rows.tally import TALLY_NAMES, tally_columns
from mcpforge.pipeline.intent.words import ColumnResolver

_GENERIC = frozenset({"n", "number", "num", "total", "totals", "sum"})  # not a counted noun on their own
_OTHER_STATISTICS = frozenset(
    key[0] for key, func in AGG_WORDS.items() if len(key) == 1 and func not in {"count", "sum", "nunique"}
)


def counted_by_name(word: str, tokens: list[str], resolver: ColumnResolver) -> str | None:
    """The file's one count column when ``word`` ("cases") is a name such a column goes by, in a request
    with no other statistic ("the average number of cases per state": a mean of rows or of state totals?
    still asked)."""
    if word not in TALLY_NAMES - _GENERIC or _OTHER_STATISTICS & set(tokens):
        return None
    tallies = tally_columns(resolver)
    return tallies[0] if len(tallies) == 1 else None


def summed_note(word: str, column: str) -> str:
    """What the reading did with ``word``."""
    return f"read {word!r} as the sum of {column!r}: the file's one count column ('{word}' is a name for it)"
