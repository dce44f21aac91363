"""The things of a panel counted by name: "how many countries of Africa are in the data?" over country-years.

A file keyed by a name and a period (``country`` x ``year``: each country on one row per year, the rows
filling at least half of the pairs) has rows that are each one country *in one year*. Counting rows for
"countries" would count country-years, which nobody calls countries: the count is of distinct
``country`` values, read with no question and said ("'countries' counted as distinct 'country': ...").

Only with no number and no comparison in the request other than a year of the file's time column: "how
many countries have a life expectancy above 80" could mean in any year or in every year, and still asks
rows or distinct (measures.py). With a comparison, only when the request keeps one year of the year axis
("... below 50 in 2007"): each country is then on one row at most, and the count is the same either way.
A column whose values repeat without a period keying the rows (one row
per city and state, "how many states") still asks too.
"""

from __future__ import annotations

from mcpforge.pipeline.intent.time.periods import names_a_period, year_column
from mcpforge.pipeline.intent.words import ColumnResolver

_PANEL = 0.5  # name x period keys the rows when the rows fill at least this share of the pairs
_COMPARING = frozenset({"above", "below", "over", "under", "than", "exceed", "exceeds", "exceeding",
                        "least", "greater", "higher", "lower", "between", "at", "mayor",
                        "menor", "superieur", "superieure", "inferieur", "inferieure", "uber", "unter",
                        "mehr", "weniger", "plus", "moins", "mas", "menos", "average", "mean", "median",
                        "maximum", "minimum", "max", "min", "sum", "total"})  # fmt: skip


_AT_A_TIME = frozenset({"in", "en", "im", "for", "during", "au", "para", "durante", "pendant"})


def period_axis(column: str, resolver: ColumnResolver) -> str | None:
    """The time column that, with ``column``, keys the rows of the file (a panel), if one does."""
    schema = resolver.schema
    info = schema.get(column)
    rows = schema.rows or 0
    if info is None or schema.sampled or not rows or info.distinct_count * 2 > rows:
        return None
    axes = [c.name for c in schema.columns if c.kind == "datetime" or names_a_period(c.name)]
    for axis in axes:
        other = schema.get(axis)
        pairs = info.distinct_count * (other.distinct_count if other else 0)
        if pairs and _PANEL * pairs <= rows <= pairs:
            return axis
    return None


def _years_only(tokens: list[str], resolver: ColumnResolver) -> bool:
    """No comparison word, and every number is a year the file's year column holds."""
    if _COMPARING & set(tokens):
        return False
    year = year_column(resolver)
    info = resolver.schema.get(year) if year else None
    for token in tokens:
        if not any(ch.isdigit() for ch in token):
            continue
        if info is None or not token.isdigit():
            return False
        low, high = info.minimum, info.maximum
        if not (isinstance(low, int | float) and isinstance(high, int | float) and low <= int(token) <= high):
            return False
    return True


def _one_year_kept(tokens: list[str], resolver: ColumnResolver, axis: str) -> bool:
    """ "in 2007": the one number of the request in the range of the panel's year axis, said as a time
    ("in", "en", "im", "for"), keeps one year: each name is then on one row at most, and counting rows or
    distinct names gives the same number, whatever the other conditions ("lifeExp below 50")."""
    info = resolver.schema.get(axis)
    if year_column(resolver) != axis or info is None:
        return False
    low, high = info.minimum, info.maximum
    if not (isinstance(low, int | float) and isinstance(high, int | float)):
        return False
    years = [k for k, t in enumerate(tokens) if t.isdigit() and low <= int(t) <= high]
    return len(years) == 1 and years[0] > 0 and tokens[years[0] - 1] in _AT_A_TIME


def panel_distinct(token: str, column: str, tokens: list[str], resolver: ColumnResolver) -> str | None:
    """The note for ``token`` ("countries") counted as distinct ``column`` values of a panel, else None."""
    axis = period_axis(column, resolver)
    if axis is None:
        return None
    if _years_only(tokens, resolver):
        return f"{token!r} counted as distinct {column!r}: each row is one {column!r} in one {axis!r}"
    if _one_year_kept(tokens, resolver, axis):
        return (
            f"{token!r} counted as distinct {column!r}: each row is one {column!r} in one {axis!r}, "
            "and one year is kept (the same as its rows)"
        )
    return None
