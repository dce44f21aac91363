"""Years written around the time column's name: ``in the year 2015``, ``the years 2010-2015``, ``1990 only``.

"in 2015" already restricts the time column (an integer ``year`` column, or the year of a date column)
on every path: aggregates, tests, percentiles, correlations. The same year written with the column's
own name ("in the year 2015", "for year 2000", "the years 2010 to 2015"), as a dash range
("2010-2015") or as a bare year with "only" ("median fertility per region, 1990 only") was read by no
path: the number was left over and the request refused; in a statistical test the word "year" was even
taken as a column to test. These phrases are rewritten into the form every path reads ("in 2015",
"from 2010 to 2015", "in 1990 only"), so the restriction is assembled once, by the filter reader, and the
reading sentence says it ("over the rows where `year` = 2015").

Only when the file has a time column a year can restrict and the word "year" names no other column: a
"model year 2015" on a file whose ``year`` is something else is left alone (and still refused or asked).
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.conditions import year_target
from mcpforge.pipeline.intent.words import ColumnResolver, tokenize

_Y = r"(?:1[89]|20)\d{2}"
_PREPOSITIONS = r"in|during|for|of|from|since|after|before|until|through|throughout|over|within"
_RANGE_WORDS = r"-|\u2013|to|through|until|till|and"
# "the years 2010 to 2015", "in years 2010-2015", "between the years 1950 and 1955", "per year 2010 to 2015"
_RANGE = re.compile(
    rf"\b(?:(?P<prep>{_PREPOSITIONS}|between)\s+)?(?:the\s+)?(?:calendar\s+)?(?P<noun>years?)\s+"
    rf"(?:(?P<word>between|from)\s+)?(?P<low>{_Y})\s*(?P<joint>{_RANGE_WORDS})\s*(?P<high>{_Y})\b",
    re.IGNORECASE,
)
# "in the year 2015", "for year 2000", "the calendar year of 2016" (not a range: that is _RANGE)
_SINGLE = re.compile(
    rf"\b(?:(?P<prep>{_PREPOSITIONS})\s+)?(?:the\s+)?(?:calendar\s+)?year\s+(?:of\s+)?(?P<year>{_Y})\b"
    rf"(?!\s*(?:{_RANGE_WORDS})\s*\d)",
    re.IGNORECASE,
)
# "for the years 1980 and later", "the years 1975 onwards": one open bound, as "year 1980 and later"
_OPEN_YEARS = re.compile(
    rf"\b(?:(?P<prep>{_PREPOSITIONS})\s+)?(?:the\s+)?years\s+(?:of\s+)?(?P<year>{_Y})"
    r"(?=\s+(?:and|or)\s+(?:later|after|earlier|before)\b|\s+onwards?\b)",
    re.IGNORECASE,
)
# "only the years from 1948 on", "years after 1990", "the years before 1750": the bound is the preposition's
# ("from 1948" alone is that year unless "on" / "onwards" / "and later" follows, as everywhere)
_YEARS_BOUNDED = re.compile(
    rf"\b(?:the\s+)?years\s+(?P<prep>from|after|before|since|until|till|through)\s+(?P<year>{_Y})\b"
    rf"(?!\s*(?:{_RANGE_WORDS})\s*\d)",
    re.IGNORECASE,
)
_FROM_ON = re.compile(r"\s+(?:on|onwards?|and\s+later|or\s+later)\b", re.IGNORECASE)
# "in 2010-2015", "2010\u20132015"
_DASH = re.compile(
    rf"\b(?:(?P<prep>{_PREPOSITIONS}|between)\s+)?(?P<low>{_Y})\s*[-\u2013]\s*(?P<high>{_Y})\b", re.IGNORECASE
)
# ", 1990 only", "(2015 alone)", ", only 2015.": a year standing alone as a restriction, after a break
_ONLY_AFTER = re.compile(rf"(?P<before>^|[,;:(]\s*)(?P<year>{_Y})\s+(?P<word>only|alone)\b", re.IGNORECASE)
_ONLY_BEFORE = re.compile(
    rf"(?P<before>^|[,;:(]\s*)only\s+(?P<year>{_Y})(?=\s*(?:[,;:.?!)]|$))", re.IGNORECASE
)
# "Restrict to 1988", "limited to the year 1988": that one year, never "to 1988" (up to it);
# "restrict the data to 1984 to 1986": that range
_RESTRICTED = re.compile(
    rf"\b(?:restrict|restricted|restricting|limit|limited|limiting)\s+(?:(?:it|this|that|the\s+(?:data|rows|"
    rf"analysis|sample))\s+)?to\s+(?:the\s+)?(?:(?:calendar\s+)?years?\s+)?(?P<year>{_Y})\b"
    rf"(?:\s*(?:-|\u2013|to|through|until|till)\s*(?P<high>{_Y})\b)?(?!\s*(?:{_RANGE_WORDS})\s*\d)",
    re.IGNORECASE,
)
_WORD_BEFORE = re.compile(r"([A-Za-z]+)\s*$")
# "per year 2010 to 2015": the year is a grouping as well; only the range is rewritten
_GRAIN_WORDS = frozenset({"per", "by", "each", "every"})


def _after_grain(text: str, start: int) -> bool:
    word = _WORD_BEFORE.search(text[:start])
    return word is not None and word.group(1).lower() in _GRAIN_WORDS


def _range(low: str, high: str, word: str | None) -> str | None:
    if int(low) > int(high):
        return None
    return f"between {low} and {high}" if (word or "").lower() == "between" else f"from {low} to {high}"


def year_phrases(text: str, resolver: ColumnResolver) -> str:
    """``text`` with its years written as every reader reads them (see the module), or as it was."""
    if not any(c.isdigit() for c in text) or not any(
        p.search(text)
        for p in (_RANGE, _DASH, _SINGLE, _ONLY_AFTER, _ONLY_BEFORE, _RESTRICTED, _OPEN_YEARS, _YEARS_BOUNDED)
    ):
        return text  # most requests: no year written in these forms (no column lookups)
    target = year_target(resolver, tokenize(text.lower()))
    if target is None:
        return text
    if resolver.resolve("year", fuzzy=False) not in {None, target}:
        return text  # "year" names another column than the one a year restricts

    def single(m: re.Match[str]) -> str:
        if m.group("prep") is None and _after_grain(m.string, m.start()):
            return m.group(0)  # "per year 2015": not read here
        return f"{m.group('prep') or 'in'} {m.group('year')}"

    def year_range(m: re.Match[str]) -> str:
        between = (
            "between"
            if "between" in {(m.group("prep") or "").lower(), (m.group("word") or "").lower()}
            else None
        )
        if m.group("joint").lower() == "and" and between is None:
            return m.group(0)  # "the years 2010 and 2015": two years, not the years between
        found = _range(m.group("low"), m.group("high"), between)
        if found is None:
            return m.group(0)
        if m.group("prep") is None and _after_grain(m.string, m.start()):
            return f"{m.group('noun')} {found}"  # "per year 2010 to 2015": per year, from 2010 to 2015
        return found

    def bounded(m: re.Match[str]) -> str:
        if m.group("prep").lower() == "from" and not _FROM_ON.match(m.string, m.end()):
            return m.group(0)  # "the years from 1948" with no end said: left to refuse, not one year
        return f"{m.group('prep')} {m.group('year')}"

    def dash(m: re.Match[str]) -> str:
        return _range(m.group("low"), m.group("high"), m.group("prep")) or m.group(0)

    text = _RESTRICTED.sub(
        lambda m: (
            (_range(m.group("year"), m.group("high"), None) or m.group(0))
            if m.group("high")
            else f"in {m.group('year')}"
        ),
        text,
    )
    text = _RANGE.sub(year_range, text)
    text = _DASH.sub(dash, text)
    text = _SINGLE.sub(single, text)
    text = _YEARS_BOUNDED.sub(bounded, text)
    text = _OPEN_YEARS.sub(lambda m: f"{m.group('prep') or 'in'} {m.group('year')}", text)
    text = _ONLY_AFTER.sub(lambda m: f"{m.group('before')}in {m.group('year')} {m.group('word')}", text)
    return _ONLY_BEFORE.sub(lambda m: f"{m.group('before')}only in {m.group('year')}", text)
