"""Alternatives joined by "or": ``weather is Rain or Snow`` is one condition, ``weather in [Rain, Snow]``.

The condition scanners read each ``column is value`` on its own, and filters hold all at once: two
equalities on one column would leave no row. Joined by an unused "or", they are one membership test;
"or" between conditions on different columns stays unused, and word accounting refuses the request.
"""

from __future__ import annotations

from mcpforge.models import Filter
from mcpforge.pipeline.intent.conditions import FilterResult


def merge_alternatives(tokens: list[str], reserved: set[int], found: FilterResult) -> None:
    """Merge the equalities on one column into an ``in`` filter when an unused "or" joins them."""
    joins = [i for i, token in enumerate(tokens) if token == "or" and i not in reserved | found.used]
    if not joins:
        return
    by_column: dict[str, list[Filter]] = {}
    for item in found.filters:
        if item.op == "==":
            by_column.setdefault(item.column, []).append(item)
    merged = {column: items for column, items in by_column.items() if len(items) > 1}
    if not merged:
        return
    kept = [f for f in found.filters if f.op != "==" or f.column not in merged]
    for column, items in merged.items():
        values = list(dict.fromkeys(item.value for item in items))
        kept.append(Filter(column=column, op="in", value=values))
    found.filters[:] = kept
    found.used.update(joins[: sum(len(items) - 1 for items in merged.values())])
