"""``between 2000 and 2015`` right after a measure: years of the time column, or a range of the measure?

"total volume between 2000 and 2015" names years: the numbers are year-like and the measure before them
is what is summed, so the range belongs to the time column (an integer year column or a date column).
Read as ``volume between 2000 and 2015`` it filters the measure and answers another question with
numbers that look right. The measure keeps the range when a condition word puts it there ("with weight
between ..."); a bare measure keeps it only when its own values could hold it and the file has no time
column; when both fit, the reading asks one question (years of the time column, or values of the measure),
and a scan that cannot ask reports it as ambiguous, naming both columns.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.clarify import Answers, ask, offered
from mcpforge.pipeline.intent.parse import agg_at
from mcpforge.pipeline.intent.time.periods import names_a_period
from mcpforge.pipeline.intent.words import ColumnResolver

_YEAR = re.compile(r"(19|20)\d{2}")
_FILLER = frozenset({"the", "of", "a", "an"})
_CONDITION_WORDS = frozenset({"with", "where", "whose", "having", "when", "if", "and"})


def _aggregated(tokens: list[str], start: int) -> bool:
    """An aggregation word ends right before the column at ``start`` ("total volume", "mean of the x")."""
    k = start
    while k > 0 and tokens[k - 1] in _FILLER:
        k -= 1
    for j in range(max(0, k - 3), k):
        found = agg_at(tokens, j)
        if found is not None and j + found[1] == k:
            return True
    return False


def _could_hold(column: str, low: float, high: float, resolver: ColumnResolver) -> bool:
    """The column's values overlap ``low..high`` (unknown ranges could)."""
    info = resolver.schema.get(column)
    lowest = info.minimum if info is not None else None
    highest = info.maximum if info is not None else None
    if not isinstance(lowest, int | float) or not isinstance(highest, int | float):
        return True
    return not (highest < low or lowest > high)


def years_belong_to_time(
    tokens: list[str], i: int, left: tuple[str, int] | None, resolver: ColumnResolver, time: str | None
) -> bool | None:
    """Whether "between A and B" at ``i``, after the column phrase ``left`` (column, start), filters the
    time column ``time``.

    True: the time column (the numbers are years and the measure is aggregated or cannot hold them);
    False: the column before it, as any range (not years, no time column, the column is a period, or a
    condition word puts the range on it); None: both fit (ask).
    """
    if left is None or not (_YEAR.fullmatch(tokens[i + 1]) and _YEAR.fullmatch(tokens[i + 3])):
        return False
    column, start = left
    if resolver.kind(column) != "numeric" or time is None or time == column or names_a_period(column):
        return False
    if start > 0 and tokens[start - 1] in _CONDITION_WORDS:
        return False  # "cars with weight between 1990 and 2010": a condition on the weight
    low, high = float(tokens[i + 1]), float(tokens[i + 3])
    if _aggregated(tokens, start) or not _could_hold(column, low, high, resolver):
        return True
    return None


def ambiguous_years(tokens: list[str], i: int, left: tuple[str, int] | None, time: str | None) -> str:
    """What the reading cannot tell about "between A and B" at ``i``, naming both columns."""
    column = left[0] if left else None
    return f"'between {tokens[i + 1]} and {tokens[i + 3]}' could be years of {time!r} or values of {column!r}"


def settle_years(  # noqa: PLR0917 - the scan's position and what the question needs
    tokens: list[str],
    i: int,
    left: tuple[str, int] | None,
    time: str | None,
    given: Answers,
    notes: list[str],
    request: str,
) -> bool:
    """The person's answer to "between A and B" at ``i`` when both columns fit: True for years of ``time``.

    Raises:
        NeedsClarificationError: no answer yet (or one that is not a choice): one question, both meanings.
    """
    low, high = tokens[i + 1], tokens[i + 3]
    column = left[0] if left else None
    key = f"between {low} and {high}"
    choices = {
        "years": f"the years {low} to {high} of {time!r}",
        "values": f"values of {column!r} from {low} to {high}",
    }
    answer = given.get(key)
    chosen = offered(answer, choices)
    if chosen is None:
        ask(key, f"'between {low} and {high}': years of {time!r}, or values of {column!r}?", choices,
            request=request, rejected=answer)  # fmt: skip
    notes.append(f"'between {low} and {high}' read as {choices[chosen]} (your answer)")
    return chosen == "years"
