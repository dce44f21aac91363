"""One column of a sample described for the intent parser: its kind, values and range (pandas).

Kept apart from :mod:`mcpforge.pipeline.schema` so that reading a cached schema, or a request refused
before any data is parsed, never imports pandas. The kinds follow the runtime's conventions
(``mcpforge.runtime``): a text column is categorical when it has at most 50 distinct values or at most
half of its values are distinct.
"""

from __future__ import annotations

import pandas as pd

from mcpforge.pipeline.coded_dates import describe_coded_dates
from mcpforge.pipeline.schema import ColumnInfo
from mcpforge.runtime._types import date_order_note, parse_dates, parse_numbers, unreadable_date

CATEGORICAL_MAX_UNIQUE = 50
CATEGORICAL_MAX_RATIO = 0.5
MAX_VALUES_KEPT = 100
LONG_VALUES_KEPT = 5000
_BOOL_WORDS = {"true", "false", "yes", "no"}


def describe_frame(df: pd.DataFrame) -> tuple[ColumnInfo, ...]:
    """Every column of ``df`` described, in file order (text columns holding dates are detected)."""
    return tuple(describe_column(str(name), df[name]) for name in df.columns)


def _text_values(series: pd.Series) -> pd.Series:
    values = series.dropna().astype(str).str.strip()
    return values[values != ""]


def _as_datetime(series: pd.Series) -> pd.Series | None:
    """The column's dates, read with the runtime's formats (what a tool will see), else None."""
    if pd.api.types.is_datetime64_any_dtype(series):
        return series.dropna()
    values = _text_values(series)
    return None if values.empty else parse_dates(values)


def describe_column(name: str, series: pd.Series) -> ColumnInfo:
    """One column: its kind and what the sample says about its values."""
    # Numbers written as text ("1,234") are numbers to a tool (the loader converts them): so here too.
    series = numbers if (numbers := parse_numbers(series)) is not None else series
    non_null = series.dropna()
    nulls = int(series.isna().sum())
    distinct = int(non_null.nunique())
    if pd.api.types.is_bool_dtype(series) or (
        not pd.api.types.is_numeric_dtype(series)
        and distinct > 0
        and set(non_null.astype(str).str.strip().str.lower().unique()) <= _BOOL_WORDS
    ):
        # The literal spellings ("Yes"/"No") let a filter compare with what the file holds, not True/False.
        literals = () if pd.api.types.is_bool_dtype(series) else tuple(sorted(non_null.astype(str).unique()))
        return ColumnInfo(
            name=name, kind="boolean", null_count=nulls, distinct_count=distinct, values=literals
        )
    if pd.api.types.is_numeric_dtype(series):
        is_int = pd.api.types.is_integer_dtype(series) or bool(
            not non_null.empty and (non_null == non_null.round()).all()
        )
        return ColumnInfo(
            name=name,
            kind="numeric",
            null_count=nulls,
            distinct_count=distinct,
            minimum=float(non_null.min()) if not non_null.empty else None,
            maximum=float(non_null.max()) if not non_null.empty else None,
            is_integer=is_int,
            date_reading=describe_coded_dates(name, non_null) if is_int else None,  # Datum = 850101
        )
    dates = _as_datetime(series)
    if dates is not None:
        return ColumnInfo(
            name=name,
            kind="datetime",
            null_count=nulls,
            distinct_count=distinct,
            minimum=dates.min().isoformat() if not dates.empty else None,
            maximum=dates.max().isoformat() if not dates.empty else None,
            date_reading=None
            if pd.api.types.is_datetime64_any_dtype(series)
            else date_order_note(_text_values(series)),
        )
    texts = non_null.astype(str)
    is_categorical = distinct <= CATEGORICAL_MAX_UNIQUE or (
        len(texts) > 0 and distinct / len(texts) <= CATEGORICAL_MAX_RATIO
    )
    values: tuple[str, ...] = ()
    long_values: tuple[str, ...] = ()
    if is_categorical and distinct <= MAX_VALUES_KEPT:
        values = tuple(str(v) for v in texts.value_counts().index)
    elif is_categorical and distinct <= LONG_VALUES_KEPT:
        long_values = tuple(str(v) for v in texts.value_counts().index)
    return ColumnInfo(
        name=name,
        kind="categorical" if is_categorical else "text",
        null_count=nulls,
        distinct_count=distinct,
        values=values,
        long_values=long_values,
        unparsed_date=unreadable_date(texts.str.strip()),
    )
