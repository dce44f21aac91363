"""Preparation steps and rounding in plain Python: the reference the tools' pandas code is checked against.

Written apart from ``_inline_prepare`` (row loops, ``statistics``), so a mistake in the vectorized tool
code shows up as a mismatch instead of being repeated here.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Mapping
from typing import Any

import pandas as pd


def _missing(value: Any) -> bool:
    if value is None or value is pd.NA or value is pd.NaT:
        return True
    return isinstance(value, float) and math.isnan(value)


def _filler(values: list[Any], strategy: str, value: Any) -> Any:
    present = [v for v in values if not _missing(v)]
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
    present = sorted(float(v) for v in values if not _missing(v))
    if not present:
        return [None] * len(values)
    if strategy == "quantile":
        edges = sorted({_sorted_quantile(present, i / bins) for i in range(bins + 1)})
        if len(edges) == 1:
            return [None if _missing(v) else 1 for v in values]  # one distinct value: one bin
        out: list[Any] = []
        for v in values:
            if _missing(v):
                out.append(None)
                continue
            out.append(next((i for i in range(1, len(edges)) if float(v) <= edges[i]), len(edges) - 1))
        return out
    low, high = present[0], present[-1]
    width = (high - low) / bins if high > low else 1.0
    return [None if _missing(v) else min(max(math.ceil((float(v) - low) / width), 1), bins) for v in values]


def _step(frame: pd.DataFrame, step: Mapping[str, Any]) -> pd.DataFrame:
    kind = step["kind"]
    named = [str(c) for c in step.get("columns") or []]
    columns = named or [str(c) for c in frame.columns]
    rows = frame.to_dict("records")
    index = list(frame.index)
    if kind == "drop_missing":
        keep = [i for i, row in zip(index, rows, strict=True) if not any(_missing(row[c]) for c in columns)]
        return frame.loc[keep]
    if kind == "deduplicate":
        seen: set[tuple[Any, ...]] = set()
        keep = []
        for i, row in zip(index, rows, strict=True):
            key = tuple(None if _missing(row[c]) else row[c] for c in columns)
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
            new = [fill if _missing(v) and fill is not None else v for v in values]
            out[column] = pd.Series(new, index=frame.index, dtype=object).infer_objects()
        elif kind == "bin":
            labels = _bins(values, int(step.get("bins") or 4), strategy or "width")
            out[f"{column}_bin"] = pd.Series(labels, index=frame.index, dtype="Int64")
        else:
            present = [float(v) for v in values if not _missing(v)]
            if strategy == "zscore":
                centre, scale = statistics.fmean(present), statistics.pstdev(present)
            else:
                centre, scale = min(present), max(present) - min(present)
            scaled = [math.nan if _missing(v) else (float(v) - centre) / scale for v in values]
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
            out[column] = [v if _missing(v) else round(float(v), int(digits)) for v in out[column]]
    return out
