"""A column named like a counting word, as what a method relates, flags or tests: "year related to count",
"how many Rubella counts are outliers", "test whether count differs across diseases".

A correlation relates two columns, an outlier rule flags the values of one and a test compares them:
none counts rows. In such a request, a numeric column whose name is a word of the vocabulary (``count``,
``total``, ``n``), or its plural, standing where a column goes — joined to another column by "to", "with",
"and", "vs", the subject of "are outliers", or of "differs" in a test — is that column. Read as a row count
instead, the correlation would lose one of its two columns and the outliers would have none.

The word is written as the column's name with a trailing ``_`` (as in :mod:`aggregation_names`), so the
resolver maps it to the column and no scanner reads it as an aggregation. Outside these slots, or in a
request with no correlation or outlier word, the word keeps its vocabulary meaning.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.parse import agg_at
from mcpforge.pipeline.intent.rows.tally import TALLY_NAMES
from mcpforge.pipeline.intent.words import ColumnResolver, find_values, norm

_RELATING = re.compile(r"^(?:correlat|relat|associat|spearman|pearson|kendall)")
_FLAGGING = re.compile(r"^(?:outlier|anomal)")
_TESTING = re.compile(r"^(?:anova|t-test|ttest|test|tests|tested|testing|kruskal|mann|welch|significan)")
_COMPARED = frozenset({"differs", "differ", "varies", "vary", "different", "changes"})
_JOINS = frozenset({"to", "with", "and", "vs", "versus", "against", "between"})
_SUBJECT_OF = (["are", "outliers"], ["is", "an", "outlier"], ["are", "anomalies"], ["are", "anomalous"])
_MARK = "_"


def _vocabulary_column(token: str, resolver: ColumnResolver) -> str | None:
    """The numeric column named in full by ``token`` (or its plural), a word the scanners read otherwise."""
    if not token.isalpha():
        return None
    for form in dict.fromkeys((token, token.removesuffix("s"))):
        if form not in TALLY_NAMES and agg_at([form], 0) is None:
            continue
        column = resolver.resolve(form, fuzzy=False)
        if column is not None and norm(column) == form and resolver.kind(column) == "numeric":
            return column
    return None


def _relates(tokens: list[str], j: int, resolver: ColumnResolver) -> bool:
    """``year related to count``, ``count and population``: joined to another column."""
    before = tokens[j - 1] if j > 0 else ""
    after = tokens[j + 1] if j + 1 < len(tokens) else ""
    if before in _JOINS and j >= 2 and resolver.match_at(tokens, j - 2) is not None:
        return True
    if after in _JOINS and j + 2 < len(tokens) and resolver.match_at(tokens, j + 2) is not None:
        return True
    # "between count and population", "related to count": a join word with a column on the far side
    return before in {"to", "between"} and any(resolver.match_at(tokens, k) for k in range(max(0, j - 6), j))


def _flagged(tokens: list[str], j: int, valued: set[int]) -> bool:
    """``Rubella counts are outliers``, ``outliers in count``: the values the rule flags."""
    if any(tokens[j + 1 : j + 1 + len(words)] == words for words in _SUBJECT_OF):
        return True
    k = j - 1
    while k >= 0 and k in valued:
        k -= 1
    return k >= 1 and tokens[k] in {"in", "of", "among"} and bool(_FLAGGING.match(tokens[k - 1]))


def method_operands(tokens: list[str], resolver: ColumnResolver) -> tuple[list[str], list[str]]:
    """``tokens`` with a counting-word column that a correlation or outlier rule takes marked as it."""
    relating = any(_RELATING.match(token) for token in tokens)
    flagging = any(_FLAGGING.match(token) for token in tokens)
    testing = any(_TESTING.match(token) for token in tokens)
    if not (relating or flagging or testing):
        return tokens, []
    valued = {k for hit in find_values(tokens, resolver) for k in range(hit.start, hit.start + hit.width)}
    out, notes = list(tokens), []
    for j, token in enumerate(tokens):
        if j in valued:
            continue
        column = _vocabulary_column(token, resolver)
        if column is None:
            continue
        compared = testing and tokens[j + 1 : j + 2] and tokens[j + 1] in _COMPARED  # "count differs across"
        if (
            (relating and _relates(tokens, j, resolver))
            or (flagging and _flagged(tokens, j, valued))
            or compared
        ):
            out[j] = norm(column) + _MARK
            notes.append(f"{token!r} read as the column {column!r}")
    return out, list(dict.fromkeys(notes))
