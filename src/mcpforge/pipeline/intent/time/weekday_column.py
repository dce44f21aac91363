"""A column that already holds the weekday: "per weekday" groups by it, not by a weekday computed from a date.

"How many observations per weekday?", "Which weekday has the highest average X?" on a file with a
``Wochentag`` / ``weekday`` / ``jour`` column of weekday names: the answer is grouped by that column as
written. Without such a column, the weekday stays a time grain computed from the date column (and a file
with neither asks or refuses, as before). The column is recognised by its values (every distinct value a
weekday name in English, French, German or Spanish, full or short), never by its name alone: a column
named "weekday" holding numbers 0-6 stays a number.
"""

from __future__ import annotations

from mcpforge.pipeline.intent.words import ColumnResolver, fold, norm
from mcpforge.pipeline.schema import DatasetSchema

_DAYS = (
    "monday tuesday wednesday thursday friday saturday sunday "
    "mon tue tues wed thu thur thurs fri sat sun "
    "montag dienstag mittwoch donnerstag freitag samstag sonnabend sonntag "
    "mo di mi do fr sa so "
    "lundi mardi mercredi jeudi vendredi samedi dimanche "
    "lun mar mer jeu ven sam dim "
    "lunes martes miercoles jueves viernes sabado domingo "
    "mie jue vie dom"
)
WEEKDAY_NAMES = frozenset(_DAYS.split())
_MIN_DAYS = 5  # a working week at least: fewer distinct names could be any small category


def weekday_column(schema: DatasetSchema) -> str | None:
    """The one categorical column whose distinct values are all weekday names, if the file has exactly one."""
    found = [
        info.name
        for info in schema.columns
        if info.kind == "categorical"
        and _MIN_DAYS <= len(info.values) <= len(WEEKDAY_NAMES)
        and len(info.values) == info.distinct_count
        and all(fold(str(value)).strip(" .") in WEEKDAY_NAMES for value in info.values)
    ]
    return found[0] if len(found) == 1 else None


_PHRASES = (("day", "of", "the", "week"), ("days", "of", "the", "week"), ("day", "of", "week"),
            ("weekday",), ("weekdays",), ("day", "of", "the", "weekday"))  # fmt: skip


def weekday_tokens(tokens: list[str], resolver: ColumnResolver, notes: list[str]) -> list[str]:
    """``tokens`` with "weekday" / "day of the week" as the file's weekday column (said in ``notes``)."""
    column = weekday_column(resolver.schema)
    if column is None:
        return tokens
    name = norm(column).split()
    out: list[str] = []
    i = 0
    while i < len(tokens):
        phrase = next((p for p in _PHRASES if tuple(tokens[i : i + len(p)]) == p), None)
        if phrase is None or list(phrase) == name:
            out.append(tokens[i])
            i += 1
            continue
        out += name
        notes.append(f"{' '.join(phrase)!r} read as the column {column!r} (its values are weekdays)")
        i += len(phrase)
    return out
