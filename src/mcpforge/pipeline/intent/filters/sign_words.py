"""Sign words as conditions: "on how many days was the return positive", "rows with a negative balance".

"positive" is ``> 0``, "negative" ``< 0``, "non-negative" ``>= 0`` and "non-positive" ``<= 0``, on the
numeric column the word qualifies: right after it ("the return was positive", "return positive") or right
before it ("a positive return"). Beside a column that is not a number ("positive" next to a text column),
or when some column holds the word as a value ("positive" test results), nothing is read here: the word
stays for the other scans, or unknown for the word check, which asks or refuses.
"""

from __future__ import annotations

from mcpforge.models import Filter
from mcpforge.pipeline.intent.words import ColumnResolver, find_values

SIGN_WORDS: dict[str, str] = {
    "positive": ">",
    "negative": "<",
    "non-negative": ">=",
    "nonnegative": ">=",
    "non-positive": "<=",
    "nonpositive": "<=",
}
_BE = frozenset({"is", "was", "are", "were", "be", "been"})
_WIDEST = 4


def sign_filters(
    tokens: list[str], resolver: ColumnResolver, taken: set[int]
) -> list[tuple[Filter, set[int]]]:
    """Each sign word beside a numeric column, as its filter and the token positions it uses."""
    if not SIGN_WORDS.keys() & set(tokens):
        return []
    valued = {k for hit in find_values(tokens, resolver) for k in range(hit.start, hit.start + hit.width)}
    found: list[tuple[Filter, set[int]]] = []
    for i, token in enumerate(tokens):
        if token not in SIGN_WORDS or i in taken or i in valued:
            continue
        op, first = SIGN_WORDS[token], i
        if i > 0 and tokens[i - 1] == "non" and i - 1 not in taken:  # "non negative", as split
            op, first = SIGN_WORDS[f"non-{token}"], i - 1
        hit = _column_before(tokens, first, resolver, taken) or _column_after(tokens, i, resolver, taken)
        if hit is None or resolver.kind(hit[0]) != "numeric":
            continue
        column, span = hit
        condition = Filter.model_validate({"column": column, "op": op, "value": 0})
        found.append((condition, {*span, *range(first, i + 1)}))
    return found


def _column_before(
    tokens: list[str], end: int, resolver: ColumnResolver, taken: set[int]
) -> tuple[str, set[int]] | None:
    """``the return was positive``: the column phrase ending before ``end``, a verb "to be" between."""
    stop = end
    while stop > 0 and tokens[stop - 1] in _BE:
        stop -= 1
    for width in range(min(_WIDEST, stop), 0, -1):
        hit = resolver.match_at(tokens, stop - width, fuzzy=False)
        span = set(range(stop - width, end))
        if hit is not None and hit[1] == width and not span & taken:
            return hit[0], span
    return None


def _column_after(
    tokens: list[str], start: int, resolver: ColumnResolver, taken: set[int]
) -> tuple[str, set[int]] | None:
    """``a positive return``: the column phrase right after the word."""
    hit = resolver.match_at(tokens, start + 1, fuzzy=False)
    if hit is None:
        return None
    span = set(range(start + 1, start + 1 + hit[1]))
    return (hit[0], span) if not span & taken else None
