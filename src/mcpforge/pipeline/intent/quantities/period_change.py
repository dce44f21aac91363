"""Change between two periods: "By what percentage did Ireland's gdpPercap grow from 1952 to 2007?".

A word of change (grow, change, increase, fall, difference ...) together with two periods ("from 1952 to
2007", "between 2024-01 and 2024-03") reads as ``period_change``: the rest of the request — the measure,
its aggregation, its groups and filters ("Ireland's gdpPercap", "the total pop per continent") — is read by
the ordinary parser, then compared between the two periods. The time is the file's integer year column for
years (else its one date column, by year), its one date column for ``YYYY-MM`` / ``YYYY-Qn``.

What it decides: an aggregation the request names (total, average) combines each period's rows; none named
means one row per period (and group): the tool stops with a clear error naming the period when there are
several. A change word without two periods, periods without a time column to hold them, or a rest that is
not one measure is not read here (the ordinary reading asks or refuses as before).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mcpforge import _lazy_re as re
from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import Intent
from mcpforge.pipeline.intent.clarify import Answers, ask, offered
from mcpforge.pipeline.intent.time.periods import year_column
from mcpforge.pipeline.intent.words import ColumnResolver
from mcpforge.pipeline.schema import DatasetSchema

Read = Callable[..., Intent]

_CHANGE = (
    r"grow|grew|grown|growth|change[ds]?|increase[ds]?|decrease[ds]?|rise|rose|risen|fall|fell|fallen|"
    r"drop(?:ped)?|decline[ds]?|difference"
)
_PERIOD = r"\d{4}(?:-(?:0[1-9]|1[0-2])|-Q[1-4])?"
_SPAN = re.compile(
    rf"(?i)\b(?:from|between)\s+(?:the\s+year\s+)?({_PERIOD})\s+(?:to|and|until)\s+({_PERIOD})\b"
)
_CHANGE_WORD = re.compile(rf"(?i)\b(?:the\s+)?(?:{_CHANGE})(?:\s+(?:in|of))?\b")
# How the change is asked for: the answer always has the change and the percent change.
_FRAMING = re.compile(
    r"(?i)\b(?:by\s+)?(?:what|how\s+much|how\s+many)\s+(?:(?:percentage|percent)(?:\s+points)?\b|%)?"
    r"|\b(?:the\s+)?(?:percentage|percent)\b(?!\s+of\b)|%"
    r"|\b(?:did|does|do|has|have|had|was|were|is|how)\b"
)
_POSSESSIVE = re.compile(r"\b([A-Z][\w-]*(?:\s+[A-Z][\w-]*)*)['\u2019]s\s+([^\s?.,!]+)")
_NO_AGGREGATION = "no aggregation named for"


def _grain(start: str, end: str) -> str | None:
    kinds = {"Q" if "Q" in p.upper() else ("M" if "-" in p else "Y") for p in (start, end)}
    return {"Y": "year", "M": "month", "Q": "quarter"}.get(kinds.pop()) if len(kinds) == 1 else None


def _time(resolver: ColumnResolver, grain: str) -> tuple[str, str] | None:
    """(time column, grain of the tool) holding periods of ``grain``."""
    if grain == "year" and (column := year_column(resolver)) is not None:
        return column, "value"
    dates = [c for c in resolver.names() if resolver.kind(c) == "datetime"]
    return (dates[0], grain) if len(dates) == 1 else None


def _measure(sub: Intent) -> tuple[str, str, list[str]] | None:
    """(value column, combine, group keys) of the rest's reading, when it is one measure."""
    defaulted = any(_NO_AGGREGATION in note for note in sub.notes)
    if sub.operation in ("aggregate", "group_aggregate") and len(sub.metrics) == 1:
        metric = sub.metrics[0]
        if metric.column and metric.func in ("sum", "mean"):
            combine = "single" if defaulted else metric.func
            return metric.column, combine, list(sub.group_by)
    if sub.operation == "filter_rows" and len(sub.columns) == 1 and not sub.group_by:
        return sub.columns[0], "single", []
    return None


def _surely_several_rows(schema: DatasetSchema, sub: Intent, columns: list[str]) -> bool:
    """Some period (and group) has several rows for sure: more rows than combinations of the columns."""
    if sub.filters or schema.rows is None:
        return False
    counts = {info.name: info.distinct_count for info in schema.columns}
    combinations = 1
    for column in columns:
        distinct = counts.get(column)
        if not distinct:
            return False
        combinations *= int(distinct)
    return schema.rows > combinations


def _combine_asked(request: str, column: str, answers: dict[str, str] | None) -> str:
    """ "total" or "average" for a period of several rows: the person's answer, else one question."""
    key = f"{column} per period"
    choices = {"total": f"the sum of {column} over the period's rows", "average": f"the mean of {column}"}
    said = Answers(given=dict(answers or {})).get(key)
    chosen = offered(said, choices)
    if chosen is None:
        question = f"each period has several rows: compare the total or the average of {column!r}?"
        ask(key, question, choices, request=request, rejected=said)
    return "sum" if chosen == "total" else "mean"


def period_change_intent(request: str, schema: DatasetSchema, read: Read, **options: Any) -> Intent | None:
    """The ``period_change`` reading of ``request`` (None: not a change between two periods)."""
    span = _SPAN.search(request)
    if span is None or not _CHANGE_WORD.search(request):
        return None
    start, end = span.group(1), span.group(2)
    grain = _grain(start, end)
    resolver = ColumnResolver(schema=schema)
    time = _time(resolver, grain) if grain is not None and start != end else None
    if time is None:
        return None
    rest = _FRAMING.sub(" ", request[: span.start()] + " " + request[span.end() :])
    changed = _CHANGE_WORD.search(rest)
    word = re.sub(r"(?i)^the\s+|\s+(?:in|of)$", "", changed.group(0).strip()) if changed else ""
    if changed is None or any(word.lower() == name.lower() for name in resolver.names()):
        return None  # no change word, or it is a column's name ("the average change between ...")
    rest = _POSSESSIVE.sub(r"\2 for \1 ", rest[: changed.start()] + " " + rest[changed.end() :])
    rest = re.sub(r"\s+", " ", rest).strip(" ?")
    bare = re.sub(r"(?i)^(?:the|of|in)\s+", "", rest)
    named = [c for c in resolver.names() if c.lower() == bare.lower() and resolver.kind(c) == "numeric"]
    answers: dict[str, str] | None = options.get("answers")
    explicit = [k for k in options.get("explicit", ()) if not k.lower().endswith(" per period")]
    try:
        sub = (
            Intent(request=rest, operation="filter_rows", columns=named, data_source=schema.path)
            if named
            else read(f"show {rest}", schema, answers=answers, explicit=explicit)
        )
    except UnmappableRequestError:
        return None  # the rest is not one measure: the ordinary reading refuses the whole request
    measure = _measure(sub)
    if measure is None or any(f.column == time[0] for f in sub.filters) or time[0] in measure[2]:
        return None
    column, combine, keys = measure
    if combine == "single" and _surely_several_rows(schema, sub, [time[0], *keys]):
        combine = _combine_asked(request, column, answers)
    notes = [n for n in sub.notes if _NO_AGGREGATION not in n]
    notes.append(f"{word!r} read as the change from {start} to {end} of {time[0]!r}")
    return sub.model_copy(
        update={
            "request": request,
            "operation": "period_change",
            "columns": [column],
            "metrics": [],
            "group_by": keys,
            "time_column": time[0],
            "options": {**sub.options, "grain": time[1], "start": start, "end": end, "combine": combine},
            "notes": notes,
        }
    )
