"""``average deaths per day`` over rows that are already one per day: one number, the mean over the days.

"per day" / "pro Tag" / "par jour" / "por día" after a mean or median names a rate over periods. When the
file's rows are already at that grain (the time column's values are distinct, one row each), the per-period
reading would group by that column and give a table of each day's own value, headed "average per day": a
wrong shape that looks validated. The mean over the rows is the mean over the periods, so the request reads
as one number and says so. Rows finer than the period (several per day) keep their table, which now says
it holds the mean of each day's rows, not a mean of daily totals.
"""

from __future__ import annotations

import re
import unicodedata

from mcpforge.models import Intent
from mcpforge.pipeline.intent.time.periods import names_a_period, year_column
from mcpforge.pipeline.intent.words import ColumnResolver

_PER = frozenset({"per", "pro", "par", "por", "je", "al"})
_PERIODS: dict[str, frozenset[str]] = {
    "day": frozenset({"day", "tag", "jour", "dia"}),
    "week": frozenset({"week", "woche", "semaine", "semana"}),
    "month": frozenset({"month", "monat", "mois", "mes"}),
    "year": frozenset({"year", "jahr", "an", "annee", "ano"}),
}
_PERIOD_PLURAL = {"day": "days", "week": "weeks", "month": "months", "year": "years"}
_AVERAGES = frozenset({"mean", "median"})


def _words(text: str) -> list[str]:
    plain = "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c))
    return re.findall(r"[a-z]+", plain)


def period_asked_per(request: str) -> str | None:
    """The period of ``per day`` / ``pro Tag`` / ``par jour`` / ``por año`` in the request, if exactly one."""
    words = _words(request)
    found = {
        period
        for i in range(len(words) - 1)
        if words[i] in _PER
        for period, names in _PERIODS.items()
        if words[i + 1] in names
    }
    return found.pop() if len(found) == 1 else None


def _grouped_period_column(intent: Intent, resolver: ColumnResolver, period: str) -> str | None:
    """The one column the reading groups by that holds the asked period itself (a date, a year, a month)."""
    if intent.operation == "time_resample" and intent.time_grain == period and not intent.group_by:
        return intent.time_column
    if intent.operation != "group_aggregate" or len(intent.group_by) != 1:
        return None
    column = intent.group_by[0]
    if resolver.kind(column) == "datetime" and period == "day":
        return column
    if period == "year" and column == year_column(resolver):
        return column
    if period == "month" and resolver.kind(column) == "datetime" and names_a_period(column):
        return column
    return None


def mean_over_periods(request: str, intent: Intent, resolver: ColumnResolver) -> Intent:
    """A mean/median per period over rows that are one per period: the mean over the periods, one number."""
    if not intent.metrics or any(m.func not in _AVERAGES for m in intent.metrics):
        return intent
    period = period_asked_per(request)
    if period is None:
        return intent
    column = _grouped_period_column(intent, resolver, period)
    schema = resolver.schema
    info = schema.get(column) if column else None
    if info is None or schema.sampled or schema.rows is None or info.null_count:
        return intent
    resampled = intent.operation == "time_resample"
    if (
        info.distinct_count != schema.rows
        or not _one_per_period(info.minimum, info.maximum, period)
        or (resampled and period != "day")  # distinct dates are distinct days, not always distinct months
    ):
        return _said_per_period(intent, period) if resampled else intent
    plural, func = _PERIOD_PLURAL[period], intent.metrics[0].func
    return intent.model_copy(
        update={
            "operation": "aggregate",
            "group_by": [],
            "time_column": None,
            "time_grain": None,
            "notes": [*intent.notes, f"the {func} over the {plural}: each row is one {period} ({column!r})"],
        }
    )


def _said_per_period(intent: Intent, period: str) -> Intent:
    """Rows finer than the period: the table of each period's mean of rows says so (not a mean of totals)."""
    func = intent.metrics[0].func
    note = (
        f"the {func} of the rows within each {period}, one row per {period}; not the {func} of the"
        f" {period}s' totals ('total ... per {period}' gives the totals)"
    )
    return intent.model_copy(update={"notes": [*intent.notes, note]})


def _one_per_period(low: object, high: object, period: str) -> bool:
    """Distinct values are distinct periods: dates without a time of day (a year or month column is one)."""
    if period != "day":
        return True
    return all(_midnight_or_no_time(v) for v in (low, high))


def _midnight_or_no_time(value: object) -> bool:
    if not isinstance(value, str) or re.search(r"\d:\d\d", value) is None:
        return True
    return re.search(r"[ T]00:00(:00)?$", value) is not None
