"""``for each of the states CA, TX and FL``: one row per listed value, not one row over all of them.

The conditions scanner reads the list as ``state in [CA, TX, FL]``; the words "for each of" ask for the
rows split by that column as well. Without this the list was read as one filter and the answer computed
over the three values together, a wrong number. When the listed values cannot be tied to one condition
the request is refused, naming the words.

The same holds when each value gets its own phrase: "for people in California and for those in New
York", "in Lyon and in Nice", "pour Paris et pour Lyon". A preposition said again after "and" asks for one
answer per value; read as one filter over both it gave one combined number, a wrong answer. (Two years so
said are asked about, together or each: ``filters/year_unions.py``.)
"""

from __future__ import annotations

import itertools

from mcpforge.exceptions import UnmappableRequestError
from mcpforge.pipeline.intent.conditions import FilterResult
from mcpforge.pipeline.intent.parse import Phrases
from mcpforge.pipeline.intent.words import ColumnResolver

_TRIGGERS = (("for", "each", "of"), ("for", "every", "of"), ("in", "each", "of"), ("in", "every", "of"),
             ("each", "of"), ("every", "one", "of"))  # fmt: skip
_ARTICLES = frozenset({"the", "these", "those", "following"})
_LISTS = frozenset({"in", "==", "=", "is"})
_AND = frozenset({"and", "und", "et", "y", "e"})
# Words of an answer whose value depends on the rows around it (a share of a total, a rate, a test).
_BASE_WORDS = frozenset({"percent", "percentage", "percentages", "share", "shares", "proportion", "fraction",
                         "ratio", "rate", "rates", "%", "pct", "correlation", "correlate", "correlated",
                         "test", "regression", "anova", "pourcentage", "part", "taux", "anteil", "prozent",
                         "quote", "porcentaje", "proporcion", "tasa", "cuota"})  # fmt: skip
# A preposition or "those" repeated after "and" opens a phrase of its own for the next value.
_REPEATED = frozenset({"for", "in", "among", "from", "at", "of", "those", "ones", "fur", "bei", "unter",
                       "von", "pour", "chez", "dans", "parmi", "en", "para", "entre", "de", "ceux",
                       "celles", "celui", "celle", "aquellos", "aquellas", "aquel", "aquella",
                       "diejenigen", "jene", "that"})  # fmt: skip


def _trigger(tokens: list[str], i: int) -> int:
    return next((len(t) for t in _TRIGGERS if tuple(tokens[i : i + len(t)]) == t), 0)


def _values(value: object) -> set[str]:
    return {str(v).lower() for v in (value if isinstance(value, list) else [value])}


def group_each_of(tokens: list[str], resolver: ColumnResolver, phrases: Phrases, found: FilterResult) -> None:
    """Add the listed values' column as a group key after "for each of (the <column>) V1, V2 and V3"."""
    i = 0
    while i < len(tokens):
        width = _trigger(tokens, i)
        if not width:
            i += 1
            continue
        j = i + width
        while j < len(tokens) and tokens[j] in _ARTICLES:
            j += 1
        hit = resolver.match_at(tokens, j, fuzzy=False)
        named = hit[0] if hit else None
        k = j + (hit[1] if hit else 0)
        while k < len(tokens) and not tokens[k].strip(",;:").strip():
            k += 1
        first = tokens[k].strip(",;:").lower() if k < len(tokens) else ""
        listed = [
            f for f in found.filters
            if f.op in _LISTS and (named is None or f.column == named) and first in _values(f.value)
        ]  # fmt: skip
        if not listed:
            if named is None:
                words = " ".join(tokens[i:j])
                raise UnmappableRequestError(
                    f"cannot map the request {' '.join(tokens)!r}: {words!r} asks for one answer per listed "
                    "value, but the values after it are not a list of one column's values; say 'by <column>' "
                    "and filter the values (e.g. 'median x by state for state CA, TX or FL')",
                    understood={"filters": [f.model_dump() for f in found.filters]},
                )
            i = j  # "for each of the states" with no values: the group scanner's "for each <column>"
            continue
        column = listed[0].column
        if column not in phrases.group_by:
            phrases.group_by.append(column)
        phrases.used.update(range(i, j + (hit[1] if hit else 0)))
        phrases.notes.append(f"'{' '.join(tokens[i:j])}' read as one row per listed {column!r} value")
        i = j


def group_separately_named(tokens: list[str], phrases: Phrases, found: FilterResult) -> None:
    """Add a listed column as a group key when each of its values has its own phrase ("for those in
    California and for those in New York"): one answer per value, still only those values. Not when the
    answer is a share, rate, correlation or test: a share of each value's rows taken over only the listed
    values is not its share of the whole (a wrong answer), so such readings keep what they were."""
    if _BASE_WORDS.intersection(token.strip(",;:") for token in tokens):
        return
    for item in found.filters:
        if item.op != "in" or not isinstance(item.value, list) or item.column in phrases.group_by:
            continue
        if not all(isinstance(value, str) for value in item.value):
            continue  # "in 1940 and in 1950": years ask together or each (filters/year_unions.py)
        places: list[tuple[int, int]] = []
        for value in item.value:
            start = _position(tokens, str(value))
            if start is None:
                break
            places.append((start, len(str(value).split())))
        else:
            places.sort()
            gaps = [tokens[a + width : b] for (a, width), (b, _w) in itertools.pairwise(places)]
            if gaps and all(_own_phrase(gap) for gap in gaps):
                phrases.group_by.append(item.column)
                for (a, width), (b, _w) in itertools.pairwise(places):  # "celui des": read, not left over
                    phrases.used.update(k for k in range(a + width, b) if tokens[k].strip(",;:") in _REPEATED)
                phrases.notes.append(f"each {item.column!r} value is named on its own: one answer for each")


def _own_phrase(gap: list[str]) -> bool:
    """Whether the words between two values say the next one in a phrase of its own: "and for (those in)"."""
    words = [token.strip(",;:") for token in gap]
    return any(
        word in _AND and k + 1 < len(words) and words[k + 1] in _REPEATED for k, word in enumerate(words)
    )


def _position(tokens: list[str], value: str) -> int | None:
    """Where the (folded) words of ``value`` stand in ``tokens``, first match."""
    from mcpforge.pipeline.intent.words import fold

    words = fold(value).split()
    for start in range(len(tokens) - len(words) + 1):
        if [token.strip(",;:") for token in tokens[start : start + len(words)]] == words:
            return start
    return None
