"""The share of rows where a column is missing: "what percentage of the rows have no gdp value", "what share
of the rows have a missing grade", "the percent of records with a known score per region", "what fraction of
scores are missing" (the missing-values report of one column, asked as a share).

The condition is the scanners' ``is null`` / ``not null`` filter (``conditions``); asked as a share, it is
the part, and the rows it is taken over are the whole: one ``group_ratio`` (per group when the request
groups), the numerator the rows where the column is (not) empty, as ``isna().mean() * 100`` gives it.
A comparison on a number is the same share ("what percentage of the rows have an avgprs above 200",
"share of days with a positive return": ``(df[col] > 200).mean() * 100``, a row without a value counted in
the whole and not in the part); per group it is asked (``guards.settle_share_scope``): each group's own
share, or how the rows meeting it split across the groups. Equality on a category is
``_share_of_value`` in ``assemble``. Two or more conditions make part and whole unclear ("share of Flu
rows with no grade": of the Flu rows, or of all rows?) and the request is left to the general reading,
which asks or refuses.
"""

from __future__ import annotations

from mcpforge.models import Aggregation, Filter, Intent
from mcpforge.pipeline.intent.assemble import Parsed
from mcpforge.pipeline.intent.reading import condition_text

_MISSING_OPS = frozenset({"is null", "not null"})
_COMPARISONS = frozenset({">", ">=", "<", "<=", "between"})


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
    if len(conditions) != 1 or not _shareable(p, conditions[0]):
        return None
    condition = conditions[0]
    if any(column != condition.column for column in p.mentioned) or condition.column in p.phrases.group_by:
        return None  # another column named: a share of what, by what, is not this one
    where = condition_text(condition)  # "`grade` is empty", "`avgprs` > 200"
    base = {k: v for k, v in p.base().items() if k not in {"filters", "top_n", "sort_descending"}}
    whole = "the rows of each group" if p.phrases.group_by else "all rows"
    base["notes"] = [*p.notes, f"share read as the percent of {whole} where {where}"]
    return Intent(operation="group_ratio", group_by=list(p.phrases.group_by), as_percentage=True,
                  metrics=[Aggregation(func="count"), Aggregation(func="count")], filters=[],
                  columns=[condition.column],  # the column the condition reads (said in the reading)
                  options={"numerator_filters": [condition.model_dump(mode="json")]},
                  **base)  # fmt: skip


def _shareable(p: Parsed, condition: Filter) -> bool:
    """A condition whose share of rows is one number: (not) missing, or a comparison on a number."""
    if condition.op in _MISSING_OPS:
        return True
    # per group, a comparison's share is asked: of each group's rows, or how its rows split across groups
    return condition.op in _COMPARISONS and not p.phrases.group_by and bool(p.numeric([condition.column]))
