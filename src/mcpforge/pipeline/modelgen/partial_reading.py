"""What the rules parser read of a request it could not read completely, handed to the model and held to.

The parser refuses a request when one word is left that it cannot place; everything else it did read
(columns, conditions with their values and numbers, groupings, aggregations) is exact. The model route
gets that reading as notes ("use these and no others") and the words the parser could not place, and
:mod:`accounting_gate` holds the model's answer to the same accounting before any of its code runs.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import Intent
from mcpforge.pipeline.schema import DatasetSchema


@dataclass(frozen=True, kw_only=True)
class Condition:
    """A condition the parser read: ``column op value``."""

    column: str
    op: str
    value: Any = None
    part: str | None = None  # a date part compared instead of the column itself ("year" of `date`)

    def text(self) -> str:
        return (
            f"{self.column} {self.op} {self.value!r}"
            if self.value is not None
            else f"{self.column} {self.op}"
        )


@dataclass(frozen=True, kw_only=True)
class Unplaced:
    """A word of the request the parser could not place, and why it matters (the accounting's words)."""

    word: str
    why: str = "the parser could not place it"


@dataclass(frozen=True, kw_only=True)
class PartialReading:
    """The parser's reading of a request, complete or not."""

    columns: tuple[str, ...] = ()
    conditions: tuple[Condition, ...] = ()
    funcs: tuple[str, ...] = ()
    group_by: tuple[str, ...] = ()
    time_grain: str | None = None
    unplaced: tuple[Unplaced, ...] = ()

    def notes(self) -> list[str]:
        """Lines for the model's prompt: what to use, and the words it must account for."""
        lines = []
        if self.columns:
            lines.append("columns the question names (use each; use no other): " + ", ".join(self.columns))
        if self.conditions:
            lines.append("conditions the question states: " + "; ".join(c.text() for c in self.conditions))
        if self.group_by:
            lines.append("group by: " + ", ".join(self.group_by))
        if self.time_grain:
            lines.append(f"time unit: {self.time_grain}")
        if self.funcs:
            lines.append("aggregation: " + ", ".join(dict.fromkeys(self.funcs)))
        if self.unplaced:
            words = "; ".join(f"{u.word!r} ({u.why})" for u in self.unplaced)
            lines.append(
                "words the parser could not place — the answer must use each, or it is refused: " + words
            )
        return lines


def _text_list(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, Iterable):
        return [str(item) for item in value if item]
    return []


def _conditions(filters: Iterable[Any]) -> list[Condition]:
    found = []
    for item in filters:
        data = item if isinstance(item, Mapping) else getattr(item, "__dict__", {})
        column, op = data.get("column"), data.get("op")
        if isinstance(column, str) and isinstance(op, str):
            found.append(Condition(column=column, op=op, value=data.get("value")))
    return found


def from_understood(understood: Mapping[str, Any], schema: DatasetSchema) -> PartialReading:
    """The parser's partial reading from a refusal's ``understood`` (only columns of the data count)."""
    known = set(schema.column_names)
    metrics = [m for m in understood.get("metrics") or [] if isinstance(m, Mapping)]
    conditions = [c for c in _conditions(understood.get("filters") or []) if c.column in known]
    group_by = [c for c in _text_list(understood.get("group_by")) if c in known]
    named = [
        *group_by,
        *(str(m["column"]) for m in metrics if m.get("column")),
        *(c.column for c in conditions),
        *_text_list(understood.get("columns")),
    ]
    leftovers = [
        Unplaced(word=str(pair[0]), why=str(pair[1]))
        for pair in understood.get("leftovers") or []
        if isinstance(pair, list | tuple) and len(pair) == 2  # (word, why)
    ]
    unknown = [Unplaced(word=word) for word in _text_list(understood.get("unknown"))]
    grain = understood.get("time_grain")
    return PartialReading(
        columns=tuple(dict.fromkeys(c for c in named if c in known)),
        conditions=tuple(conditions),
        funcs=tuple(str(m["func"]) for m in metrics if m.get("func")),
        group_by=tuple(group_by),
        time_grain=grain if isinstance(grain, str) else None,
        unplaced=tuple(dict.fromkeys([*leftovers, *unknown])),
    )


def from_intent(intent: Intent) -> PartialReading:
    """A complete reading (the parser read every word; a template could not render it)."""
    named = [*intent.group_by, *intent.columns, *(m.column for m in intent.metrics if m.column)]
    named += [f.column for f in intent.filters] + ([intent.time_column] if intent.time_column else [])
    derived = {d.name for d in intent.derived}  # a column the request defines: the code may name it otherwise
    return PartialReading(
        columns=tuple(dict.fromkeys(n for n in named if n not in derived)),
        conditions=tuple(_conditions(f.model_dump() for f in intent.filters)),
        funcs=tuple(m.func for m in intent.metrics),
        group_by=tuple(intent.group_by),
        time_grain=intent.time_grain,
    )


def read_partially(request: str, schema: DatasetSchema) -> PartialReading:
    """What the parser reads of ``request``: its reading, or what it had read when it refused."""
    from mcpforge.pipeline.intent import extract_intent

    try:
        return from_intent(extract_intent(request, schema))
    except UnmappableRequestError as refusal:
        return from_understood(refusal.understood, schema)
