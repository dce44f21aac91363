"""Years over a file that keeps them short: two-digit year columns and dates written as integers.

Two kinds of file carry their time in a form no year written in a request matches as it stands:

* a year column of two-digit years (``Année`` = 81 ... 87): "for year 81", "the years 81 to 83", "per
  year", "in 1981" (its last two digits, said: "'1981' read as Année = 81");
* a date column of integers (``Datum`` = 850101, yymmdd; or 19850101, yyyymmdd; see
  :mod:`mcpforge.pipeline.coded_dates`): "in 1985", "aus 1985", "from 1982 to 1984", "since 1986" become
  ranges of the column ("Datum between 850101 and 851231"); "per year" groups by the year computed from
  it (``time.periods``). A statement of the column's layout ("das Datum hat das Format JJMMTT") or of how
  its year is computed ("Jahr = 1900 + die ersten zwei Ziffern des Datums") agrees with that reading and is
  taken out, said in the reading; one that disagrees refuses the request, naming it.

The phrases are rewritten into the forms the filter reader reads (``Année 81``, ``Datum between A and B``)
before any reader runs. Only when the file has no date column and no four-digit year column, and only for
years the column holds. Near-misses stay as they were: a two-digit year over a file of four-digit years
("year 85" over ``year`` = 1985 ...) is refused with the way to write it, never read as ``year = 85``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mcpforge import _lazy_re as re
from mcpforge.exceptions import UnmappableRequestError
from mcpforge.pipeline.coded_dates import CodedFormat, century, the_coded_column, year_expression
from mcpforge.pipeline.intent.time.periods import has_date_column, names_a_year, year_column
from mcpforge.pipeline.intent.words import ColumnResolver
from mcpforge.pipeline.schema import ColumnInfo

_YEAR4 = r"(?:1[89]|2[01])\d{2}"
_YEAR2 = r"\d{2}"
_JOINT = r"-|\u2013|to|through|until|till"
_PREP = r"in|during|for|of|from|within"
_NOT_A_YEAR_BEFORE = frozenset({
    "above", "below", "over", "under", "than", "least", "most", "exceed", "exceeds", "equal", "equals", "to",
    ">", "<", "=", "top", "first", "last", "per", "by",
})  # fmt: skip
_LAYOUTS: dict[str, CodedFormat | str] = {  # a layout written in the request (en, de, fr, es), folded
    "yymmdd": "yymmdd", "jjmmtt": "yymmdd", "aammjj": "yymmdd", "aammdd": "yymmdd",
    "yyyymmdd": "yyyymmdd", "jjjjmmtt": "yyyymmdd", "aaaammjj": "yyyymmdd", "aaaammdd": "yyyymmdd",
    "ddmmyy": "ddmmyy", "ttmmjj": "ddmmyy", "jjmmaa": "ddmmyy", "ddmmaa": "ddmmyy",
    "mmddyy": "mmddyy", "ddmmyyyy": "ddmmyyyy", "ttmmjjjj": "ddmmyyyy", "jjmmaaaa": "ddmmyyyy",
    "mmddyyyy": "mmddyyyy", "yyddmm": "yyddmm",
}  # fmt: skip
_LAYOUT = re.compile(r"\b(" + "|".join(sorted(_LAYOUTS, key=len, reverse=True)) + r")\b", re.IGNORECASE)
_BRACKET = re.compile(r"\(([^()]{1,120})\)")
_DEFINED_YEAR = re.compile(
    r"^\s*(?:the\s+)?(?:year|jahr|annee|ann\u00e9e|ano|a\u00f1o)\s*=\s*(?P<century>1900|2000)\s*\+",
    re.IGNORECASE,
)
_TWO = frozenset({"two", "2", "zwei", "deux", "dos", "first", "ersten", "premiers", "primeros", "primeras"})


@dataclass
class WrittenYears:
    """The request with its years written as the file holds them, and what the reading says."""

    text: str
    notes: list[str] = field(default_factory=list)


def two_digit_year_column(resolver: ColumnResolver) -> ColumnInfo | None:
    """The file's one integer year column of two-digit years (``Année`` = 81 ... 87), if it has one.

    Its name must say year, not month: ``Mo.Sold`` (1 ... 12) beside ``Yr.Sold`` (2006 ...) had been read
    as two-digit years, so "per year sold" grouped by the month. A file with any column of four-digit
    years named a year has none (its years are written in full)."""
    named = [
        info
        for info in resolver.schema.columns
        if info.kind == "numeric"
        and info.is_integer
        and names_a_year(info.name)
        and isinstance(info.minimum, int | float)
        and isinstance(info.maximum, int | float)
    ]
    if any(info.minimum >= 1000 for info in named):  # type: ignore[operator]
        return None
    found = [info for info in named if 0 <= info.minimum <= info.maximum <= 99]  # type: ignore[operator]
    return found[0] if len(found) == 1 else None


def coded_date_column(resolver: ColumnResolver) -> tuple[ColumnInfo, CodedFormat] | None:
    """The file's one date column written as integers, when the file has no other time column."""
    if has_date_column(resolver) or year_column(resolver) is not None:
        return None
    return the_coded_column(resolver.schema.columns)


def written_years(text: str, resolver: ColumnResolver) -> WrittenYears:
    """``text`` with its years written as the file holds them (see the module), or as it was.

    Raises:
        UnmappableRequestError: a two-digit year over four-digit years, or a stated date layout or year
            definition that disagrees with how the column reads.
    """
    if not any(c.isdigit() for c in text) and "year" not in text.lower() and "(" not in text:
        return WrittenYears(text=text)
    coded = coded_date_column(resolver)
    if coded is not None:
        return _coded_dates(text, *coded)
    if has_date_column(resolver):
        return WrittenYears(text=text)
    short = two_digit_year_column(resolver)
    if short is not None and year_column(resolver) is None:
        return _two_digit_years(text, short)
    four = year_column(resolver)
    if four is not None:
        _refuse_short_year(text, four, resolver)
    return WrittenYears(text=text)


# -------------------------------------------------------------------------------- two-digit year columns
def _in_range(info: ColumnInfo, value: int) -> bool:
    low, high = info.minimum, info.maximum
    return isinstance(low, int | float) and isinstance(high, int | float) and low <= value <= high


def _two_digit_years(text: str, info: ColumnInfo) -> WrittenYears:
    name = info.name
    notes: list[str] = []

    def short(year: str) -> int | None:
        value = int(year) % 100
        return value if _in_range(info, value) else None

    def full_range(m: re.Match[str]) -> str:
        low, high = short(m.group("low")), short(m.group("high"))
        if low is None or high is None or low > high or not _a_range(m):
            return m.group(0)
        notes.append(f"{m.group(0).strip()!r} read as {name} between {low} and {high} (two-digit years)")
        return f"{_grain_kept(m)}{name} between {low} and {high}"

    def full_single(m: re.Match[str]) -> str:
        value = short(m.group("year"))
        if value is None:
            return m.group(0)
        notes.append(f"{m.group('year')!r} read as {name} = {value} (two-digit years)")
        return f"{m.group('prep')} {name} {value}"

    def full_bound(m: re.Match[str]) -> str:
        value = short(m.group("year"))
        if value is None:
            return m.group(0)
        op = _BOUNDS[m.group("word").lower()][0]
        notes.append(f"{m.group(0).strip()!r} read as {name} {op} {value} (two-digit years)")
        return f"{name} {op} {value}"

    def short_range(m: re.Match[str]) -> str:
        low, high = int(m.group("low")), int(m.group("high"))
        if not (_in_range(info, low) and _in_range(info, high)) or low > high:
            return m.group(0)
        return f"{name} between {low} and {high}"

    def short_single(m: re.Match[str]) -> str:
        year, before = m.group("year") or m.group("year2"), m.group("before") or m.group("before2") or ""
        if not _in_range(info, int(year)):
            return m.group(0)
        notes.append(f"'{m.group(0).strip()}' read as {name} = {year}")
        return f"{before}{name} {year}"

    text = _FULL_RANGE.sub(full_range, text)
    text = _FULL_BOUND.sub(full_bound, text)
    text = _FULL_SINGLE.sub(full_single, text)
    text = _SHORT_RANGE.sub(short_range, text)
    text = _SHORT_SINGLE.sub(short_single, text)
    text, count = _PER_YEAR.subn(lambda m: f"{m.group(1)} {name}", text)
    if count:
        notes.append(f"'year' read as {name!r} (two-digit years)")
    return WrittenYears(text=text, notes=list(dict.fromkeys(notes)))


_FULL_RANGE = re.compile(
    rf"\b(?:(?:between|from)\s+)?(?:the\s+)?(?:years?\s+)?(?:(?:between|from)\s+)?(?P<low>{_YEAR4})\s*"
    rf"(?P<joint>{_JOINT}|and)\s*(?P<high>{_YEAR4})\b",
    re.IGNORECASE,
)


def _a_range(m: re.Match[str]) -> bool:
    """ "from 1982 to 1984", "between 1982 and 1984"; never "1982 and 1984" (two years)."""
    if int(m.group("low")) > int(m.group("high")):
        return False
    return m.group("joint").lower() != "and" or "between" in m.group(0).lower()


_BOUNDS = {"since": (">=", "low"), "after": (">", "high"), "before": ("<", "low"), "until": ("<=", "high"),
           "till": ("<=", "high"), "through": ("<=", "high")}  # fmt: skip
_FULL_BOUND = re.compile(
    rf"\b(?P<word>since|after|before|until|till)\s+(?:the\s+)?(?:years?\s+)?(?P<year>{_YEAR4})\b",
    re.IGNORECASE,
)
_FULL_SINGLE = re.compile(
    rf"\b(?P<prep>{_PREP})\s+(?:the\s+)?(?:calendar\s+)?(?:years?\s+)?(?:of\s+)?(?P<year>{_YEAR4})\b(?![\d.,])",
    re.IGNORECASE,
)
_SHORT_RANGE = re.compile(
    rf"\b(?:between\s+)?(?:the\s+)?years\s+(?:between\s+|from\s+)?(?P<low>{_YEAR2})\s*(?:{_JOINT}|and)\s*"
    rf"(?P<high>{_YEAR2})\b(?![\d.,])",
    re.IGNORECASE,
)
_SHORT_SINGLE = re.compile(
    rf"(?P<before>\b(?:{_PREP})\s+)?\b(?:the\s+)?(?:calendar\s+)?year\s+(?:of\s+)?(?P<year>{_YEAR2})\b(?![\d.,])"
    rf"|(?P<before2>\b(?:in|during)\s+)(?P<year2>{_YEAR2})(?=\s*(?:[,;:.?!)]|only\b|alone\b|$))",
    re.IGNORECASE,
)
_PER_YEAR = re.compile(r"\b(per|by|each|every)\s+year\b", re.IGNORECASE)


_GRAIN = frozenset({"per", "by", "each", "every"})


def _grain_kept(m: re.Match[str]) -> str:
    """ "year " when the range's words began with the year of "per year from 1982 to 1984" (a grouping)."""
    before = m.string[: m.start()].lower().split()
    starts = m.group(0).lower().split()[:1]
    return "year " if before and before[-1] in _GRAIN and starts and starts[0].startswith("year") else ""


def _refuse_short_year(text: str, column: str, resolver: ColumnResolver) -> None:
    """``year 85`` over a ``year`` column of 1985 ... 1995: refused with the year to write in full."""
    info = resolver.schema.get(column)
    if info is None:
        return
    for m in _SHORT_SINGLE.finditer(text):
        year = m.group("year")  # "year 85"; "in 85" alone is left to the word check
        if year is None or _in_range(info, int(year)):
            continue
        candidates = [
            y for y in range(int(info.minimum or 0), int(info.maximum or 0) + 1) if y % 100 == int(year)
        ]
        held = f"{info.minimum:.0f} to {info.maximum:.0f}"
        example = f"e.g. '{column} {candidates[0]}'" if candidates else f"within {held}"
        raise UnmappableRequestError(
            f"cannot map the request {text!r} onto a data analysis: {m.group(0).strip()!r} is a two-digit "
            f"year and {column!r} holds four-digit years ({held}); write the year in full, {example}.",
            understood={"unknown": [year]},
        )


# -------------------------------------------------------------------------------- dates written as integers
def _coded_dates(text: str, info: ColumnInfo, fmt: CodedFormat) -> WrittenYears:
    name = info.name
    notes: list[str] = []
    text = _statements(text, info, fmt, notes)
    base = century(info) if fmt == "yymmdd" else 0
    scale = 10000
    low_year = base + int(info.minimum or 0) // scale if fmt == "yymmdd" else int(info.minimum or 0) // scale
    high_year = base + int(info.maximum or 0) // scale if fmt == "yymmdd" else int(info.maximum or 0) // scale

    def first(year: int) -> int:
        return (year - base) * scale + 101

    def last(year: int) -> int:
        return (year - base) * scale + 1231

    def held(*years: str) -> bool:
        return all(low_year <= int(y) <= high_year for y in years)

    def said(words: str, reading: str) -> None:
        notes.append(f"{words.strip()!r} read as {reading} ({name!r} read as {fmt} dates)")

    def year_range(m: re.Match[str]) -> str:
        if not held(m.group("low"), m.group("high")) or not _a_range(m):
            return m.group(0)
        reading = f"{name} between {first(int(m.group('low')))} and {last(int(m.group('high')))}"
        said(m.group(0), reading)
        return f"{_grain_kept(m)}{reading}"

    def bound(m: re.Match[str]) -> str:
        if not held(m.group("year")):
            return m.group(0)
        op, edge = _BOUNDS[m.group("word").lower()]
        value = first(int(m.group("year"))) if edge == "low" else last(int(m.group("year")))
        reading = f"{name} {op} {value}"
        said(m.group(0), reading)
        return reading

    def single(m: re.Match[str]) -> str:
        year = m.group("year")
        before = m.string[: m.start()].lower().split()
        if not held(year) or (before and before[-1] in _NOT_A_YEAR_BEFORE and not m.group("prep")):
            return m.group(0)
        reading = f"{name} between {first(int(year))} and {last(int(year))}"
        said(year, reading)
        return f"{m.group('prep') or ''} {reading}"

    text = _FULL_RANGE.sub(year_range, text)
    text = _FULL_BOUND.sub(bound, text)
    text = _CODED_SINGLE.sub(single, text)
    return WrittenYears(text=re.sub(r"[ \t]{2,}", " ", text).strip(), notes=list(dict.fromkeys(notes)))


_CODED_SINGLE = re.compile(
    rf"\b(?:(?P<prep>{_PREP})\s+)?(?:the\s+)?(?:calendar\s+)?(?:years?\s+)?(?:of\s+)?"
    rf"(?P<year>{_YEAR4})\b(?![\d.,])",
    re.IGNORECASE,
)


def _statements(text: str, info: ColumnInfo, fmt: CodedFormat, notes: list[str]) -> str:
    """``text`` without the brackets that state the column's layout or how its year is computed."""

    def bracket(m: re.Match[str]) -> str:
        inside = m.group(1)
        layout = _LAYOUT.search(inside)
        if layout is not None:
            stated = _LAYOUTS[layout.group(1).lower()]
            if stated != fmt:
                _disagree(text, f"({inside.strip()})", f"its values read only as {fmt} dates")
            notes.append(f"({inside.strip()}) agrees with {info.name!r} read as {fmt} dates")
            return " "
        defined = _DEFINED_YEAR.match(inside)
        if defined is not None and _names_column(inside, info.name) and _TWO & set(_words(inside)):
            if fmt != "yymmdd" or int(defined.group("century")) != century(info):
                _disagree(text, f"({inside.strip()})", f"its years read as {year_expression(info, fmt)}")
            notes.append(f"({inside.strip()}) agrees with the year of {info.name!r} read as {fmt} dates")
            return " "
        return m.group(0)

    return _BRACKET.sub(bracket, text)


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text.lower())


def _names_column(text: str, column: str) -> bool:
    """The bracket names the column (in any inflection: "des Datums" for ``Datum``)."""
    stem = column.lower()[: max(4, len(column) - 1)]
    return any(word.startswith(stem) for word in _words(text))


def _disagree(text: str, said: str, why: str) -> None:
    raise UnmappableRequestError(
        f"cannot map the request {text!r} onto a data analysis: {said} does not hold for the data: {why}. "
        "Leave the statement out, or ask about the column's numbers as they are.",
        understood={"unknown": [said]},
        final=True,
    )
