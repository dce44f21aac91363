"""A condition on each group (HAVING): "How many cities have more than 5 airports?", "states with more
than 10 airports", "which regions have an average price above 300", "number of departments whose total
salary exceeds 1000000".

Read only when the whole request is that shape and says both the per-group value and its threshold:

    [how many | number of | count of | which | what | list | show] <category column>
    (have | has | with | having | whose | that have | which have) <value> <comparison> <number>

where <value> is ``<comparison> <number> <the rows' noun>`` (airports in airports.json; rows, records,
entries) or ``[a | an | the] <aggregation> <numeric column> [is | are | of]``. Anything else (another
condition, a noun that is a column — "cities with more than 5 runways" —, an unknown word) is left to the
rest of the reader, which asks or refuses as before.
"""

from __future__ import annotations

from pathlib import Path

from mcpforge.models import Aggregation, Intent
from mcpforge.pipeline.intent.conditions import COMPARATORS
from mcpforge.pipeline.intent.parse import agg_at
from mcpforge.pipeline.intent.quantities.ratios import row_noun
from mcpforge.pipeline.intent.words import ColumnResolver, singular

_COUNT_OPENERS = (("how", "many"), ("the", "number", "of"), ("number", "of"), ("count", "of"), ("count",))
_LIST_OPENERS = (
    ("which",), ("what",), ("list", "the"), ("list", "all"), ("list",), ("show", "me", "the"), ("show", "me"),
    ("show", "the"), ("show",), ("find", "the"), ("find",), ("all",), (),
)  # fmt: skip
_JOINERS = (
    ("that", "have"), ("which", "have"), ("that", "has"), ("which", "has"), ("have",), ("has",), ("with",),
    ("having",), ("whose",), ("where", "the"), ("where",),
)  # fmt: skip
_ARTICLES = frozenset({"a", "an", "the"})
_LINKS = frozenset({"is", "are", "of", "that", "which"})
_ROW_NOUNS = frozenset({"row", "record", "entry", "observation", "line"})
_HAVING_OPS = frozenset({">", ">=", "<", "<=", "=="})
_KEY_KINDS = frozenset({"categorical", "text"})


def group_condition(tokens: list[str], resolver: ColumnResolver, request: str) -> Intent | None:
    """The intent for a request that is only a condition on each group, else None (read as before)."""
    for opener in (*_COUNT_OPENERS, *_LIST_OPENERS):
        if tuple(tokens[: len(opener)]) != opener:
            continue
        intent = _after_opener(tokens, len(opener), resolver, request, count=opener in _COUNT_OPENERS)
        if intent is not None:
            return intent
    return None


def _after_opener(
    tokens: list[str], start: int, resolver: ColumnResolver, request: str, *, count: bool
) -> Intent | None:
    hit = resolver.match_at(tokens, start)
    if hit is None or resolver.kind(hit[0]) not in _KEY_KINDS or agg_at(tokens, start) is not None:
        return None
    key, k = hit[0], start + hit[1]
    for joiner in _JOINERS:
        if tuple(tokens[k : k + len(joiner)]) != joiner:
            continue
        found = _value(tokens, k + len(joiner), resolver, whose=joiner == ("whose",))
        if found is None:
            continue
        metric, op, number = found
        what = "count of rows" if metric.column is None else f"{metric.func} of {metric.column!r}"
        words = " ".join(tokens[k:])
        return Intent(
            request=request,
            operation="group_count" if metric.column is None else "group_aggregate",
            group_by=[key],
            metrics=[] if metric.column is None else [metric],
            options={"having": {"op": op, "value": number}, "count_groups": count},
            notes=[f"{words!r} read as a condition on each {key!r} group: {what} {op} {number:g}"],
        )
    return None


def _value(
    tokens: list[str], i: int, resolver: ColumnResolver, *, whose: bool
) -> tuple[Aggregation, str, float] | None:
    """``more than 5 airports`` (a row count) or ``an average price above 300``, ending the request."""
    compared = _comparison(tokens, i)
    if compared is not None and not whose:  # "have more than 5 airports"
        op, number, end = compared
        if end == len(tokens) - 1 and _names_rows(tokens[end], resolver):
            return Aggregation(func="count"), op, number
        return None
    i += 1 if i < len(tokens) and tokens[i] in _ARTICLES else 0
    agg = agg_at(tokens, i)
    if agg is None or agg[0] in {"count", "nunique"}:
        return None
    hit = resolver.match_at(tokens, i + agg[1])
    if hit is None or resolver.kind(hit[0]) != "numeric":
        return None
    j = i + agg[1] + hit[1]
    while j < len(tokens) and tokens[j] in _LINKS:
        j += 1
    compared = _comparison(tokens, j)
    if compared is None or compared[2] != len(tokens):
        return None
    return Aggregation(column=hit[0], func=agg[0]), compared[0], compared[1]


def comparison_at(tokens: list[str], i: int) -> tuple[str, float, int] | None:
    """``more than 5`` at ``i``: (op, number, index after the number), for the group_counts reader."""
    return _comparison(tokens, i)


def _comparison(tokens: list[str], i: int) -> tuple[str, float, int] | None:
    """``more than 5`` at ``i``: (op, number, index after the number)."""
    for words, op in COMPARATORS:
        if op not in _HAVING_OPS or tuple(tokens[i : i + len(words)]) != words:
            continue
        j = i + len(words)
        number = _number(tokens[j]) if j < len(tokens) else None
        return None if number is None else (op, number, j + 1)
    return None


def _number(token: str) -> float | None:
    try:
        return float(token.replace(",", ""))
    except ValueError:
        return None


def _names_rows(word: str, resolver: ColumnResolver) -> bool:
    """``airports`` in airports.json, ``rows``, ``records``: a plural noun that counts the file's rows (a
    word that is a column's name is not: "more than 5 runways" is about that column)."""
    if not word.isalpha() or singular(word) == word or resolver.resolve(word, fuzzy=False) is not None:
        return False
    stem = Path(resolver.schema.path).stem.lower().replace("-", "_").split("_")[-1]
    return singular(word) in _ROW_NOUNS or singular(word) in {singular(stem), row_noun(resolver)}
