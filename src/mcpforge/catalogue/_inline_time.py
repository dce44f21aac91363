"""Time helpers copied into tools that group by time."""

import pandas as pd

from mcpforge.catalogue._inline_errors import DataError

# ---- INLINE ----


def _as_datetime(series: pd.Series, column: str) -> pd.Series:
    """The column as naive datetimes; text is parsed (unparseable cells become missing)."""
    if not pd.api.types.is_datetime64_any_dtype(series):
        if not (pd.api.types.is_string_dtype(series) or pd.api.types.is_object_dtype(series)):
            raise DataError(f"column {column!r} does not hold dates or times")
        series = pd.to_datetime(series, errors="coerce", format="mixed")
    if getattr(series.dt, "tz", None) is not None:
        series = series.dt.tz_localize(None)
    return series
