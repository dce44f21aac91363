"""Integer year and month columns are time: ``in 2019``, ``from 2011 to 2013``, ``per year``, ``month 6``.

A file often carries its time as whole numbers (``year``, ``Baujahr``, ``anno``, ``Année``; ``month`` 1-12)
instead of a date column. A year in the request filters that column (``year == 2019``), a year grain groups
by it, a calendar-month grain groups by the month column. A date column, when the file has one, keeps
precedence: these readings are used only where a date column would have been.
"""

from __future__ import annotations

import unicodedata

from mcpforge.models import Filter
from mcpforge.pipeline.coded_dates import CodedFormat, the_coded_column, year_expression
from mcpforge.pipeline.intent.parse import Phrases
from mcpforge.pipeline.intent.words import ColumnResolver, norm
from mcpforge.pipeline.schema import ColumnInfo

# Words that name a calendar year in a column name (English, German, French, Italian, Spanish).
_YEAR_NAMES = frozenset({"year", "years", "yr", "yrs", "jahr", "baujahr", "modelljahr", "annee", "anno",
                         "ano", "anio", "ejercicio"})  # fmt: skip
_MONTH_NAMES = frozenset({"month", "months", "mon", "mo", "monat", "mois", "mes", "mese"})
_FIRST_YEAR, _LAST_YEAR = 1000, 2999
_MONTHS_IN_YEAR = 12


def _plain(text: str) -> str:
    """Lower case without accents ("Année" → "annee")."""
    return "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c))


def _integer_column_named(
    resolver: ColumnResolver, names: frozenset[str], low: float, high: float
) -> str | None:
    """The one integer column whose name is one of ``names`` (a word of it) and whose values lie in range."""
    found = []
    for info in resolver.schema.columns:
        if info.kind != "numeric" or not info.is_integer:
            continue
        words = _plain(norm(info.name)).split()
        if not (set(words) & names or (any(w.endswith("jahr") for w in words) and names is _YEAR_NAMES)):
            continue
        lowest, highest = info.minimum, info.maximum
        if (
            isinstance(lowest, int | float)
            and isinstance(highest, int | float)
            and low <= lowest <= highest <= high
        ):
            found.append(info.name)
    return found[0] if len(found) == 1 else None


def names_a_period(column: str) -> bool:
    """``yr``, ``Baujahr``, ``Année``, ``mois``: a column name that says it holds a year or a month."""
    words = set(_plain(norm(column)).split())
    return bool(words & (_YEAR_NAMES | _MONTH_NAMES)) or any(w.endswith("jahr") for w in words)


def names_a_year(column: str) -> bool:
    """``yr``, ``Baujahr``, ``Année``: a column name that says it holds a year (``Mo.Sold`` does not)."""
    words = set(_plain(norm(column)).split())
    return bool(words & _YEAR_NAMES) or any(w.endswith("jahr") for w in words)


def year_column(resolver: ColumnResolver) -> str | None:
    """The file's integer year column (``year``, ``Baujahr``, ``Année``), if it has exactly one."""
    return _integer_column_named(resolver, _YEAR_NAMES, _FIRST_YEAR, _LAST_YEAR)


def month_column(resolver: ColumnResolver) -> str | None:
    """The file's integer month-number column (values 1-12), if it has exactly one."""
    return _integer_column_named(resolver, _MONTH_NAMES, 1, _MONTHS_IN_YEAR)


def has_date_column(resolver: ColumnResolver) -> bool:
    """The file has a date or datetime column (which then carries the time)."""
    return any(resolver.kind(c) == "datetime" for c in resolver.names())


def is_year_column(resolver: ColumnResolver, column: str) -> bool:
    """``column`` is the file's integer year column."""
    return column == year_column(resolver)


def year_filters(column: str, year: int, op: str) -> list[Filter]:
    """The filter ``in <year>`` / ``after <year>`` / ``until <year>`` means on an integer year column."""
    return [Filter(column=column, op="==" if op == "year" else op, value=year)]


def integer_time_groups(resolver: ColumnResolver, out: Phrases) -> None:
    """A year or calendar-month grain on a file whose time is integer columns groups by those columns.

    ``per year`` / ``yearly`` → the year column; ``per month`` / ``monthly`` → year and month (a month of
    one year); ``month of the year`` / ``calendar month`` → the month column alone.
    """
    if has_date_column(resolver):
        return
    year, month = year_column(resolver), month_column(resolver)
    keys: list[str] = []
    if out.part == "month" and month:
        keys, out.part = [month], None
    if out.grain == "year" and year is None and (coded := the_coded_column(resolver.schema.columns)):
        year = coded_year(resolver, *coded, out)  # "per year" over Datum = 850101 (coded_dates.py)
    if out.grain == "year" and year:
        keys, out.grain = [*keys, year], None
    elif out.grain == "month" and year and month:
        keys, out.grain = [year, month], None
    for key in keys:
        if key not in out.group_by:
            out.group_by.append(key)
    if keys:
        out.notes.append(f"the time is read from {' and '.join(map(repr, keys))}")


def coded_year(resolver: ColumnResolver, info: ColumnInfo, fmt: CodedFormat, out: Phrases) -> str | None:
    """The year of a date column written as integers, as a derived column to group by (said in a note)."""
    name = next((n for n in ("year", "year_of_date") if n not in resolver.names()), None)
    if name is None:
        return None
    resolver.extra[name] = "numeric"
    resolver.derived[name] = year_expression(info, fmt)
    out.notes.append(f"{name} = {resolver.derived[name]} ({info.name!r} read as {fmt} dates)")
    return name


def month_range_words(tokens: list[str], out: Phrases) -> None:
    """``calendar month (1-12)``, ``month number (1 to 12)``: the month's range restated, not a filter."""
    for i, token in enumerate(tokens):
        if token not in {"1", "01"} or i in out.used:
            continue
        j = i + 1
        if j < len(tokens) and tokens[j] in {"to", "through", "-"}:
            j += 1
        if j < len(tokens) and tokens[j] in {"12", "-12"} and _after_month_word(tokens, i):
            out.used.update(range(i, j + 1))


def _after_month_word(tokens: list[str], i: int) -> bool:
    window = tokens[max(0, i - 4) : i]
    return any(w in _MONTH_NAMES or w.startswith("month") for w in window)


def over_all(tokens: list[str], resolver: ColumnResolver, out: Phrases) -> None:
    """``over all cities and years``: every row counted together, no split by those columns or periods.

    The words say the reading does not group or filter by them; they are used as long as nothing else
    in the request does (a later "by city" still groups, and then these words are left alone).
    """
    for i in range(len(tokens) - 2):
        if tokens[i] != "over" or tokens[i + 1] != "all" or i in out.used:
            continue
        j, named = i + 2, []
        while j < len(tokens):
            word = tokens[j]
            hit = resolver.match_at(tokens, j)
            if word in {"and", ",", "the"}:
                j += 1
                continue
            if hit is not None:
                named.append(hit[0])
                j += hit[1]
                continue
            if word in {"years", "months", "days", "weeks", "periods", "dates", "time"}:
                named.append(word)
                j += 1
                continue
            break
        if named and not _named_elsewhere(tokens, resolver, named, set(range(i, j))):
            out.used.update(range(i, j))
            out.notes.append(f"'{' '.join(tokens[i:j])}': not split by {', '.join(map(repr, named))}")


def _named_elsewhere(tokens: list[str], resolver: ColumnResolver, named: list[str], span: set[int]) -> bool:
    for k in range(len(tokens)):
        if k in span:
            continue
        hit = resolver.match_at(tokens, k)
        if hit is not None and hit[0] in named:
            return True
    return False


_SEASONS = frozenset({"summer", "winter", "spring", "autumn", "fall"})


def defined_season(
    tokens: list[str], resolver: ColumnResolver, used: set[int], filters: list[Filter]
) -> None:
    """``the summer months (month 6, 7 and 8)``: a season named and defined by the months in brackets.

    Used only with its definition: a season alone is a word the reading does not compute (which months
    a summer holds depends on the hemisphere).
    """
    months = month_column(resolver)
    if months is None or not any(f.column == months for f in filters):
        return
    for i, token in enumerate(tokens):
        if token not in _SEASONS or i in used:
            continue
        j = i + 1 + (i + 1 < len(tokens) and tokens[i + 1] in {"month", "months"})
        if j < len(tokens) and tokens[j] == "(" and (j + 1) in used:
            used.update(range(i, j + 1))
            close = next((k for k in range(j, len(tokens)) if tokens[k] == ")"), None)
            if close is not None:
                used.add(close)
