"""The share of rows where a column is missing: "what percentage of the rows have no gdp value", "what share
of the rows have a missing grade", "the percent of records with a known score per region", "what fraction of
scores are missing" (the missing-values report of one column, asked as a share).

The condition is the scanners' ``is null`` / ``not null`` filter (``conditions``); asked as a share, it is
the part, and the rows it is taken over are the whole: one ``group_ratio`` (per group when the request
groups), the numerator the rows where the column is (not) empty, as ``isna().mean() * 100`` gives it.
Any other condition makes part and whole unclear ("share of Flu rows with no grade": of the Flu rows, or
of all rows?) and the request is left to the general reading, which asks or refuses.
"""

from __future__ import annotations

from mcpforge.models import Aggregation, Filter, Intent
from mcpforge.pipeline.intent.assemble import Parsed

_MISSING_OPS = frozenset({"is null", "not null"})


def missing_share(p: Parsed) -> Intent | None:
    """The share of rows where one column is (not) missing, or None when the request asks for another."""
    if not p.share or p.phrases.metrics or p.phrases.grain or p.phrases.top_n is not None:
        return None
    conditions = p.filters.filters
    if (
        not conditions
        and p.ops[:1] == ["missing_values"]
        and len(p.mentioned) == 1
        and not p.phrases.group_by
    ):
        conditions = [
            Filter(column=p.mentioned[0], op="is null")
        ]  # "what percent of grade values are missing"
    if len(conditions) != 1 or conditions[0].op not in _MISSING_OPS:
        return None
    condition = conditions[0]
    if any(column != condition.column for column in p.mentioned) or condition.column in p.phrases.group_by:
        return None  # another column named: a share of what, by what, is not this one
    state = "empty" if condition.op == "is null" else "not empty"
    base = {k: v for k, v in p.base().items() if k not in {"filters", "top_n", "sort_descending"}}
    base["notes"] = [*p.notes, f"share read as the percent of rows where {condition.column!r} is {state}"]
    return Intent(operation="group_ratio", group_by=list(p.phrases.group_by), as_percentage=True,
                  metrics=[Aggregation(func="count"), Aggregation(func="count")], filters=[],
                  columns=[condition.column],  # the column the condition reads (said in the reading)
                  options={"numerator_filters": [condition.model_dump(mode="json")]},
                  **base)  # fmt: skip
