"""A column named like an aggregation or another word of the vocabulary: ``median``, ``mean``, ``table``.

"average median by city", "the mean of median", "the lowest median ever recorded", "average table": after
an aggregation word, a word that is the whole name of a numeric column is that column, not a second
aggregation ("the highest average salary" ranks by the mean; "the lowest median" is the smallest value of
``median``). "the median column" says so too, and so does a pair with a column ("between carat and
table"). Alone, the word keeps its vocabulary meaning: "median sales per city" is the median of sales.

The word is written as the column's name with a trailing ``_`` ("median_"): the column resolver maps it
to the column, and no scanner reads it as an aggregation any more.
"""

from __future__ import annotations

from mcpforge.pipeline.intent.parse import agg_at
from mcpforge.pipeline.intent.words import ColumnResolver, norm

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


def _after_aggregation(tokens: list[str], j: int) -> bool:
    k = j
    while k > 0 and tokens[k - 1] in _BETWEEN:
        k -= 1
    for start in range(max(0, k - 3), k):
        found = agg_at(tokens, start)
        if found is not None and start + found[1] == k:
            return True
    return False


def _paired(tokens: list[str], j: int, resolver: ColumnResolver) -> bool:
    """``between carat and table``, ``between table and carat``: the other of the pair is a column."""
    if j >= 2 and tokens[j - 1] == "and" and tokens[j - 3 : j - 2] == ["between"]:
        return resolver.match_at(tokens, j - 2) is not None
    if j >= 1 and tokens[j - 1] == "between" and tokens[j + 1 : j + 2] == ["and"]:
        return resolver.match_at(tokens, j + 2) is not None
    return False


def column_words(tokens: list[str], resolver: ColumnResolver) -> tuple[list[str], list[str]]:
    """``tokens`` with each vocabulary word used as a column's name marked as that name, and a note each."""
    out = list(tokens)
    notes: list[str] = []
    for j in range(len(tokens)):
        column = _blocked_name(tokens, j, resolver)
        if column is None:
            continue
        named = j + 1 < len(tokens) and tokens[j + 1] == "column"
        if named or _after_aggregation(tokens, j) or _paired(tokens, j, resolver):
            out[j] = tokens[j] + _MARK
            notes.append(f"{tokens[j]!r} read as the column {column!r}")
    return out, list(dict.fromkeys(notes))
