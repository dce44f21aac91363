"""A period adjective that is the unit of a measure: "average hourly earnings" on a file with no time in it.

"hourly", "daily", "weekly", "monthly" right before a numeric column's name say what the measure is per
("earnings per hour"), or ask to total the measure per period. A file with no date, time or period column
(no ``date``, ``month``, ``week``, ``day``, ``hour`` in any language) has no periods to total over, so
there the word can only be the measure's unit: it is read so, and the reading says it ("read 'hourly' as
the unit of 'earnings': the file has no time to group by"). With any such column the word stays a time
grain, read or refused as before. Yearly words are never read here: an integer year column is time.
"""

from __future__ import annotations

from mcpforge.pipeline.intent.words import ColumnResolver, norm

_UNITS = frozenset({"hourly", "daily", "weekly", "monthly"})
# Words of a column that holds time or a period, in English, German, French and Spanish (folded).
_TIME_WORDS = (
    "date", "time", "timestamp", "datetime", "hour", "day", "week", "month", "quarter", "weekday",
    "datum", "zeit", "stunde", "tag", "woche", "monat", "quartal",
    "heure", "jour", "semaine", "mois", "trimestre",
    "fecha", "hora", "dia", "semana", "mes",
)  # fmt: skip


def _has_time(resolver: ColumnResolver) -> bool:
    for info in resolver.schema.columns:
        if info.kind == "datetime":
            return True
        words = norm(info.name).split()
        if any(word.startswith(_TIME_WORDS) for word in words if word not in {"dias"}):
            return True
    return False


def unit_adjectives(tokens: list[str], resolver: ColumnResolver) -> tuple[list[str], list[str]]:
    """``tokens`` without each period adjective read as its measure's unit, and a note for each."""
    if not _UNITS.intersection(tokens) or _has_time(resolver):
        return tokens, []
    out: list[str] = []
    notes: list[str] = []
    for i, token in enumerate(tokens):
        hit = resolver.match_at(tokens, i + 1, fuzzy=False) if token in _UNITS else None
        if hit is None or resolver.kind(hit[0]) != "numeric":
            out.append(token)
            continue
        notes.append(f"read {token!r} as the unit of {hit[0]!r}: the file has no time to group by")
    return out, notes
