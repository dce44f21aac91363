"""A condition on each group (SQL's HAVING) for group_count and group_aggregate.

"How many cities have more than 5 airports?", "regions with an average price above 300": after the
per-group value (the row count, or the first metric) only the groups whose value compares to a number are
kept, then listed or counted. ``Intent.options["having"] = {"op": ">", "value": 5}`` turns it on and
``options["count_groups"]`` answers with the number of groups that pass; a group whose key is missing is
listed but not counted ("how many cities": an unknown city is not a city). Percentages stay shares of all
groups (computed before the condition). Without the option the rendered tool is unchanged.

The generated code compares with pandas; the reference compares plain Python values with ``operator``.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from mcpforge.catalogue._template import code
from mcpforge.catalogue.base import Param
from mcpforge.catalogue.operations._params import bool_param, choice_param, number_param
from mcpforge.catalogue.reference.missing import is_missing
from mcpforge.models import Intent

if TYPE_CHECKING:
    import pandas as pd

HAVING_OPS: dict[str, Callable[[Any, Any], bool]] = {
    ">": operator.gt, ">=": operator.ge, "<": operator.lt, "<=": operator.le, "==": operator.eq,
}  # fmt: skip


def having_arguments(intent: Intent) -> dict[str, Any]:
    """``having_op``, ``having_value`` and ``count_groups`` when the intent states a group condition."""
    having = intent.options.get("having")
    if not isinstance(having, dict):
        return {}
    return {
        "having_op": str(having.get("op", ">")),
        "having_value": float(having.get("value", 0)),
        "count_groups": bool(intent.options.get("count_groups", False)),
    }


def having_params(args: dict[str, Any]) -> list[Param]:
    """The three parameters, only for a tool that has the condition."""
    if "having_op" not in args:
        return []
    return [
        choice_param("having_op", tuple(HAVING_OPS), args["having_op"], "Keep groups whose value is"),
        number_param("having_value", args["having_value"], "The number each group's value is compared to"),
        bool_param("count_groups", args["count_groups"], "Answer with the number of groups that pass"),
    ]


def having_filter_code(args: dict[str, Any], value: str) -> str:
    """Body lines keeping the groups of ``result`` whose column ``value`` (an expression) passes."""
    if "having_op" not in args:
        return ""
    return code(f"""
        _value_column = {value}
        _values = result[_value_column].astype("float64")
        _passes = {{
            ">": _values > having_value, ">=": _values >= having_value, "<": _values < having_value,
            "<=": _values <= having_value, "==": _values == having_value,
        }}
        if having_op not in _passes:
            message = f"having_op must be one of {{', '.join(_passes)}}, got {{having_op!r}}"
            raise InvalidArgumentError(message, argument="having_op")
        condition = f"{{_value_column}} {{having_op}} {{having_value:g}}"
        result = result[_passes[having_op]]
        groups_passing = int(result[group_by_columns].notna().all(axis=1).sum())
    """)


def having_count_code(args: dict[str, Any], keys: str) -> str:
    """Body lines replacing ``result`` by the number of groups that passed, when asked; the title says
    the condition either way."""
    if "having_op" not in args:
        return ""
    return code(f"""
        if count_groups:
            result = pd.DataFrame({{"condition": [condition], "groups": [groups_passing]}})
            title = (
                f"Number of {{', '.join({keys})}} groups where {{condition}}: {{groups_passing:,}}"
                " (a missing key is not counted as a group)"
            )
        else:
            title = f"{{title}}, only groups where {{condition}}"
    """)


def having_empty_columns(args: dict[str, Any], columns: str) -> str | None:
    """The empty-result columns expression: none when the answer is a count (never empty)."""
    return None if args.get("count_groups") else columns


def having_description(args: dict[str, Any], value: str) -> str:
    """The condition in the tool's description."""
    if "having_op" not in args:
        return ""
    what = "Count the groups" if args["count_groups"] else "Keep only the groups"
    return f" {what} whose {value} {args['having_op']} {args['having_value']:g}."


def having_reference(
    rows: list[list[Any]], columns: list[str], value_index: int, arguments: dict[str, Any]
) -> tuple[list[list[Any]], pd.DataFrame | None]:
    """Independent HAVING over reference rows: (the rows that pass, the count table when asked)."""
    import pandas as pd

    op = arguments.get("having_op")
    if op is None:
        return rows, None
    compare, number = HAVING_OPS[str(op)], float(arguments["having_value"])
    kept = [
        row for row in rows if not is_missing(row[value_index]) and compare(float(row[value_index]), number)
    ]
    if not arguments.get("count_groups"):
        return kept, None
    condition = f"{columns[value_index]} {op} {number:g}"
    named = [row for row in kept if not any(is_missing(key) for key in row[:value_index])]
    return kept, pd.DataFrame({"condition": [condition], "groups": [len(named)]})
