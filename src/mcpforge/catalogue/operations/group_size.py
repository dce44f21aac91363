"""A condition on the number of rows of each group, applied before the groups are aggregated or ranked.

"Among manufacturers with at least 30 vehicles, which has the best average mpg?", "median price per
neighborhood, only neighborhoods with at least 20 sales": pandas' ``df.groupby(keys).filter(lambda g:
len(g) >= 30)``. The rows of the groups whose size (rows left after the request's row filters, a missing
key being a group of its own) fails the comparison are dropped; everything after (counts, metrics,
percentages, top N, ordering) is computed on the rows kept. ``Intent.options["group_size"] = {"op":
">=", "value": 30}`` turns it on; without it the rendered tool is unchanged.

It differs from ``group_having`` (a condition on the per-group VALUE shown, e.g. a mean above 300): the
size of a group is not a column of the answer, and a percentage is a share of the rows kept.

The generated code counts with pandas (``ngroup``); the reference counts key tuples in plain Python.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from mcpforge.catalogue._template import code
from mcpforge.catalogue.base import Param
from mcpforge.catalogue.operations._params import choice_param, number_param
from mcpforge.catalogue.operations.group_having import HAVING_OPS
from mcpforge.catalogue.reference.missing import is_missing
from mcpforge.models import Intent

if TYPE_CHECKING:
    import pandas as pd

SIZE_WORDS = {">": "more than", ">=": "at least", "<": "fewer than", "<=": "at most", "==": "exactly"}


def group_size_arguments(intent: Intent) -> dict[str, Any]:
    """``group_size_op`` and ``group_size_value`` when the intent keeps groups by their row count."""
    size = intent.options.get("group_size")
    if not isinstance(size, dict):
        return {}
    return {"group_size_op": str(size.get("op", ">=")), "group_size_value": float(size.get("value", 0))}


def group_size_params(args: dict[str, Any]) -> list[Param]:
    """The two parameters, only for a tool that has the condition."""
    if "group_size_op" not in args:
        return []
    op, value = args["group_size_op"], args["group_size_value"]
    return [
        choice_param("group_size_op", tuple(HAVING_OPS), op, "Keep groups whose row count is"),
        number_param("group_size_value", value, "The number of rows each group's size is compared to"),
    ]


def group_size_code(args: dict[str, Any], keys: str) -> str:
    """Body lines dropping the rows of the groups (by the expression ``keys``) whose size fails."""
    if "group_size_op" not in args:
        return ""
    return code(f"""
        _group_ids = df.groupby({keys}, dropna=False, observed=True, sort=False).ngroup()
        _sizes = _group_ids.map(_group_ids.value_counts())
        _size_passes = {{
            ">": _sizes > group_size_value, ">=": _sizes >= group_size_value, "<": _sizes < group_size_value,
            "<=": _sizes <= group_size_value, "==": _sizes == group_size_value,
        }}
        if group_size_op not in _size_passes:
            message = f"group_size_op must be one of {{', '.join(_size_passes)}}, got {{group_size_op!r}}"
            raise InvalidArgumentError(message, argument="group_size_op")
        _groups_before = int(_group_ids.nunique())
        df = df[_size_passes[group_size_op]].reset_index(drop=True)
        size_condition = f"row count {{group_size_op}} {{group_size_value:g}}"
        notes.append(
            f"Only groups whose {{size_condition}} (after the row filters) are kept: "
            f"{{int(_group_ids[_size_passes[group_size_op]].nunique())}} of {{_groups_before}} groups."
        )
    """)


def group_size_title(args: dict[str, Any]) -> str:
    """Body line saying the condition in the answer's title."""
    if "group_size_op" not in args:
        return ""
    return code("""
        title = f"{title}, only groups with {size_condition}"
    """)


def group_size_description(args: dict[str, Any]) -> str:
    """The condition in the tool's description."""
    if "group_size_op" not in args:
        return ""
    words = SIZE_WORDS.get(args["group_size_op"], args["group_size_op"])
    return f" Only groups with {words} {args['group_size_value']:g} rows (after the filters) are used."


def group_size_reference(df: pd.DataFrame, keys: list[str], arguments: dict[str, Any]) -> pd.DataFrame:
    """The rows of ``df`` whose group (by ``keys``) passes the size condition, independently of pandas'
    grouping: key tuples counted in plain Python, a missing key counted as one group."""
    op = arguments.get("group_size_op")
    if op is None:
        return df
    compare, number = HAVING_OPS[str(op)], float(arguments["group_size_value"])
    tuples = [
        tuple(None if is_missing(value) else value for value in row)
        for row in zip(*(df[key].tolist() for key in keys), strict=True)
    ] if keys else [() for _ in range(len(df))]  # fmt: skip
    sizes = Counter(tuples)
    kept = [compare(sizes[key], number) for key in tuples]
    return df[kept].reset_index(drop=True)
