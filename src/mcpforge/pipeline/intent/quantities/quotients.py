"""A ratio of two totals written as arithmetic: "sum of Population noire divided by sum of Population totale".

Both totals must be named ("sum of", "total", "the total of"): then the words say exactly what
``group_ratio`` computes (one sum over the other, per group when a key is given). Without them, "A
divided by B" may mean a ratio per row, then averaged: other numbers, so those words stay unread and the
accounting refuses them ("divided": arithmetic the reading does not compute).
"""

from __future__ import annotations

from mcpforge.models import Aggregation
from mcpforge.pipeline.intent.parse import Phrases
from mcpforge.pipeline.intent.quantities.ratios import Ratio
from mcpforge.pipeline.intent.words import ColumnResolver

_TOTALS = (("the", "sum", "of"), ("the", "total", "of"), ("the", "total"), ("sum", "of"), ("total", "of"),
           ("total",))  # fmt: skip
_LONGEST_NAME = 6


def _total_before(tokens: list[str], end: int, resolver: ColumnResolver) -> tuple[str, int] | None:
    """``sum of X`` ending right before ``end``: (numeric column X, where the phrase starts)."""
    for width in range(min(_LONGEST_NAME, end), 0, -1):
        hit = resolver.match_at(tokens, end - width, fuzzy=False)
        if hit is None or hit[1] != width or resolver.kind(hit[0]) != "numeric":
            continue
        start = end - width
        for words in _TOTALS:
            if tuple(tokens[max(0, start - len(words)) : start]) == words and start >= len(words):
                return hit[0], start - len(words)
    return None


def _total_after(tokens: list[str], start: int, resolver: ColumnResolver) -> tuple[str, int] | None:
    """``the sum of Y`` starting at ``start``: (numeric column Y, the index after it)."""
    for words in _TOTALS:
        if tuple(tokens[start : start + len(words)]) != words:
            continue
        hit = resolver.match_at(tokens, start + len(words), fuzzy=False)
        if hit is not None and resolver.kind(hit[0]) == "numeric":
            return hit[0], start + len(words) + hit[1]
    return None


def find_quotient(tokens: list[str], resolver: ColumnResolver, phrases: Phrases) -> Ratio | None:
    """The ``sum of A divided by sum of B`` of the request (its words marked used), or None."""
    if "divided" not in tokens:
        return None
    for i in range(1, len(tokens) - 2):
        if tokens[i : i + 2] != ["divided", "by"] or {i, i + 1} & phrases.used:
            continue
        top = _total_before(tokens, i, resolver)
        bottom = _total_after(tokens, i + 2, resolver)
        if top is None or bottom is None or top[0] == bottom[0]:
            continue
        used = set(range(top[1], bottom[1]))
        if used & phrases.used:
            continue
        phrases.used |= used
        percent = _in_percent(tokens, bottom[1], phrases)
        note = f"read as the sum of {top[0]!r} divided by the sum of {bottom[0]!r}" + (
            " in %" if percent else ""
        )
        return Ratio(
            numerator=Aggregation(column=top[0], func="sum"),
            denominator=Aggregation(column=bottom[0], func="sum"),
            notes=[note],
            written_out=True,
            percent=percent,
        )
    return None


_IN_PERCENT = (("as", "a", "percentage"), ("as", "percentage"), ("as", "a", "percent"), ("in", "percent"),
               ("as", "percent"), ("in", "%"), ("as", "%"), ("times", "100"))  # fmt: skip


def _in_percent(tokens: list[str], start: int, phrases: Phrases) -> bool:
    """``..., as a percentage`` right after the quotient (a comma between): the ratio times 100."""
    k = start + (start < len(tokens) and tokens[start] == ",")
    for words in _IN_PERCENT:
        if tuple(tokens[k : k + len(words)]) == words and not set(range(k, k + len(words))) & phrases.used:
            phrases.used |= set(range(start, k + len(words)))
            return True
    return False
