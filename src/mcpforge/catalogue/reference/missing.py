"""Cells as pandas gives them (None, NaN, NaT, ``pd.NA``, ``pd.Timestamp``), told apart without importing it.

A pandas value exists only once pandas is loaded, so these checks look pandas up in ``sys.modules``
instead of importing it: the catalogue (imported to render a tool) loads no pandas in mcpforge's own
process (issue 28), and the reference's row loops pay a dictionary lookup per cell, not an import.
"""

from __future__ import annotations

import math
import sys
from typing import Any


def is_missing(value: Any) -> bool:
    """True for None, NaN, NaT and pd.NA."""
    if value is None:
        return True
    if isinstance(value, float):
        return math.isnan(value)
    pandas = sys.modules.get("pandas")
    return pandas is not None and (value is pandas.NA or value is pandas.NaT)


def plain_datetime(value: Any) -> Any:
    """``value`` as a ``datetime`` when it is a ``pd.Timestamp``, else unchanged."""
    pandas = sys.modules.get("pandas")
    return value.to_pydatetime() if pandas is not None and isinstance(value, pandas.Timestamp) else value
