"""Rows by elimination: a counted noun a column's name gives each row, no column could count, no periods.

"Wie viele Fahrzeuge ...", "number of vehicles per Antriebsart", "¿cuántos vehículos ...?" over a table
of cars whose file name says nothing (``mpg_de.xlsx``) and that has no name column: the question "is each
row one vehicle, or which column counts them?" has only one answer the data allow when

- a column's name gives each row one of them: the noun's stem, in English or in the French, German or
  Spanish word for it, is part of a column's name (``Fahrzeugklasse``: the class of a vehicle; ``type de
  véhicule``; ``vehicle_class``). "How many doors", "how many gallons" find none and still ask;
- no numeric column could count the noun: a count is a whole number of at least 0 that is not the file's
  year or month, not a code (a dozen values or fewer, each on many rows: ``Zylinder``, ``Métropole``)
  unless its name is a plural (``affairs``), and not a rate or a measure in a unit (a name with "per",
  "pro", "par", "por", "/", "%", "mpg", "rate", "taux", "tasa", "Anteil", a unit in brackets: "(l)");
  no column is named like a count (``count``, ``cases``, ``n``);
- the rows are not one per period or group: no date column, no month column, no text column that with
  the year column could key the rows (``state`` x ``year`` over 528 rows is a panel), and no two text
  columns whose pairs of values are nearly all on one row each (``Stadt`` x ``Fahrzeugklasse``: a table
  of group totals).

The note says which column gave the rows ("'Fahrzeugklasse' gives each row one of them ...").
"""

from __future__ import annotations

import re

from mcpforge.pipeline.coded_dates import the_coded_column
from mcpforge.pipeline.intent.language.languages import PHRASE_TABLES as _PHRASES
from mcpforge.pipeline.intent.rows.tally import tally_columns
from mcpforge.pipeline.intent.time.periods import month_column, names_a_period, year_column
from mcpforge.pipeline.intent.words import ColumnResolver, norm, singular

_CODE_VALUES = 12  # a whole-number column with at most this many values ...
_ROWS_PER_CODE = 10  # ... each on this many rows on average is a code, not a count
_PANEL = 0.5  # entity x year keys the rows when the rows fill at least this share of the pairs
_STEM = 5  # the shortest stem of a row noun looked for inside a column's name
_CROSS = 0.95  # two text columns key the rows when the rows fill nearly all of their pairs
_RATE_WORDS = frozenset({"per", "pro", "par", "por", "je", "mpg", "mph", "kmh", "rate", "ratio", "taux",
                         "tasa", "quote", "rata", "anteil", "part", "share", "mean", "average", "avg",
                         "moyen", "moyenne", "medio", "media", "durchschnitt", "median"})  # fmt: skip
_UNIT_BRACKET = re.compile(r"\(\s*[^\W\d_]{1,4}\s*\)|%|/")


def _words(column: str) -> list[str]:
    return re.sub(r"[^\w%/()]+", " ", norm(column).replace("_", " ")).split()


def _a_rate_or_unit(column: str) -> bool:
    """``MPG Stadt``, ``Motorgröße (l)``, ``Taux de chômage``, ``km/h``: a rate or a measure in a unit."""
    return bool(_UNIT_BRACKET.search(norm(column))) or bool(set(_words(column)) & _RATE_WORDS)


def _plural_name(column: str) -> bool:
    """A word of the name is a plural in -s (``affairs``, ``listings``, ``employés``, ``casos``)."""
    return any(len(w) > 3 and w.endswith("s") and not w.endswith("ss") for w in _words(column))


def could_count(column: str, resolver: ColumnResolver, periods: set[str | None]) -> bool:
    """``column`` could hold how many of something each row stands for (``periods``: year, month)."""
    schema = resolver.schema
    info = schema.get(column)
    rows = schema.rows or 0
    if info is None or info.kind != "numeric" or not info.is_integer:
        return False
    negative = isinstance(info.minimum, int | float) and info.minimum < 0
    period = names_a_period(column) or column in periods
    if negative or period:
        return False
    if _plural_name(column):
        return True  # ``affairs``, ``employees``: named by what it counts, small values or not
    code = info.distinct_count <= _CODE_VALUES and rows >= _ROWS_PER_CODE * info.distinct_count
    return not code and not _a_rate_or_unit(column)  # ``Zylinder``; ``MPG Stadt``


def keyed_by_periods(resolver: ColumnResolver) -> bool:
    """The rows may be one per period, or one per thing and period (a panel)."""
    schema = resolver.schema
    if any(resolver.kind(c) == "datetime" for c in resolver.names()) or month_column(resolver):
        return True
    if the_coded_column(schema.columns) is not None:
        return True  # dates written as integers (``Datum`` = 830105)
    rows = schema.rows or 0
    axes = [info for info in schema.columns if info.kind == "numeric" and names_a_period(info.name)]
    names = schema.names_of_kind("categorical") + schema.names_of_kind("text")
    for axis in axes:
        for column in names:
            other = schema.get(column)
            pairs = (other.distinct_count if other else 0) * axis.distinct_count
            if pairs and _PANEL * pairs <= rows <= pairs:
                return True
    return _cross_table(names, resolver)


def _cross_table(names: list[str], resolver: ColumnResolver) -> bool:
    """Two text columns whose every pair of values is (nearly) one row: a table of group totals."""
    schema = resolver.schema
    rows = schema.rows or 0
    counts = [info.distinct_count for info in map(schema.get, names) if info is not None]
    for k, first in enumerate(counts):
        for second in counts[k + 1 :]:
            pairs = first * second
            if pairs > 1 and _CROSS * pairs <= rows <= pairs:
                return True
    return False


def _stems(word: str) -> set[str]:
    """``vehicles`` → vehicle, and its French, German and Spanish words cut to their stems (fahrzeug,
    vehicule, vehiculo): at least five letters, so that a short stem ("auto") never finds "Autobahn"."""
    english = {word, singular(word)}
    natives = {
        key[0]
        for table in _PHRASES.values()
        for key, value in table.items()
        if len(key) == 1 and value in english
    }
    stems = {singular(word)} | {native[:-1] for native in natives} | {native[:-2] for native in natives}
    return {stem for stem in stems if len(stem) >= _STEM}


def describing_column(word: str, resolver: ColumnResolver) -> str | None:
    """The column whose name says each row has one ``word``: ``Fahrzeugklasse`` (the class of a vehicle),
    ``vehicle_type``, ``type de véhicule``."""
    stems = _stems(word)
    for column in resolver.names():
        if any(stem in part for part in _words(column) for stem in stems):
            return column
    return None


def rows_by_elimination(word: str, resolver: ColumnResolver) -> str | None:
    """Why the counted ``word`` that names no column is the rows, or None when it must be asked."""
    schema = resolver.schema
    if schema.sampled or not schema.rows or tally_columns(resolver) or keyed_by_periods(resolver):
        return None
    column = describing_column(word, resolver)
    if column is None:
        return None  # "how many doors", "how many gallons": nothing says the rows are these
    periods = {year_column(resolver), month_column(resolver)}
    if any(could_count(name, resolver, periods) for name in schema.names_of_kind("numeric")):
        return None
    return f"{column!r} gives each row one of them and no column could count them, so each row is one"
