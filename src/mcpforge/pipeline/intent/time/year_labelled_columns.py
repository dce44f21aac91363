"""A year that names a column of a wide file by itself: "GDP per capita in 2020" is the column ``Jahr 2020``.

Public tables (World Bank, OECD, Eurostat) keep one column per year and one row per country and measure:
``Land``, ``Beschreibung`` (GDP, GDP growth, GDP per capita), ``Jahr 1960`` … ``Jahr 2020``; R writes
such headers ``X1960``. A year in the request is then no filter on a time column (there is none) but the
column of that year. Each year written where the file has exactly one numeric column named by that year
alone (``2020``, ``X2020``, ``year_2020``, ``Jahr 2020``, ``Año 2020``), on a file with two such columns
or more, is written as that column, quoted, and the reading says so.

When the year comes right after a value of a category column ("GDP per capita in 2020", "the 2020 GDP"),
the two are written "`Jahr 2020` for GDP per capita": the value is the rows' measure, the column holds
its number, and every reader takes "mean `Jahr 2020` for GDP per capita" as it takes "mean price for
Premium". A year after a comparison ("GDP above 2000") stays a number, and the readers then ask which
column is meant.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.words import ColumnResolver

_WIDE = 2
# A column's name that is a year alone, or a year with a word for "year" (R's "X" before a number).
_LABELLED = re.compile(
    r"(?:(?:year|yr|y|x|fy|jahr|a\u00f1o|ano|anno|ann\u00e9e|annee|an)[\s_.-]*)?(?P<year>(?:19|20)\d{2})",
    re.IGNORECASE,
)
# A year written in a request, with the word "year" before it ("im Jahr 2000", "in the year 2000").
_YEAR = re.compile(
    r"(?<![\w.,`'-])(?P<lead>(?:(?:in|for|of|during|im|f\u00fcr|von|en|pour|de|del|para)\s+)?"
    r"(?:(?:the|el|l['\u2019])\s*)?(?:(?:year|jahr|a\u00f1o|ann\u00e9e)\s+)?)"
    r"(?P<year>(?:19|20)\d{2})(?![\w`'-]|[.,]\d)",
    re.IGNORECASE,
)
_COMPARISONS = frozenset((
    "than", "above", "below", "over", "under", "exceeds", "exceed", "exceeding", "exceeded", "least", "most",
    ">", "<", "=", ">=", "<=", "\u2265", "\u2264", "als", "\u00fcber", "unter", "plus", "moins", "m\u00e1s",
    "menos", "mayor", "menor", "sup\u00e9rieur", "inf\u00e9rieur", "superior", "inferior",
    "top", "first", "last",
))  # fmt: skip


def mentions_a_year(text: str) -> bool:
    """Whether ``text`` writes a year (1900-2099) standing alone: the cheap test before any column look-up."""
    return _YEAR.search(text) is not None


def years_as_columns(text: str, resolver: ColumnResolver) -> tuple[str, list[str]]:
    """``text`` with each year that names a wide file's column written as that column (see the module),
    and a note each."""
    labelled = _year_labelled(resolver) if mentions_a_year(text) else {}
    if not labelled:
        return text, []
    values = _category_values(resolver)
    notes: list[str] = []
    out: list[str] = []
    at = 0
    for match in _YEAR.finditer(text):
        name = labelled.get(match.group("year"))
        if name is None or _after_comparison(text[: match.start()]):
            continue
        before = text[at : match.start()]
        value = _value_before(before, values)
        following = _value_after(text[match.end() :], values)
        if value is not None:  # "GDP per capita in 2020": `Jahr 2020` for GDP per capita
            out.append(f"{before[: len(before) - len(value)]}`{name}` for {value}")
        elif following is not None:  # "the 2020 GDP": `Jahr 2020` for GDP
            out.append(f"{before}`{name}` for")
        else:
            out.append(f"{before}{_kept_lead(match.group('lead'))}`{name}`")
        notes.append(f"{match.group(0).strip()!r} read as the column {name!r}")
        at = match.end()
    out.append(text[at:])
    return "".join(out), notes


def _year_labelled(resolver: ColumnResolver) -> dict[str, str]:
    """Year -> the one numeric column named by that year alone, on a file with two such columns or more."""
    found: dict[str, list[str]] = {}
    for name in resolver.names():
        match = _LABELLED.fullmatch(name.strip())
        if match is not None and resolver.kind(name) == "numeric":
            found.setdefault(match.group("year"), []).append(name)
    if len(found) < _WIDE:
        return {}
    return {year: columns[0] for year, columns in found.items() if len(columns) == 1}


def _category_values(resolver: ColumnResolver) -> list[str]:
    """Every listed value of a category column, longest first (so "GDP per capita" before "GDP")."""
    values = {
        str(value).strip()
        for info in resolver.schema.columns
        if info.kind == "categorical"
        for value in info.values
        if any(c.isalpha() for c in str(value))
    }
    return sorted(values, key=len, reverse=True)


def _after_comparison(before: str) -> bool:
    return any(word.strip("(") in _COMPARISONS for word in before.lower().split()[-2:])


def _value_before(before: str, values: list[str]) -> str | None:
    """The value the text before a year ends with ("… GDP per capita"), as written there."""
    trimmed = before.rstrip()
    low = trimmed.lower()
    for value in values:
        if low.endswith(value.lower()) and not low[: len(low) - len(value)][-1:].isalnum():
            return trimmed[len(trimmed) - len(value) :] + before[len(trimmed) :]
    return None


def _value_after(after: str, values: list[str]) -> str | None:
    """The value the text after a year starts with ("2020 GDP per capita")."""
    low = after.lstrip().lower()
    for value in values:
        if low.startswith(value.lower()) and not low[len(value) : len(value) + 1].isalnum():
            return value
    return None


def _kept_lead(lead: str) -> str:
    """What stays of the words before a year: a preposition; "the year" / "im Jahr" go with the year."""
    words = lead.split()
    return f"{words[0]} " if words and words[0].lower() in {"in", "for", "of", "during"} else ""
