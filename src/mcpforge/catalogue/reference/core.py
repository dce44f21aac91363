"""Shared pieces of the reference implementations: derived columns and filters in plain Python.

Written independently of the tool helpers (``tool_helpers/common``): filters are applied row by row with
Python comparisons, so a vectorization mistake in a template shows up as a mismatch.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Any, cast

from mcpforge.catalogue.expressions import derived_pairs, evaluate_reference
from mcpforge.catalogue.reference.missing import is_missing, plain_datetime
from mcpforge.catalogue.reference.prepare import prepare_steps_reference

if TYPE_CHECKING:
    import pandas as pd

_TRUE = ("true", "1", "yes", "y", "t")


def records(df: pd.DataFrame) -> list[dict[str, Any]]:
    """The rows as plain dicts (pandas boxes cells to Python scalars)."""
    return cast("list[dict[str, Any]]", df.to_dict("records"))


def _like(sample: Any, value: Any) -> Any:
    """Convert ``value`` to the Python type of ``sample`` (a non-missing cell of the column)."""
    if value is None:
        return None
    if isinstance(sample, bool):
        return str(value).strip().lower() in _TRUE
    if isinstance(sample, int | float):
        return float(value)
    if isinstance(sample, datetime):
        import pandas as pd

        return pd.Timestamp(str(value)).to_pydatetime()
    return str(value)


def _matches(cell: Any, op: str, value: Any, sample: Any) -> bool:
    if op in ("is null", "not null") or is_missing(cell):
        return is_missing(cell) == (op == "is null")
    cell = plain_datetime(cell)
    if op in ("in", "not in"):
        items = value if isinstance(value, list | tuple) else [value]
        found = any(cell == _like(sample, item) for item in items)
        return found if op == "in" else not found
    if op == "contains":
        return str(value).lower() in str(cell).lower()
    if op == "between":
        return bool(_like(sample, value[0]) <= cell <= _like(sample, value[1]))
    other = _like(sample, value)
    checks = {
        "==": cell == other,
        "!=": cell != other,
        ">": other is not None and cell > other,
        ">=": other is not None and cell >= other,
        "<": other is not None and cell < other,
        "<=": other is not None and cell <= other,
    }
    return bool(checks[op])


def apply_filters_reference(df: pd.DataFrame, filters: list[Mapping[str, Any]] | None) -> pd.DataFrame:
    """Rows of ``df`` matching every filter, decided one row at a time."""
    if not filters:
        return df
    table = records(df)
    samples: dict[str, Any] = {}
    for item in filters:
        column = str(item["column"])
        present = [row[column] for row in table if not is_missing(row[column])]
        sample = present[0] if present else ""
        samples[column] = plain_datetime(sample)
    keep = [
        position
        for position, row in enumerate(table)
        if all(
            _matches(row[str(f["column"])], str(f.get("op", "==")), f.get("value"), samples[str(f["column"])])
            for f in filters
        )
    ]
    return df.iloc[keep]


def prepare_reference(df: pd.DataFrame, arguments: Mapping[str, Any]) -> pd.DataFrame:
    """Derived columns first, then filters: the order every operation uses."""
    frame = df.reset_index(drop=True)
    derived = derived_pairs(arguments.get("derived_columns"))
    if derived:
        frame = evaluate_reference(frame, derived)
    frame = prepare_steps_reference(frame, arguments.get("preparation"))
    # The index is kept: it is each row's position in the file (outliers report it).
    return apply_filters_reference(frame, arguments.get("filters"))


def numbers(values: list[Any]) -> list[float]:
    """The non-missing values as floats."""
    return [float(value) for value in values if not is_missing(value)]


def sort_key(value: Any) -> tuple[int, Any]:
    """Ascending order with missing values last (a total order for mixed None / values)."""
    return (1, 0) if is_missing(value) else (0, value)


def _variation(present: list[Any]) -> float | None:
    """The coefficient of variation: sample std / mean; none for one value or a mean of 0."""
    centre = statistics.fmean(present)
    return statistics.stdev(present) / centre if len(present) > 1 and centre != 0 else None


_SAMPLE_SPREADS: dict[str, Callable[[list[Any]], Any]] = {"std": statistics.stdev, "var": statistics.variance}


def metric_value(values: list[Any], func: str, *, has_column: bool = True) -> Any:
    """One aggregation over a group's values in plain Python (missing values skipped, like pandas)."""
    present = [value for value in values if not is_missing(value)]
    if func == "count":
        return len(present) if has_column else len(values)
    if func == "nunique":
        return len(set(present))
    if func == "sum":
        return sum(present)
    if not present:
        return None
    if func in _SAMPLE_SPREADS:  # the sample statistics of one value are missing, as in pandas
        return _SAMPLE_SPREADS[func](present) if len(present) > 1 else None
    functions: dict[str, Callable[[list[Any]], Any]] = {
        "mean": statistics.fmean,
        "pstd": statistics.pstdev,
        "pvar": statistics.pvariance,
        "cv": _variation,
        "median": statistics.median,
        "min": min,
        "max": max,
    }
    return functions[func](present)


def metric_label(metric: Mapping[str, Any]) -> str:
    """The result column of a metric (same naming rule as the tools, written again)."""
    return f"{metric['func']}_{metric['column']}" if metric.get("column") else str(metric["func"])


def quantile(sorted_values: list[float], fraction: float) -> float | None:
    """Linear-interpolation quantile of already sorted numbers (numpy's default method)."""
    if not sorted_values:
        return None
    position = (len(sorted_values) - 1) * fraction
    low = math.floor(position)
    high = min(low + 1, len(sorted_values) - 1)
    return sorted_values[low] + (sorted_values[high] - sorted_values[low]) * (position - low)


def order_groups(
    rows: list[list[Any]], key_count: int, value_index: int, *, descending: bool
) -> list[list[Any]]:
    """Sort result rows by the value at ``value_index`` (missing last), ties by the keys ascending."""
    by_keys = sorted(rows, key=lambda row: [sort_key(cell) for cell in row[:key_count]])
    present = [row for row in by_keys if not is_missing(row[value_index])]
    missing = [row for row in by_keys if is_missing(row[value_index])]
    return sorted(present, key=lambda row: row[value_index], reverse=descending) + missing
