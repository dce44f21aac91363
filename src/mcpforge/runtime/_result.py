"""A computed answer (DataFrame, Series or scalar) as a tool's markdown result with its JSON footer.

Model-written tools compute a table; this turns whatever they return into the one output shape every
mcpforge tool has, so a small model never has to get the markdown, the footer or JSON safety right.
"""

from __future__ import annotations

import datetime as dt
import math
from typing import Any

import numpy as np
import pandas as pd

from mcpforge.exceptions import DataError
from mcpforge.footer import output_footer
from mcpforge.runtime._markdown import format_markdown_table

MAX_RESULT_ROWS = 1_000
_SCALARS = (int, float, str, bool, np.generic, dt.date, pd.Timestamp, pd.Timedelta, pd.Period)


def _flat_name(column: Any) -> str:
    if isinstance(column, tuple):
        return "_".join(str(part) for part in column if str(part)) or "value"
    return str(column)


def _unique(names: list[str]) -> list[str]:
    seen: dict[str, int] = {}
    unique = []
    for name in names:
        count = seen.get(name, 0)
        seen[name] = count + 1
        unique.append(name if count == 0 else f"{name}_{count + 1}")
    return unique


def _with_index(frame: pd.DataFrame) -> pd.DataFrame:
    """A named index (a groupby's keys) becomes leading columns; unnamed integers are row positions.

    An unnamed index of labels becomes a ``key`` column; a named level that is also a column already is
    dropped rather than duplicated.
    """
    index = frame.index
    if all(name is None for name in index.names):
        if (index.nlevels == 1 and pd.api.types.is_integer_dtype(index)) or "key" in frame.columns:
            return frame.reset_index(drop=True)
        return frame.rename_axis(["key"] if index.nlevels == 1 else None).reset_index()
    names = [str(name) for name in index.names if name is not None]
    if any(name in map(str, frame.columns) for name in names):
        return frame.reset_index(drop=True)
    return frame.reset_index()


def as_table(value: Any) -> pd.DataFrame:
    """``value`` as a flat DataFrame with string column names and a 0..n-1 index.

    Raises:
        DataError: the value is not a table, a series or a single value.
    """
    if isinstance(value, pd.Series):
        index_names = [str(n) for n in value.index.names]
        name = str(value.name) if value.name is not None and str(value.name) not in index_names else "value"
        frame = _with_index(value.to_frame(name=name))
    elif isinstance(value, pd.DataFrame):
        frame = value.copy()
        frame.columns = [_flat_name(c) for c in frame.columns]
        frame = _with_index(frame)
    elif value is None or isinstance(value, _SCALARS):
        frame = pd.DataFrame({"value": [value]})
    elif isinstance(value, dict) and all(isinstance(v, _SCALARS) or v is None for v in value.values()):
        frame = pd.DataFrame({"key": [str(k) for k in value], "value": list(value.values())})
    else:
        raise DataError(f"the analysis returned a {type(value).__name__}, not a table")
    frame.columns = _unique([_flat_name(c) for c in frame.columns])
    return frame.reset_index(drop=True)


def json_cell(value: Any) -> Any:
    """One cell as a JSON value: numpy scalars unwrapped, dates as ISO text, missing as None."""
    if isinstance(value, np.generic):
        value = value.item()
    if value is None or value is pd.NaT or value is pd.NA:
        return None
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, bool | int | str):
        return value
    if isinstance(value, pd.Timestamp | dt.datetime | dt.date):
        return value.isoformat()
    try:
        if bool(pd.isna(value)):
            return None
    except (TypeError, ValueError):
        pass
    return str(value)


def table_result(value: Any, *, title: str, rows_processed: int, operation: str = "custom") -> str:
    """The markdown answer for ``value`` with the standard footer (at most ``MAX_RESULT_ROWS`` rows).

    Raises:
        DataError: the value is not a table, a series or a single value.
    """
    table = as_table(value)
    shown = table.head(MAX_RESULT_ROWS)
    rows = [[json_cell(cell) for cell in row] for row in shown.itertuples(index=False, name=None)]
    body = format_markdown_table(shown) if len(table) else "_No rows: nothing in the data matches._"
    if len(table) > len(shown):
        body += f"\n\n_The answer has {len(table):,} rows; the first {len(shown):,} are shown._"
    footer = output_footer(
        {
            "operation": operation,
            "result": {"columns": list(shown.columns), "rows": rows},
            "rows_processed": rows_processed,
            "rows_returned": len(table),
        }
    )
    return f"## {title}\n\n{body}\n\n{footer}"
