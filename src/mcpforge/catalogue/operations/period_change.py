"""Change of a measure between two periods: "by what percentage did gdpPercap grow from 1952 to 2007".

``period_change`` reads a time column either as it is (``grain="value"``: an integer year column such as
``year``) or as dates cut to a calendar period (year, quarter, month, day; labels ``YYYY``, ``YYYY-Qn``,
``YYYY-MM``, ``YYYY-MM-DD``), combines the value column's rows of the start and of the end period
(``sum``, ``mean``, ``median``, ``min``, ``max``, ``count`` — the number of non-missing values, of the time
column itself for a number of rows — or ``single``: exactly one row per period, several rows are an error
naming the period), per group or overall, and answers start value, end value, change (end - start) and percent
change ((end - start) / start * 100).

Decisions: a period found in no row at all is an error naming it (a typo or a year outside the data is
never answered with nulls); a group without rows in one of the periods gets nulls and a note; a start
value of 0 gives a null percent change and a note. Missing values are skipped (a period whose values are
all missing has a null value). Groups are listed by their keys in ascending order, missing keys last.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from mcpforge.catalogue._template import code, tool_name_for
from mcpforge.catalogue.base import Operation, ToolDocs, ToolPlan, require
from mcpforge.catalogue.operations._params import choice_param, column_param, columns_param
from mcpforge.catalogue.reference.core import records
from mcpforge.catalogue.reference.missing import is_missing
from mcpforge.exceptions import InvalidArgumentError
from mcpforge.models import Intent

if TYPE_CHECKING:
    import pandas as pd

CHANGE_GRAINS = ("value", "year", "quarter", "month", "day")
COMBINES = ("sum", "mean", "median", "min", "max", "count", "single")
# How the title and the description name each combination of a period's rows
COMBINE_WORDS = {
    "sum": "total", "mean": "average", "median": "median", "min": "minimum", "max": "maximum",
    "count": "number of values", "single": "value",
}  # fmt: skip
RESULT_COLUMNS = ("start_value", "end_value", "change", "percent_change")


def _reference_label(value: Any, grain: str) -> str | None:
    """The period label of one cell, in plain Python (the tool computes it with pandas)."""
    if is_missing(value):
        return None
    if grain == "value":
        if isinstance(value, (int, float)) and not isinstance(value, bool) and float(value).is_integer():
            return str(int(value))
        return str(value).strip()
    import pandas as pd

    stamp = pd.Timestamp(value)
    labels = {
        "year": f"{stamp.year:04d}",
        "quarter": f"{stamp.year:04d}-Q{(stamp.month - 1) // 3 + 1}",
        "month": f"{stamp.year:04d}-{stamp.month:02d}",
    }
    return labels.get(grain, f"{stamp.year:04d}-{stamp.month:02d}-{stamp.day:02d}")


def _combined(values: list[Any], combine: str, where: str) -> float | None:
    if combine == "single" and len(values) > 1:
        raise InvalidArgumentError(
            f"{where} has {len(values)} rows; say how to combine them (total or average)", argument="combine"
        )
    if combine == "count":
        return float(sum(not is_missing(v) for v in values))
    present = sorted(float(v) for v in values if not is_missing(v))
    if not present:
        return None
    middle = len(present) // 2
    median = present[middle] if len(present) % 2 else (present[middle - 1] + present[middle]) / 2
    combined = {"mean": sum(present) / len(present), "median": median, "min": present[0], "max": present[-1]}
    return combined.get(combine, sum(present))


class PeriodChange(Operation):
    """A measure in a start and an end period, and its change."""

    name: ClassVar[str] = "period_change"
    summary: ClassVar[str] = (
        "Compare a measure between a start and an end period (a year value or a calendar period of a date "
        "column), overall or per group: start, end, change and percent change."
    )
    keywords: ClassVar[tuple[str, ...]] = ("grow", "growth", "change from", "increase from", "percent change")

    def arguments(self, intent: Intent) -> dict[str, Any]:
        grain = str(intent.options.get("grain") or intent.time_grain or "value")
        return {
            "time_column": intent.time_column or "",
            "grain": grain,
            "start": str(intent.options.get("start", "")),
            "end": str(intent.options.get("end", "")),
            "value_column": intent.columns[0] if intent.columns else "",
            "combine": str(intent.options.get("combine") or "single"),
            "group_by_columns": list(intent.group_by),
        }

    def plan(self, intent: Intent) -> ToolPlan:
        args = self.arguments(intent)
        require(bool(args["time_column"]), "period_change needs a time_column", "time_column")
        require(bool(args["value_column"]), "period_change needs a value column", "columns")
        require(args["grain"] in CHANGE_GRAINS, f"grain is one of {', '.join(CHANGE_GRAINS)}", "grain")
        require(args["combine"] in COMBINES, f"combine is one of {', '.join(COMBINES)}", "combine")
        require(bool(args["start"]) and bool(args["end"]), "period_change needs two periods", "options")
        require(args["start"] != args["end"], "the start and end periods are the same", "options")
        body = code("""
            if combine != "count":
                _require_numeric(df, [value_column])
            labels = _period_labels(df[time_column], grain, time_column)
            wanted = {"start": str(start).strip(), "end": str(end).strip()}
            _require_periods(labels, wanted, time_column)
            keys = list(group_by_columns)
            frame = pd.DataFrame({"_label": labels, "_value": _period_cells(df[value_column], combine)})
            for k in keys:
                frame[k] = df[k]
            frame = frame[frame["_label"].isin(list(wanted.values()))]
            result = _change_table(_period_values(frame, keys, combine), keys, wanted)
            missing = int((result["start_value"].isna() | result["end_value"].isna()).sum())
            if missing:
                notes.append(f"{missing:,} groups have no value in one of the two periods (left empty)")
            zero = int((result["start_value"] == 0).sum())
            if zero:
                notes.append(f"{zero:,} start values are 0: the percent change is undefined (left empty)")
            what = _COMBINE_WORDS[combine]
            by = f" by {', '.join(keys)}" if keys else ""
            title = f"Change in the {what} of {value_column} from {wanted['start']} to {wanted['end']}{by}"
        """)
        what = COMBINE_WORDS[args["combine"]]
        return ToolPlan(
            params=[
                column_param("time_column", args["time_column"], "The column naming the period of each row"),
                choice_param(
                    "grain",
                    CHANGE_GRAINS,
                    args["grain"],
                    "value: the column's values as they are; else a calendar period of a date column",
                ),
                column_param("start", args["start"], "The start period, e.g. 1952, 2024-Q1, 2024-01"),
                column_param("end", args["end"], "The end period, same form as start"),
                column_param("value_column", args["value_column"], "The numeric column compared"),
                choice_param(
                    "combine",
                    COMBINES,
                    args["combine"],
                    "How a period's rows are combined (single: exactly one row per period and group)",
                ),
                columns_param("group_by_columns", args["group_by_columns"], "Keys (none: one row)"),
            ],
            needed="[time_column, value_column, *group_by_columns]",
            body=body,
            empty_columns=f"[*group_by_columns, *{list(RESULT_COLUMNS)!r}]",
            docs=ToolDocs(
                description=f"Change in the {what} of {args['value_column']} from {args['start']} to "
                f"{args['end']}.",
                when_to_use="You need how much a measure grew or changed between two periods (two years, "
                "months or quarters), overall or for each group.",
                what_it_does="Loads the data, applies derived columns and filters, labels each row's "
                "period, combines the value column in the start and the end period per group, and "
                "computes the change and the percent change.",
                returns="A markdown table with the keys, start_value, end_value, change and "
                "percent_change, notes, and a JSON footer with the same table.",
                assumptions=["A start value of 0 gives an empty percent change."],
                limitations=["A period that no row has is an error, not an empty answer."],
            ),
            default_name=tool_name_for("change", args["value_column"], args["start"], args["end"]),
            inline=("time", "change"),
        )

    def reference_empty_columns(self, arguments: dict[str, Any], df: pd.DataFrame) -> list[str] | None:
        return [*arguments["group_by_columns"], *RESULT_COLUMNS]

    def compute_reference(self, df: pd.DataFrame, arguments: dict[str, Any]) -> pd.DataFrame:
        import pandas as pd

        keys, grain = list(arguments["group_by_columns"]), arguments["grain"]
        start, end = str(arguments["start"]).strip(), str(arguments["end"]).strip()
        column, value = arguments["time_column"], arguments["value_column"]
        cells: dict[tuple[Any, ...], dict[str, list[Any]]] = {}
        present: set[str] = set()
        for row in records(df):
            label = _reference_label(row[column], grain)
            if label is None:
                continue
            present.add(label)
            if label in (start, end):
                key = tuple(None if is_missing(row[k]) else row[k] for k in keys)
                cells.setdefault(key, {start: [], end: []})[label].append(row[value])
        for label in (start, end):
            if label not in present:
                raise InvalidArgumentError(f"period {label!r} is not in column {column!r}", argument="start")
        rows = []
        ordered = sorted(cells, key=lambda key: [(k is None, "" if k is None else k) for k in key])
        for key in ordered:
            where = f"period in group {key}"
            first = _combined(cells[key][start], arguments["combine"], where) if cells[key][start] else None
            last = _combined(cells[key][end], arguments["combine"], where) if cells[key][end] else None
            change = None if first is None or last is None else last - first
            percent = None if change is None or not first else change / first * 100
            rows.append([*key, first, last, change, percent])
        result = pd.DataFrame(rows, columns=[*keys, *RESULT_COLUMNS])
        for name in RESULT_COLUMNS:
            result[name] = result[name].astype("float64")
        return result
