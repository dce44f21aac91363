"""The share of one value among filtered rows: "what percentage of the women have degree bachelor".

A distribution of a column under a condition on that same column is all one value (every share 100%):
the condition on the distributed column is the part, the other conditions are the whole. Read so, it is
one number, the percent of the other conditions' rows where the column holds the value.
"""

from __future__ import annotations

from typing import Any

from mcpforge.models import Aggregation, Filter, Intent


def share_within(column: str, filters: list[Filter], base: dict[str, Any], notes: list[str]) -> Intent | None:
    """The share of ``column == value`` among rows under the other filters; None without such a filter."""
    own = [f for f in filters if f.column == column]
    if len(own) != 1 or own[0].op != "==" or len(own) == len(filters):
        return None
    rest = [f for f in filters if f.column != column]
    whole = " and ".join(f"{f.column} {f.op} {f.value!r}" for f in rest)
    notes.append(
        f"share read as the percent of rows where {column!r} = {own[0].value!r}, among rows where {whole}"
    )
    base = {k: v for k, v in base.items() if k not in {"top_n", "sort_descending", "filters"}}
    return Intent(operation="group_ratio", group_by=[], as_percentage=True, filters=rest, columns=[column],
                  metrics=[Aggregation(func="count"), Aggregation(func="count")],
                  options={"numerator_filters": [own[0].model_dump()]},
                  **base)  # fmt: skip
