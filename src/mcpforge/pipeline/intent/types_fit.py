"""Types that fit the reading: a mean of a text column is asked about before any code is written.

"average product by region" over a file whose ``product`` holds names reads as the mean of ``product``;
a template would render, validation would run its tests in the sandbox for seconds and reject the tool
with "'mean' needs numbers". The parser knows the column's kind from the schema, so it asks at once
(key: the column) what fits instead: the number of rows, the number of distinct values of that column,
or one of the numeric columns. A date column that failed to parse is named when a time grain has no
date column to use (``date_problem``).
"""

from __future__ import annotations

from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import Aggregation, Intent
from mcpforge.pipeline.intent.clarify import Answers, ask, exact_column, offered
from mcpforge.pipeline.schema import DatasetSchema

# The aggregations that need numbers (min/max also take dates, count/nunique take anything).
_NUMERIC_ONLY = {"sum": "a sum", "mean": "a mean", "median": "a median", "std": "a standard deviation",
                 "pstd": "a standard deviation", "cv": "a coefficient of variation", "var": "a variance",
                 "pvar": "a variance"}  # fmt: skip
_ORDERED_ONLY = {"min": "a minimum", "max": "a maximum"}
_KIND_WORDS = {"categorical": "text (categories)", "text": "text", "boolean": "yes/no values",
               "datetime": "dates"}  # fmt: skip
_MAX_NUMERIC_CHOICES = 6
COUNT = "count"
DISTINCT = "distinct"


def _misfit(metric: Aggregation, schema: DatasetSchema) -> str | None:
    """What ``metric`` needs that its column lacks ("a mean"), or None when the column fits."""
    info = schema.get(metric.column) if metric.column else None
    if info is None or info.kind == "numeric":
        return None  # no column, a derived column, or numbers
    if metric.func in _NUMERIC_ONLY:
        return _NUMERIC_ONLY[metric.func]
    if metric.func in _ORDERED_ONLY and info.kind != "datetime":
        return _ORDERED_ONLY[metric.func]
    return None


def fit_types(intent: Intent, schema: DatasetSchema, given: Answers) -> Intent:
    """``intent`` with each numeric aggregation over a non-numeric column replaced by the person's answer.

    Raises:
        NeedsClarificationError: such an aggregation, not answered yet (or answered with no choice).
    """
    metrics = list(intent.metrics)
    notes = list(intent.notes)
    for index, metric in enumerate(metrics):
        needs = _misfit(metric, schema)
        if needs is None or metric.column is None:
            continue
        column = metric.column
        info = schema.get(column)
        kind = _KIND_WORDS.get(info.kind if info else "", "not numbers")
        per = f" per {', '.join(intent.group_by)}" if intent.group_by else ""
        numeric = [name for name in schema.names_of_kind("numeric") if name not in intent.group_by]
        choices = {
            COUNT: f"the number of rows{per}",
            DISTINCT: f"the number of distinct values of {column!r}{per}",
            **{name: f"{needs[2:] if needs.startswith('a ') else needs} of {name!r}{per}"
               for name in numeric[:_MAX_NUMERIC_CHOICES]},
        }  # fmt: skip
        said = given.get(column)
        answer = offered(said, choices) or exact_column(said, numeric)
        if answer is None:
            question = f"{column!r} holds {kind}, and {needs} needs numbers: what should be computed?"
            ask(column, question, choices, request=intent.request, rejected=said)
        if answer == COUNT:
            metrics[index] = Aggregation(func="count")
        elif answer == DISTINCT:
            metrics[index] = Aggregation(column=column, func="nunique")
        else:
            metrics[index] = metric.model_copy(update={"column": answer})
        notes.append(f"your answer: {column} = {answer}")  # as the answers the reading used are listed
        notes.append(f"{column!r} holds {kind}: computed {choices.get(answer, answer)} instead")
    used = {intent.time_column, *intent.columns, *(f.column for f in intent.filters)}
    for info in schema.columns:
        if info.date_reading and info.name in used:
            notes.append(f"{info.name!r} {info.date_reading}")
    if metrics == list(intent.metrics) and notes == intent.notes:
        return intent
    return intent.model_copy(update={"metrics": metrics, "notes": notes})


def fit_test(intent: Intent, schema: DatasetSchema) -> Intent:
    """``intent`` when its test's columns hold numbers; a test of yes/no or text values is refused in words.

    "t-test on remote" over a True/False column would render a tool whose edge tests fail with "must be
    numeric for this test" and stage it REJECTED; the schema already says what the column holds.

    Raises:
        UnmappableRequestError: (final) a test that compares numbers over a column that holds none.
    """
    test = str(intent.options.get("test", ""))
    if intent.operation != "statistical_test" or test == "chi2":
        return intent
    for column in intent.columns:
        info = schema.get(column)
        if info is None or info.kind == "numeric":
            continue
        kind = _KIND_WORDS.get(info.kind, "not numbers")
        numeric = [name for name in schema.names_of_kind("numeric") if name not in intent.group_by]
        example = numeric[0] if numeric else "a numeric column"
        other = next(
            (name for name in schema.names_of_kind("categorical", "boolean") if name != column), None
        )
        advice = (
            f"to compare a number between the {column!r} groups, name it (e.g. 't-test of {example} by "
            f"{column}')"
            + (f"; to test whether {column!r} depends on another category, ask for a chi-square test "
               f"(e.g. 'chi-square test of {column} and {other}')" if other else "")
        )  # fmt: skip
        raise UnmappableRequestError(
            f"cannot map the request {intent.request!r} onto a data analysis: {column!r} holds {kind}, "
            f"and this test compares numbers; {advice}",
            understood={"operation": intent.operation, "columns": list(intent.columns), "test": test},
            final=True,
        )
    return intent


def date_problem(schema: DatasetSchema) -> str:
    """For a refusal over time: the columns that look like dates but did not read as dates ("" if none)."""
    failed = [info for info in schema.columns if info.unparsed_date]
    if not failed or schema.names_of_kind("datetime"):
        return ""
    named = "; ".join(f"{info.name!r} (e.g. {info.unparsed_date!r})" for info in failed)
    return f"; these columns look like dates but not every value reads as one date format: {named}"
