"""A ratio of two aggregates per group: "revenue per customer", "cost per day of stay", "return rate".

``group_ratio`` divides one aggregate (the numerator) by another (the denominator) within each group
(or over all rows without keys): the sum of ``amount`` over the distinct ``customer_id`` values, the sum
of ``total_cost`` over the sum of ``length_of_stay``, or — with ``numerator_filters`` — the rows matching
a condition over all rows (a rate or share: "readmission rate", "share of completed orders").

Decisions: a ratio is a ratio of aggregates, never the mean of row-level ratios; only ``count``, ``sum``
and ``nunique`` are divided (additive amounts and counts). A denominator of 0 gives a null ratio. A key
value with no matching numerator rows gets 0 in the numerator. Groups are ordered by the ratio
(descending unless ``sort_descending`` is false; nulls last; ties by the keys ascending) and ``top_n``
keeps the first N, so "which department has the highest readmission rate" is the first row of top 1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, cast

from mcpforge.catalogue._template import _FILTER_SCHEMA, code, tool_name_for
from mcpforge.catalogue.base import Operation, Param, ToolDocs, ToolPlan, require
from mcpforge.catalogue.operations._params import (
    METRICS_SCHEMA,
    bool_param,
    columns_param,
    positive_top_n,
    top_n_param,
)
from mcpforge.catalogue.reference.core import (
    apply_filters_reference,
    metric_label,
    metric_value,
    order_groups,
    records,
)
from mcpforge.catalogue.reference.missing import is_missing
from mcpforge.models import Intent

if TYPE_CHECKING:
    import pandas as pd

RATIO_FUNCS = ("count", "sum", "nunique")


def _metric_param(name: str, default: dict[str, Any], description: str) -> Param:
    schema = cast("dict[str, Any]", METRICS_SCHEMA["items"])
    return Param(
        name=name, annotation="dict[str, Any]", schema=schema, description=description, default=default
    )


def _by(keys: list[str]) -> list[str]:
    return ["by", *keys] if keys else []


def ratio_labels(arguments: dict[str, Any]) -> tuple[str, str, str]:
    """The result columns: numerator, denominator and the ratio (``percent`` when asked in percent)."""
    numerator = metric_label(arguments["numerator"])
    if arguments.get("numerator_filters"):
        numerator = f"matching_{numerator}"
    return (
        numerator,
        metric_label(arguments["denominator"]),
        ("percent" if arguments.get("as_percentage") else "ratio"),
    )


class GroupRatio(Operation):
    """One aggregate divided by another, per group."""

    name: ClassVar[str] = "group_ratio"
    summary: ClassVar[str] = (
        "Divide one aggregate by another per group (sum per distinct id, sum over sum, matching rows over "
        "all rows), optionally in percent and ranked."
    )
    keywords: ClassVar[tuple[str, ...]] = ("per", "ratio", "rate", "share", "average per")

    def arguments(self, intent: Intent) -> dict[str, Any]:
        metrics = [{"column": m.column, "func": m.func} for m in intent.metrics]
        require(len(metrics) == 2, "group_ratio needs a numerator and a denominator metric", "metrics")
        return {
            "group_by_columns": list(intent.group_by),
            "numerator": metrics[0],
            "denominator": metrics[1],
            "numerator_filters": list(intent.options.get("numerator_filters") or []),
            "as_percentage": intent.as_percentage,
            "top_n": positive_top_n(intent.top_n),
            "sort_descending": intent.sort_descending,
        }

    def plan(self, intent: Intent) -> ToolPlan:
        args = self.arguments(intent)
        require(
            args["numerator"] != args["denominator"] or bool(args["numerator_filters"]),
            "a ratio of a metric to itself is always 1",
            "metrics",
        )
        for metric in (args["numerator"], args["denominator"]):
            require(metric["func"] in RATIO_FUNCS, f"a ratio divides {', '.join(RATIO_FUNCS)}", "metrics")
        body = code("""
            parts = [numerator, denominator]
            _check_metrics(df, parts)
            if any(str(m.get("func")) not in ("count", "sum", "nunique") for m in parts):
                raise InvalidArgumentError("a ratio divides count, sum or nunique", argument="numerator")
            inside = df.index.isin(_apply_filters(df, numerator_filters).index)
            top, bottom = (f"matching_{_metric_name(numerator)}" if numerator_filters else
                           _metric_name(numerator)), _metric_name(denominator)
            label = "percent" if as_percentage else "ratio"
            values = {}
            for name, metric, keep in (("_top", numerator, inside), ("_bottom", denominator, None)):
                column = metric.get("column")
                series = pd.Series(1.0, index=df.index) if not column else df[str(column)]
                values[name] = series if keep is None else series.where(keep)
            frame = pd.DataFrame(values)
            funcs = (str(numerator["func"]), str(denominator["func"]))
            if group_by_columns:
                grouped = frame.groupby([df[k] for k in group_by_columns], dropna=False, observed=True,
                                        sort=False)
                result = pd.DataFrame({top: grouped["_top"].agg(funcs[0]),
                                       bottom: grouped["_bottom"].agg(funcs[1])}).reset_index()
            else:
                result = pd.DataFrame([{top: frame["_top"].agg(funcs[0]), bottom: frame["_bottom"].agg(funcs[1])}])
            scale = 100.0 if as_percentage else 1.0
            below = result[bottom].astype(float)
            result[label] = result[top].astype(float) / below.where(below != 0) * scale
            order = [not sort_descending] + [True] * len(group_by_columns)
            result = result.sort_values([label, *group_by_columns], ascending=order, na_position="last",
                                        kind="stable")
            if top_n is not None and top_n > 0:
                result = result.head(top_n)
            result = result.reset_index(drop=True)
            title = f"{label} of {top} to {bottom}" + (f" by {', '.join(group_by_columns)}" if group_by_columns else "")
        """)  # noqa: E501 - template code, kept readable as one block
        top, bottom, label = ratio_labels(args)
        keys = " and ".join(intent.group_by)
        per = f" per {keys}" if keys else ""
        return ToolPlan(
            params=[
                columns_param("group_by_columns", args["group_by_columns"], "Keys (none: one row)"),
                _metric_param(
                    "numerator",
                    args["numerator"],
                    "The aggregate divided: {column, func}; func is count, sum or nunique",
                ),
                _metric_param(
                    "denominator",
                    args["denominator"],
                    "The aggregate divided by: {column, func}; func is count, sum or nunique",
                ),
                Param(
                    name="numerator_filters",
                    annotation="list[dict[str, Any]]",
                    schema=_FILTER_SCHEMA,
                    default=args["numerator_filters"],
                    description="Conditions only the numerator's rows must meet (a rate: matching rows "
                    "over all rows); same form as filters",
                ),
                bool_param("as_percentage", args["as_percentage"], "Give the ratio in percent (x 100)"),
                top_n_param(args["top_n"], "Keep only the top N groups by the ratio (null: all)"),
                bool_param("sort_descending", args["sort_descending"], "Largest ratios first"),
            ],
            needed="[*group_by_columns, *(str(m['column']) for m in (numerator, denominator) "
            "if m.get('column')), *(str(f.get('column')) for f in numerator_filters)]",
            body=body,
            empty_columns=f"[*group_by_columns, {top!r}, {bottom!r}, {label!r}]",
            docs=ToolDocs(
                description=f"Compute the ratio of {top} to {bottom}{per}.",
                when_to_use="You need one aggregate divided by another: an amount per distinct customer, a "
                "total over another total (cost per day of stay), or the share of rows meeting a condition "
                "(a rate), for each group or overall, possibly only the top N groups.",
                what_it_does="Loads the CSV, applies derived columns and filters, aggregates the numerator "
                "(over the rows meeting numerator_filters) and the denominator per group, divides them "
                "(null when the denominator is 0), sorts by the ratio (ties by key) and keeps the top N.",
                returns="A markdown table with the key columns, the numerator, the denominator and the "
                "ratio (or percent), notes, and a JSON footer with the same table.",
                assumptions=["Missing values are skipped in sums and counts of a column."],
                limitations=["A key column named like a result column (ratio, percent) clashes with it."],
            ),
            default_name=tool_name_for(label, top, "per", bottom, *_by(intent.group_by)),
            inline=("metrics",),
        )

    def reference_empty_columns(self, arguments: dict[str, Any], df: pd.DataFrame) -> list[str] | None:
        return [*arguments["group_by_columns"], *ratio_labels(arguments)]

    def compute_reference(self, df: pd.DataFrame, arguments: dict[str, Any]) -> pd.DataFrame:
        import pandas as pd

        keys = list(arguments["group_by_columns"])
        numerator, denominator = arguments["numerator"], arguments["denominator"]
        matching = set(apply_filters_reference(df, arguments.get("numerator_filters")).index)
        groups: dict[tuple[Any, ...], tuple[list[Any], list[Any]]] = {}
        for position, row in zip(df.index, records(df), strict=True):
            key = tuple(None if is_missing(row[k]) else row[k] for k in keys)
            tops, bottoms = groups.setdefault(key, ([], []))
            if position in matching:
                tops.append(row.get(numerator["column"]) if numerator.get("column") else None)
            bottoms.append(row.get(denominator["column"]) if denominator.get("column") else None)
        scale = 100.0 if arguments.get("as_percentage") else 1.0
        rows = []
        for key, (tops, bottoms) in groups.items():
            top = metric_value(tops, numerator["func"], has_column=bool(numerator.get("column")))
            bottom = metric_value(bottoms, denominator["func"], has_column=bool(denominator.get("column")))
            ratio = float(top) / float(bottom) * scale if bottom else None
            rows.append([*key, top, bottom, ratio])
        descending = bool(arguments.get("sort_descending", True))
        rows = order_groups(rows, len(keys), len(keys) + 2, descending=descending)
        if arguments.get("top_n"):
            rows = rows[: arguments["top_n"]]
        return pd.DataFrame(rows, columns=[*keys, *ratio_labels(arguments)])
