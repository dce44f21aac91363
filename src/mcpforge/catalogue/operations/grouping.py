"""Grouping operations: group_count, group_aggregate, value_distribution.

Decisions shared by the three: a missing key value forms its own group (shown as an empty cell / null),
groups are ordered by their count or first metric (descending unless ``sort_descending`` is false) with
ties broken by the keys ascending, and ``top_n`` keeps the first N groups after that ordering.
Percentages are of all rows left after the filters, not only of the groups shown.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import TYPE_CHECKING, Any, ClassVar

from mcpforge.catalogue._template import code, tool_name_for
from mcpforge.catalogue.base import Operation, ToolDocs, ToolPlan, require
from mcpforge.catalogue.operations._params import (
    bool_param,
    column_param,
    columns_param,
    metric_dicts,
    metrics_param,
    positive_top_n,
    top_n_param,
)
from mcpforge.catalogue.operations.group_having import (
    having_arguments,
    having_count_code,
    having_description,
    having_empty_columns,
    having_filter_code,
    having_params,
    having_reference,
)
from mcpforge.catalogue.operations.group_size import (
    group_size_arguments,
    group_size_code,
    group_size_description,
    group_size_params,
    group_size_reference,
    group_size_title,
)
from mcpforge.catalogue.reference.arrow import ARROW_ROWS, arrow_groups
from mcpforge.catalogue.reference.core import metric_label, metric_value, order_groups, records
from mcpforge.catalogue.reference.missing import is_missing
from mcpforge.models import Intent

if TYPE_CHECKING:
    import pandas as pd


def _key(value: Any) -> Any:
    return None if is_missing(value) else value


def _metric(members: list[dict[str, Any]], metric: dict[str, Any]) -> Any:
    column = metric.get("column")
    return metric_value(
        [row.get(column) if column else None for row in members], metric["func"], has_column=bool(column)
    )


class GroupCount(Operation):
    """Count rows per combination of key values."""

    name: ClassVar[str] = "group_count"
    summary: ClassVar[str] = "Group rows by one or more columns and count the rows in each group."
    keywords: ClassVar[tuple[str, ...]] = (
        "count",
        "by",
        "per",
        "group",
        "number of",
        "how many",
        "breakdown",
    )

    def arguments(self, intent: Intent) -> dict[str, Any]:
        return {
            "group_by_columns": list(intent.group_by),
            "top_n": positive_top_n(intent.top_n),
            "as_percentage": intent.as_percentage,
            "sort_descending": intent.sort_descending,
            **having_arguments(intent),
            **group_size_arguments(intent),
        }

    def plan(self, intent: Intent) -> ToolPlan:
        require(bool(intent.group_by), "group_count needs at least one group_by column", "group_by")
        args = self.arguments(intent)
        body = (
            group_size_code(args, "group_by_columns")
            + code("""
            sizes = df.groupby(group_by_columns, dropna=False, observed=True, sort=False).size()
            result = sizes.reset_index(name="count")
            order = [not sort_descending] + [True] * len(group_by_columns)
            keys = ["count", *group_by_columns]
            result = result.sort_values(keys, ascending=order, na_position="last", kind="stable")
            total = int(result["count"].sum())
        """)
            + having_filter_code(args, '"count"')
            + code("""
            if top_n is not None and top_n > 0:
                result = result.head(top_n)
            if as_percentage:
                result = result.assign(percent=result["count"] / total * 100)
            result = result.reset_index(drop=True)
            title = f"Row count by {', '.join(group_by_columns)}"
        """)
            + group_size_title(args)
            + having_count_code(args, "group_by_columns")
        )
        keys = " and ".join(intent.group_by)
        return ToolPlan(
            params=[
                columns_param("group_by_columns", args["group_by_columns"], "Columns to group by"),
                top_n_param(args["top_n"], "Keep only the N largest groups (null: all groups)"),
                bool_param(
                    "as_percentage", args["as_percentage"], "Add a percent column (share of all rows)"
                ),
                bool_param("sort_descending", args["sort_descending"], "Largest groups first"),
                *having_params(args),
                *group_size_params(args),
            ],
            needed="[*group_by_columns]",
            body=body,
            empty_columns=having_empty_columns(
                args, "[*group_by_columns, 'count', *(['percent'] if as_percentage else [])]"
            ),
            docs=ToolDocs(
                description=f"Count rows per {keys}."
                + having_description(args, "row count")
                + group_size_description(args),
                when_to_use="You need how many rows fall into each combination of values of one or more "
                "columns (a frequency breakdown), optionally as shares and only the largest groups.",
                what_it_does="Loads the CSV, applies derived columns and filters, groups by the key columns "
                "(missing values form their own group), counts rows, sorts by count (ties by key), keeps "
                "the top N groups and adds percentages when asked.",
                returns="A markdown table with the key columns, count (and percent), notes, and a JSON "
                "footer "
                "whose result holds the same table.",
                limitations=["A key column named 'count' or 'percent' clashes with the result columns."],
            ),
            default_name=tool_name_for("count_by", "_and_".join(intent.group_by), *_having_name(args)),
        )

    def reference_empty_columns(self, arguments: dict[str, Any], df: pd.DataFrame) -> list[str] | None:
        if arguments.get("count_groups") and arguments.get("having_op"):
            return None
        return [
            *arguments["group_by_columns"],
            "count",
            *(["percent"] if arguments.get("as_percentage") else []),
        ]

    def compute_reference(self, df: pd.DataFrame, arguments: dict[str, Any]) -> pd.DataFrame:
        import pandas as pd

        keys = list(arguments["group_by_columns"])
        df = group_size_reference(df, keys, arguments)
        rows = arrow_groups(df, keys, []) if len(df) >= ARROW_ROWS else None
        if rows is None:
            counts = Counter(tuple(_key(row[k]) for k in keys) for row in records(df))
            rows = [[*group, count] for group, count in counts.items()]
        total = sum(row[-1] for row in rows)  # of every group, before top_n
        rows, counted = having_reference(rows, [*keys, "count"], len(keys), arguments)
        if counted is not None:
            return counted
        rows = order_groups(
            rows, len(keys), len(keys), descending=bool(arguments.get("sort_descending", True))
        )
        if arguments.get("top_n"):
            rows = rows[: arguments["top_n"]]
        columns = [*keys, "count"]
        if arguments.get("as_percentage"):
            rows = [[*row, row[-1] * 100 / total] for row in rows]
            columns.append("percent")
        return pd.DataFrame(rows, columns=columns)


class GroupAggregate(Operation):
    """Aggregate metric columns per group."""

    name: ClassVar[str] = "group_aggregate"
    summary: ClassVar[str] = (
        "Group rows by one or more columns and compute aggregations (sum, mean, median, min, max, std, "
        "count, nunique) of metric columns per group."
    )
    keywords: ClassVar[tuple[str, ...]] = (
        "average", "mean", "total", "sum", "median", "by", "per", "each", "maximum", "minimum", "top",
    )  # fmt: skip

    def arguments(self, intent: Intent) -> dict[str, Any]:
        return {
            "group_by_columns": list(intent.group_by),
            "metrics": metric_dicts(intent.metrics),
            "top_n": positive_top_n(intent.top_n),
            "sort_descending": intent.sort_descending,
            "percent_of_total": intent.as_percentage,
            **having_arguments(intent),
            **group_size_arguments(intent),
        }

    def plan(self, intent: Intent) -> ToolPlan:
        require(bool(intent.group_by), "group_aggregate needs at least one group_by column", "group_by")
        require(bool(intent.metrics), "group_aggregate needs at least one metric", "metrics")
        args = self.arguments(intent)
        body = (
            group_size_code(args, "group_by_columns")
            + code("""
            _check_metrics(df, metrics)
            result = _grouped_metrics(df, group_by_columns, metrics)
            first = _metric_name(metrics[0])
            order = [not sort_descending] + [True] * len(group_by_columns)
            keys = [first, *group_by_columns]
            if percent_of_total:
                total = float(result[first].sum())
                result["percent_of_total"] = result[first] / total * 100 if total else float("nan")
            result = result.sort_values(keys, ascending=order, na_position="last", kind="stable")
        """)
            + having_filter_code(args, "first")
            + code("""
            if top_n is not None and top_n > 0:
                result = result.head(top_n)
            result = result.reset_index(drop=True)
            title = f"{', '.join(_metric_name(m) for m in metrics)} by {', '.join(group_by_columns)}"
        """)
            + group_size_title(args)
            + having_count_code(args, "group_by_columns")
        )
        labels = [f"{m.func} of {m.column or 'rows'}" for m in intent.metrics]
        names = [m.func if not m.column else f"{m.func}_{m.column}" for m in intent.metrics]
        return ToolPlan(
            params=[
                columns_param("group_by_columns", args["group_by_columns"], "Columns to group by"),
                metrics_param(args["metrics"]),
                top_n_param(args["top_n"], "Keep only the top N groups by the first metric (null: all)"),
                bool_param("sort_descending", args["sort_descending"], "Largest first-metric values first"),
                bool_param(
                    "percent_of_total",
                    args["percent_of_total"],
                    "Add each group's share of the first metric's total, in percent",
                ),
                *having_params(args),
                *group_size_params(args),
            ],
            needed="[*group_by_columns, *(str(m['column']) for m in metrics if m.get('column'))]",
            body=body,
            empty_columns=having_empty_columns(
                args,
                "[*group_by_columns, *(_metric_name(m) for m in metrics), "
                "*(['percent_of_total'] if percent_of_total else [])]",
            ),
            docs=ToolDocs(
                description=f"Compute {', '.join(labels)} per {' and '.join(intent.group_by)}"
                + (" with each group's percent of the total." if args["percent_of_total"] else ".")
                + having_description(args, labels[0])
                + group_size_description(args),
                when_to_use="You need totals, averages or other aggregations of numeric columns for each "
                "group of one or more key columns, or the top N groups by such a value.",
                what_it_does="Loads the CSV, applies derived columns and filters, checks the metric columns "
                "are numeric where the aggregation needs numbers, groups by the keys (missing values form "
                "their own group), aggregates each metric, sorts by the first metric (ties by key) and keeps "
                "the top N groups.",
                returns="A markdown table with the key columns and one column per metric named "
                "<func>_<column> (count for a row count), notes, and a JSON footer with the same table.",
                assumptions=["Missing metric values are skipped (a sum of no values is 0)."],
            ),
            default_name=tool_name_for(
                "_".join(names[:2]), "by", "_and_".join(intent.group_by), *_having_name(args)
            ),
            inline=("metrics",),
        )

    def reference_empty_columns(self, arguments: dict[str, Any], df: pd.DataFrame) -> list[str] | None:
        if arguments.get("count_groups") and arguments.get("having_op"):
            return None
        extra = ["percent_of_total"] if arguments.get("percent_of_total") else []
        return [*arguments["group_by_columns"], *(metric_label(m) for m in arguments["metrics"]), *extra]

    def compute_reference(self, df: pd.DataFrame, arguments: dict[str, Any]) -> pd.DataFrame:
        import pandas as pd

        keys, metrics = list(arguments["group_by_columns"]), list(arguments["metrics"])
        df = group_size_reference(df, keys, arguments)
        rows = arrow_groups(df, keys, metrics) if len(df) >= ARROW_ROWS and metrics else None
        if rows is None:
            groups: dict[tuple[Any, ...], list[dict[str, Any]]] = defaultdict(list)
            for row in records(df):
                groups[tuple(_key(row[k]) for k in keys)].append(row)
            rows = [[*group, *(_metric(members, m) for m in metrics)] for group, members in groups.items()]
        share = bool(arguments.get("percent_of_total"))
        if share:
            total = sum(float(row[len(keys)]) for row in rows if row[len(keys)] is not None)
            rows = [[*row, float(row[len(keys)]) / total * 100 if total else float("nan")] for row in rows]
        extra = ["percent_of_total"] if share else []
        columns = [*keys, *(metric_label(m) for m in metrics), *extra]
        rows, counted = having_reference(rows, columns, len(keys), arguments)
        if counted is not None:
            return counted
        rows = order_groups(
            rows, len(keys), len(keys), descending=bool(arguments.get("sort_descending", True))
        )
        if arguments.get("top_n"):
            rows = rows[: arguments["top_n"]]
        return pd.DataFrame(rows, columns=columns)


def _having_name(args: dict[str, Any]) -> tuple[str, ...]:
    """Name parts of a tool with a group condition (never the plain tool's name)."""
    having = ("groups_passing",) if "having_op" in args else ()
    return (*having, *(("sized_groups",) if "group_size_op" in args else ()))


class ValueDistribution(Operation):
    """Counts and percentages of each value of one column."""

    name: ClassVar[str] = "value_distribution"
    summary: ClassVar[str] = "Count each distinct value of one column, with its percentage of all rows."
    keywords: ClassVar[tuple[str, ...]] = (
        "distribution",
        "frequency",
        "values",
        "share",
        "proportion",
        "breakdown",
    )

    def arguments(self, intent: Intent) -> dict[str, Any]:
        column = intent.columns[0] if intent.columns else (intent.group_by[0] if intent.group_by else "")
        return {"column": column, "top_n": positive_top_n(intent.top_n)}

    def plan(self, intent: Intent) -> ToolPlan:
        args = self.arguments(intent)
        require(bool(args["column"]), "value_distribution needs a column", "columns")
        body = code("""
            counts = df[column].value_counts(dropna=False, sort=False)
            result = counts.rename_axis(column).reset_index(name="count")
            order = [False, True]
            result = result.sort_values(["count", column], ascending=order, na_position="last", kind="stable")
            result = result.assign(percent=result["count"] / len(df) * 100)
            if top_n is not None and top_n > 0:
                result = result.head(top_n)
            result = result.reset_index(drop=True)
            title = f"Distribution of {column}"
        """)
        return ToolPlan(
            params=[
                column_param("column", args["column"], "Column whose values are counted"),
                top_n_param(args["top_n"], "Keep only the N most frequent values (null: all)"),
            ],
            needed="[column]",
            body=body,
            empty_columns="[column, 'count', 'percent']",
            docs=ToolDocs(
                description=f"Count each value of {args['column']} with its percentage.",
                when_to_use="You need the frequency distribution of one column: how often each value occurs "
                "and its share of the rows.",
                what_it_does="Loads the CSV, applies derived columns and filters, counts each value (missing "
                "values counted as one value), sorts by count (ties by value) and adds the percentage of "
                "all rows.",
                returns="A markdown table value | count | percent, notes, and a JSON footer with the table.",
            ),
            default_name=tool_name_for("value_distribution_of", args["column"]),
        )

    def reference_empty_columns(self, arguments: dict[str, Any], df: pd.DataFrame) -> list[str] | None:
        return [arguments["column"], "count", "percent"]

    def compute_reference(self, df: pd.DataFrame, arguments: dict[str, Any]) -> pd.DataFrame:
        import pandas as pd

        column = arguments["column"]
        counts = Counter(_key(value) for value in df[column].tolist())
        rows = order_groups([[value, count] for value, count in counts.items()], 1, 1, descending=True)
        rows = [[*row, row[1] * 100 / len(df)] for row in rows]
        if arguments.get("top_n"):
            rows = rows[: arguments["top_n"]]
        return pd.DataFrame(rows, columns=[column, "count", "percent"])
