"""A year that names a column of a wide file: "lw in 1980" is ``lw80``, "married in 1980 (mrt80)".

A wide file keeps one column per wave (``lw``, ``lw80``; ``gdp_1990``, ``gdp_2000``): there the year is
not a value of a time column but part of a column's name. "the average lw in 1980" means the column
``lw80``; "how many were married in 1980 (mrt80)" names the column and its year twice. The readers read a
year as a filter on a time column, which such a file does not have: the number was left over and the
request refused.

Only on a file without a time column a year restricts: a year written "in 1980" / "en 1980" / "the 1980
..." is taken out when a column whose name ends with that year (``80`` or ``1980``) is named in the request,
or when a column is named whose one year-marked sibling carries that year (the name is then written as the
sibling's). When a name has several siblings for the year ("lw80" and "lw_1980"), nothing is rewritten and
the year stays unused (refused, naming it). Each rewrite is said in a note.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.conditions import year_target
from mcpforge.pipeline.intent.time.year_labelled_columns import mentions_a_year, years_as_columns
from mcpforge.pipeline.intent.words import ColumnResolver, tokenize

_YEAR_PHRASE = re.compile(
    r"\s*\b(?:(?:in|for|of|during|en|pour|dans|para|im|f\u00fcr)\s+"
    r"(?:(?:the\s+year|el\s+a\u00f1o|l['\u2019]ann\u00e9e|jahr)\s+)?(?P<year>(?:19|20)\d{2})\b"
    r"|the\s+(?P<adjective>(?:19|20)\d{2})(?=\s+[^\W\d]))",
    re.IGNORECASE,
)


def _carriers(names: list[str], year: str) -> dict[str, list[str]]:
    """Base name (lowercase) -> the columns named ``<base><year>`` (``lw80``, ``gdp_1980``)."""
    marker = re.compile(rf"^(?P<base>.+?)[_ .-]?(?:{year}|{year[2:]})$", re.IGNORECASE)
    found: dict[str, list[str]] = {}
    for name in names:
        if (match := marker.match(name)) is not None and not match.group("base").isdigit():
            found.setdefault(match.group("base").lower(), []).append(name)
    return found


def year_columns(text: str, resolver: ColumnResolver) -> tuple[str, list[str]]:
    """``text`` with a year naming a wide file's column written as that column (see the module)."""
    if not any(c.isdigit() for c in text) or not (mentions_a_year(text) or _YEAR_PHRASE.search(text)):
        return text, []  # no year to read: no time column looked up (a quick path)
    if year_target(resolver, tokenize(text.lower())) is not None:
        return text, []  # the year restricts a time column
    text, labelled = years_as_columns(text, resolver)  # "GDP in 2020": the column `Jahr 2020`
    if (matches := list(_YEAR_PHRASE.finditer(text))) == []:
        return text, labelled
    names = resolver.names()
    notes: list[str] = []
    for match in reversed(matches):
        year = match.group("year") or match.group("adjective")
        carriers = _carriers(names, year)
        if not carriers:
            continue
        words = set(tokenize(text.lower()))
        named = [c for group in carriers.values() for c in group if c.lower() in words]
        bases = [b for b in carriers if b in words and b.lower() not in {n.lower() for n in named}]
        if not named and not (bases and all(len(carriers[b]) == 1 for b in bases)):
            continue
        phrase, text = match.group(0).strip(), text[: match.start()] + text[match.end() :]
        if named:
            notes.append(f"{phrase!r} read as the year of {named[0]!r}")
        for base in bases:  # "lw in 1980", "mean lw in 1980 (lw80)": the name of that year
            if len(carriers[base]) == 1:
                column = carriers[base][0]
                text = re.sub(rf"(?i)(?<![\w-]){re.escape(base)}(?![\w-])", column, text)
                notes.append(f"'{base} {phrase}' read as the column {column!r}")
    return text, labelled + notes
