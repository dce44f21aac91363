"""A year bound written in German, French or Spanish ("ab 1948", "à partir de 1946", "antes de 1750"),
put in the English preposition the filter reader reads ("since 1948", "before 1750").

"nur die Jahre ab 1900", "uniquement à partir de 1946", "solo antes de 1750" restrict the rows to an open
range of years; the English reading reads "since 1900" (the year included), "after 1900", "before 1900"
and "until 1900" (included) on the year column, and says the bound in its sentence. Untranslated, the
preposition and the year were left over and the request refused. Only a preposition written right before
a four-digit year is rewritten; whether the year restricts a column is still the English reader's
decision (a year on a file without a year or date column stays unused, and the request is refused).
"""

from __future__ import annotations

from mcpforge import _lazy_re as re

_YEAR = r"(?P<year>1\d{3}|20\d{2})"
# the bound word (folded to lower case, accents as written or dropped) → the English preposition
_BOUNDS: dict[str, tuple[tuple[str, str], ...]] = {
    "de": (
        (r"ab", "since"),
        (r"seit", "since"),
        (r"vor", "before"),
        (r"nach", "after"),
        (r"bis\s+einschlie(?:ß|ss)lich", "until"),
        (r"bis", "until"),
    ),
    "fr": (
        (r"(?:à|a)\s+partir\s+de", "since"),
        (r"depuis", "since"),
        (r"avant", "before"),
        (r"apr(?:è|e)s", "after"),
        (r"jusqu['\u2019]\s*(?:en|à|a)", "until"),
    ),
    "es": (
        (r"a\s+partir\s+de(?:l)?", "since"),
        (r"desde", "since"),
        (r"antes\s+de(?:l)?", "before"),
        (r"despu(?:é|e)s\s+de(?:l)?", "after"),
        (r"hasta", "until"),
    ),
}
# "dem Jahr 1948", "l'année 1946", "el año 1750": the year noun between the bound and the year
_YEAR_NOUN = {
    "de": r"(?:(?:dem|den)\s+Jahre?n?\s+)?",
    "fr": r"(?:(?:l['\u2019]\s*)?(?:ann(?:é|e)e|an)\s+)?",
    "es": r"(?:(?:el\s+)?a(?:ñ|n)o\s+)?",
}
# not the start of a range: "desde 1948 hasta 1960" is read by the range readers, word by word
_NOT_A_RANGE = r"(?![\w.,]*\d)(?!\s*(?:-|\u2013|bis|à|a|au|al|hasta|y|et|und)\s*\d)"
_PATTERNS = {
    language: [
        (re.compile(rf"(?<![\w'])(?P<word>{word})\s+{_YEAR_NOUN[language]}{_YEAR}\b{_NOT_A_RANGE}",
                    re.IGNORECASE), english)
        for word, english in bounds
    ]
    for language, bounds in _BOUNDS.items()
}  # fmt: skip


def year_bounds(text: str, language: str) -> tuple[str, list[str]]:
    """``text`` with its German, French or Spanish year bounds in English, and a note for each."""
    notes: list[str] = []
    if not any(c.isdigit() for c in text):
        return text, notes
    for pattern, english in _PATTERNS.get(language, []):

        def bound(match: re.Match[str], english: str = english) -> str:
            notes.append(f"read {match.group(0)!r} as {english} {match.group('year')}")
            return f"{english} {match.group('year')}"

        text = pattern.sub(bound, text)
    return text, notes
