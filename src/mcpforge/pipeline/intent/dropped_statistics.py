"""A statistic the request names that the reading does not compute ("then compute the overall mean seatbelt"
read as a missing-values report).

The metric finder marks a statistic's words as used when it finds the statistic; an operation chosen by
another keyword ("missing", "rows") may then drop the metric, and the words would count as read while the
number is never computed. Such a statistic is named as not understood, never left unused in silence.
"""

from __future__ import annotations

from collections.abc import Sequence

from mcpforge.models import Aggregation, Intent

# row counts and distinct counts are read by the operations themselves (a listing's length, a distribution)
_NOT_A_STATISTIC = frozenset({"count", "nunique", "size"})
# the words that name each statistic (the request is in English here); a count word read as a sum
# ("how many soil_ph outliers") names no statistic
_NAMED_BY = {
    "mean": frozenset({"mean", "average", "avg"}), "median": frozenset({"median"}),
    "sum": frozenset({"sum"}), "std": frozenset({"std", "deviation", "stdev"}),
    "var": frozenset({"variance", "var"}), "min": frozenset({"minimum", "min"}),
    "max": frozenset({"maximum", "max"}),
}  # fmt: skip
# operations that report many statistics of each column at once, whichever one was named
_REPORTS_STATISTICS = frozenset({"summary_stats"})


def dropped_statistic(found: Sequence[Aggregation], intent: Intent, tokens: Sequence[str]) -> str | None:
    """The first statistic in ``found``, named by a word of ``tokens``, that ``intent`` does not compute."""
    if intent.operation in _REPORTS_STATISTICS:
        return None
    computed = {m.func for m in intent.metrics}  # the column may be settled later (corrections)
    for metric in found:
        if metric.func in _NOT_A_STATISTIC or metric.func in computed:
            continue
        if not _NAMED_BY.get(metric.func, frozenset()).intersection(tokens):
            continue
        of = f" of {metric.column!r}" if metric.column else ""
        return f"{metric.func!r}{of} (a statistic the reading, {intent.operation}, does not compute)"
    return None
