"""Dates stored as whole numbers: ``Datum`` = 850101 (yymmdd) or ``date`` = 19850101 (yyyymmdd).

A file may keep its dates as integers. Such a column is read as dates only on two signs together: its
name says it is a date (``date``, ``Datum``, ``fecha``, ``Kaufdatum``, ``hire_date``) and every value in
the sample is a valid calendar date in one of the two layouts (month 1-12, a day the month has; two-digit
years all on one side of 1969/2068, as Python reads ``%y``). The schema then says so in the column's
``date_reading`` (no pandas here: the describer calls :func:`describe_coded_dates` with its sample), and
the reading uses the column as its time (``intent.time.coded_dates``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    import pandas as pd

    from mcpforge.pipeline.schema import ColumnInfo

CodedFormat = Literal["yymmdd", "yyyymmdd"]
_PREFIX = "read as dates written "
_NAME_WORDS = frozenset({"date", "dates", "datum", "fecha", "fechas", "daten"})
_PIVOT = 69  # %y: 69-99 are 19xx, 00-68 are 20xx
_SIX = (10101, 991231)
_EIGHT = (10000101, 99991231)


def names_a_date(name: str) -> bool:
    """``Datum``, ``hire_date``, ``Kaufdatum``, ``fecha``: a column name that says it holds dates."""
    words = "".join(c if c.isalnum() else " " for c in name.lower()).split()
    return any(word in _NAME_WORDS or word.endswith("datum") for word in words)


def reading_of(fmt: CodedFormat) -> str:
    """The ``date_reading`` of a column of dates written as integers in ``fmt``."""
    return f"{_PREFIX}{fmt}"


def coded_format(info: ColumnInfo) -> CodedFormat | None:
    """The layout of a numeric column the schema read as dates written as integers, else None."""
    if info.kind != "numeric" or not info.date_reading or not info.date_reading.startswith(_PREFIX):
        return None
    fmt = info.date_reading[len(_PREFIX) :]
    return "yymmdd" if fmt == "yymmdd" else "yyyymmdd" if fmt == "yyyymmdd" else None


def century(info: ColumnInfo) -> int:
    """The century of a yymmdd column's years (1900 or 2000: the schema allows no mix)."""
    lowest = info.minimum if isinstance(info.minimum, int | float) else 0
    return 1900 if int(lowest) // 10000 >= _PIVOT else 2000


def the_coded_column(columns: Iterable[ColumnInfo]) -> tuple[ColumnInfo, CodedFormat] | None:
    """The one column of ``columns`` read as dates written as integers, with its layout, else None."""
    found = [(info, fmt) for info in columns if (fmt := coded_format(info)) is not None]
    return found[0] if len(found) == 1 else None


def year_expression(info: ColumnInfo, fmt: CodedFormat) -> str:
    """The year of a coded date column as a derived-column expression ("1900 + `Datum` // 10000")."""
    if fmt == "yyyymmdd":
        return f"`{info.name}` // 10000"
    return f"{century(info)} + `{info.name}` // 10000"


def describe_coded_dates(name: str, values: pd.Series) -> str | None:
    """The ``date_reading`` of an integer column ``name`` whose values are all dates (see the module)."""
    if not names_a_date(name) or values.empty:
        return None
    import pandas as pd

    numbers = values.astype("int64")
    low, high = int(numbers.min()), int(numbers.max())
    for fmt, (first, last), width, pattern in (
        ("yymmdd", _SIX, 6, "%y%m%d"),
        ("yyyymmdd", _EIGHT, 8, "%Y%m%d"),
    ):
        if not first <= low <= high <= last:
            continue
        if fmt == "yymmdd" and (low // 10000 >= _PIVOT) != (high // 10000 >= _PIVOT):
            return None  # years on both sides of 1969: 19xx or 20xx cannot be told
        text = numbers.astype(str).str.zfill(width)
        parsed = pd.to_datetime(text, format=pattern, errors="coerce")
        if bool(parsed.notna().all()):
            return reading_of(fmt)  # type: ignore[arg-type]
    return None
