"""The whole of a share named first: "Among people married 10 years or more, what percentage reported zero
affairs?" — the rows of the "among" clause are the whole, the condition after the share word the part.

A share under two conditions does not say which is the part ("what fraction of Ideal diamonds cost over
1000"); a clause opened by "among" ("amongst", French "parmi") and closed by a comma or the share word
does. Each condition is placed by where its number or value is written (else a word of its column's
name): inside the clause it is the whole, after it the part. One condition must be the part and at least
one the whole, every condition placed once; otherwise nothing is read here and the request is refused as
before. The reading says which is which ("share read as the percent of rows where affairs == 0, among
rows where yearsmarried >= 10").
"""

from __future__ import annotations

from typing import Any

from mcpforge.models import Aggregation, Filter, Intent
from mcpforge.pipeline.intent.words import norm

_AMONG = frozenset({"among", "amongst", "parmi"})
# A request opened by "In <scope>, what percent ..." or "Of / Out of <scope>, what percentage ...":
# the opening clause is the whole too.
_OPENING = frozenset({"in", "en", "of", "out"})
_CLOSING = frozenset({",", ";", ":", "what", "which", "how", "percentage", "percent", "share", "proportion",
                      "fraction", "rate", "%"})  # fmt: skip


def _spelled(value: object) -> set[str]:
    if isinstance(value, bool) or value is None:
        return set()
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return {str(value).lower()}


def _positions(rule: Filter, tokens: list[str]) -> set[int]:
    """Where ``rule`` is written: its value, else a word of its column's name."""
    values = rule.value if isinstance(rule.value, list) else [rule.value]
    spelled = set().union(*(_spelled(v) for v in values)) if values else set()
    at = {i for i, token in enumerate(tokens) if token in spelled}
    if not at:
        words = set(norm(rule.column).split())
        at = {i for i, token in enumerate(tokens) if token in words}
    return at


def among_clause(tokens: list[str]) -> tuple[int, int] | None:
    """(where the "among" clause opens, where it closes): the words strictly between name the whole."""
    start = next(
        (i for i, token in enumerate(tokens) if token in _AMONG or (i == 0 and token in _OPENING)), None
    )
    if start is None:
        return None
    end = next((i for i in range(start + 1, len(tokens)) if tokens[i] in _CLOSING), None)
    return None if end is None else (start, end)


def whole_and_part(tokens: list[str], filters: list[Filter]) -> tuple[list[Filter], list[Filter]] | None:
    """(the conditions of the "among" clause, the ones after it), each placed once; else None."""
    clause = among_clause(tokens)
    if clause is None or len(filters) < 2:  # a part and a whole
        return None
    start, end = clause
    whole: list[Filter] = []
    part: list[Filter] = []
    for rule in filters:
        at = _positions(rule, tokens)
        inside = {i for i in at if start < i < end}
        after = {i for i in at if i > end}
        if bool(inside) == bool(after):
            return None  # written in both places, or in neither: not placed
        (whole if inside else part).append(rule)
    return (whole, part) if whole and part else None


def share_among(
    tokens: list[str], filters: list[Filter], base: dict[str, Any], notes: list[str]
) -> Intent | None:
    """The share of the condition after the clause among the rows of the "among" clause, else None."""
    placed = whole_and_part(tokens, filters)
    if placed is None or len(placed[1]) != 1:
        return None
    whole, part = placed
    said = " and ".join(f"{f.column} {f.op} {f.value!r}" for f in whole)
    rule = part[0]
    part_said = f"{rule.column} {rule.op} {rule.value!r}"
    notes.append(f"share read as the percent of rows where {part_said}, among rows where {said}")
    kept = {k: v for k, v in base.items() if k not in {"top_n", "sort_descending", "filters"}}
    return Intent(operation="group_ratio", group_by=[], as_percentage=True, filters=whole,
                  columns=[part[0].column], metrics=[Aggregation(func="count"), Aggregation(func="count")],
                  options={"numerator_filters": [part[0].model_dump(mode="json")]},
                  **kept)  # fmt: skip
