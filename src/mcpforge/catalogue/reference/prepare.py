"""Preparation steps and rounding in plain Python: the reference the tools' pandas code is checked against.

Written apart from ``tool_helpers/preparation`` (row loops, ``statistics``), so a mistake in the vectorized
tool code shows up as a mismatch instead of being repeated here.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from mcpforge.catalogue.reference.missing import is_missing

if TYPE_CHECKING:
    import pandas as pd


def _filler(values: list[Any], strategy: str, value: Any) -> Any:
    present = [v for v in values if not is_missing(v)]
    if strategy == "value":
        return value
    if not present:
        return None
    if strategy == "mode":
        counts = Counter(present)
        top = max(counts.values())
        return sorted(v for v, c in counts.items() if c == top)[0]
    return statistics.fmean(present) if strategy == "mean" else statistics.median(present)


def _sorted_quantile(ordered: list[float], fraction: float) -> float:
    position = (len(ordered) - 1) * fraction
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def _bins(values: list[Any], bins: int, strategy: str) -> list[Any]:
    present = sorted(float(v) for v in values if not is_missing(v))
    if not present:
        return [None] * len(values)
    if strategy == "quantile":
        edges = sorted({_sorted_quantile(present, i / bins) for i in range(bins + 1)})
        if len(edges) == 1:
            return [None if is_missing(v) else 1 for v in values]  # one distinct value: one bin
        out: list[Any] = []
        for v in values:
            if is_missing(v):
                out.append(None)
                continue
            out.append(next((i for i in range(1, len(edges)) if float(v) <= edges[i]), len(edges) - 1))
        return out
    low, high = present[0], present[-1]
    width = (high - low) / bins if high > low else 1.0
    return [None if is_missing(v) else min(max(math.ceil((float(v) - low) / width), 1), bins) for v in values]


_FUNCTIONS = {"log": math.log, "log10": math.log10, "log2": math.log2, "sqrt": math.sqrt}


def _without_outliers(frame: pd.DataFrame, step: Mapping[str, Any]) -> pd.DataFrame:
    column = str(step["columns"][0])
    values = [None if is_missing(v) else float(v) for v in frame[column]]
    present = [v for v in values if v is not None]
    factor = 1.5 if step.get("value") is None else float(step["value"])
    if step.get("strategy") == "zscore":
        centre, spread = statistics.fmean(present), statistics.stdev(present)
        low, high = centre - factor * spread, centre + factor * spread
    else:
        ordered = sorted(present)
        q1, q3 = _sorted_quantile(ordered, 0.25), _sorted_quantile(ordered, 0.75)
        low, high = q1 - factor * (q3 - q1), q3 + factor * (q3 - q1)
    keep = [i for i, v in zip(frame.index, values, strict=True) if v is not None and low <= v <= high]
    return frame.loc[keep]


def _changed_values(values: list[Any], step: Mapping[str, Any]) -> list[float]:
    """A column's values capped at its quantiles (``clip``) or through a function (``transform``)."""
    numbers = [math.nan if is_missing(v) else float(v) for v in values]
    if step["kind"] == "transform":
        function = _FUNCTIONS[str(step["strategy"])]
        return [v if math.isnan(v) else function(v) for v in numbers]
    ordered = sorted(v for v in numbers if not math.isnan(v))
    low, high = [*(step.get("value") or []), None, None][:2]
    floor = -math.inf if low is None else _sorted_quantile(ordered, float(low))
    ceiling = math.inf if high is None else _sorted_quantile(ordered, float(high))
    return [v if math.isnan(v) else min(max(v, floor), ceiling) for v in numbers]


def _value_step(frame: pd.DataFrame, step: Mapping[str, Any]) -> pd.DataFrame:
    import pandas as pd

    if step["kind"] == "drop_outliers":
        return _without_outliers(frame, step)
    out = frame.copy()
    for column in step["columns"]:
        changed = _changed_values(list(frame[column]), step)
        out[column] = pd.Series(changed, index=frame.index, dtype="float64")
    return out


def _relative(frame: pd.DataFrame, step: Mapping[str, Any]) -> pd.DataFrame:
    """``relative``: each row's value less the statistic of its group (or of every row)."""
    import pandas as pd

    column, *groups = [str(c) for c in step["columns"]]
    strategy, value = str(step["strategy"]), float(step.get("value") or 1.0)
    rows = frame.to_dict("records")
    keys = [tuple(None if is_missing(row[g]) else row[g] for g in groups) for row in rows]
    present: dict[tuple[Any, ...], list[float]] = {}
    for key, row in zip(keys, rows, strict=True):
        if not is_missing(row[column]):
            present.setdefault(key, []).append(float(row[column]))
    thresholds: dict[tuple[Any, ...], float] = {}
    for key, numbers in present.items():
        if strategy == "quantile":
            thresholds[key] = _sorted_quantile(sorted(numbers), value)
        elif strategy == "zscore":
            spread = statistics.stdev(numbers) if len(numbers) > 1 else math.nan
            thresholds[key] = statistics.fmean(numbers) + value * spread
        elif strategy == "median":
            thresholds[key] = value * statistics.median(numbers)
        else:
            thresholds[key] = value * statistics.fmean(numbers)
    label = (
        f"p{value * 100:g}" if strategy == "quantile"
        else f"mean {'+' if value >= 0 else '-'} {abs(value):g} sd" if strategy == "zscore"
        else strategy if value == 1 else f"{value:g} x {strategy}"
    )  # fmt: skip
    out = frame.copy()
    out[f"{column} minus {label}"] = pd.Series(
        [math.nan if is_missing(row[column]) else float(row[column]) - thresholds[key]
         for key, row in zip(keys, rows, strict=True)],
        index=frame.index, dtype="float64",
    )  # fmt: skip
    return out


def _step(frame: pd.DataFrame, step: Mapping[str, Any]) -> pd.DataFrame:
    import pandas as pd

    kind = step["kind"]
    if kind == "relative":
        return _relative(frame, step)
    if kind in ("drop_outliers", "clip", "transform"):
        return _value_step(frame, step)
    named = [str(c) for c in step.get("columns") or []]
    columns = named or [str(c) for c in frame.columns]
    rows = frame.to_dict("records")
    index = list(frame.index)
    if kind == "drop_missing":
        keep = [i for i, row in zip(index, rows, strict=True) if not any(is_missing(row[c]) for c in columns)]
        return frame.loc[keep]
    if kind == "deduplicate":
        seen: set[tuple[Any, ...]] = set()
        keep = []
        for i, row in zip(index, rows, strict=True):
            key = tuple(None if is_missing(row[c]) else row[c] for c in columns)
            if key not in seen:
                seen.add(key)
                keep.append(i)
        return frame.loc[keep]
    out = frame.copy()
    strategy = str(step.get("strategy") or "")
    for column in columns:
        values = [row[column] for row in rows]
        if kind == "fill_missing":
            fill = _filler(values, strategy or "value", step.get("value"))
            new = [fill if is_missing(v) and fill is not None else v for v in values]
            out[column] = pd.Series(new, index=frame.index, dtype=object).infer_objects()
        elif kind == "bin":
            labels = _bins(values, int(step.get("bins") or 4), strategy or "width")
            out[f"{column}_bin"] = pd.Series(labels, index=frame.index, dtype="Int64")
        else:
            present = [float(v) for v in values if not is_missing(v)]
            if strategy == "zscore":
                centre, scale = statistics.fmean(present), statistics.pstdev(present)
            else:
                centre, scale = min(present), max(present) - min(present)
            scaled = [math.nan if is_missing(v) else (float(v) - centre) / scale for v in values]
            out[column] = pd.Series(scaled, index=frame.index, dtype="float64")
    return out


def prepare_steps_reference(frame: pd.DataFrame, steps: list[Mapping[str, Any]] | None) -> pd.DataFrame:
    """``frame`` after each preparation step in order (the index, each row's place in the file, kept)."""
    for step in steps or []:
        frame = _step(frame, step)
    return frame


def round_reference(result: pd.DataFrame, digits: Any) -> pd.DataFrame:
    """Round the float cells of an expected table like the tools do (None: unchanged)."""
    if digits is None:
        return result
    out = result.copy()
    for column in out.columns:
        if out[column].dtype.kind == "f":
            out[column] = [v if is_missing(v) else round(float(v), int(digits)) for v in out[column]]
    return out
