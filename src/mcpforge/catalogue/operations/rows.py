"""Row-level operations: filter_rows, top_n_rows, outliers.

Decisions: rows keep their file order unless sorted; ``filter_rows`` shows at most ``max_rows`` rows
(default: the request's top N, else 100) but always reports how many matched; ``top_n_rows`` skips rows
whose sort value is missing and keeps file order among ties; ``outliers`` reports each outlier's
1-based row number in the file. IQR bounds use linear-interpolation quartiles; the z-score uses the
sample standard deviation, so a column with fewer than two values has no outliers.
"""

from __future__ import annotations

import statistics
from typing import TYPE_CHECKING, Any, ClassVar

from mcpforge.catalogue._template import code, tool_name_for
from mcpforge.catalogue.base import Operation, Param, ToolDocs, ToolPlan, require
from mcpforge.catalogue.operations._params import (
    bool_param,
    choice_param,
    column_param,
    columns_param,
    number_param,
)
from mcpforge.catalogue.reference.core import numbers, quantile, records
from mcpforge.catalogue.reference.missing import is_missing
from mcpforge.models import Intent

if TYPE_CHECKING:
    import pandas as pd

DEFAULT_MAX_ROWS = 100


def _max_rows_param(default: int, description: str) -> Param:
    return Param(
        name="max_rows", annotation="int", schema={"type": "integer", "minimum": 1}, description=description,
        default=default,
    )  # fmt: skip


class FilterRows(Operation):
    """List the rows matching filters."""

    name: ClassVar[str] = "filter_rows"
    summary: ClassVar[str] = "List the rows that match the filters, with how many matched."
    keywords: ClassVar[tuple[str, ...]] = (
        "show",
        "list",
        "rows",
        "where",
        "which",
        "records",
        "find",
        "filter",
    )

    def arguments(self, intent: Intent) -> dict[str, Any]:
        return {"columns": list(intent.columns), "max_rows": intent.top_n or DEFAULT_MAX_ROWS}

    def plan(self, intent: Intent) -> ToolPlan:
        require(bool(intent.filters), "filter_rows needs at least one filter", "filters")
        args = self.arguments(intent)
        body = code("""
            shown = columns or [str(column) for column in df.columns]
            result = df[shown].head(max_rows).reset_index(drop=True)
            title = f"Rows matching the filters ({len(df):,})"
            extra = {"matched_count": len(df), "shown_count": len(result)}
        """)
        return ToolPlan(
            params=[
                columns_param("columns", args["columns"], "Columns to show (empty: all columns)"),
                _max_rows_param(args["max_rows"], "Most rows to show; the match count is always reported"),
            ],
            needed="[*columns]",
            body=body,
            empty_columns="columns or [str(column) for column in df.columns]",
            docs=ToolDocs(
                description="List the rows matching the filters.",
                when_to_use="You need to see the records that satisfy some conditions, and how many there "
                "are.",
                what_it_does="Loads the CSV, applies derived columns and filters, and returns the first "
                "max_rows matching rows in file order with the chosen columns.",
                returns="A markdown table of matching rows, notes, and a JSON footer with the same rows plus "
                "matched_count.",
            ),
            default_name=tool_name_for(
                "filter_rows_by", "_and_".join(dict.fromkeys(f.column for f in intent.filters))
            ),
            uses_extra=True,
        )

    def reference_empty_columns(self, arguments: dict[str, Any], df: pd.DataFrame) -> list[str] | None:
        return list(arguments["columns"]) or [str(c) for c in df.columns]

    def compute_reference(self, df: pd.DataFrame, arguments: dict[str, Any]) -> pd.DataFrame:
        import pandas as pd

        columns = list(arguments["columns"]) or [str(c) for c in df.columns]
        shown = records(df)[: arguments["max_rows"]]
        return pd.DataFrame([[row[c] for c in columns] for row in shown], columns=columns)


class TopNRows(Operation):
    """The N rows with the largest (or smallest) value of a column."""

    name: ClassVar[str] = "top_n_rows"
    summary: ClassVar[str] = "Show the N rows with the highest (or lowest) values of one column."
    keywords: ClassVar[tuple[str, ...]] = (
        "top",
        "highest",
        "largest",
        "lowest",
        "smallest",
        "most",
        "least",
        "rank",
    )

    def arguments(self, intent: Intent) -> dict[str, Any]:
        return {
            "sort_column": intent.columns[0] if intent.columns else "",
            "top_n": intent.top_n if intent.top_n and intent.top_n > 0 else 10,
            "sort_descending": intent.sort_descending,
            "columns": list(intent.columns[1:]),
        }

    def plan(self, intent: Intent) -> ToolPlan:
        require(bool(intent.columns), "top_n_rows needs the sort column as columns[0]", "columns")
        args = self.arguments(intent)
        body = code("""
            present = df[df[sort_column].notna()]
            ranked = present.sort_values(sort_column, ascending=not sort_descending, kind="stable")
            others = [c for c in columns if c != sort_column]
            shown = [sort_column, *others] if columns else [str(c) for c in df.columns]
            result = ranked[shown].head(top_n).reset_index(drop=True)
            direction = "highest" if sort_descending else "lowest"
            title = f"Top {top_n} rows by {direction} {sort_column}"
        """)
        return ToolPlan(
            params=[
                column_param("sort_column", args["sort_column"], "Column to rank the rows by"),
                Param(
                    name="top_n",
                    annotation="int",
                    schema={"type": "integer", "minimum": 1},
                    description="Number of rows to return",
                    default=args["top_n"],
                ),
                bool_param(
                    "sort_descending", args["sort_descending"], "Highest values first (false: lowest)"
                ),
                columns_param("columns", args["columns"], "Other columns to show (empty: all columns)"),
            ],
            needed="[sort_column, *columns]",
            body=body,
            empty_columns="[sort_column, *(c for c in columns if c != sort_column)] if columns else [str(c) "
            "for c in df.columns]",
            docs=ToolDocs(
                description=f"Show the {args['top_n']} rows with the "
                f"{'highest' if args['sort_descending'] else 'lowest'} {args['sort_column']}.",
                when_to_use="You need the individual records with the largest or smallest values of a column "
                "(the 10 most expensive orders, the slowest responses).",
                what_it_does="Loads the CSV, applies derived columns and filters, drops rows whose sort "
                "value "
                "is missing, sorts (stable: ties keep file order) and keeps the first N rows.",
                returns="A markdown table of the N rows, notes, and a JSON footer with the same rows.",
            ),
            default_name=tool_name_for(
                "top" if args["sort_descending"] else "bottom", "rows_by", args["sort_column"]
            ),
        )

    def reference_empty_columns(self, arguments: dict[str, Any], df: pd.DataFrame) -> list[str] | None:
        return self._shown(arguments, df)

    @staticmethod
    def _shown(arguments: dict[str, Any], df: pd.DataFrame) -> list[str]:
        sort_column, columns = arguments["sort_column"], list(arguments["columns"])
        if not columns:
            return [str(c) for c in df.columns]
        return [sort_column, *[c for c in columns if c != sort_column]]

    def compute_reference(self, df: pd.DataFrame, arguments: dict[str, Any]) -> pd.DataFrame:
        import pandas as pd

        column, shown = arguments["sort_column"], self._shown(arguments, df)
        present = [row for row in records(df) if not is_missing(row[column])]
        ranked = sorted(present, key=lambda row: row[column], reverse=bool(arguments["sort_descending"]))
        return pd.DataFrame([[row[c] for c in shown] for row in ranked[: arguments["top_n"]]], columns=shown)


class Outliers(Operation):
    """Rows whose value lies outside IQR fences or beyond a z-score."""

    name: ClassVar[str] = "outliers"
    summary: ClassVar[str] = "Find outlier values of a numeric column with the IQR rule or z-scores."
    keywords: ClassVar[tuple[str, ...]] = (
        "outlier",
        "outliers",
        "anomaly",
        "anomalies",
        "unusual",
        "extreme",
        "iqr",
    )

    def arguments(self, intent: Intent) -> dict[str, Any]:
        method = str(intent.options.get("method", "iqr")).lower().replace("-", "").replace("_", "")
        method = "zscore" if method in ("zscore", "z", "std", "sigma") else "iqr"
        default = 3.0 if method == "zscore" else 1.5
        return {
            "column": intent.columns[0] if intent.columns else "",
            "method": method,
            "threshold": float(intent.options.get("threshold", default)),
            "max_rows": intent.top_n or DEFAULT_MAX_ROWS,
            "count_only": bool(intent.options.get("count", False)),
        }

    def plan(self, intent: Intent) -> ToolPlan:
        require(bool(intent.columns), "outliers needs a numeric column as columns[0]", "columns")
        args = self.arguments(intent)
        body = code("""
            _require_numeric(df, [column])
            values = df[column].astype("float64")
            if method == "iqr":
                q1, q3 = float(values.quantile(0.25)), float(values.quantile(0.75))
                lower, upper = q1 - threshold * (q3 - q1), q3 + threshold * (q3 - q1)
            elif method == "zscore":
                mean, std = float(values.mean()), float(values.std())
                lower, upper = mean - threshold * std, mean + threshold * std
            else:
                message = f"method must be 'iqr' or 'zscore', got {method!r}"
                raise InvalidArgumentError(message, argument="method")
            found = values[(values < lower) | (values > upper)]
            if count_only:
                result = pd.DataFrame({
                    "column": [column], "outlier_count": [len(found)], "lower_bound": [lower],
                    "upper_bound": [upper],
                })
            else:
                rows = pd.DataFrame({"row_number": found.index.to_numpy() + 1, column: found.to_numpy()})
                result = rows.head(max_rows)
            title = f"Outliers in {column} ({method}, threshold {threshold:g}): {len(found):,}"
            extra = {
                "outlier_count": len(found), "lower_bound": lower, "upper_bound": upper, "method": method,
            }
        """)
        return ToolPlan(
            params=[
                column_param("column", args["column"], "Numeric column to check"),
                choice_param("method", ("iqr", "zscore"), args["method"], "Outlier rule"),
                number_param(
                    "threshold", args["threshold"], "IQR multiplier (1.5 usual) or z-score limit (3 usual)"
                ),
                _max_rows_param(args["max_rows"], "Most outlier rows to list; the count is always reported"),
                bool_param(
                    "count_only", args["count_only"], "Answer with the number of outliers and the bounds only"
                ),
            ],
            needed="[column]",
            body=body,
            empty_columns=None if args["count_only"] else "['row_number', column]",
            docs=ToolDocs(
                description=f"Find outliers in {args['column']} ({args['method']}).",
                when_to_use="You need the unusual values of a numeric column: rows far outside the typical "
                "range, by the IQR rule (Tukey fences) or by z-score.",
                what_it_does="Loads the CSV, applies derived columns and filters, computes the bounds "
                "(Q1 - t*IQR, Q3 + t*IQR, or mean -/+ t*std) and lists the rows outside them.",
                returns="A markdown table row_number | value, notes, and a JSON footer with the table, "
                "outlier_count, lower_bound and upper_bound.",
                assumptions=["row_number is the 1-based position of the row in the file (header excluded)."],
            ),
            default_name=tool_name_for("outliers_in", args["column"]),
            uses_extra=True,
        )

    def reference_empty_columns(self, arguments: dict[str, Any], df: pd.DataFrame) -> list[str] | None:
        return None if arguments.get("count_only") else ["row_number", arguments["column"]]

    def compute_reference(self, df: pd.DataFrame, arguments: dict[str, Any]) -> pd.DataFrame:
        import pandas as pd

        column, threshold = arguments["column"], float(arguments["threshold"])
        values = numbers(df[column].tolist())
        count_only = bool(arguments.get("count_only"))
        nan = float("nan")
        if arguments["method"] == "iqr":
            ordered = sorted(values)
            q1, q3 = quantile(ordered, 0.25), quantile(ordered, 0.75)
            if q1 is None or q3 is None:
                return (
                    _outlier_count(column, 0, nan, nan)
                    if count_only
                    else pd.DataFrame({"row_number": [], column: []})
                )
            lower, upper = q1 - threshold * (q3 - q1), q3 + threshold * (q3 - q1)
        else:
            if len(values) < 2:
                return (
                    _outlier_count(column, 0, nan, nan)
                    if count_only
                    else pd.DataFrame({"row_number": [], column: []})
                )
            mean, std = statistics.fmean(values), statistics.stdev(values)
            lower, upper = mean - threshold * std, mean + threshold * std
        rows = [
            [int(position) + 1, float(value)]
            for position, value in zip(df.index, df[column].tolist(), strict=True)
            if not is_missing(value) and not lower <= float(value) <= upper
        ]
        if count_only:
            return _outlier_count(column, len(rows), lower, upper)
        return pd.DataFrame(rows[: arguments["max_rows"]], columns=["row_number", column])


def _outlier_count(column: str, count: int, lower: float, upper: float) -> pd.DataFrame:
    import pandas as pd

    return pd.DataFrame(
        {"column": [column], "outlier_count": [count], "lower_bound": [lower], "upper_bound": [upper]}
    )
