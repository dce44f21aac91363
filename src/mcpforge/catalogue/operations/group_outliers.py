"""group_outliers: outliers of a numeric column judged within each group.

"For each class, the z-score outliers of the price."

Decisions: the bounds are computed per group (z-score: group mean -/+ t * group sample std; IQR: group
Q1 - t*IQR, Q3 + t*IQR, linear quantiles); a group with fewer than two values has no outliers; rows
missing the group or the value are skipped. The table lists each outlier with its group, its 1-based
row number in the file and its z-score within the group; the footer adds the count per group.
"""

from __future__ import annotations

import statistics
from typing import TYPE_CHECKING, Any, ClassVar

from mcpforge.catalogue._template import code, tool_name_for
from mcpforge.catalogue.base import Operation, ToolDocs, ToolPlan, require
from mcpforge.catalogue.operations._params import choice_param, column_param, number_param
from mcpforge.catalogue.reference.core import quantile, sort_key
from mcpforge.catalogue.reference.missing import is_missing
from mcpforge.models import Intent

if TYPE_CHECKING:
    import pandas as pd


class GroupOutliers(Operation):
    """Outliers of a numeric column within each group of a key column."""

    name: ClassVar[str] = "group_outliers"
    summary: ClassVar[str] = (
        "Outliers of a numeric column judged within each group (z-score or IQR per group)."
    )
    keywords: ClassVar[tuple[str, ...]] = ("outliers per group", "outliers for each")

    def arguments(self, intent: Intent) -> dict[str, Any]:
        method = "iqr" if str(intent.options.get("method", "zscore")).lower() == "iqr" else "zscore"
        default = 1.5 if method == "iqr" else 3.0
        return {
            "column": intent.columns[0] if intent.columns else "",
            "group_column": intent.group_by[0] if intent.group_by else "",
            "method": method,
            "threshold": float(intent.options.get("threshold", default)),
        }

    def plan(self, intent: Intent) -> ToolPlan:
        require(
            bool(intent.columns) and bool(intent.group_by),
            "group_outliers needs a column and a group",
            "columns",
        )
        args = self.arguments(intent)
        body = code("""
            _require_numeric(df, [column])
            used = df[[group_column, column]].dropna()
            values = used[column].astype("float64")
            groups = values.groupby(used[group_column])
            if method == "zscore":
                centre, spread = groups.transform("mean"), groups.transform("std")
                lower, upper = centre - threshold * spread, centre + threshold * spread
            elif method == "iqr":
                q1 = groups.transform(lambda v: v.quantile(0.25))
                q3 = groups.transform(lambda v: v.quantile(0.75))
                lower, upper = q1 - threshold * (q3 - q1), q3 + threshold * (q3 - q1)
            else:
                message = f"method must be 'iqr' or 'zscore', got {method!r}"
                raise InvalidArgumentError(message, argument="method")
            outside = ((values < lower) | (values > upper)).fillna(False)
            zscore = (values - groups.transform("mean")) / groups.transform("std")
            found = used[outside]
            result = pd.DataFrame({
                group_column: found[group_column].to_numpy(), "row_number": found.index.to_numpy() + 1,
                column: values[outside].to_numpy(), "zscore": zscore[outside].to_numpy(),
            }).sort_values([group_column, "row_number"], kind="stable").reset_index(drop=True)
            counts = {str(key): int(count) for key, count in result.groupby(group_column).size().items()}
            rule = f"{method}, threshold {threshold:g}"
            title = f"Outliers of {column} within each {group_column} ({rule}): {len(result):,}"
            extra = {"outlier_count": len(result), "outliers_per_group": counts, "method": method}
        """)
        return ToolPlan(
            params=[
                column_param("column", args["column"], "Numeric column to check"),
                column_param("group_column", args["group_column"], "Column whose groups are judged apart"),
                choice_param("method", ("zscore", "iqr"), args["method"], "Outlier rule"),
                number_param(
                    "threshold", args["threshold"], "z-score limit (3 usual) or IQR multiplier (1.5 usual)"
                ),
            ],
            needed="[column, group_column]",
            body=body,
            empty_columns="[group_column, 'row_number', column, 'zscore']",
            docs=ToolDocs(
                description=f"Outliers of {args['column']} within each {args['group_column']} "
                f"({args['method']}).",
                when_to_use="You need the unusual values of a numeric column judged against their own group, "
                "not the whole file (a first-class fare is not unusual among first-class fares).",
                what_it_does="Loads the CSV, applies derived columns, preparation and filters, computes each "
                "group's bounds and lists the rows outside them with their z-score in the group.",
                returns="A markdown table group | row_number | value | zscore, notes, and a JSON footer with "
                "the table, outlier_count and outliers_per_group.",
                assumptions=["row_number is the 1-based position of the row in the file (header excluded)."],
            ),
            default_name=tool_name_for("outliers_of", args["column"], "per", args["group_column"]),
            uses_extra=True,
        )

    def reference_empty_columns(self, arguments: dict[str, Any], df: pd.DataFrame) -> list[str] | None:
        return [arguments["group_column"], "row_number", arguments["column"], "zscore"]

    def compute_reference(self, df: pd.DataFrame, arguments: dict[str, Any]) -> pd.DataFrame:
        import pandas as pd

        column, group, t = arguments["column"], arguments["group_column"], float(arguments["threshold"])
        members: dict[Any, list[tuple[int, float]]] = {}
        for position, key, value in zip(df.index, df[group].tolist(), df[column].tolist(), strict=True):
            if not is_missing(key) and not is_missing(value):
                members.setdefault(key, []).append((int(position), float(value)))
        rows = []
        for key in sorted(members, key=sort_key):
            xs = [v for _, v in members[key]]
            if len(xs) < 2:
                continue
            mean, std = statistics.fmean(xs), statistics.stdev(xs)
            if arguments["method"] == "iqr":
                ordered = sorted(xs)
                q1, q3 = quantile(ordered, 0.25) or 0.0, quantile(ordered, 0.75) or 0.0
                lower, upper = q1 - t * (q3 - q1), q3 + t * (q3 - q1)
            else:
                lower, upper = mean - t * std, mean + t * std
            rows += [
                [key, position + 1, value, (value - mean) / std if std else None]
                for position, value in members[key]
                if not lower <= value <= upper
            ]
        return pd.DataFrame(rows, columns=[group, "row_number", column, "zscore"])
