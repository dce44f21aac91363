"""Weekday and month names in French, German, Spanish and Italian, read as the file's English values.

"zwischen Montag und Freitag" on a file whose weekday column holds ``monday`` ... ``friday``: the German
name is the value ``monday``, written as the file writes it. A name is rewritten only when one categorical
column of the file holds its English value (in any case, full or three-letter: "Monday", "mon"); the
reading says it ("read 'Montag' as the value 'monday' of 'Wochentag'"). Elsewhere the word stays as written.
"""

from __future__ import annotations

import unicodedata

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.words import ColumnResolver

_ENGLISH = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
            "january", "february", "march", "april", "may", "june", "july", "august", "september",
            "october", "november", "december")  # fmt: skip
# Folded (no accents, lower case) name → index into _ENGLISH. Plurals of weekdays too ("lundis", "Montags").
_FOREIGN: dict[str, int] = {
    **dict.fromkeys(("montag", "montags", "lundi", "lundis", "lunes", "lunedi"), 0),
    **dict.fromkeys(("dienstag", "dienstags", "mardi", "mardis", "martes", "martedi"), 1),
    **dict.fromkeys(("mittwoch", "mittwochs", "mercredi", "mercredis", "miercoles", "mercoledi"), 2),
    **dict.fromkeys(("donnerstag", "donnerstags", "jeudi", "jeudis", "jueves", "giovedi"), 3),
    **dict.fromkeys(("freitag", "freitags", "vendredi", "vendredis", "viernes", "venerdi"), 4),
    **dict.fromkeys(("samstag", "samstags", "sonnabend", "samedi", "samedis", "sabado", "sabato"), 5),
    **dict.fromkeys(("sonntag", "sonntags", "dimanche", "dimanches", "domingo", "domenica"), 6),
    **dict.fromkeys(("januar", "janvier", "enero", "gennaio"), 7),
    **dict.fromkeys(("februar", "fevrier", "febrero", "febbraio"), 8),
    **dict.fromkeys(("marz", "maerz", "mars", "marzo"), 9),
    **dict.fromkeys(("avril", "abril", "aprile"), 10),
    **dict.fromkeys(("mai", "mayo", "maggio"), 11),
    **dict.fromkeys(("juni", "juin", "junio", "giugno"), 12),
    **dict.fromkeys(("juli", "juillet", "julio", "luglio"), 13),
    **dict.fromkeys(("aout", "agosto"), 14),
    **dict.fromkeys(("septembre", "septiembre", "settembre"), 15),
    **dict.fromkeys(("oktober", "octobre", "octubre", "ottobre"), 16),
    **dict.fromkeys(("novembre", "noviembre"), 17),
    **dict.fromkeys(("dezember", "decembre", "diciembre", "dicembre"), 18),
}
_PUNCTUATION = ".,;:!?()[]{}\"'\u201c\u201d\u201e\u00ab\u00bb"
_WORD = re.compile(r"(?<![\w-])[^\W\d_]{3,}(?![\w-])")


def _fold(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", word.lower()) if not unicodedata.combining(c))


def _file_values(resolver: ColumnResolver) -> dict[str, tuple[str, str]]:
    """English day or month name (and its three letters) → (the file's value, its column), when one column."""
    found: dict[str, list[tuple[str, str]]] = {}
    for info in resolver.schema.columns:
        if info.kind != "categorical":
            continue
        for value in info.values:
            low = value.strip().lower()
            for english in _ENGLISH:
                if low in {english, english[:3]}:
                    found.setdefault(english, []).append((value, info.name))
    return {english: spots[0] for english, spots in found.items() if len(spots) == 1}


def english_day_names(text: str, resolver: ColumnResolver) -> tuple[str, list[str]]:
    """``text`` with foreign weekday and month names written as the file's values, and notes that say so."""
    if not {_fold(word.strip(_PUNCTUATION)) for word in text.split()} & _FOREIGN.keys():
        return text, []  # no name here: no pattern compiled (the quick path compiles only what it uses)
    values = _file_values(resolver)
    notes: list[str] = []

    def swap(match: re.Match[str]) -> str:
        word = match.group(0)
        index = _FOREIGN.get(_fold(word))
        spot = values.get(_ENGLISH[index]) if index is not None else None
        if spot is None:
            return word
        notes.append(f"read {word!r} as the value {spot[0]!r} of {spot[1]!r}")
        return spot[0]

    return _WORD.sub(swap, text), list(dict.fromkeys(notes))
