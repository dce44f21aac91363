"""A German range of numbers, "1990 bis 2002" or "von 18 bis 30", read as "between 1990 and 2002".

German writes a closed range with "bis" between its ends; both ends belong to it, as in English "between
A and B" (the filter reader's ``between``, ends included). Only "bis" with a number on each side is read
("nur Erhebungsjahre 1990 bis 2002"); "bis 2002" alone (up to, an open end) is left as written and still
refuses. The reading says what was read.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re

_NUMBER = r"-?\d+(?:[.,]\d+)?"
_RANGE = re.compile(
    rf"(?<![\w.,])(?:von\s+)?(?P<low>{_NUMBER})\s+bis\s+(?:einschlie(?:ß|ss)lich\s+)?(?P<high>{_NUMBER})(?![\w.,]*\d)",
    re.IGNORECASE,
)


def number_ranges(text: str) -> tuple[str, list[str]]:
    """``text`` with "A bis B" written "zwischen A und B", and a note for each."""
    notes: list[str] = []

    def between(match: re.Match[str]) -> str:
        notes.append(
            f"read {match.group(0)!r} as between {match.group('low')} and {match.group('high')}, "
            "both ends included"
        )
        return f"zwischen {match.group('low')} und {match.group('high')}"

    return _RANGE.sub(between, text), notes
