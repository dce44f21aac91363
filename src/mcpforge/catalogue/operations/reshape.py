"""Two-way tables: pivot_table (a metric per row value x column value) and crosstab (counts or shares).

Decisions: rows with a missing row or column key are left out; rows and columns are sorted ascending and
column headers are the values as text; an empty combination is 0 for count/sum/nunique (and in a crosstab)
and null for other aggregations. Crosstab percentages: ``normalize`` all (share of every row, the default
when the request asks for percentages), index (each row sums to 100) or columns (each column sums to 100).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import TYPE_CHECKING, Any, ClassVar

from mcpforge.catalogue._template import code, tool_name_for
from mcpforge.catalogue.base import Operation, Param, ToolDocs, ToolPlan, require
from mcpforge.catalogue.operations._params import choice_param, column_param
from mcpforge.catalogue.reference.core import metric_value, records, sort_key
from mcpforge.catalogue.reference.missing import is_missing
from mcpforge.models import Intent

if TYPE_CHECKING:
    import pandas as pd

NORMALIZE = ("none", "all", "index", "columns")
ZERO_WHEN_EMPTY = ("count", "sum", "nunique")


def _header(value: Any) -> str:
    return str(value)


def _pairs(df: pd.DataFrame, rows: str, columns: str) -> list[dict[str, Any]]:
    return [r for r in records(df) if not is_missing(r[rows]) and not is_missing(r[columns])]


class PivotTable(Operation):
    """One metric for every (row value, column value) pair."""

    name: ClassVar[str] = "pivot_table"
    summary: ClassVar[str] = (
        "Pivot: one aggregated metric for each combination of a row column and a column column."
    )
    keywords: ClassVar[tuple[str, ...]] = ("pivot", "matrix", "by both", "cross", "table of", "across")

    def arguments(self, intent: Intent) -> dict[str, Any]:
        metric = intent.metrics[0] if intent.metrics else None
        return {
            "index_column": intent.group_by[0] if intent.group_by else "",
            "pivot_column": intent.columns[0] if intent.columns else "",
            "value_column": metric.column if metric else None,
            "aggregation": metric.func if metric else "count",
        }

    def plan(self, intent: Intent) -> ToolPlan:
        args = self.arguments(intent)
        require(bool(args["index_column"]), "pivot_table needs group_by[0] (rows)", "group_by")
        require(bool(args["pivot_column"]), "pivot_table needs columns[0] (columns)", "columns")
        body = code("""
            metric = {"column": value_column, "func": aggregation}
            _check_metrics(df, [metric])
            data = df.dropna(subset=[index_column, pivot_column])
            grouped = data.groupby([index_column, pivot_column], observed=True, sort=True)
            values = grouped.size() if not value_column else grouped[value_column].agg(aggregation)
            table = values.unstack(pivot_column)
            if aggregation in ("count", "sum", "nunique"):
                table = table.fillna(0)
            if aggregation in ("count", "nunique"):
                table = table.astype("int64")
            table.columns = [str(column) for column in table.columns]
            result = table.reset_index()
            title = f"{_metric_name(metric)} by {index_column} and {pivot_column}"
        """)
        what = args["aggregation"] + (f" of {args['value_column']}" if args["value_column"] else " of rows")
        return ToolPlan(
            params=[
                column_param("index_column", args["index_column"], "Column whose values become the rows"),
                column_param("pivot_column", args["pivot_column"], "Column whose values become the columns"),
                Param(
                    name="value_column",
                    annotation="str | None",
                    schema={"type": ["string", "null"]},
                    description="Column to aggregate (null: count rows)",
                    default=args["value_column"],
                ),
                choice_param(
                    "aggregation",
                    ("count", "sum", "mean", "median", "min", "max", "std", "nunique"),
                    args["aggregation"],
                    "Aggregation of the value column",
                ),
            ],
            needed="[index_column, pivot_column, *([value_column] if value_column else [])]",
            body=body,
            empty_columns="[index_column]",
            docs=ToolDocs(
                description=f"Pivot the {what} by {args['index_column']} (rows) and {args['pivot_column']} "
                "(columns).",
                when_to_use="You need a two-way table: a total, average or count for every combination of "
                "two category columns.",
                what_it_does="Loads the CSV, applies derived columns and filters, drops rows missing either "
                "key, aggregates the value per pair and spreads the column values into columns.",
                returns="A markdown table with one row per row value and one column per column value, notes, "
                "and a JSON footer with the same table.",
                limitations=[
                    "Every distinct value of the pivot column becomes a column: keep it low-cardinality."
                ],
            ),
            default_name=tool_name_for(
                "pivot",
                args["value_column"] or "count",
                "by",
                args["index_column"],
                "and",
                args["pivot_column"],
            ),
            inline=("metrics",),
        )

    def reference_empty_columns(self, arguments: dict[str, Any], df: pd.DataFrame) -> list[str] | None:
        return [arguments["index_column"]]

    def compute_reference(self, df: pd.DataFrame, arguments: dict[str, Any]) -> pd.DataFrame:
        import pandas as pd

        rows_key, cols_key = arguments["index_column"], arguments["pivot_column"]
        value, func = arguments["value_column"], arguments["aggregation"]
        cells: dict[tuple[Any, Any], list[Any]] = defaultdict(list)
        for record in _pairs(df, rows_key, cols_key):
            cells[(record[rows_key], record[cols_key])].append(record[value] if value else None)
        row_values = sorted({r for r, _ in cells}, key=sort_key)
        col_values = sorted({c for _, c in cells}, key=sort_key)
        empty = 0 if func in ZERO_WHEN_EMPTY else None
        table = [
            [r, *(metric_value(cells[(r, c)], func, has_column=bool(value)) if (r, c) in cells else empty
                  for c in col_values)]
            for r in row_values
        ]  # fmt: skip
        return pd.DataFrame(table, columns=[rows_key, *(_header(c) for c in col_values)])


class Crosstab(Operation):
    """Counts (or percentages) of every combination of two columns."""

    name: ClassVar[str] = "crosstab"
    summary: ClassVar[str] = (
        "Cross-tabulate two columns: counts or percentages of every combination of values."
    )
    keywords: ClassVar[tuple[str, ...]] = ("crosstab", "cross tab", "contingency", "versus", "vs", "against")

    def arguments(self, intent: Intent) -> dict[str, Any]:
        normalize = str(intent.options.get("normalize") or ("all" if intent.as_percentage else "none"))
        return {
            "row_column": intent.group_by[0] if intent.group_by else "",
            "column_column": intent.columns[0] if intent.columns else "",
            "normalize": normalize if normalize in NORMALIZE else "all",
        }

    def plan(self, intent: Intent) -> ToolPlan:
        args = self.arguments(intent)
        require(bool(args["row_column"]), "crosstab needs group_by[0] (rows)", "group_by")
        require(bool(args["column_column"]), "crosstab needs columns[0] (columns)", "columns")
        body = code("""
            data = df.dropna(subset=[row_column, column_column])
            table = pd.crosstab(data[row_column], data[column_column]).astype("float64")
            if normalize == "all":
                table = table / float(table.to_numpy().sum()) * 100
            elif normalize == "index":
                table = table.div(table.sum(axis=1), axis=0) * 100
            elif normalize == "columns":
                table = table.div(table.sum(axis=0), axis=1) * 100
            elif normalize != "none":
                message = f"normalize must be none, all, index or columns, got {normalize!r}"
                raise InvalidArgumentError(message, argument="normalize")
            table.columns = [str(column) for column in table.columns]
            result = table.rename_axis(row_column).reset_index()
            share = "" if normalize == "none" else f" (percent, {normalize})"
            title = f"{row_column} by {column_column}{share}"
        """)
        return ToolPlan(
            params=[
                column_param("row_column", args["row_column"], "Column whose values become the rows"),
                column_param(
                    "column_column", args["column_column"], "Column whose values become the columns"
                ),
                choice_param("normalize", NORMALIZE, args["normalize"], "Counts (none) or percentages of"),
            ],
            needed="[row_column, column_column]",
            body=body,
            empty_columns="[row_column]",
            docs=ToolDocs(
                description=f"Cross-tabulate {args['row_column']} by {args['column_column']}"
                + ("" if args["normalize"] == "none" else " as percentages")
                + ".",
                when_to_use="You need how two category columns combine: the count (or share) of rows for "
                "every pair of values.",
                what_it_does="Loads the CSV, applies derived columns and filters, drops rows missing either "
                "key, counts every pair and optionally turns counts into percentages of the whole table, "
                "of each row or of each column.",
                returns="A markdown table with one row per row value and one column per column value, notes, "
                "and a JSON footer with the same table.",
            ),
            default_name=tool_name_for("crosstab", args["row_column"], "by", args["column_column"]),
        )

    def reference_empty_columns(self, arguments: dict[str, Any], df: pd.DataFrame) -> list[str] | None:
        return [arguments["row_column"]]

    def compute_reference(self, df: pd.DataFrame, arguments: dict[str, Any]) -> pd.DataFrame:
        import pandas as pd

        rows_key, cols_key, normalize = (
            arguments["row_column"],
            arguments["column_column"],
            arguments["normalize"],
        )
        counts = Counter((r[rows_key], r[cols_key]) for r in _pairs(df, rows_key, cols_key))
        row_values = sorted({r for r, _ in counts}, key=sort_key)
        col_values = sorted({c for _, c in counts}, key=sort_key)
        total = sum(counts.values())
        row_totals = {r: sum(counts[(r, c)] for c in col_values) for r in row_values}
        col_totals = {c: sum(counts[(r, c)] for r in row_values) for c in col_values}

        def cell(r: Any, c: Any) -> float:
            n = counts.get((r, c), 0)
            divisor = {"all": total, "index": row_totals[r], "columns": col_totals[c]}.get(normalize)
            return float(n) if divisor is None else n * 100 / divisor

        table = [[r, *(cell(r, c) for c in col_values)] for r in row_values]
        return pd.DataFrame(table, columns=[rows_key, *(_header(c) for c in col_values)])
