"""Descriptive statistics: summary_stats, percentiles, correlation.

Decisions: with no columns given, the numeric columns are used (booleans excluded); quantiles use
linear interpolation (pandas/numpy default); std is the sample standard deviation; correlations use
pairwise complete rows, and a pair gives one row (column_a, column_b, correlation, n) while three or
more columns give the matrix.
"""

from __future__ import annotations

import math
import statistics
from typing import TYPE_CHECKING, Any, ClassVar

from mcpforge.catalogue._template import code, tool_name_for
from mcpforge.catalogue.base import Operation, Param, ToolDocs, ToolPlan, require
from mcpforge.catalogue.operations._params import choice_param, columns_param
from mcpforge.catalogue.operations.group_size import (
    group_size_arguments,
    group_size_code,
    group_size_description,
    group_size_params,
    group_size_reference,
    group_size_title,
)
from mcpforge.catalogue.reference.core import numbers, quantile
from mcpforge.catalogue.reference.missing import is_missing
from mcpforge.models import Intent

if TYPE_CHECKING:
    import pandas as pd

DEFAULT_PERCENTILES = [25.0, 50.0, 75.0, 90.0, 95.0, 99.0]
STAT_COLUMNS = ["column", "count", "missing", "mean", "std", "min", "p25", "median", "p75", "max"]
AUTO_NUMERIC = "[str(c) for c in df.columns if df[c].dtype.kind in 'iuf']"


def _auto_numeric(df: pd.DataFrame) -> list[str]:
    return [str(c) for c in df.columns if df[c].dtype.kind in "iuf"]


def _label(percent: float) -> str:
    return f"p{float(percent):g}"


class SummaryStats(Operation):
    """count / mean / std / min / quartiles / max per numeric column."""

    name: ClassVar[str] = "summary_stats"
    summary: ClassVar[str] = "Describe numeric columns: count, missing, mean, std, min, quartiles and max."
    keywords: ClassVar[tuple[str, ...]] = ("summary", "statistics", "describe", "stats", "overview", "spread")

    def arguments(self, intent: Intent) -> dict[str, Any]:
        return {"columns": list(intent.columns)}

    def plan(self, intent: Intent) -> ToolPlan:
        args = self.arguments(intent)
        body = code(f"""
            chosen = columns or {AUTO_NUMERIC}
            if not chosen:
                raise DataError("the data has no numeric columns to describe")
            _require_numeric(df, chosen)
            data = df[chosen].astype("float64")
            stats = {{
                "count": data.count(), "missing": data.isna().sum(), "mean": data.mean(), "std": data.std(),
                "min": data.min(), "p25": data.quantile(0.25), "median": data.median(),
                "p75": data.quantile(0.75), "max": data.max(),
            }}
            result = pd.DataFrame({{"column": chosen, **{{name: s.to_numpy() for name, s in stats.items()}}}})
            title = f"Summary statistics of {{', '.join(chosen)}}"
        """)
        return ToolPlan(
            params=[
                columns_param("columns", args["columns"], "Numeric columns to describe (empty: all numeric)")
            ],
            needed="[*columns]",
            body=body,
            empty_columns=repr(STAT_COLUMNS),
            docs=ToolDocs(
                description=f"Summary statistics of {', '.join(args['columns']) or 'the numeric columns'}.",
                when_to_use="You need an overview of numeric columns: typical values, spread and range.",
                what_it_does="Loads the CSV, applies derived columns and filters, and computes count, "
                "missing, "
                "mean, sample std, min, quartiles (linear interpolation) and max of each column.",
                returns="A markdown table with one row per column, notes, and a JSON footer with the table.",
            ),
            default_name=tool_name_for(
                "summary_statistics", *(["of", *args["columns"][:3]] if args["columns"] else [])
            ),
        )

    def reference_empty_columns(self, arguments: dict[str, Any], df: pd.DataFrame) -> list[str] | None:
        return list(STAT_COLUMNS)

    def compute_reference(self, df: pd.DataFrame, arguments: dict[str, Any]) -> pd.DataFrame:
        import pandas as pd

        rows = []
        for column in list(arguments["columns"]) or _auto_numeric(df):
            raw = df[column].tolist()
            values = sorted(numbers(raw))
            n = len(values)
            rows.append([
                column, n, len(raw) - n, statistics.fmean(values) if n else None,
                statistics.stdev(values) if n > 1 else None, values[0] if n else None, quantile(values, 0.25),
                quantile(values, 0.5), quantile(values, 0.75), values[-1] if n else None,
            ])  # fmt: skip
        return pd.DataFrame(rows, columns=STAT_COLUMNS)


class Percentiles(Operation):
    """Chosen percentiles of numeric columns."""

    name: ClassVar[str] = "percentiles"
    summary: ClassVar[str] = "Compute chosen percentiles (e.g. 25, 50, 75, 90, 95, 99) of numeric columns."
    keywords: ClassVar[tuple[str, ...]] = (
        "percentile",
        "percentiles",
        "quantile",
        "quartile",
        "p90",
        "p95",
        "p99",
    )

    def arguments(self, intent: Intent) -> dict[str, Any]:
        raw = intent.options.get("percentiles") or DEFAULT_PERCENTILES
        return {
            "columns": list(intent.columns),
            "percentiles": [float(p) for p in raw],
            "group_by_columns": list(intent.group_by),
            **(group_size_arguments(intent) if intent.group_by else {}),
        }

    def plan(self, intent: Intent) -> ToolPlan:
        require(bool(intent.columns), "percentiles needs at least one numeric column", "columns")
        args = self.arguments(intent)
        require(
            all(0 <= p <= 100 for p in args["percentiles"]), "percentiles must lie in [0, 100]", "options"
        )
        body = (
            group_size_code(args, "group_by_columns")
            + code("""
            if not percentiles or any(not 0 <= float(p) <= 100 for p in percentiles):
                raise InvalidArgumentError("percentiles must be numbers in [0, 100]", argument="percentiles")
            _require_numeric(df, columns)
            labels = [f"p{float(percent):g}" for percent in percentiles]
            groups: list[tuple[Any, pd.DataFrame]] = [((), df)]
            if group_by_columns:
                groups = list(df.groupby(group_by_columns, dropna=False, sort=True))
            rows = []
            for group, part in groups:
                key = group if isinstance(group, tuple) else (group,)
                table = part[columns].astype("float64").quantile([float(p) / 100 for p in percentiles])
                rows += [[*key, column, *table[column].to_numpy()] for column in columns]
            result = pd.DataFrame(rows, columns=[*group_by_columns, "column", *labels])
            title = f"Percentiles of {', '.join(columns)}" + (
                f" per {', '.join(group_by_columns)}" if group_by_columns else ""
            )
        """)
            + group_size_title(args)
        )
        return ToolPlan(
            params=[
                columns_param("columns", args["columns"], "Numeric columns"),
                Param(
                    name="percentiles",
                    annotation="list[float]",
                    schema={"type": "array", "items": {"type": "number"}},
                    description="Percentiles to compute, each in [0, 100]",
                    default=args["percentiles"],
                ),
                columns_param(
                    "group_by_columns", args["group_by_columns"], "Columns to group by (empty: none)"
                ),
                *group_size_params(args),
            ],
            needed="[*columns, *group_by_columns]",
            body=body,
            empty_columns="[*group_by_columns, 'column', *(f'p{float(p):g}' for p in percentiles)]",
            docs=ToolDocs(
                description=f"Percentiles of {', '.join(args['columns'])}." + group_size_description(args),
                when_to_use="You need the value below which a given share of rows falls (median, p90, p99), "
                "for example for latency or price distributions.",
                what_it_does="Loads the CSV, applies derived columns and filters, and computes each "
                "percentile "
                "of each column with linear interpolation, skipping missing values.",
                returns="A markdown table column | p25 | p50 | ..., notes, and a JSON footer with the table.",
            ),
            default_name=tool_name_for(
                "percentiles_of",
                "_and_".join(args["columns"][:3]),
                *(("sized_groups",) if "group_size_op" in args else ()),
            ),
        )

    def reference_empty_columns(self, arguments: dict[str, Any], df: pd.DataFrame) -> list[str] | None:
        keys = list(arguments.get("group_by_columns") or [])
        return [*keys, "column", *(_label(p) for p in arguments["percentiles"])]

    def compute_reference(self, df: pd.DataFrame, arguments: dict[str, Any]) -> pd.DataFrame:
        import pandas as pd

        keys = list(arguments.get("group_by_columns") or [])
        df = group_size_reference(df, keys, arguments) if keys else df
        groups: dict[tuple[Any, ...], list[int]] = {}
        for position, key in enumerate(
            zip(*(df[k].tolist() for k in keys), strict=True) if keys else [()] * len(df)
        ):
            groups.setdefault(tuple("" if is_missing(v) else v for v in key), []).append(position)
        rows = []
        for key in sorted(groups, key=lambda k: tuple(str(v) for v in k)) if keys else [()]:
            part = df.iloc[groups.get(key, [])] if keys else df
            for column in arguments["columns"]:
                values = sorted(numbers(part[column].tolist()))
                rows.append(
                    [*key, column, *(quantile(values, float(p) / 100) for p in arguments["percentiles"])]
                )
        return pd.DataFrame(rows, columns=[*keys, "column", *(_label(p) for p in arguments["percentiles"])])


def _ranks(values: list[float]) -> list[float]:
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for i in order[start : end + 1]:
            ranks[i] = (start + end) / 2 + 1
        start = end + 1
    return ranks


def _pearson(xs: list[float], ys: list[float]) -> float | None:
    if len(xs) < 2:
        return None
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sxx, syy = sum((x - mx) ** 2 for x in xs), sum((y - my) ** 2 for y in ys)
    return None if sxx == 0 or syy == 0 else sxy / math.sqrt(sxx * syy)


def _kendall(xs: list[float], ys: list[float]) -> float | None:
    """Kendall tau-b; O(n^2) with numpy rows (the reference favours clarity over speed)."""
    import numpy as np

    x, y = np.asarray(xs), np.asarray(ys)
    concordant = ties_x = ties_y = 0.0
    for i in range(len(x) - 1):
        dx, dy = np.sign(x[i + 1 :] - x[i]), np.sign(y[i + 1 :] - y[i])
        concordant += float((dx * dy).sum())
        ties_x += float((dx == 0).sum())
        ties_y += float((dy == 0).sum())
    pairs = len(x) * (len(x) - 1) / 2
    denominator = math.sqrt((pairs - ties_x) * (pairs - ties_y))
    return None if denominator == 0 else concordant / denominator


def _correlate(xs: list[Any], ys: list[Any], method: str) -> tuple[float | None, int]:
    pairs = [
        (float(x), float(y)) for x, y in zip(xs, ys, strict=True) if not is_missing(x) and not is_missing(y)
    ]
    a, b = [p[0] for p in pairs], [p[1] for p in pairs]
    if method == "spearman":
        return _pearson(_ranks(a), _ranks(b)), len(pairs)
    if method == "kendall":
        return (_kendall(a, b) if len(pairs) > 1 else None), len(pairs)
    return _pearson(a, b), len(pairs)


class Correlation(Operation):
    """Correlation of a pair of columns or a correlation matrix."""

    name: ClassVar[str] = "correlation"
    summary: ClassVar[str] = (
        "Correlate two numeric columns, or build a correlation matrix (pearson/spearman/kendall)."
    )
    keywords: ClassVar[tuple[str, ...]] = (
        "correlation",
        "correlate",
        "relationship",
        "related",
        "association",
    )

    def arguments(self, intent: Intent) -> dict[str, Any]:
        method = str(intent.options.get("method", "pearson")).lower()
        return {
            "columns": list(intent.columns),
            "method": method if method in ("spearman", "kendall") else "pearson",
        }

    def plan(self, intent: Intent) -> ToolPlan:
        args = self.arguments(intent)
        require(
            len(args["columns"]) != 1,
            "correlation needs two or more columns (or none: all numeric)",
            "columns",
        )
        body = code(f"""
            chosen = columns or {AUTO_NUMERIC}
            if len(chosen) < 2:
                raise DataError("correlation needs at least two numeric columns")
            if method not in ("pearson", "spearman", "kendall"):
                raise InvalidArgumentError(f"unknown correlation method {{method!r}}", argument="method")
            _require_numeric(df, chosen)
            if len(chosen) == 2:
                value, count = _pair_corr(df[chosen[0]], df[chosen[1]], method)
                result = pd.DataFrame(
                    {{"column_a": [chosen[0]], "column_b": [chosen[1]], "correlation": [value], "n": [count]}}
                )
            else:
                matrix = {{a: [_pair_corr(df[a], df[b], method)[0] for b in chosen] for a in chosen}}
                result = pd.DataFrame({{"column": chosen, **matrix}})
            title = f"{{method.capitalize()}} correlation of {{', '.join(chosen)}}"
        """)
        method_param = choice_param(
            "method", ("pearson", "spearman", "kendall"), args["method"], "Correlation method"
        )
        return ToolPlan(
            params=[
                columns_param(
                    "columns", args["columns"], "Numeric columns (two: a pair; empty: all numeric)"
                ),
                method_param,
            ],
            needed="[*columns]",
            body=body,
            empty_columns=None,
            inline=("corr",),
            docs=ToolDocs(
                description=f"{args['method'].capitalize()} correlation of "
                f"{' and '.join(args['columns']) or 'the numeric columns'}.",
                when_to_use="You need to know whether numeric columns move together: one pair, or a matrix.",
                what_it_does="Loads the CSV, applies derived columns and filters, and computes the "
                "correlation "
                "over rows where both values are present (pairwise for a matrix).",
                returns="A markdown table (column_a, column_b, correlation, n for a pair; a matrix "
                "otherwise), "
                "notes, and a JSON footer with the table.",
                limitations=[
                    "Correlation is not causation; constant columns give an empty (null) value.",
                    "Kendall is limited to 20,000 rows (it compares every pair of rows).",
                ],
            ),
            default_name=tool_name_for(
                "correlation", "_vs_".join(args["columns"][:2]) if len(args["columns"]) == 2 else "matrix"
            ),
        )

    def reference_empty_columns(self, arguments: dict[str, Any], df: pd.DataFrame) -> list[str] | None:
        return None

    def compute_reference(self, df: pd.DataFrame, arguments: dict[str, Any]) -> pd.DataFrame:
        import pandas as pd

        columns, method = list(arguments["columns"]) or _auto_numeric(df), arguments["method"]
        if len(columns) == 2:
            value, n = _correlate(df[columns[0]].tolist(), df[columns[1]].tolist(), method)
            return pd.DataFrame(
                [[columns[0], columns[1], value, n]], columns=["column_a", "column_b", "correlation", "n"]
            )
        rows = [
            [a, *(_correlate(df[a].tolist(), df[b].tolist(), method)[0] for b in columns)] for a in columns
        ]
        return pd.DataFrame(rows, columns=["column", *columns])
