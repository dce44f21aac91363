"""Preparation steps and answer rounding copied into tools whose request states them.

Steps run in the order given, after derived columns and before the filters: ``drop_missing``,
``fill_missing`` (mean / median / mode / value), ``deduplicate``, ``bin`` (adds ``<column>_bin``, numbered
from 1; equal-width ranges closed on the right, or quantiles) and ``normalize`` (min-max or z-score with
the population standard deviation, as scikit-learn's scalers do), ``drop_outliers`` (rows outside k x IQR
beyond the quartiles, or with |z| > c by the sample standard deviation, dropped with the rows missing the
column), ``clip`` (capped at the column's own linear quantiles) and ``transform`` (log / log10 / log2 /
sqrt in place; a value the function is not defined for is an error, never a silent NaN).
"""

from typing import Any

import numpy as np
import pandas as pd

from mcpforge.exceptions import DataError, InvalidArgumentError

# ---- INLINE ----
_STEP_KINDS = (
    "drop_missing", "fill_missing", "deduplicate", "bin", "normalize", "drop_outliers", "clip", "transform",
    "relative",
)  # fmt: skip
_TRANSFORMS = {"log": np.log, "log10": np.log10, "log2": np.log2, "sqrt": np.sqrt}


def _step_columns(df: pd.DataFrame, step: dict[str, Any]) -> list[str]:
    """The columns a step names (every column when it names none), each checked to exist."""
    columns = [str(column) for column in step.get("columns") or []]
    missing = [column for column in columns if column not in df.columns]
    if missing:
        raise DataError(f"preparation step {step.get('kind')!r} names unknown column(s) {missing!r}")
    return columns or [str(column) for column in df.columns]


def _fill_value(series: pd.Series, strategy: str, value: Any) -> Any:
    if strategy == "value":
        return value
    present = series.dropna()
    if present.empty:
        return None
    if strategy == "mode":
        return present.mode().sort_values().iloc[0]
    if series.dtype.kind not in "iuf":
        raise DataError(f"cannot fill {series.name!r} with its {strategy}: it is not numeric")
    return float(present.mean()) if strategy == "mean" else float(present.median())


def _bin_numbers(values: pd.Series, bins: int, strategy: str) -> pd.Series:
    """Bin number 1..bins of each value (missing stays missing)."""
    numbers = values.astype("float64")
    if strategy == "quantile":
        if numbers.nunique() <= 1:  # one distinct value: one bin (qcut would leave every value missing)
            return pd.Series(1, index=values.index, dtype="Int64").mask(numbers.isna())
        codes = pd.qcut(numbers, q=bins, labels=False, duplicates="drop")
        return (codes + 1).astype("Int64")
    low, high = float(numbers.min()), float(numbers.max())
    width = (high - low) / bins if high > low else 1.0
    raw = pd.Series(np.ceil((numbers - low) / width), index=values.index).clip(lower=1, upper=bins)
    return raw.astype("Int64")


def _prepare_step(df: pd.DataFrame, step: dict[str, Any]) -> pd.DataFrame:
    kind = str(step.get("kind"))
    if kind not in _STEP_KINDS:
        raise InvalidArgumentError(f"unknown preparation step {kind!r}", argument="preparation")
    columns = _step_columns(df, step)
    if kind == "relative":
        return _relative_step(df, step, columns)
    if kind in ("drop_outliers", "clip", "transform"):
        return _value_step(df, step, columns)
    if kind == "drop_missing":
        return df.dropna(subset=columns)
    if kind == "deduplicate":
        return df.drop_duplicates(subset=columns if step.get("columns") else None)
    out = df.copy()
    strategy = str(step.get("strategy") or "")
    for column in columns:
        if kind == "fill_missing":
            filler = _fill_value(out[column], strategy or "value", step.get("value"))
            if filler is not None:
                out[column] = out[column].fillna(filler)
            continue
        values = out[column].astype("float64")
        if kind == "bin":
            out[f"{column}_bin"] = _bin_numbers(values, int(step.get("bins") or 4), strategy or "width")
        elif strategy == "zscore":
            out[column] = (values - values.mean()) / values.std(ddof=0)
        else:
            out[column] = (values - values.min()) / (values.max() - values.min())
    return out


def _numbers_of(df: pd.DataFrame, column: str, kind: str) -> pd.Series:
    if df[column].dtype.kind not in "iufb":
        raise DataError(f"preparation step {kind!r} needs a numeric column; {column!r} is not numeric")
    return df[column].astype("float64")


def _value_step(df: pd.DataFrame, step: dict[str, Any], columns: list[str]) -> pd.DataFrame:
    """``drop_outliers`` / ``clip`` / ``transform`` on the named numeric columns."""
    kind, strategy = str(step["kind"]), str(step.get("strategy") or "")
    if kind == "drop_outliers":
        values = _numbers_of(df, columns[0], kind)
        raw = step.get("value")
        factor = 1.5 if raw is None else float(raw)
        if strategy == "zscore":
            keep = ((values - values.mean()) / values.std()).abs() <= factor
        else:
            q1, q3 = values.quantile(0.25), values.quantile(0.75)
            keep = (values >= q1 - factor * (q3 - q1)) & (values <= q3 + factor * (q3 - q1))
        return df[keep]
    out = df.copy()
    for column in columns:
        values = _numbers_of(df, column, kind)
        if kind == "clip":
            low, high = [*(step.get("value") or []), None, None][:2]
            floor = -np.inf if low is None else float(values.quantile(float(low)))
            ceiling = np.inf if high is None else float(values.quantile(float(high)))
            out[column] = values.clip(lower=floor, upper=ceiling)
            continue
        bad = int((values < 0).sum() if strategy == "sqrt" else (values <= 0).sum())
        if bad:
            raise DataError(f"cannot take the {strategy} of {column!r}: {bad} value(s) outside its domain")
        out[column] = _TRANSFORMS[strategy](values)
    return out


def _relative_label(step: dict[str, Any]) -> str:
    strategy, value = str(step.get("strategy")), float(step.get("value") or 1.0)
    if strategy == "quantile":
        return f"p{value * 100:g}"
    if strategy == "zscore":
        return f"mean {'+' if value >= 0 else '-'} {abs(value):g} sd"
    return strategy if value == 1 else f"{value:g} x {strategy}"


def _relative_threshold(values: pd.Series, strategy: str, value: float) -> float:
    if strategy == "quantile":
        return float(values.quantile(value))
    if strategy == "zscore":
        return float(values.mean() + value * values.std())
    return value * float(values.median() if strategy == "median" else values.mean())


def _relative_step(df: pd.DataFrame, step: dict[str, Any], columns: list[str]) -> pd.DataFrame:
    """``relative``: add ``<column> minus <threshold>``, the threshold a statistic of the column (within each
    group of the other named columns)."""
    column, groups = columns[0], columns[1:]
    values = _numbers_of(df, column, "relative")
    strategy, value = str(step.get("strategy")), float(step.get("value") or 1.0)
    if groups:
        threshold = values.groupby([df[g] for g in groups], dropna=False).transform(
            lambda part: _relative_threshold(part, strategy, value)
        )
    else:
        threshold = pd.Series(_relative_threshold(values, strategy, value), index=df.index)
    out = df.copy()
    out[f"{column} minus {_relative_label(step)}"] = values - threshold
    return out


def _apply_preparation(df: pd.DataFrame, preparation: list[dict[str, Any]]) -> pd.DataFrame:
    """Run the preparation steps in order (the row index, each row's place in the file, is kept)."""
    for step in preparation:
        df = _prepare_step(df, step)
    return df


def _prepared_names(preparation: list[dict[str, Any]]) -> dict[str, str]:
    """Columns the preparation adds (so the file need not have them)."""
    added = {
        f"{column}_bin": "" for step in preparation if step.get("kind") == "bin" for column in step["columns"]
    }
    for step in preparation:
        if step.get("kind") == "relative":
            added[f"{step['columns'][0]} minus {_relative_label(step)}"] = ""
    return added


def _round_result(result: pd.DataFrame, digits: int | None) -> pd.DataFrame:
    """Round the float columns of the answer to ``digits`` decimals (None: as computed)."""
    if digits is None:
        return result
    out = result.copy()
    for column in out.columns:
        if out[column].dtype.kind == "f":
            # Python's round (exact on the binary value), not numpy's scale-and-rint: 6.705 stays 6.71.
            out[column] = out[column].map(lambda v: v if pd.isna(v) else round(float(v), int(digits)))
    return out
