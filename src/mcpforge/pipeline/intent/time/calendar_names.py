"""A month or weekday named in words ("in December", "en décembre", "on Mondays"): a condition, never dropped.

"What is the total Décès in December?" over a file whose ``Mois`` column holds ``Jan`` ... ``Dec``: the
month is that column's value ``Dec`` (said back). The month column is recognised by its values (every
distinct value a month name or abbreviation in English, French, German, Spanish or Italian: ``Dec``,
``Dez``, ``déc.``, ``diciembre``), or is the file's integer month column (values 1-12). Without a month
column, a date column whose rows all fall in one calendar year gives that year's month (a date range, said
back). Over dates of several years no condition is written here: the month is left unused and the word
accounting refuses naming it (accounting.py), rather than answering over every row. A weekday ("on
Mondays", "le lundi") is the value of the file's weekday column (weekday_column.py), written as the file
writes it (``Mon``, ``lundi``); without one it is left to the accounting too.
"""

from __future__ import annotations

import unicodedata

from mcpforge import _lazy_re as re
from mcpforge.models import Filter
from mcpforge.pipeline.intent.time.periods import month_column
from mcpforge.pipeline.intent.time.phrases import month_filters
from mcpforge.pipeline.intent.time.weekday_column import weekday_column
from mcpforge.pipeline.intent.words import ColumnResolver

_FULL = (
    ("january", "januar", "janvier", "enero", "gennaio"),
    ("february", "februar", "fevrier", "febrero", "febbraio"),
    ("march", "marz", "maerz", "mars", "marzo"),
    ("april", "avril", "abril", "aprile"),
    ("may", "mai", "mayo", "maggio"),
    ("june", "juni", "juin", "junio", "giugno"),
    ("july", "juli", "juillet", "julio", "luglio"),
    ("august", "aout", "agosto"),
    ("september", "septembre", "septiembre", "settembre"),
    ("october", "oktober", "octobre", "octubre", "ottobre"),
    ("november", "novembre", "noviembre"),
    ("december", "dezember", "decembre", "diciembre", "dicembre"),
)
_SHORT = (
    ("jan", "janv", "ene", "gen"),
    ("feb", "fev", "fevr", "febr"),
    ("mar", "mrz", "mae", "maer", "mars"),
    ("apr", "avr", "abr"),
    ("may", "mai", "mag"),
    ("jun", "juin", "giu"),
    ("jul", "juil", "lug"),
    ("aug", "aou", "ago"),
    ("sep", "sept", "set"),
    ("oct", "okt", "ott"),
    ("nov",),
    ("dec", "dez", "dic"),
)
FULL_MONTH_NAMES: dict[str, int] = {w: n for n, words in enumerate(_FULL, start=1) for w in words}
_ANY_MONTH: dict[str, int] = {
    **{w: n for n, words in enumerate(_SHORT, start=1) for w in words},
    **FULL_MONTH_NAMES,
}
# "may" / "mai" are also a verb ("may I ...") and "march" one: read as a month only after a preposition.
_AMBIGUOUS = frozenset({"may", "mai", "march", "mars"})
_BEFORE_MONTH = frozenset({"in", "during", "for", "of", "im", "en", "au", "mois", "de", "del", "durante",
                           "month", "monat"})  # fmt: skip


def fold_month(word: str) -> str:
    """``Déc.`` → ``dec``, ``März`` → ``marz``: lower case, no accents, no dots or spaces around."""
    plain = unicodedata.normalize("NFKD", word.strip().lower())
    return "".join(c for c in plain if not unicodedata.combining(c)).strip(" .")


def month_of_value(value: object) -> int | None:
    """The month (1-12) a column value names in words, else None."""
    return _ANY_MONTH.get(fold_month(str(value)))


# Abbreviations that are also words of their own ("set", "ago", "gen"): never read as a month here.
_COMMON_WORDS = frozenset({"set", "ago", "gen", "mag", "ene", "mae", "abr", "dic", "lug", "giu", "ott"})


def _named_month(tokens: list[str], i: int) -> int | None:
    """The month the request word at ``i`` names in full, or abbreviated ("Dec", "Dez.") after a preposition
    (a verb-like name, "may", "march", only after one too)."""
    word = fold_month(tokens[i])
    after_preposition = i > 0 and tokens[i - 1] in _BEFORE_MONTH
    month = FULL_MONTH_NAMES.get(word)
    if month is None and after_preposition and word not in _COMMON_WORDS:
        month = _ANY_MONTH.get(word)
        return month if month is not None and len(word) >= 3 else None
    if month is None or (word in _AMBIGUOUS and not after_preposition):
        return None
    return month


def month_value_column(resolver: ColumnResolver) -> tuple[str, dict[int, str]] | None:
    """The one categorical column whose values are all month names: (column, month → the file's value)."""
    found = []
    for info in resolver.schema.columns:
        if info.kind != "categorical" or not info.values or len(info.values) != info.distinct_count:
            continue
        months = {value: month_of_value(value) for value in info.values}
        if all(months.values()) and len(set(months.values())) == len(months):
            found.append((info.name, {n: str(v) for v, n in months.items() if n}))
    return found[0] if len(found) == 1 else None


def _one_year(resolver: ColumnResolver, column: str) -> int | None:
    """The calendar year every row of the date column falls in, when there is one."""
    info = resolver.schema.get(column)
    low, high = str(getattr(info, "minimum", "") or "")[:4], str(getattr(info, "maximum", "") or "")[:4]
    return int(low) if low == high and low.isdigit() else None


def _month_conditions(
    tokens: list[str], resolver: ColumnResolver, used: set[int]
) -> tuple[list[Filter], set[int], list[str]]:
    """Filters for the month named in words at an unused position, the positions used, and notes saying so."""
    spots = [(i, m) for i in range(len(tokens)) if i not in used and (m := _named_month(tokens, i))]
    if len(spots) != 1:  # "January to March", "December or January": left to the readers that join them
        return [], set(), []
    named = month_value_column(resolver)
    numbered = month_column(resolver) if named is None else None
    dates = [c for c in resolver.names() if resolver.kind(c) == "datetime"]
    filters: list[Filter] = []
    taken: set[int] = set()
    notes: list[str] = []
    for i, month in spots:
        if named is not None and month in named[1]:
            filters.append(Filter(column=named[0], op="==", value=named[1][month]))
            notes.append(f"read {tokens[i]!r} as the value {named[1][month]!r} of {named[0]!r}")
        elif named is None and numbered is not None:
            filters.append(Filter(column=numbered, op="==", value=month))
            notes.append(f"read {tokens[i]!r} as {numbered!r} = {month}")
        elif named is None and len(dates) == 1 and (year := _one_year(resolver, dates[0])) is not None:
            filters += month_filters(dates[0], year, month, "year")
            notes.append(
                f"read {tokens[i]!r} as {year}-{month:02d} of {dates[0]!r} (every date is in {year})"
            )
        else:
            continue
        taken.add(i)
    return filters, taken, notes


_DAYS = (
    ("monday", "montag", "lundi", "lunes", "lunedi", "mon", "mo", "lun"),
    ("tuesday", "dienstag", "mardi", "martes", "martedi", "tue", "tues", "di", "mar"),
    ("wednesday", "mittwoch", "mercredi", "miercoles", "mercoledi", "wed", "mi", "mer", "mie"),
    ("thursday", "donnerstag", "jeudi", "jueves", "giovedi", "thu", "thur", "thurs", "do", "jeu", "jue"),
    ("friday", "freitag", "vendredi", "viernes", "venerdi", "fri", "fr", "ven", "vie"),
    ("saturday", "samstag", "sonnabend", "samedi", "sabado", "sabato", "sat", "sa", "sam"),
    ("sunday", "sonntag", "dimanche", "domingo", "domenica", "sun", "so", "dim", "dom"),
)
_ANY_DAY: dict[str, int] = {w: n for n, words in enumerate(_DAYS) for w in words}
_MIN_FULL_DAY = 5  # "monday", "lundi", "montag": a request word; "mon", "so", "do" are too often other words


def _named_day(word: str) -> int | None:
    """The weekday a request word names in full, singular or plural ("Mondays", "Montags", "lundis")."""
    folded = fold_month(word)
    for form in (folded, folded[:-1] if folded.endswith("s") else folded):
        if len(form) >= _MIN_FULL_DAY and form in _ANY_DAY:
            return _ANY_DAY[form]
    return None


def _day_conditions(
    tokens: list[str], resolver: ColumnResolver, used: set[int]
) -> tuple[list[Filter], set[int], list[str]]:
    """A filter on the weekday column for the one weekday named in words at an unused position."""
    spots = [(i, d) for i in range(len(tokens)) if i not in used and (d := _named_day(tokens[i])) is not None]
    column = weekday_column(resolver.schema) if len(spots) == 1 else None
    info = resolver.schema.get(column) if column else None
    if info is None:
        return [], set(), []
    values = {_ANY_DAY.get(fold_month(str(v))): str(v) for v in info.values}
    i, day = spots[0]
    if day not in values:
        return [], set(), []
    note = f"read {tokens[i]!r} as the value {values[day]!r} of {column!r}"
    return [Filter(column=column, op="==", value=values[day])], {i}, [note]


def calendar_conditions(
    tokens: list[str], resolver: ColumnResolver, used: set[int]
) -> tuple[list[Filter], set[int], list[str]]:
    """Filters for a month and a weekday named in words, the positions they use, and notes saying so."""
    months, taken, notes = _month_conditions(tokens, resolver, used)
    days, on, said = _day_conditions(tokens, resolver, used | taken)
    return [*months, *days], taken | on, [*notes, *said]


# "Q4", "H1", "1849Q4": a quarter or half-year code (its digits keep it out of the number and word checks).
_PERIOD_CODE = re.compile(r"(?:(?:19|20)\d{2})?[qh][1-4]")


def calendar_word_why(tokens: list[str], i: int) -> str | None:
    """Why an unused month, weekday or quarter matters: it restricts the rows to that period."""
    if _named_month(tokens, i) is not None:
        return "a month the reading does not restrict to"
    if _named_day(tokens[i]) is not None:
        return "a weekday the reading does not restrict to"
    if _PERIOD_CODE.fullmatch(tokens[i]):
        return "a quarter or half-year the reading does not restrict to"
    return None
