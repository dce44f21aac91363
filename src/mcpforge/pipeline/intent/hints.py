"""What the rules parser reads in a request, handed to the model as notes for its code.

A 1.5B model drops conditions ("orders with more than 5 units") and groupings ("for each severity") it
was asked for; the rules parser finds exactly those parts reliably. Only parts read literally from the
request are passed on: numeric comparisons, yes/no columns and the one-row-per column. Category
values the parser guesses from words ("night" as light_conditions == "Dark") are not, because a wrong
note misleads more than a missing one.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.exceptions import MCPForgeError
from mcpforge.models import Filter
from mcpforge.pipeline.intent.conditions import find_filters
from mcpforge.pipeline.intent.groups.groups import find_grain
from mcpforge.pipeline.intent.guards import asked_values_of, one_row_per
from mcpforge.pipeline.intent.parse import Phrases
from mcpforge.pipeline.intent.words import ColumnResolver, tokenize
from mcpforge.pipeline.schema import DatasetSchema

_COMPARISONS = frozenset({">", ">=", "<", "<="})
_OVER = re.compile(r"\b(year|quarter|month|week|day)[- ]over[- ]\1\b", re.IGNORECASE)
_ACCESSORS = {
    "year": ".dt.year",
    "quarter": '.dt.to_period("Q").astype(str)',
    "month": '.dt.to_period("M").astype(str)',
    "week": '.dt.to_period("W").astype(str)',
    "day": ".dt.date",
    "hour": ".dt.hour",
    "weekday": ".dt.day_name()",
}


def _time_unit(request: str, schema: DatasetSchema, resolver: ColumnResolver) -> str | None:
    dates = [column.name for column in schema.columns if column.kind == "datetime"]
    if len(dates) != 1:
        return None
    over = _OVER.search(request)
    found = Phrases()
    find_grain(tokenize(request.lower()), resolver, found)
    grain = over.group(1).lower() if over else found.grain
    accessor = _ACCESSORS.get(grain or "")
    return f'time unit: {grain}, df["{dates[0]}"]{accessor}' if accessor else None


def _literal(item: Filter, request: str) -> bool:
    if item.op in _COMPARISONS:
        return isinstance(item.value, int | float) and re.search(rf"\b{item.value}\b", request) is not None
    return item.op == "==" and isinstance(item.value, bool)


def _condition(item: Filter) -> str:
    if isinstance(item.value, bool):  # a yes/no column is its own condition (`== True` fails ruff)
        return f"df[{item.column!r}]" if item.value else f"~df[{item.column!r}]"
    return f"df[{item.column!r}] {item.op} {item.value!r}"


def request_hints(request: str, schema: DatasetSchema) -> list[str]:
    """Notes for the code prompt: the conditions and the grouping the request states."""
    notes = []
    key = one_row_per(request, schema.column_names)
    if key is not None:
        notes.append(f'one row per {key}: group by "{key}"')
    asked = asked_values_of(request, schema.column_names)
    if asked is not None and asked != key:
        notes.append(f'the answer names the "{asked}" value' + (f" for each {key}" if key else ""))
    resolver = ColumnResolver(schema=schema)
    try:
        unit = _time_unit(request, schema, resolver)
        found = find_filters(tokenize(request.lower()), resolver, set())
    except MCPForgeError:
        return notes
    if unit is not None:
        notes.append(unit)
    conditions = [_condition(item) for item in found.filters if _literal(item, request)]
    if conditions:
        notes.append("conditions the question states: " + "; ".join(conditions))
    return notes
