"""Parameter declarations shared by several operations."""

from __future__ import annotations

from typing import Any

from mcpforge.catalogue.base import Param
from mcpforge.models import Aggregation

STR_LIST = {"type": "array", "items": {"type": "string"}}
AGGREGATION_FUNCS = [
    *("count", "sum", "mean", "median", "min", "max", "std", "nunique"),
    *("pstd", "cv", "var", "pvar"),
]
METRICS_SCHEMA = {
    "type": "array",
    "items": {
        "type": "object",
        "properties": {
            "column": {"type": ["string", "null"]},
            "func": {"enum": AGGREGATION_FUNCS},
        },
        "required": ["func"],
    },
}


def columns_param(name: str, default: list[str], description: str) -> Param:
    """A list-of-column-names parameter."""
    return Param(name=name, annotation="list[str]", schema=STR_LIST, description=description, default=default)


def column_param(name: str, default: str, description: str) -> Param:
    """A single column-name parameter."""
    return Param(
        name=name, annotation="str", schema={"type": "string"}, description=description, default=default
    )


def top_n_param(
    default: int | None, description: str = "Keep only the first N result rows (null: all)"
) -> Param:
    """An optional row limit."""
    return Param(
        name="top_n", annotation="int | None", schema={"type": ["integer", "null"], "minimum": 1},
        description=description, default=default,
    )  # fmt: skip


def bool_param(name: str, default: bool, description: str) -> Param:
    """A flag."""
    return Param(
        name=name, annotation="bool", schema={"type": "boolean"}, description=description, default=default
    )


def choice_param(name: str, choices: tuple[str, ...], default: str, description: str) -> Param:
    """One of a fixed set of strings (kept as ``str`` in the signature, enum in the schema)."""
    return Param(
        name=name, annotation="str", schema={"type": "string", "enum": list(choices)},
        description=f"{description} ({', '.join(choices)})", default=default,
    )  # fmt: skip


def number_param(name: str, default: float, description: str) -> Param:
    """A float threshold."""
    return Param(
        name=name, annotation="float", schema={"type": "number"}, description=description, default=default
    )


def metrics_param(default: list[dict[str, Any]]) -> Param:
    """The list of {column, func} aggregations."""
    return Param(
        name="metrics", annotation="list[dict[str, Any]]", schema=METRICS_SCHEMA, default=default,
        description="Aggregations as objects {column, func}; func is count, sum, mean, median, min, max, "
            "std (sample), pstd (population), cv (sample std / mean), var (sample variance), "
            "pvar (population variance), or "
        "nunique; a count without column counts rows",
    )  # fmt: skip


def metric_dicts(metrics: list[Aggregation], *, default_count: bool = False) -> list[dict[str, Any]]:
    """Intent metrics as JSON objects; ``[count]`` when empty and ``default_count``."""
    items = [{"column": m.column, "func": m.func} for m in metrics]
    return items or ([{"column": None, "func": "count"}] if default_count else [])


def positive_top_n(value: int | None) -> int | None:
    """A usable row limit: None or at least 1."""
    return value if value is None or value >= 1 else None
