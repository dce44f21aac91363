"""``for each of the states CA, TX and FL``: one row per listed value, not one row over all of them.

The conditions scanner reads the list as ``state in [CA, TX, FL]``; the words "for each of" ask for the
rows split by that column as well. Without this the list was read as one filter and the answer computed
over the three values together, a wrong number. When the listed values cannot be tied to one condition
the request is refused, naming the words.
"""

from __future__ import annotations

from mcpforge.exceptions import UnmappableRequestError
from mcpforge.pipeline.intent.conditions import FilterResult
from mcpforge.pipeline.intent.parse import Phrases
from mcpforge.pipeline.intent.words import ColumnResolver

_TRIGGERS = (("for", "each", "of"), ("for", "every", "of"), ("in", "each", "of"), ("in", "every", "of"),
             ("each", "of"), ("every", "one", "of"))  # fmt: skip
_ARTICLES = frozenset({"the", "these", "those", "following"})
_LISTS = frozenset({"in", "==", "=", "is"})


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
