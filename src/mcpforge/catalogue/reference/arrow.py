"""The grouping step of the grouping references on big data, by Arrow's hash aggregation.

The references are plain Python on purpose (an implementation independent of the tools' pandas code),
but plain Python holds one dict per row: on a 10-million-row file that is several gigabytes in
mcpforge's own process and tens of seconds. From ``ARROW_ROWS`` rows on, the grouping step (one row per
group with its count or metrics) is computed by Arrow's C++ hash aggregation instead, which is still
independent of pandas' groupby; ordering, ``top_n`` and percentages stay the plain-Python code's.

Only what both ways compute the same is taken: string or integer keys, numeric (not boolean) metric
columns and the functions below. Anything else returns None and the caller groups in plain Python
(slower, same answer).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd


ARROW_ROWS = 100_000
"""From this many rows on, groups are aggregated by Arrow (below it plain Python takes well under 0.5 s)."""
# Arrow's hash functions with the options that give plain Python's answer (missing values skipped; the
# sum of no values is 0; stdev of one value is missing). Median has no exact hash kernel in Arrow.
_FUNCTIONS: dict[str, tuple[str, Any]] = {
    "count": ("count", ("count_only_valid",)),
    "nunique": ("count_distinct", ("count_only_valid",)),
    "sum": ("sum", ("scalar", 0)),
    "mean": ("mean", ("scalar", 1)),
    "min": ("min", ("scalar", 1)),
    "max": ("max", ("scalar", 1)),
    "std": ("stddev", ("variance", 1)),
    "pstd": ("stddev", ("variance", 0)),
    "var": ("variance", ("variance", 1)),
    "pvar": ("variance", ("variance", 0)),
}


def _options(spec: tuple[Any, ...]) -> Any:
    import pyarrow.compute as pc

    if spec[0] == "count_only_valid":
        return pc.CountOptions(mode="only_valid")
    if spec[0] == "variance":
        return pc.VarianceOptions(ddof=spec[1])
    return pc.ScalarAggregateOptions(skip_nulls=True, min_count=spec[1])


def _key_column(series: pd.Series) -> bool:
    import pandas as pd

    return bool(pd.api.types.is_string_dtype(series) or pd.api.types.is_integer_dtype(series)) and not (
        pd.api.types.is_bool_dtype(series)
    )


def _metric_column(series: pd.Series) -> bool:
    import pandas as pd

    return bool(pd.api.types.is_numeric_dtype(series)) and not pd.api.types.is_bool_dtype(series)


def arrow_groups(
    df: pd.DataFrame, keys: Sequence[str], metrics: Sequence[Mapping[str, Any]]
) -> list[list[Any]] | None:
    """``[*key values, *metric values]`` per group (a missing key is None); the row count when no metrics.

    Args:
        df: the prepared (derived + filtered) frame.
        keys: the group-by columns.
        metrics: ``{"column", "func"}`` items; empty means one column, the number of rows per group.

    Returns:
        The groups in no particular order, or None when a key type, metric column or function is one
        this path does not cover.
    """
    import pyarrow as pa

    columns = [str(m.get("column")) for m in metrics if m.get("column")]
    if any(k not in df.columns for k in keys) or any(c not in df.columns for c in columns):
        return None
    if not all(_key_column(df[k]) for k in keys) or not all(_metric_column(df[c]) for c in columns):
        return None
    if any(str(m.get("func")) not in _FUNCTIONS for m in metrics):
        return None
    names = list(dict.fromkeys([*keys, *columns]))
    renamed = [f"c{i}" for i in range(len(names))]
    # Positional names: a key called like an aggregate's output ("x_sum") cannot clash.
    table = pa.Table.from_arrays([pa.array(df[name], from_pandas=True) for name in names], names=renamed)
    position = dict(zip(names, renamed, strict=True))
    key_names = [position[k] for k in keys]
    aggregations: list[tuple[Any, ...]] = []
    for metric in metrics:
        column = metric.get("column")
        function, spec = _FUNCTIONS[str(metric["func"])]
        if column:
            aggregations.append((position[str(column)], function, _options(spec)))
        else:  # a row count per group
            aggregations.append(([], "count_all"))
    if not metrics:
        aggregations.append(([], "count_all"))
    # One thread: on a big file the tool's run on the person's data runs beside this on the other core
    # (Arrow's threads only take it from there: a hash aggregation gains little from them).
    grouped = table.group_by(key_names, use_threads=False).aggregate(aggregations)
    # The aggregates keep their order; where the keys go among them differs between Arrow versions.
    values = [
        grouped.column(i).to_pylist() for i, name in enumerate(grouped.column_names) if name not in key_names
    ]
    key_values = [grouped.column(name).to_pylist() for name in key_names]
    return [
        [*(column[row] for column in key_values), *(column[row] for column in values)]
        for row in range(grouped.num_rows)
    ]
