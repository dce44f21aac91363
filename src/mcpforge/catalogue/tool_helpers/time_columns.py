"""Time helpers copied into tools that group by time."""

import pandas as pd

from mcpforge.catalogue.tool_helpers.common import _is_datetime
from mcpforge.exceptions import DataError

# ---- INLINE ----


def _as_datetime(series: pd.Series, column: str) -> pd.Series:
    """The column as naive datetimes; text is parsed (unparseable cells become missing)."""
    if not _is_datetime(series):
        if series.dtype.kind not in "OSU":
            raise DataError(f"column {column!r} does not hold dates or times")
        series = pd.to_datetime(series, errors="coerce", format="mixed")
    if series.dt.tz is not None:
        series = series.dt.tz_localize(None)
    return series
