"""Text inside a name: "airports that have 'Municipal' in their name", "names containing 'Regional'".

A quoted word (or one bare word) followed by "in their / its / the <column>", or a text column followed by
"contains / containing / includes / with" and a quoted word, is a ``contains`` filter on that column
(any case, as the filter runs). The column must hold text; the reading shows it as
"name contains 'municipal'". A number or a word that is itself a column is never read here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import pairwise

from mcpforge import _lazy_re as re
from mcpforge.models import Filter
from mcpforge.pipeline.intent.words import ColumnResolver, find_values, tokenize

_OWNERS = frozenset({"their", "its", "the", "his", "her"})
_CONTAINING = frozenset({"contains", "containing", "contain", "includes", "including", "include"})
_QUOTED = re.compile(
    r"['\"\u2018\u2019\u201c\u201d\u00ab\u00bb]\s*([^'\"\u2018\u2019\u201c\u201d\u00ab\u00bb]{1,60}?)\s*['\"\u2018\u2019\u201c\u201d\u00ab\u00bb]"
)


@dataclass
class Contained:
    filters: list[Filter] = field(default_factory=list)
    used: set[int] = field(default_factory=set)


def _text_column(tokens: list[str], at: int, resolver: ColumnResolver) -> tuple[str, int] | None:
    hit = resolver.match_at(tokens, at, fuzzy=False) if at < len(tokens) else None
    if hit is None or resolver.kind(hit[0]) not in {"text", "categorical"}:
        return None
    return hit


def _quoted_spans(tokens: list[str], request: str) -> list[tuple[int, int]]:
    """Token spans (start, end) of the quoted texts of the request."""
    spans: list[tuple[int, int]] = []
    if not any(mark in request for mark in "'\"\u2018\u2019\u201c\u201d\u00ab\u00bb"):
        return spans  # no quotes: the pattern is not compiled
    for match in _QUOTED.finditer(request):
        words = tokenize(match.group(1))
        if not words:
            continue
        for start in range(len(tokens) - len(words) + 1):
            if tokens[start : start + len(words)] == words:
                spans.append((start, start + len(words)))
                break
    return spans


def _bare_word(tokens: list[str], end: int, resolver: ColumnResolver) -> tuple[int, int] | None:
    """One plain word right before "in their name" that is no column and no number."""
    start = end - 1
    word = tokens[start] if start >= 0 else ""
    if not word.isalpha() or resolver.match_at(tokens, start, fuzzy=False) is not None:
        return None
    if any(hit.start <= start < hit.start + hit.width for hit in find_values(tokens, resolver)):
        return None  # "have TX in their state": a whole value, not a part of one
    return (start, end) if start > 0 and tokens[start - 1] in {"have", "has", "with", "having"} else None


def contained_text(
    tokens: list[str], resolver: ColumnResolver, reserved: set[int], request: str
) -> Contained:
    """Every "<text> in their <column>" / "<column> containing <text>" of the request."""
    out = Contained()
    owned = any(t == "in" and n in _OWNERS for t, n in pairwise(tokens))
    if not owned and not _CONTAINING & set(tokens):
        return out  # neither shape: nothing to look up
    quoted = _quoted_spans(tokens, request)
    for i in range(len(tokens) - 2):
        if tokens[i] != "in" or tokens[i + 1] not in _OWNERS:
            continue
        column = _text_column(tokens, i + 2, resolver)
        if column is None:
            continue
        span = next((s for s in quoted if s[1] == i), None) or _bare_word(tokens, i, resolver)
        if span is None or set(range(span[0], i + 2 + column[1])) & reserved:
            continue
        out.filters.append(Filter(column=column[0], op="contains", value=" ".join(tokens[span[0] : span[1]])))
        out.used.update(range(span[0], i + 2 + column[1]))
    for at, token in enumerate(tokens):  # "<column> containing 'X'": the column just before the verb
        if token not in _CONTAINING:
            continue
        for width in (1, 2, 3):
            i = at - width
            column = _text_column(tokens, i, resolver) if i >= 0 else None
            if column is None or column[1] != width:
                continue
            span = next((s for s in quoted if s[0] == at + 1), None)
            if span is None or set(range(i, span[1])) & (reserved | out.used):
                break
            value = " ".join(tokens[span[0] : span[1]])
            out.filters.append(Filter(column=column[0], op="contains", value=value))
            out.used.update(range(i, span[1]))
            break
    return out
