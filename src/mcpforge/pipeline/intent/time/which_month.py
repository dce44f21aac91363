"""``which month had the highest sales`` over several years: the month of the year, or one month of one year?

Over data that spans several years, "which month" can mean the calendar month (March, all years together)
or one month of one year (March 2014). Both readings answer with a month and a number that look right, so
the reading asks once, unless the request settles it: a year named ("which month of 2014"), "calendar
month", "month of the year". The answer is applied by spelling the request the way the scanners read
each meaning: "calendar month", or "monthly" (each month of each year).
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.clarify import Answers, ask, offered
from mcpforge.pipeline.intent.time.periods import year_column
from mcpforge.pipeline.intent.words import ColumnResolver

_YEAR = re.compile(r"(19|20)\d{2}")
_RANKS = frozenset({"highest", "lowest", "most", "least", "largest", "smallest", "biggest", "fewest",
                    "best", "worst", "busiest", "quietest", "peak", "maximum", "minimum", "wettest",
                    "driest", "hottest", "coldest", "warmest", "coolest", "windiest", "calmest",
                    "rainiest"})  # fmt: skip
_KEY = "month"
_CHOICES = {
    "calendar": "the month of the year (January ... December), all years together",
    "each": "one month of one year (e.g. March 2014)",
}


def _years_spanned(resolver: ColumnResolver) -> int:
    """How many calendar years the data's time column covers (2 when it cannot tell)."""
    year = year_column(resolver)
    names = [year] if year else [c for c in resolver.names() if resolver.kind(c) == "datetime"]
    info = resolver.schema.get(names[0]) if names else None
    if info is None:
        return 0
    low, high = str(info.minimum or "")[:4], str(info.maximum or "")[:4]
    if _YEAR.fullmatch(low) and _YEAR.fullmatch(high):
        return int(high) - int(low) + 1
    return 2


def _ranked_month(tokens: list[str]) -> int | None:
    """The position of "month" in "which month ... highest" / "the wettest month", else None."""
    for m, token in enumerate(tokens):
        if token != "month" or (m > 0 and tokens[m - 1] in {"calendar", "each", "every", "per", "a", "one"}):
            continue
        if tokens[m + 1 : m + 4] in (["of", "the", "year"], ["of", "year"]) or tokens[m + 1 : m + 2] == [
            "of"
        ]:
            continue
        before = tokens[max(0, m - 3) : m]
        which = any(w in {"which", "what"} for w in before) and m + 1 < len(tokens)
        superlative = m > 0 and tokens[m - 1] in _RANKS
        if (which and any(w in _RANKS for w in tokens[m + 1 : m + 9])) or superlative:
            return m
    return None


def which_month(
    tokens: list[str], resolver: ColumnResolver, given: Answers, *, request: str
) -> tuple[list[str], list[str]]:
    """``tokens`` with an argmax "month" over several years spelled as the answer says; asks without one.

    Raises:
        NeedsClarificationError: the data spans several years, no year is named and no answer says which.
    """
    m = _ranked_month(tokens)
    if m is None or any(_YEAR.fullmatch(t) for t in tokens) or _years_spanned(resolver) < 2:
        return tokens, []
    answer = given.get(_KEY)
    chosen = offered(answer, _CHOICES)
    if chosen is None:
        question = "the data spans several years: which month is meant?"
        ask(_KEY, question, _CHOICES, request=request, rejected=answer)
    if chosen == "calendar":
        return [*tokens[:m], "calendar", *tokens[m:]], ["'month' read as the month of the year (your answer)"]
    return [*tokens[:m], "monthly", *tokens[m + 1 :]], ["'month' read as one month of one year (your answer)"]
