"""A unit written after a condition's number that fits the column: "under 10 an hour" on an hourly-earnings
column, "30 Jahren" / "10 years or more" on an age or years-married column.

The unit changes no number: the condition already compares that column with that number, and the column
is measured in the unit. So the word is read as the unit and the reading says so ("read 'hour' as the
unit of 'Ingresos por hora'"). Only when the number right before it (or before "a"/"an"/"per") is the
value of a condition on a column whose name carries the unit; a unit that fits no condition's column
("under 10 an hour" on a yearly income) stays unread and asks or refuses as before.
"""

from __future__ import annotations

from mcpforge.models import Intent
from mcpforge.pipeline.intent.words import norm

_HOUR = frozenset(
    {"hour", "hours", "hourly", "hr", "hrs", "stunde", "stunden", "heure", "heures", "hora", "horas"}
)
_YEAR = frozenset({"year", "years", "yr", "yrs", "jahr", "jahre", "jahren", "ans", "ano", "anos"})
_HOUR_NAMES = ("hour", "hora", "stund", "heure")
_YEAR_NAMES = ("age", "alter", "edad", "years", "jahre", "anos")
_BETWEEN = frozenset({"a", "an", "per", "each", "every", "par", "por", "pro", "la", "l'", "de"})


def _fits(unit: str, column: str) -> bool:
    words = norm(column).split()
    if unit in _HOUR:
        return words == ["hr"] or any(word.startswith(_HOUR_NAMES) for word in words)
    if unit in _YEAR:
        return any(word.startswith(_YEAR_NAMES) or word == "ans" for word in words)
    return False


def unit_column(tokens: list[str], i: int, intent: Intent) -> str | None:
    """The condition's column ``tokens[i]`` is the unit of (its number right before it), else None."""
    if tokens[i] not in _HOUR | _YEAR:
        return None
    k = i - 1
    if k >= 0 and tokens[k] in _BETWEEN:
        k -= 1
    if k < 0:
        return None
    try:
        number = float(tokens[k].replace(",", "."))
    except ValueError:
        return None
    for rule in intent.filters:
        values = rule.value if isinstance(rule.value, list) else [rule.value]
        numbers = [v for v in values if isinstance(v, int | float) and not isinstance(v, bool)]
        if number in numbers and _fits(tokens[i], rule.column):
            return rule.column
    return None


def unit_notes(tokens: list[str], used: set[int], intent: Intent) -> list[str]:
    """A note for each unit read this way ("read 'hour' as the unit of 'Ingresos por hora'")."""
    notes = []
    for i, token in enumerate(tokens):
        column = None if i in used else unit_column(tokens, i, intent)
        if column is not None:
            notes.append(f"read {token!r} as the unit of {column!r}")
    return list(dict.fromkeys(notes))
