"""Metric helpers copied into tools that aggregate: ``{"column", "func"}`` objects → result columns."""

from typing import Any

import pandas as pd

from mcpforge.catalogue.tool_helpers.common import _is_datetime, _is_numeric
from mcpforge.exceptions import DataError, InvalidArgumentError
from mcpforge.runtime import require_columns

# ---- INLINE ----
_METRIC_FUNCS = (
    "count", "sum", "mean", "median", "min", "max", "std", "nunique", "pstd", "cv", "var", "pvar"
)  # fmt: skip
_NUMERIC_FUNCS = ("sum", "mean", "median", "std", "pstd", "cv", "var", "pvar")


def _aggregate(values: Any, func: str) -> Any:
    """``values.agg(func)`` for a column or its groups; pstd / pvar are the population std / variance
    (ddof=0; std and var are pandas' sample ones, ddof=1); cv is the sample std over the mean (missing
    where the mean is 0)."""
    if func == "cv":
        mean = values.mean()
        if isinstance(mean, pd.Series):
            return values.std() / mean.where(mean != 0)
        return values.std() / mean if mean != 0 else float("nan")
    if func == "pvar":
        return values.var(ddof=0)
    return values.std(ddof=0) if func == "pstd" else values.agg(func)


def _metric_name(metric: dict[str, Any]) -> str:
    """Result column of a metric: ``count`` for a row count, else ``<func>_<column>``."""
    column = metric.get("column")
    return str(metric.get("func")) if not column else f"{metric.get('func')}_{column}"


def _check_metrics(df: pd.DataFrame, metrics: list[dict[str, Any]]) -> None:
    """Refuse unknown functions, missing columns and non-numeric columns for numeric functions."""
    if not metrics:
        raise InvalidArgumentError("metrics needs at least one {column, func}", argument="metrics")
    for metric in metrics:
        func, column = str(metric.get("func")), metric.get("column")
        if func not in _METRIC_FUNCS:
            raise InvalidArgumentError(
                f"unknown aggregation {func!r}; use one of {_METRIC_FUNCS}", argument="metrics"
            )
        if not column:
            if func != "count":
                raise InvalidArgumentError(f"aggregation {func!r} needs a column", argument="metrics")
            continue
        require_columns(df, [str(column)])
        series = df[str(column)]
        numeric = _is_numeric(series)
        orderable = numeric or _is_datetime(series)
        if (func in _NUMERIC_FUNCS and not numeric) or (func in ("min", "max") and not orderable):
            raise DataError(f"column {column!r} is not numeric; {func!r} needs numbers")


def _grouped_metrics(df: pd.DataFrame, keys: list[str], metrics: list[dict[str, Any]]) -> pd.DataFrame:
    """One row per group (missing keys form their own group), one column per metric."""
    grouped = df.groupby(keys, dropna=False, observed=True, sort=False)
    parts = {
        _metric_name(m): grouped.size()
        if not m.get("column")
        else _aggregate(grouped[str(m["column"])], str(m["func"]))
        for m in metrics
    }
    return pd.DataFrame(parts).reset_index()


def _table_metrics(df: pd.DataFrame, metrics: list[dict[str, Any]]) -> pd.DataFrame:
    """One row: each metric over the whole frame."""
    values = {
        _metric_name(m): len(df) if not m.get("column") else _aggregate(df[str(m["column"])], str(m["func"]))
        for m in metrics
    }
    return pd.DataFrame([values])
