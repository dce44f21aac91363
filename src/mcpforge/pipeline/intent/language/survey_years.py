"""A year written before a German participle of surveying: "wurden 1994 befragt" is "surveyed in 1994".

German puts the time before the participle at the end of the clause ("Wie viele Personen wurden 1994
befragt?"); the English reading reads a year only after a preposition ("surveyed in 1994"). A four-digit year
(1800-2099) right before a participle of surveying, interviewing or recording is moved behind it with "im
Jahr" (read as "in"), and a note says so. Whether "in 1994" becomes a filter is the English reading's
decision: a year column or a date column of the file, else the request still refuses. Any other number
before a participle ("16 befragt") is left as written, so it stays unused and refuses.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re

_PARTICIPLES = r"befragt|erhoben|erfasst|interviewt|gezahlt|gezählt|registriert|aufgenommen"
_YEAR_BEFORE = re.compile(rf"\b(?P<year>1[89]\d\d|20\d\d)\s+(?P<verb>{_PARTICIPLES})\b", re.IGNORECASE)


def survey_years(text: str) -> tuple[str, list[str]]:
    """``text`` with "1994 befragt" written "befragt im Jahr 1994", and a note for each."""
    notes: list[str] = []

    def move(match: re.Match[str]) -> str:
        notes.append(f"read {match.group(0)!r} as {match.group('verb')!r} in {match.group('year')}")
        return f"{match.group('verb')} im Jahr {match.group('year')}"

    return _YEAR_BEFORE.sub(move, text), notes
