"""A column named like an aggregation or another word of the vocabulary: ``median``, ``mean``, ``table``.

"average median by city", "the mean of median", "the lowest median ever recorded", "average table": after
an aggregation word, a word that is the whole name of a numeric column is that column, not a second
aggregation ("the highest average salary" ranks by the mean; "the lowest median" is the smallest value of
``median``). "the median column" says so too, and so does a pair with a column ("between carat and
table"). Alone, the word keeps its vocabulary meaning: "median sales per city" is the median of sales.
Values may stand between ("top 3 states by total Pertussis count": the sum of ``count``), and a comparison
right after the word makes it the column too ("rows with count above 10"). "number of" (count of, amount
of) right before a numeric column is part of that column's phrase and names no column of its own.

The word is written as the column's name with a trailing ``_`` ("median_"): the column resolver maps it
to the column, and no scanner reads it as an aggregation any more.
"""

from __future__ import annotations

from mcpforge.pipeline.intent.conditions import COMPARATORS
from mcpforge.pipeline.intent.parse import agg_at
from mcpforge.pipeline.intent.words import ColumnResolver, find_values, norm

_BETWEEN = frozenset({"of", "the", "a", "an"})
_MARK = "_"


def _blocked_name(tokens: list[str], j: int, resolver: ColumnResolver) -> str | None:
    """The numeric column ``tokens[j]`` names in full, when the vocabulary keeps the resolver from it."""
    token = tokens[j]
    if not token.isalpha() or resolver.match_at(tokens, j) is not None:
        return None
    column = resolver.resolve(token, fuzzy=False)
    if column is None or norm(column) != token or resolver.kind(column) != "numeric":
        return None
    return column


def _after_aggregation(tokens: list[str], j: int, valued: set[int]) -> int | None:
    """Where the aggregation word before ``tokens[j]`` ends (values and articles may stand between)."""
    k = j
    while k > 0 and (tokens[k - 1] in _BETWEEN or k - 1 in valued):
        k -= 1
    for start in range(max(0, k - 3), k):
        found = agg_at(tokens, start)
        if found is not None and start + found[1] == k:
            return k
    return None


def _compared(tokens: list[str], j: int) -> bool:
    """``count above 10``, ``count is at least 5``: a comparison follows the word."""
    k = j + 1 + (tokens[j + 1 : j + 2] in (["is"], ["was"], ["of"]))
    return any(tuple(tokens[k : k + len(words)]) == words for words, _ in COMPARATORS)


def _paired(tokens: list[str], j: int, resolver: ColumnResolver) -> bool:
    """``between carat and table``, ``between table and carat``: the other of the pair is a column."""
    if j >= 2 and tokens[j - 1] == "and" and tokens[j - 3 : j - 2] == ["between"]:
        return resolver.match_at(tokens, j - 2) is not None
    if j >= 1 and tokens[j - 1] == "between" and tokens[j + 1 : j + 2] == ["and"]:
        return resolver.match_at(tokens, j + 2) is not None
    return False


_QUANTITY_NOUNS = frozenset({"number", "count", "amount", "quantity", "total"})


def _measure_phrase(tokens: list[str], j: int, resolver: ColumnResolver) -> bool:
    """``number of individuals affected``: the word opens the phrase of the numeric column after "of".

    "the average number of individuals affected" is the mean of ``Individuals_Affected``; a column
    named ``Number`` (an index) is not named by it as well.
    """
    if tokens[j] not in _QUANTITY_NOUNS or tokens[j + 1 : j + 2] != ["of"]:
        return False
    k = j + 2
    while k < len(tokens) and tokens[k] in _BETWEEN:
        k += 1
    hit = resolver.match_at(tokens, k) if k < len(tokens) else None
    return hit is not None and resolver.kind(hit[0]) == "numeric"


def column_words(tokens: list[str], resolver: ColumnResolver) -> tuple[list[str], list[str]]:
    """``tokens`` with each vocabulary word used as a column's name marked as that name, and a note each."""
    out = list(tokens)
    notes: list[str] = []
    valued = {k for hit in find_values(tokens, resolver) for k in range(hit.start, hit.start + hit.width)}
    moves: list[tuple[int, int]] = []
    for j in range(len(tokens)):
        column = _blocked_name(tokens, j, resolver)
        if column is None or _measure_phrase(tokens, j, resolver):
            continue
        named = j + 1 < len(tokens) and tokens[j + 1] == "column"
        end = _after_aggregation(tokens, j, valued)
        if named or end is not None or _compared(tokens, j) or _paired(tokens, j, resolver):
            out[j] = tokens[j] + _MARK
            notes.append(f"{tokens[j]!r} read as the column {column!r}")
        if end is not None and any(k in valued for k in range(end, j)):
            moves.append((j, end))  # "total Pertussis count" is read as "total count Pertussis"
    for j, end in reversed(moves):
        out.insert(end, out.pop(j))
    return out, list(dict.fromkeys(notes))
