"""A superlative made from a column's name: "Which day was the windiest?" over a ``wind`` column.

"windiest" is the ``wind`` column at its highest, as "the highest wind" is; over a file of one row per
date, "which day" asks for that row's date. The request was refused (no measure found). Written as the
readers read it: "which date had the most wind" (the row with the highest value, its date and value).

Only a word that is a numeric column's name plus "iest" (wind → windiest; never "highest" over ``high``,
"lowest" over ``low``: ranking words of any measure); only
"which/what day|date" over a date column with one row per date (a file of several rows a day would rank
days by an aggregate nobody named). Anything else is left as written.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.words import ColumnResolver

_ASKED = re.compile(
    r"\b(?P<which>which|what)\s+(?:day|date)\s+(?:was|had|has|is|were)\s+(?:the\s+)?(?P<word>[^\W\d]+?iest)\b",
    re.IGNORECASE,
)


# Only "-iest" (windy → windiest): "highest", "lowest", "longest" are ranking words of any measure (a ``low``
# or ``long`` column's "lowest" is no "most low"), left to the readers of rankings.
_LESS = frozenset({"earl", "tin", "skinn", "flims"})  # earliest, tiniest, ...: less of something


@dataclass
class Superlative:
    """The text with "which day was the windiest" written "which date had the most wind", and notes."""

    text: str
    notes: list[str] = field(default_factory=list)


def _column_of(word: str, resolver: ColumnResolver) -> str | None:
    """The numeric column ``word`` is the superlative of ("windiest" → ``wind``), or None."""
    low = word.lower()
    stems = {low[:-4], low[:-4] + "y"} if low.endswith("iest") and low[:-4] not in _LESS else set()
    for stem in sorted(stems, key=len, reverse=True):
        if len(stem) < 3:  # "hottest" → "hot" at least
            continue
        found = [
            name for name in resolver.names() if name.lower() == stem and resolver.kind(name) == "numeric"
        ]
        if len(found) == 1:
            return found[0]
    return None


def _daily_dates(resolver: ColumnResolver, rows: int | None) -> str | None:
    """The file's one date column, when it holds one row per date (every value distinct, none missing)."""
    dates = [name for name in resolver.names() if resolver.kind(name) == "datetime"]
    if len(dates) != 1:
        return None
    info = resolver.schema.get(dates[0])
    if info is None or rows is None or info.null_count or info.distinct_count != rows:
        return None
    return dates[0]


def superlative_names(text: str, resolver: ColumnResolver, rows: int | None) -> Superlative:
    """``text`` with "which day was the <column>iest" written as the readers read it (see the module)."""
    low = text.lower()
    if "iest" not in low or ("day" not in low and "date" not in low):  # most requests: no pattern compiled
        return Superlative(text=text)
    match = _ASKED.search(text)
    if match is None:
        return Superlative(text=text)
    column = _column_of(match.group("word"), resolver)
    date = _daily_dates(resolver, rows)  # several rows a day: the day's wind is an aggregate not named
    if column is None or date is None:
        return Superlative(text=text)
    written = f"{match.group('which')} {date} had the most {column}"
    note = f"{match.group('word')!r} read as the highest {column!r} (one row per {date!r})"
    return Superlative(text=f"{text[: match.start()]}{written}{text[match.end() :]}", notes=[note])
