"""``In how many months did Austin sell more than 2000 homes?``: the number of distinct periods.

"how many <unit>" sums a column that holds amounts of that unit ("how many kilograms" → the sum of
``weight_kg``), but a column of periods holds labels: "how many months" over an integer ``month`` column
is the number of distinct months that satisfy the condition, never the sum of the month numbers (a wrong
answer that looks validated). A month is a month of one year: with a year column the count is of distinct
(year, month) pairs; without one, "how many months" could be calendar months or months of several years,
and the reading says it cannot tell. Days over a date column are the rows when each row is one day.
"""

from __future__ import annotations

from mcpforge.models import Aggregation
from mcpforge.pipeline.intent.parse import Phrases
from mcpforge.pipeline.intent.time.periods import month_column, year_column
from mcpforge.pipeline.intent.words import ColumnResolver, tokenize

_YEAR_MONTH = "year_month"
_PERIOD_UNITS = frozenset(
    {"day", "days", "date", "dates", "week", "weeks", "month", "months", "year", "years"}
)


def _quoted(column: str) -> str:
    return f"`{column}`"


def _one_row_per_value(column: str, resolver: ColumnResolver) -> bool:
    info = resolver.schema.get(column)
    schema = resolver.schema
    return (
        info is not None
        and not schema.sampled
        and schema.rows is not None
        and info.null_count == 0
        and info.distinct_count == schema.rows
    )


def period_count(
    column: str, counted: list[str], resolver: ColumnResolver, out: Phrases
) -> Aggregation | None:
    """The count of distinct periods "how many <periods of column>" asks for; None when ``column`` holds
    no periods (the caller's reading stands). ``counted``: the words that named ``column``; a date column
    named by what happened on the date ("number of hires" for ``hire_date``) counts rows, not periods.
    Records the reading in ``out.notes``, or why it cannot be read in ``out.ambiguous``."""
    year, month = year_column(resolver), month_column(resolver)
    if column == year:
        out.notes.append(f"'how many years' read as the number of distinct years in {column!r}")
        return Aggregation(column=column, func="nunique")
    if column == month and year is not None and resolver.schema.get(_YEAR_MONTH) is None:
        resolver.derived[_YEAR_MONTH] = f"{_quoted(year)} * 100 + {_quoted(month)}"
        out.notes.append(f"'how many months' read as the number of distinct months ({year!r}, {month!r})")
        return Aggregation(column=_YEAR_MONTH, func="nunique")
    if column == month:
        out.ambiguous.append(
            f"'how many months' over {column!r}: calendar months (1-12) or months of several years? "
            "The file has no year column; say 'distinct values of month'"
        )
        return Aggregation(column=column, func="nunique")
    if resolver.kind(column) == "datetime" and set(counted) & _PERIOD_UNITS:
        if _one_row_per_value(column, resolver):
            out.notes.append(f"each row is one {column!r}: the periods counted are the rows")
            return Aggregation(column=None, func="count")
        out.ambiguous.append(f"'how many' periods of {column!r}: the rows hold repeated or missing dates")
        return Aggregation(column=None, func="count")
    return None


_COUNTING = (("how", "many"), ("number", "of"), ("count", "of"))


def period_words(tokens: list[str], resolver: ColumnResolver) -> list[str]:
    """``how many years`` over a year column named ``yr`` / ``Baujahr``: "years" names that column."""
    columns = {"years": year_column(resolver), "months": month_column(resolver)}
    out: list[str] = []
    for i, token in enumerate(tokens):
        column = columns.get(token)
        counted = i >= 2 and tuple(tokens[i - 2 : i]) in _COUNTING
        if column is not None and counted and resolver.match_at(tokens, i) is None:
            out += tokenize(column)
        else:
            out.append(token)
    return out
