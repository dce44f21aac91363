"""Whole-table operations: aggregate, distinct_count, missing_values.

Decisions: ``aggregate`` has no "no rows" early exit (a count over no rows is 0, a sum 0, a mean null:
"how many accidents in the snow" must answer 0). ``distinct_count`` does not count missing values, and the
combination row counts distinct tuples among rows with no missing value in those columns.
``missing_values`` counts cells that pandas reads as missing (empty cells, NA, NaN...).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from mcpforge.catalogue._template import code, tool_name_for
from mcpforge.catalogue.base import Operation, ToolDocs, ToolPlan, require
from mcpforge.catalogue.operations._params import columns_param, metric_dicts, metrics_param
from mcpforge.catalogue.reference.core import metric_label, metric_value, records
from mcpforge.catalogue.reference.missing import is_missing
from mcpforge.models import Intent

if TYPE_CHECKING:
    import pandas as pd


class Aggregate(Operation):
    """Aggregations over the whole (filtered) table."""

    name: ClassVar[str] = "aggregate"
    summary: ClassVar[str] = (
        "Compute aggregations (count, sum, mean, median, min, max, std, nunique) over all rows."
    )
    keywords: ClassVar[tuple[str, ...]] = (
        "how many",
        "total",
        "overall",
        "average",
        "count",
        "sum",
        "number of",
    )

    def arguments(self, intent: Intent) -> dict[str, Any]:
        return {"metrics": metric_dicts(intent.metrics, default_count=True)}

    def plan(self, intent: Intent) -> ToolPlan:
        args = self.arguments(intent)
        names = [metric_label(m) for m in args["metrics"]]
        body = code("""
            _check_metrics(df, metrics)
            result = _table_metrics(df, metrics)
            title = ", ".join(_metric_name(m) for m in metrics)
        """)
        return ToolPlan(
            params=[metrics_param(args["metrics"])],
            needed="[str(m['column']) for m in metrics if m.get('column')]",
            body=body,
            empty_columns=None,
            docs=ToolDocs(
                description=f"Compute {', '.join(names)} over all matching rows.",
                when_to_use="You need one number (or a few) over the whole table or over the rows matching "
                "some filters: how many rows, a total, an average.",
                what_it_does="Loads the CSV, applies derived columns and filters, checks metric columns, and "
                "computes each aggregation over the remaining rows (a count of no rows is 0).",
                returns="A one-row markdown table with one column per metric (<func>_<column>, or count), "
                "notes, and a JSON footer with the same table.",
            ),
            default_name=tool_name_for("count_rows" if names == ["count"] else "_and_".join(names[:2])),
            inline=("metrics",),
        )

    def reference_empty_columns(self, arguments: dict[str, Any], df: pd.DataFrame) -> list[str] | None:
        return None

    def compute_reference(self, df: pd.DataFrame, arguments: dict[str, Any]) -> pd.DataFrame:
        import pandas as pd

        row = {}
        for metric in arguments["metrics"]:
            column = metric.get("column")
            values = df[column].tolist() if column else [None] * len(df)
            row[metric_label(metric)] = metric_value(values, metric["func"], has_column=bool(column))
        return pd.DataFrame([row])


class DistinctCount(Operation):
    """Number of distinct values per column (and of their combination)."""

    name: ClassVar[str] = "distinct_count"
    summary: ClassVar[str] = (
        "Count the distinct values of each column, and of their combination when several."
    )
    keywords: ClassVar[tuple[str, ...]] = (
        "distinct",
        "unique",
        "different",
        "how many different",
        "cardinality",
    )

    def arguments(self, intent: Intent) -> dict[str, Any]:
        return {"columns": list(intent.columns or intent.group_by)}

    def plan(self, intent: Intent) -> ToolPlan:
        args = self.arguments(intent)
        require(bool(args["columns"]), "distinct_count needs at least one column", "columns")
        body = code("""
            if not columns:
                raise InvalidArgumentError("columns needs at least one column", argument="columns")
            counts = [int(df[column].nunique(dropna=True)) for column in columns]
            labels = list(columns)
            if len(columns) > 1:
                labels.append(" + ".join(columns))
                counts.append(len(df[columns].dropna().drop_duplicates()))
            result = pd.DataFrame({"column": labels, "distinct_values": counts})
            title = f"Distinct values of {', '.join(columns)}"
        """)
        return ToolPlan(
            params=[columns_param("columns", args["columns"], "Columns whose distinct values are counted")],
            needed="[*columns]",
            body=body,
            empty_columns=None,
            docs=ToolDocs(
                description=f"Count the distinct values of {', '.join(args['columns'])}.",
                when_to_use="You need how many different values a column holds (unique customers, distinct "
                "locations), or how many distinct combinations several columns form.",
                what_it_does="Loads the CSV, applies derived columns and filters, counts distinct "
                "non-missing "
                "values per column and, for two or more columns, distinct combinations among rows with no "
                "missing value in them.",
                returns="A markdown table column | distinct_values, notes, and a JSON footer with the table.",
                assumptions=["Missing values are not counted as a value."],
            ),
            default_name=tool_name_for("distinct_counts_of", "_and_".join(args["columns"][:3])),
        )

    def reference_empty_columns(self, arguments: dict[str, Any], df: pd.DataFrame) -> list[str] | None:
        return None

    def compute_reference(self, df: pd.DataFrame, arguments: dict[str, Any]) -> pd.DataFrame:
        import pandas as pd

        columns = list(arguments["columns"])
        table = records(df)
        rows: list[list[Any]] = [
            [column, len({row[column] for row in table if not is_missing(row[column])})] for column in columns
        ]
        if len(columns) > 1:
            combos = {
                tuple(row[c] for c in columns)
                for row in table
                if not any(is_missing(row[c]) for c in columns)
            }
            rows.append([" + ".join(columns), len(combos)])
        return pd.DataFrame(rows, columns=["column", "distinct_values"])


class MissingValues(Operation):
    """Null count and percentage per column."""

    name: ClassVar[str] = "missing_values"
    summary: ClassVar[str] = "Report the number and percentage of missing values in each column."
    keywords: ClassVar[tuple[str, ...]] = (
        "missing",
        "null",
        "nan",
        "empty",
        "blank",
        "completeness",
        "data quality",
    )

    def arguments(self, intent: Intent) -> dict[str, Any]:
        return {"columns": list(intent.columns)}

    def plan(self, intent: Intent) -> ToolPlan:
        args = self.arguments(intent)
        body = code("""
            chosen = columns or [str(column) for column in df.columns]
            missing = df[chosen].isna().sum()
            counts = missing.to_numpy()
            result = pd.DataFrame({"column": chosen, "missing": counts, "percent": counts / len(df) * 100})
            title = "Missing values per column"
        """)
        return ToolPlan(
            params=[columns_param("columns", args["columns"], "Columns to check (empty: every column)")],
            needed="[*columns]",
            body=body,
            empty_columns="['column', 'missing', 'percent']",
            docs=ToolDocs(
                description="Report missing values per column.",
                when_to_use="You need to know how complete the data is: which columns have missing (null, "
                "empty) values and how many.",
                what_it_does="Loads the CSV, applies derived columns and filters, and counts missing cells "
                "in "
                "each chosen column (all columns when none are given), with their share of the rows.",
                returns="A markdown table column | missing | percent in file order, notes, and a JSON "
                "footer.",
            ),
            default_name=tool_name_for("missing_values_report", *args["columns"][:2]),
        )

    def reference_empty_columns(self, arguments: dict[str, Any], df: pd.DataFrame) -> list[str] | None:
        return ["column", "missing", "percent"]

    def compute_reference(self, df: pd.DataFrame, arguments: dict[str, Any]) -> pd.DataFrame:
        import pandas as pd

        columns = list(arguments["columns"]) or [str(c) for c in df.columns]
        table = records(df)
        rows = []
        for column in columns:
            missing = sum(1 for row in table if is_missing(row[column]))
            rows.append([column, missing, missing * 100 / len(table)])
        return pd.DataFrame(rows, columns=["column", "missing", "percent"])
