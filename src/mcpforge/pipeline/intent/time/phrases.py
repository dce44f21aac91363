"""What a year, a month or a date after "from", "since", "until" ... names: one period or a range.

"cars from 1975" names the year 1975 (equality); a range needs a word that opens it: "since 1975",
"from 1975 on / onwards / and later", "from 1975 to / until / through 1980", "after 1975". Reading
"from 1975" alone as ``>= 1975`` answers another question with numbers that look right.
"""

from __future__ import annotations

import datetime as dt

from mcpforge import _lazy_re as re
from mcpforge.models import Filter

_YEAR = re.compile(r"(19|20)\d{2}")
_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
_MONTH_WORDS = frozenset({"january", "february", "march", "april", "may", "june", "july", "august",
                          "september", "october", "november", "december", "jan", "feb", "mar", "apr",
                          "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec"})  # fmt: skip
# "from 1975 to 1980": the range's end follows; "from 1975 onwards": open towards later periods.
_RANGE_ENDS = frozenset({"to", "until", "till", "through", "thru", "-"})
_OPEN_ENDS = frozenset({"onwards", "onward", "forward", "forwards", "on"})
_LATER = frozenset({"later", "after", "beyond"})


def _time_end(tokens: list[str], k: int) -> int:
    """The index after the time expression at ``k``: "1975", "2014-03-01" or "March 2014"."""
    if (
        k < len(tokens)
        and tokens[k] in _MONTH_WORDS
        and k + 1 < len(tokens)
        and _YEAR.fullmatch(tokens[k + 1])
    ):
        return k + 2
    return k + 1


def from_reading(tokens: list[str], k: int) -> tuple[str, set[int]]:
    """The comparison "from <time at k>" means, and the words after the time that say so.

    ``">="`` when a range opens ("from 1975 to 1980", "from 1975 on", "from 1975 and later"), else
    ``"year"``: the period itself ("cars from 1975", "readings from March 2014").
    """
    end = _time_end(tokens, k)
    nxt = tokens[end] if end < len(tokens) else ""
    after = tokens[end + 1] if end + 1 < len(tokens) else ""
    if nxt in _RANGE_ENDS:
        return ">=", set()
    if nxt in _OPEN_ENDS:
        return ">=", {end}
    if nxt in {"and", "or"} and after in _LATER:
        return ">=", {end, end + 1}
    return "year", set()


_EARLIER = frozenset({"earlier", "before"})


def open_end(tokens: list[str], end: int) -> tuple[str | None, set[int]]:
    """``year 1945 and later`` / ``or earlier`` / ``onwards``: the bound set by the words at ``end``.

    (None, set()) when none follows: the year alone is that year. "on" is left out: "year 1945 on capital"
    is no range.
    """
    nxt = tokens[end] if end < len(tokens) else ""
    after = tokens[end + 1] if end + 1 < len(tokens) else ""
    if nxt in _OPEN_ENDS - {"on"}:
        return ">=", {end}
    beyond = tokens[end + 2] if end + 2 < len(tokens) else ""
    # "1945 and later", but not "1940 and after 1950" (a second bound)
    if nxt in {"and", "or"} and after in _LATER | _EARLIER and not beyond[:1].isdigit():
        return (">=" if after in _LATER else "<="), {end, end + 1}
    return None, set()


def month_filters(column: str, year: int, month: int, op: str) -> list[Filter]:
    """``in / since / until / before / after March 2014`` on a date column."""
    start = f"{year}-{month:02d}-01"
    following = f"{year + month // 12}-{month % 12 + 1:02d}-01"
    if op in {">=", ">"}:
        return [Filter(column=column, op=">=", value=start if op == ">=" else following)]
    if op in {"<=", "<"}:
        return [Filter(column=column, op="<", value=following if op == "<=" else start)]
    return [Filter(column=column, op=">=", value=start), Filter(column=column, op="<", value=following)]


def day_filters(column: str, day: str) -> list[Filter] | None:
    """``from 2014-03-01`` alone: that one day (a range, so times within the day count too)."""
    if not _DAY.fullmatch(day):
        return None
    try:
        following = dt.date.fromisoformat(day) + dt.timedelta(days=1)
    except ValueError:
        return None
    return [
        Filter(column=column, op=">=", value=day),
        Filter(column=column, op="<", value=following.isoformat()),
    ]
