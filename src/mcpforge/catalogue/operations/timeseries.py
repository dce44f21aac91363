"""Time operations: time_resample (per day/week/month/quarter/year) and date_part_group (by weekday, hour...).

Decisions: text time columns are parsed (unparseable cells are skipped and counted in the notes);
``time_resample`` fills the gaps between the first and last period (count, sum and nunique 0, other
metrics null) and labels periods ``YYYY-MM-DD`` (day; week = the Monday it starts on), ``YYYY-MM``,
``YYYY-Qn`` and ``YYYY``, and with ``top_n`` keeps the N periods with the largest (or smallest) first
metric ("which month had the most rain"), ties by the earlier period; ``date_part_group`` lists only the
parts present, in natural order (weekday names Monday..Sunday; hour 0-23, month 1-12, quarter 1-4, day
1-31, year as numbers).
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from typing import TYPE_CHECKING, Any, ClassVar

from mcpforge.catalogue._template import code, tool_name_for
from mcpforge.catalogue.base import Operation, ToolDocs, ToolPlan, require
from mcpforge.catalogue.operations._params import (
    bool_param,
    choice_param,
    column_param,
    metric_dicts,
    metrics_param,
    positive_top_n,
    top_n_param,
)
from mcpforge.catalogue.reference.core import metric_label, metric_value, order_groups, records
from mcpforge.catalogue.reference.missing import is_missing
from mcpforge.models import Intent

if TYPE_CHECKING:
    import pandas as pd

GRAINS = ("day", "week", "month", "quarter", "year")
PARTS = ("weekday", "hour", "month", "quarter", "year", "day")
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def _stamps(series: pd.Series) -> list[pd.Timestamp | None]:
    import pandas as pd

    if not pd.api.types.is_datetime64_any_dtype(series):
        series = pd.to_datetime(series, errors="coerce", format="mixed")
    return [None if is_missing(v) else pd.Timestamp(v).tz_localize(None) for v in series.tolist()]


def _period(stamp: pd.Timestamp, grain: str) -> tuple[int, ...]:
    """A sortable period key in plain Python."""
    if grain == "day":
        return (stamp.year, stamp.month, stamp.day)
    if grain == "week":
        monday = stamp.date() - dt.timedelta(days=stamp.weekday())
        return (monday.year, monday.month, monday.day)
    if grain == "month":
        return (stamp.year, stamp.month)
    if grain == "quarter":
        return (stamp.year, (stamp.month - 1) // 3 + 1)
    return (stamp.year,)


def _next(key: tuple[int, ...], grain: str) -> tuple[int, ...]:
    if grain in ("day", "week"):
        following = dt.date(*key) + dt.timedelta(days=1 if grain == "day" else 7)
        return (following.year, following.month, following.day)
    if grain == "month":
        return (key[0] + key[1] // 12, key[1] % 12 + 1)
    if grain == "quarter":
        return (key[0] + key[1] // 4, key[1] % 4 + 1)
    return (key[0] + 1,)


def _period_label(key: tuple[int, ...], grain: str) -> str:
    if grain in ("day", "week"):
        return f"{key[0]:04d}-{key[1]:02d}-{key[2]:02d}"
    if grain == "month":
        return f"{key[0]:04d}-{key[1]:02d}"
    return f"{key[0]:04d}-Q{key[1]}" if grain == "quarter" else f"{key[0]:04d}"


def _time_column(intent: Intent) -> str:
    return intent.time_column or (intent.columns[0] if intent.columns else "")


def _reference_groups(
    df: pd.DataFrame, arguments: dict[str, Any], key_of: Any
) -> dict[Any, list[dict[str, Any]]]:
    groups: dict[Any, list[dict[str, Any]]] = defaultdict(list)
    stamps = _stamps(df[arguments["time_column"]])
    for stamp, row in zip(stamps, records(df), strict=True):
        if stamp is not None:
            groups[key_of(stamp)].append(row)
    return groups


def _metric_cells(members: list[dict[str, Any]], metrics: list[dict[str, Any]]) -> list[Any]:
    return [
        metric_value(
            [row[m["column"]] if m.get("column") else None for row in members],
            m["func"],
            has_column=bool(m.get("column")),
        )
        for m in metrics
    ]


class TimeResample(Operation):
    """Metrics per calendar period."""

    name: ClassVar[str] = "time_resample"
    summary: ClassVar[str] = (
        "Aggregate rows per day, week, month, quarter or year of a date column (a time series)."
    )
    keywords: ClassVar[tuple[str, ...]] = (
        "daily",
        "weekly",
        "monthly",
        "quarterly",
        "yearly",
        "per month",
        "trend",
        "over time",
    )

    def arguments(self, intent: Intent) -> dict[str, Any]:
        grain = intent.time_grain if intent.time_grain in GRAINS else "month"
        return {"time_column": _time_column(intent), "grain": grain,
                "metrics": metric_dicts(intent.metrics, default_count=True),
                "top_n": positive_top_n(intent.top_n), "sort_descending": intent.sort_descending}  # fmt: skip

    def plan(self, intent: Intent) -> ToolPlan:
        args = self.arguments(intent)
        require(bool(args["time_column"]), "time_resample needs a time_column", "time_column")
        body = code("""
            freqs = {"day": "D", "week": "W-SUN", "month": "M", "quarter": "Q", "year": "Y"}
            formats = {
                "day": "%Y-%m-%d", "week": "%Y-%m-%d", "month": "%Y-%m", "quarter": "%Y-Q%q", "year": "%Y",
            }
            if grain not in freqs:
                message = f"grain must be one of {list(freqs)}, got {grain!r}"
                raise InvalidArgumentError(message, argument="grain")
            _check_metrics(df, metrics)
            stamps = _as_datetime(df[time_column], time_column)
            dated = df[stamps.notna()].assign(_period=stamps[stamps.notna()].dt.to_period(freqs[grain]))
            if len(dated) < len(df):
                notes.append(f"{len(df) - len(dated):,} rows without a usable {time_column!r} were skipped")
            names = [_metric_name(m) for m in metrics]
            if dated.empty:
                result = pd.DataFrame({column: [] for column in ["period", *names]})
            else:
                grouped = _grouped_metrics(dated, ["_period"], metrics).set_index("_period")
                periods = pd.period_range(dated["_period"].min(), dated["_period"].max(), freq=freqs[grain])
                table = grouped.reindex(periods)
                for metric, name in zip(metrics, names, strict=True):
                    if metric.get("func") in ("count", "sum", "nunique"):
                        table[name] = table[name].fillna(0)
                    if metric.get("func") in ("count", "nunique"):
                        table[name] = table[name].astype("int64")
                starts = periods.start_time if grain == "week" else periods
                labels = starts.strftime(formats[grain])
                result = pd.DataFrame({"period": labels, **{n: table[n].to_numpy() for n in names}})
            if top_n is not None and top_n > 0:
                order = [not sort_descending, True]
                result = result.sort_values([names[0], "period"], ascending=order, na_position="last",
                                            kind="stable").head(top_n).reset_index(drop=True)
            title = f"{', '.join(names)} per {grain} of {time_column}"
        """)
        names = [metric_label(m) for m in args["metrics"]]
        return ToolPlan(
            params=[
                column_param("time_column", args["time_column"], "Date or datetime column"),
                choice_param("grain", GRAINS, args["grain"], "Period length"),
                metrics_param(args["metrics"]),
                top_n_param(
                    args["top_n"], "Keep only the N periods with the largest first metric (null: all)"
                ),
                bool_param(
                    "sort_descending", args["sort_descending"], "With top_n: largest first-metric first"
                ),
            ],
            needed="[time_column, *(str(m['column']) for m in metrics if m.get('column'))]",
            body=body,
            empty_columns="['period', *(_metric_name(m) for m in metrics)]",
            docs=ToolDocs(
                description=f"{', '.join(names)} per {args['grain']} of {args['time_column']}.",
                when_to_use="You need a time series: how a count or total evolves per day, week, month, "
                "quarter or year.",
                what_it_does="Loads the CSV, applies derived columns and filters, parses the time column, "
                "assigns each row to its period, aggregates each metric per period and fills the periods "
                "without rows (count and sum 0).",
                returns="A markdown table period | metrics in time order (with top_n: the N periods ranked "
                "by the first metric), notes, and a JSON footer with the table.",
                assumptions=["Weeks start on Monday and are labelled with that Monday's date."],
            ),
            default_name=tool_name_for(names[0] if len(names) == 1 else "metrics", "per", args["grain"]),
            inline=("metrics", "time"),
        )

    def reference_empty_columns(self, arguments: dict[str, Any], df: pd.DataFrame) -> list[str] | None:
        return ["period", *(metric_label(m) for m in arguments["metrics"])]

    def compute_reference(self, df: pd.DataFrame, arguments: dict[str, Any]) -> pd.DataFrame:
        import pandas as pd

        grain, metrics = arguments["grain"], list(arguments["metrics"])
        groups = _reference_groups(df, arguments, lambda stamp: _period(stamp, grain))
        columns = ["period", *(metric_label(m) for m in metrics)]
        rows = []
        if groups:
            key, last = min(groups), max(groups)
            while key <= last:
                rows.append([_period_label(key, grain), *_metric_cells(groups.get(key, []), metrics)])
                key = _next(key, grain)
        if arguments.get("top_n"):
            descending = bool(arguments.get("sort_descending", True))
            rows = order_groups(rows, 1, 1, descending=descending)[: arguments["top_n"]]
        return pd.DataFrame(rows, columns=columns)


class DatePartGroup(Operation):
    """Metrics per weekday, hour, month of year..."""

    name: ClassVar[str] = "date_part_group"
    summary: ClassVar[str] = (
        "Aggregate rows by a part of a date: weekday, hour, month of year, quarter, year or day."
    )
    keywords: ClassVar[tuple[str, ...]] = (
        "weekday",
        "day of week",
        "hour",
        "hour of day",
        "month of year",
        "seasonal",
    )

    def arguments(self, intent: Intent) -> dict[str, Any]:
        part = str(intent.options.get("part") or intent.time_grain or "weekday")
        return {"time_column": _time_column(intent), "part": part if part in PARTS else "weekday",
                "metrics": metric_dicts(intent.metrics, default_count=True),
                "top_n": positive_top_n(intent.top_n), "sort_descending": intent.sort_descending}  # fmt: skip

    def plan(self, intent: Intent) -> ToolPlan:
        args = self.arguments(intent)
        require(bool(args["time_column"]), "date_part_group needs a time_column", "time_column")
        body = code("""
            weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
            extractors = {
                "weekday": lambda s: s.dt.dayofweek, "hour": lambda s: s.dt.hour,
                "month": lambda s: s.dt.month, "quarter": lambda s: s.dt.quarter,
                "year": lambda s: s.dt.year, "day": lambda s: s.dt.day,
            }
            if part not in extractors:
                raise InvalidArgumentError(f"unknown date part {part!r}", argument="part")
            _check_metrics(df, metrics)
            stamps = _as_datetime(df[time_column], time_column)
            usable = stamps.notna()
            if not bool(usable.all()):
                notes.append(f"{int((~usable).sum()):,} rows without a usable {time_column!r} were skipped")
            valid = stamps[usable]
            numbers = extractors[part](valid)
            grouped = _grouped_metrics(df[usable].assign(_part=numbers.astype("int64")), ["_part"], metrics)
            grouped = grouped.sort_values("_part").reset_index(drop=True)
            labels = grouped["_part"]
            if part == "weekday":
                labels = labels.map(lambda n: weekdays[int(n)])
            result = pd.concat([labels.rename(part), grouped.drop(columns="_part")], axis=1)
            if top_n is not None and top_n > 0:  # "which weekday had the most": ranked, natural order on ties
                first = _metric_name(metrics[0])
                result = result.sort_values(first, ascending=not sort_descending, na_position="last",
                                            kind="stable").head(top_n).reset_index(drop=True)
            title = f"{', '.join(_metric_name(m) for m in metrics)} by {part} of {time_column}"
        """)
        names = [metric_label(m) for m in args["metrics"]]
        return ToolPlan(
            params=[
                column_param("time_column", args["time_column"], "Date or datetime column"),
                choice_param("part", PARTS, args["part"], "Part of the date to group by"),
                metrics_param(args["metrics"]),
                top_n_param(args["top_n"], "Keep only the N parts with the largest first metric (null: all)"),
                bool_param(
                    "sort_descending", args["sort_descending"], "With top_n: largest first-metric first"
                ),
            ],
            needed="[time_column, *(str(m['column']) for m in metrics if m.get('column'))]",
            body=body,
            empty_columns="[part, *(_metric_name(m) for m in metrics)]",
            docs=ToolDocs(
                description=f"{', '.join(names)} by {args['part']} of {args['time_column']}.",
                when_to_use="You need a pattern over a part of the date: which weekday or hour of the day is "
                "busiest, which month of the year, and so on.",
                what_it_does="Loads the CSV, applies derived columns and filters, parses the time column, "
                "extracts the date part and aggregates each metric per value of that part.",
                returns="A markdown table part | metrics in natural order (Monday first; with top_n: the N "
                "parts ranked by the first metric), notes, and a JSON footer with the table.",
            ),
            default_name=tool_name_for(names[0] if len(names) == 1 else "metrics", "by", args["part"]),
            inline=("metrics", "time"),
        )

    def reference_empty_columns(self, arguments: dict[str, Any], df: pd.DataFrame) -> list[str] | None:
        return [arguments["part"], *(metric_label(m) for m in arguments["metrics"])]

    def compute_reference(self, df: pd.DataFrame, arguments: dict[str, Any]) -> pd.DataFrame:
        import pandas as pd

        part, metrics = arguments["part"], list(arguments["metrics"])

        def key_of(stamp: pd.Timestamp) -> int:
            values = {
                "weekday": stamp.weekday(),
                "hour": stamp.hour,
                "month": stamp.month,
                "quarter": (stamp.month - 1) // 3 + 1,
                "year": stamp.year,
                "day": stamp.day,
            }
            return int(values[part])

        groups = _reference_groups(df, arguments, key_of)
        rows = [[key, *_metric_cells(groups[key], metrics)] for key in sorted(groups)]
        if arguments.get("top_n"):  # ranked on the part's number: ties in natural order (Monday first)
            descending = bool(arguments.get("sort_descending", True))
            rows = order_groups(rows, 1, 1, descending=descending)[: arguments["top_n"]]
        rows = [[WEEKDAYS[row[0]] if part == "weekday" else row[0], *row[1:]] for row in rows]
        return pd.DataFrame(rows, columns=[part, *(metric_label(m) for m in metrics)])
