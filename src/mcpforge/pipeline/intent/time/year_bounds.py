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
from mcpforge.pipeline.intent.words import ColumnResolver

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


# "built in 2000 or later", "Year.Built of 1990 or earlier", "sold 2008 and after": an open bound on the
# column named right before it, as ">= 2000" / "<= 1990" (the year included, as "or" says)
_OPEN_BOUND = re.compile(
    rf"(?P<name>(?:[^\W\d][\w.'-]*\s+){{1,3}}?)(?:(?:is|was|are|were)\s+)?(?:(?:in|of|from)\s+)?(?:the\s+year\s+)?"
    rf"{_YEAR}\s+(?:or|and)\s+"
    r"(?P<side>later|after|afterwards|onwards?|more\s+recently|earlier|before)\b",
    re.IGNORECASE,
)
_FIRST_CALENDAR_YEAR, _LAST_CALENDAR_YEAR = 1000, 2999
_YEAR_WORDS = frozenset({"year", "years", "the", "a"})


def open_year_bounds(text: str, resolver: ColumnResolver) -> tuple[str, list[str]]:
    """``text`` with "<column words> [in] <year> or later / or earlier" as ``<column words> >= <year>`` /
    ``<= <year>``, when the words name one integer column of calendar years; a note for each.

    A file with several year columns (built, sold, remodelled) has no one column "in 2000" restricts,
    so the open bound is bound to the column its words name, and only then.
    """
    notes: list[str] = []
    if not any(c.isdigit() for c in text) or not any(
        w in text.lower() for w in ("later", "after", "earlier", "before", "onward", "recent")
    ):
        return text, notes  # fmt: skip

    def bound(match: re.Match[str]) -> str:
        words = match.group("name").split()
        for start in range(len(words)):
            column = resolver.resolve(" ".join(words[start:]), fuzzy=False)
            info = resolver.schema.get(column) if column else None
            if (
                info is not None
                and words[start].lower() not in _YEAR_WORDS  # "the years 1980 and later": year_words.py's
                and info.kind == "numeric"
                and isinstance(info.minimum, int | float)
                and isinstance(info.maximum, int | float)
                and _FIRST_CALENDAR_YEAR <= info.minimum <= info.maximum <= _LAST_CALENDAR_YEAR
            ):
                side = match.group("side").lower()
                op = "<=" if side in ("earlier", "before") else ">="
                said = f"{' '.join(words[start:])} {match.group(0)[len(match.group('name')) :].strip()}"
                notes.append(f"read {said!r} as {column} {op} {match.group('year')}")
                return f"{match.group('name')}{op} {match.group('year')}"
        return match.group(0)

    return _OPEN_BOUND.sub(bound, text), notes
