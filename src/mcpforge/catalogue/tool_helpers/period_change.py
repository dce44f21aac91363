"""Helpers copied into period_change tools: period labels of a time column, the change table."""

from typing import Any

import pandas as pd

from mcpforge.catalogue.tool_helpers.common import _is_numeric
from mcpforge.catalogue.tool_helpers.time_columns import _as_datetime
from mcpforge.exceptions import InvalidArgumentError

# ---- INLINE ----
_CHANGE_FORMATS = {"year": "%Y", "month": "%Y-%m", "day": "%Y-%m-%d"}
_COMBINE_WORDS = {
    "sum": "total", "mean": "average", "median": "median", "min": "minimum", "max": "maximum",
    "count": "number of values", "single": "value",
}  # fmt: skip


def _value_label(value: Any) -> Any:
    """A period written as the column holds it: 1952.0 → "1952"."""
    if pd.isna(value):
        return None
    return str(int(value)) if float(value).is_integer() else str(value)


def _period_labels(raw: pd.Series, grain: str, column: str) -> pd.Series:
    """Each row's period as text: the value itself (grain "value") or a calendar period of a date."""
    if grain == "value":
        if _is_numeric(raw):
            return pd.Series([_value_label(v) for v in raw.tolist()], index=raw.index, dtype="object")
        return raw.astype("string").str.strip().astype("object").where(raw.notna(), None)
    if grain not in ("year", "quarter", "month", "day"):
        raise InvalidArgumentError(f"unknown grain {grain!r}", argument="grain")
    stamps = _as_datetime(raw, column)
    if grain == "quarter":
        labels = stamps.dt.to_period("Q").dt.strftime("%Y-Q%q")
    else:
        labels = stamps.dt.strftime(_CHANGE_FORMATS[grain])
    labelled: pd.Series = labels.astype("object").where(stamps.notna(), None)
    return labelled


def _require_periods(labels: pd.Series, wanted: dict[str, str], column: str) -> None:
    """Stop with the period's name when no row has it (a typo or a period outside the data)."""
    present = sorted(set(labels.dropna().tolist()))
    for which, label in wanted.items():
        if label not in present:
            span = f"{present[0]} to {present[-1]}" if present else "none"
            message = f"period {label!r} ({which}) is not in column {column!r} (present: {span})"
            raise InvalidArgumentError(message, argument=which)


def _period_cells(raw: pd.Series, combine: str) -> pd.Series:
    """The cells a period combines: the numbers, or for ``count`` 1 for each value present (0 if missing)."""
    if combine == "count":
        return raw.notna().astype("float64")
    return pd.to_numeric(raw, errors="coerce")


def _period_values(frame: pd.DataFrame, keys: list[str], combine: str) -> pd.Series:
    """The value of each (group, period): its rows combined, or the single row (several: an error)."""
    if combine not in ("sum", "mean", "median", "min", "max", "count", "single"):
        raise InvalidArgumentError(f"unknown combine {combine!r}", argument="combine")
    grouped = frame.groupby([*keys, "_label"], dropna=False, observed=True, sort=False)["_value"]
    sizes = grouped.size()
    if combine == "single" and bool((sizes > 1).any()):
        first = sizes[sizes > 1].index[0]
        where = first if isinstance(first, tuple) else (first,)
        group = ", ".join(f"{k}={v}" for k, v in zip(keys, where[:-1], strict=True))
        message = (
            f"period {where[-1]!r}{' for ' + group if group else ''} has {int(sizes.max())} rows; "
            "say how to combine them (total or average)"
        )
        raise InvalidArgumentError(message, argument="combine")
    if combine == "mean":
        return grouped.mean()
    if combine == "median":
        return grouped.median()
    if combine in ("min", "max"):
        return grouped.min() if combine == "min" else grouped.max()
    return grouped.sum(min_count=1)


def _change_table(values: pd.Series, keys: list[str], wanted: dict[str, str]) -> pd.DataFrame:
    """Keys, start_value, end_value, change and percent_change (null when the start is 0)."""
    table = values.unstack("_label") if keys else values.to_frame().T
    for label in wanted.values():
        if label not in table.columns:
            table[label] = float("nan")
    if keys:
        table = table.reset_index().sort_values(keys, na_position="last", kind="stable")
    result = pd.DataFrame({k: table[k].to_numpy() for k in keys})
    result["start_value"] = table[wanted["start"]].astype("float64").to_numpy()
    result["end_value"] = table[wanted["end"]].astype("float64").to_numpy()
    result["change"] = result["end_value"] - result["start_value"]
    base = result["start_value"].where(result["start_value"] != 0)
    result["percent_change"] = result["change"] / base * 100
    return result.reset_index(drop=True)
