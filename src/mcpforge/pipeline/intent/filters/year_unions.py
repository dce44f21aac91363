"""Year conditions that exclude each other: ``in 1940 and after 1950`` means either, never both.

"in 1940 and after 1950" was read as ``year == 1940`` and ``year > 1950`` at once: no row meets both,
and the answer over the empty set (a count of 0, a missing mean) looked validated. Conditions on the
integer year column that no year can meet together are alternatives: the rows of 1940 and the rows
after 1950. Each condition (or each lower end paired with the upper end that follows it, "from 1940
to 1945 and after 1950") is one span of years; the reading keeps the years of the file in any span,
``year in [1940, 1951, ...]``, and says it ("read as either ...").

Single years only ("in 1940 and in 1950") may as well ask for one answer per year: asked once (together
or each). Only on an integer year column whose range the file's schema gives (the years are listed from it),
and only when the spans are written with "and" (or its French/German/Spanish word) between them; a
date column's conditions that exclude each other are refused, naming them.
"""

from __future__ import annotations

from typing import NoReturn

from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import Filter
from mcpforge.pipeline.intent.clarify import ask, offered
from mcpforge.pipeline.intent.conditions import FilterResult, year_target
from mcpforge.pipeline.intent.words import ColumnResolver

_BOUNDS = frozenset({"==", ">", ">=", "<", "<="})
_JOINS = frozenset({"and", "or", "und", "oder", "et", "ou", "y", "o", "e"})
_MAX_YEARS = 400


def _lowest(item: Filter) -> int | None:
    value = int(item.value)
    return {"==": value, ">": value + 1, ">=": value}.get(item.op)


def _highest(item: Filter) -> int | None:
    value = int(item.value)
    return {"==": value, "<": value - 1, "<=": value}.get(item.op)


def _spans(items: list[Filter], first: int, last: int) -> list[tuple[int, int]]:
    """Each condition as a span of years; a lower end takes the nearest upper end at or above it."""
    spans = [(int(f.value), int(f.value)) for f in items if f.op == "=="]
    lows = sorted(low for f in items if f.op in {">", ">="} and (low := _lowest(f)) is not None)
    highs = sorted(high for f in items if f.op in {"<", "<="} and (high := _highest(f)) is not None)
    for low in lows:
        above = [high for high in highs if high >= low]
        if above:
            spans.append((low, above[0]))
            highs.remove(above[0])
        else:
            spans.append((low, last))
    spans += [(first, high) for high in highs]
    return spans


def _met_together(items: list[Filter]) -> bool:
    lows = [low for f in items if (low := _lowest(f)) is not None]
    highs = [high for f in items if (high := _highest(f)) is not None]
    return not lows or not highs or max(lows) <= min(highs)


def _year_of(item: Filter) -> bool:
    return isinstance(item.value, int | float) and float(item.value).is_integer()


def _dates_exclusive(items: list[Filter]) -> bool:
    """ISO date conditions no date meets together (``>= 1951-01-01`` with ``< 1941-01-01``)."""
    dated = [f for f in items if isinstance(f.value, str)]
    lows = [f for f in dated if f.op in {">", ">="}]
    highs = [f for f in dated if f.op in {"<", "<="}]
    return any(
        str(low.value) > str(high.value)
        or (str(low.value) == str(high.value) and (low.op, high.op) != (">=", "<="))
        for low in lows
        for high in highs
    )


def join_exclusive_years(tokens: list[str], resolver: ColumnResolver, found: FilterResult) -> None:
    """Replace year conditions no year meets together by the years of any of them (see the module).

    Raises:
        UnmappableRequestError: such conditions on a date column, or on a year column of unknown range.
    """
    column = year_target(resolver, tokens)
    if column is None:
        return
    items = [f for f in found.filters if f.column == column and f.op in _BOUNDS]
    if resolver.kind(column) == "datetime" and _dates_exclusive(items):
        _refuse(found, column, " and ".join(f"{f.op} {f.value}" for f in items))
    if len(items) < 2 or _met_together([f for f in items if _year_of(f)]) or not all(map(_year_of, items)):
        return
    if not _JOINS & set(tokens):
        return
    written = " and ".join(f"{f.op} {f.value}" for f in items)
    info = resolver.schema.get(column)
    first = info.minimum if info is not None else None
    last = info.maximum if info is not None else None
    if (
        resolver.kind(column) != "numeric"
        or not isinstance(first, int | float)
        or not isinstance(last, int | float)
    ):
        _refuse(found, column, written)
    low, high = int(first), int(last)
    spans = _spans(items, low, high)
    if all(f.op == "==" for f in items) and not _together(found, column, written):
        return
    years = sorted({y for a, b in spans for y in range(max(a, low), min(b, high) + 1)})
    if len(years) > _MAX_YEARS:
        return
    kept = [f for f in found.filters if f not in items]
    found.filters[:] = [*kept, Filter(column=column, op="in", value=years)]
    said = " or ".join(f"{a}" if a == b else f"{a} to {b}" for a, b in sorted(spans))
    found.notes.append(
        f"no year meets every condition on {column!r} at once ({written}); read as either: {said}"
    )
    found.used.update(i for i, token in enumerate(tokens) if token in _JOINS and i not in found.used)


def _together(found: FilterResult, column: str, written: str) -> bool:
    """ "in 1940 and in 1950": one answer over the rows of both years, or one per year? Asks once.

    Only the main reading asks (``found.answers``); a helper's scan leaves the conditions as they are.

    Raises:
        NeedsClarificationError: not answered yet.
        UnmappableRequestError: one answer per year (said how to ask for it).
    """
    if found.answers is None:
        return False
    key = f"years of {column}"
    choices = {
        "together": f"one answer over the rows of all those years ({written.replace('== ', '')})",
        "each": "one answer per year",
    }
    answer = found.answers.get(key)
    chosen = offered(answer, choices)
    if chosen is None:
        ask(key, f"{written.replace('==', column)}: one answer over all of them, or one per year?", choices,
            request=found.request, rejected=answer)  # fmt: skip
    if chosen == "each":
        listed = written.replace("== ", "").replace(" and ", " or ")
        raise UnmappableRequestError(
            f"cannot map the request {found.request!r} as asked: for one answer per year, ask 'per {column}' "
            f"with the years listed (e.g. '... per {column}, in {listed}')",
            understood={"filters": [f.model_dump() for f in found.filters]},
        )
    return True


def _refuse(found: FilterResult, column: str, written: str) -> NoReturn:
    raise UnmappableRequestError(
        f"cannot map the request {found.request!r}: the conditions on {column!r} ({written}) exclude "
        "each other (no row meets them all); ask for each period on its own, or for one range",
        understood={"filters": [f.model_dump() for f in found.filters]},
    )
