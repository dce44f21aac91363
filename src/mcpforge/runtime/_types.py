"""Column type detection and conversion of numeric- and date-looking text columns."""

from __future__ import annotations

import re
import warnings
from typing import Any, Literal

import pandas as pd

CATEGORICAL_MAX_UNIQUE = 50
CATEGORICAL_MAX_RATIO = 0.5
TEXT_MIN_MEAN_LENGTH = 50

# A mantissa with at least one digit: "E0567" (an identifier) must not pass as an exponent-only number.
_NUMBER = re.compile(r"^[+-]?((\d{1,3}(,\d{3})+|\d+)(\.\d+)?|\.\d+)([eE][+-]?\d+)?$")
_DATE_LIKE = re.compile(
    r"^\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}([ T]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?([+-]\d{2}:?\d{2}|Z)?)?$"
)
_SAMPLE = 200
# Rows read to find the sample: a column is only scanned in full when its first values could convert.
_SCAN_ROWS = 2_000
_DATE_FORMATS = (
    "ISO8601",
    "%m/%d/%Y", "%d/%m/%Y", "%m/%d/%Y %H:%M", "%m/%d/%Y %H:%M:%S", "%d/%m/%Y %H:%M", "%d/%m/%Y %H:%M:%S",
    "%d.%m.%Y", "%d.%m.%Y %H:%M", "%d.%m.%Y %H:%M:%S", "%Y/%m/%d", "%Y/%m/%d %H:%M:%S", "%Y.%m.%d",
    "%m-%d-%Y", "%d-%m-%Y",
)  # fmt: skip
# The two leading numbers of a date written day and month first (either order): "05.10.2024", "10/5/2024".
_DAY_MONTH = re.compile(r"^(\d{1,2})[-/.](\d{1,2})[-/.]\d{4}")


def _is_text(series: pd.Series) -> bool:
    return bool(pd.api.types.is_string_dtype(series) or pd.api.types.is_object_dtype(series))


def _non_empty_text(series: pd.Series) -> pd.Series:
    values = series.dropna().astype(str).str.strip()
    return values[values != ""]


def _matches(values: pd.Series, pattern: re.Pattern[str]) -> bool:
    return bool(values.str.fullmatch(pattern).all())


def _all_match(values: pd.Series, pattern: re.Pattern[str]) -> bool:
    """Whether every value matches; a small sample is tried first so most text columns fail fast."""
    if not _matches(values.head(_SAMPLE), pattern):
        return False
    return len(values) <= _SAMPLE or _matches(values, pattern)


def _to_numeric(series: pd.Series, values: pd.Series) -> pd.Series | None:
    """The column as numbers when every non-missing value is a number (``1,234`` allowed)."""
    if values.empty or not _all_match(values, _NUMBER):
        return None
    cleaned = series.astype(str).str.strip().str.replace(",", "", regex=False)
    cleaned = cleaned.where(series.notna() & (cleaned != ""))
    numeric = pd.to_numeric(cleaned, errors="coerce")
    if bool(numeric[values.index].isna().any()):
        return None
    return numeric


def _parse_dates(values: pd.Series, fmt: str, errors: Literal["raise", "coerce"]) -> pd.Series | None:
    with warnings.catch_warnings():
        # pandas warns about format inference; the format is fixed here, so the warning is noise.
        warnings.simplefilter("ignore")
        try:
            return pd.to_datetime(values, format=fmt, errors=errors)
        except (ValueError, TypeError, OverflowError):
            return None


def _to_datetime(series: pd.Series, values: pd.Series) -> pd.Series | None:
    """The column as datetimes when every non-missing value parses with one known format."""
    if values.empty or not _all_match(values, _DATE_LIKE):
        return None
    text = series.astype("string").str.strip()
    present = (text.fillna("") != "").to_numpy(dtype=bool)
    for fmt in _DATE_FORMATS:
        head = _parse_dates(values.head(_SAMPLE), fmt, "raise")
        if head is None or not bool(head.notna().all()):
            continue
        # One pass over the whole column: a value the format cannot read becomes NaT, which rejects it.
        parsed = _parse_dates(text, fmt, "coerce")
        if (
            parsed is not None
            and pd.api.types.is_datetime64_any_dtype(parsed)
            and not bool(parsed[present].isna().any())
        ):
            return parsed
    return None


def parse_numbers(series: pd.Series) -> pd.Series | None:
    """A text column as numbers when the loader would convert it ("1,234" included), else None."""
    if not _is_text(series) or not _could_convert(series):
        return None
    return _to_numeric(series, _non_empty_text(series))


def parse_dates(values: pd.Series) -> pd.Series | None:
    """Non-empty text values as datetimes, read with the one known format that reads every value."""
    return _to_datetime(values, values)


def date_order_note(values: pd.Series) -> str | None:
    """How a column of dates such as "05.10.2024" was read when every value also reads the other way.

    The formats are tried in ``_DATE_FORMATS`` order: dotted dates are day-first (the European writing),
    slashed and dashed ones month-first unless a value's first number is over 12. A column whose values
    all have both numbers at most 12 (and not all equal) could be read either way: the note says which.
    """
    parts = values.head(_SCAN_ROWS).str.extract(_DAY_MONTH).dropna()
    if parts.empty or len(parts) < len(values.head(_SCAN_ROWS)):
        return None
    first, second = parts[0].astype(int), parts[1].astype(int)
    if not bool((first <= 12).all() and (second <= 12).all() and (first != second).any()):
        return None
    telling = int((first != second).to_numpy(dtype=bool).argmax())  # a value whose two readings differ
    parsed = parse_dates(values.head(_SCAN_ROWS).iloc[[telling]])
    if parsed is None:
        return None
    day_first = int(first.iloc[telling]) == parsed.iloc[0].day
    order = "day first (dd.mm.yyyy)" if day_first else "month first (mm/dd/yyyy)"
    other = "month first" if day_first else "day first"
    return f"read as {order}; every value could also be read {other}"


def unreadable_date(values: pd.Series) -> str | None:
    """For a column mostly written like dates that did not convert: one value no date format reads."""
    sample = values.head(_SCAN_ROWS)
    if sample.empty or float(sample.str.fullmatch(_DATE_LIKE).mean()) < 0.5:
        return None
    best: pd.Series | None = None
    for fmt in _DATE_FORMATS:
        parsed = _parse_dates(sample, fmt, "coerce")
        if parsed is None:
            continue
        failed = sample[parsed.isna().to_numpy(dtype=bool)]
        if best is None or len(failed) < len(best):
            best = failed
    return None if best is None or best.empty else str(best.iloc[0])


def _could_convert(series: pd.Series) -> bool:
    """False when the first non-empty values already rule out numbers and dates (no full scan needed)."""
    sample = _non_empty_text(series.head(_SCAN_ROWS)).head(_SAMPLE)
    return sample.empty or _matches(sample, _NUMBER) or _matches(sample, _DATE_LIKE)


def convert_column_types(df: pd.DataFrame) -> tuple[pd.DataFrame, list[str]]:
    """Convert text columns that hold only numbers or only dates; return the frame and notes."""
    notes: list[str] = []
    # A shallow copy: copy-on-write keeps ``df`` as it was, and a gigabyte frame is not held twice.
    converted = df.copy(deep=False)
    for column in df.columns:
        series = df[column]
        if not _is_text(series) or not _could_convert(series):
            continue
        values = _non_empty_text(series)
        numeric = _to_numeric(series, values)
        if numeric is not None:
            converted[column] = numeric
            notes.append(f"column {column!r} converted to numbers")
            continue
        dates = _to_datetime(series, values)
        if dates is not None:
            converted[column] = dates
            notes.append(f"column {column!r} parsed as dates")
    return converted, notes


def detect_column_types(df: pd.DataFrame) -> dict[str, Any]:
    """Sort the columns of ``df`` into kinds.

    Returns:
        ``{"numeric", "boolean", "datetime", "categorical", "text", "high_cardinality"}`` lists of column
        names (each column in exactly one list) plus ``"unique_counts"`` (column → distinct values).
        Text columns are categorical when they have at most 50 distinct values or at most half of their
        values are distinct; otherwise long free text (mean length >= 50) is ``text`` and the rest
        (identifiers, names) ``high_cardinality``.
    """
    kinds: dict[str, Any] = {
        "numeric": [], "boolean": [], "datetime": [], "categorical": [], "text": [], "high_cardinality": [],
    }  # fmt: skip
    unique_counts: dict[str, int] = {}
    for column in df.columns:
        series = df[column]
        name = str(column)
        unique = int(series.nunique(dropna=True))
        unique_counts[name] = unique
        if pd.api.types.is_bool_dtype(series):
            kinds["boolean"].append(name)
        elif pd.api.types.is_numeric_dtype(series):
            kinds["numeric"].append(name)
        elif pd.api.types.is_datetime64_any_dtype(series):
            kinds["datetime"].append(name)
        else:
            non_null = int(series.notna().sum())
            if (
                isinstance(series.dtype, pd.CategoricalDtype)
                or unique <= CATEGORICAL_MAX_UNIQUE
                or (non_null and unique / non_null <= CATEGORICAL_MAX_RATIO)
            ):
                kinds["categorical"].append(name)
            elif non_null and float(series.dropna().astype(str).str.len().mean()) >= TEXT_MIN_MEAN_LENGTH:
                kinds["text"].append(name)
            else:
                kinds["high_cardinality"].append(name)
    kinds["unique_counts"] = unique_counts
    return kinds
