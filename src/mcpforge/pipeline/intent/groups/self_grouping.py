"""A reading that groups by the very column it measures (issue 25, a wrong answer).

"Mean of ``packpc`` per ``packpc`` and ``year``" is one group per value of the measure: each group's mean
is its own key, and the table answers nothing the request asked. Words that put the measure among the
keys were misread (a "per" inside a name, "packs per capita (packpc)"); such a reading must not answer.
Counting the rows of each value (``count``, ``nunique``) is no such measure. An operation that measures
its ``columns`` per group (the outliers of each group) is held to the same rule: "within each year, count
the earnings outliers" read as the outliers *of* ``year`` per ``year`` is an empty table, not an answer.
"""

from __future__ import annotations

from mcpforge.models import Intent

_COUNTS = frozenset({"count", "nunique", "size"})
_MEASURES_COLUMNS_PER_GROUP = frozenset({"group_outliers"})


def grouped_by_its_measure(intent: Intent) -> str | None:
    """Why ``intent`` groups by a column it also aggregates (None: it does not)."""
    keys = set(intent.group_by)
    measured: list[tuple[str, str]] = [
        (m.func, m.column) for m in intent.metrics if m.column in keys and m.func not in _COUNTS
    ]
    if intent.operation in _MEASURES_COLUMNS_PER_GROUP:
        measured += [(intent.operation.replace("group_", ""), c) for c in intent.columns if c in keys]
    if not measured:
        return None
    said = ", ".join(f"the {func} of {column!r}" for func, column in measured)
    return (
        f"the reading groups by the column it measures ({said} per {', '.join(map(repr, intent.group_by))}): "
        "each group's value would be its own key; name the grouping column, e.g. 'mean of X per year'"
    )
