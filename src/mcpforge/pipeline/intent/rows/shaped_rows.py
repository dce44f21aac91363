"""Rows by the file's shape: "how many cars get more than 30 MPG", "what share of the mothers are married".

A counted noun that names no column and no value ("cars", "mothers", "men", "Fahrzeuge") is asked about
when something in the file could count it instead of the rows (rows/nouns.py). Two shapes of file leave
only the rows, and the noun is read as them with no question, the reading saying so ("each row read as
one 'car'"):

- no column could count anything: no column named like a count, no period or group keying the rows (no
  date, no name x year panel, no table of group totals), and no whole-number column that is not a code, a
  year, a rate or a measure in a unit (rows/counting_columns.py) — a table of cars with ``Zylinder``,
  ``Baujahr`` and ``MPG Stadt`` has nothing but its rows to count cars with;
- each row describes one person (a sex column, an age or a birth year) and no period or group keys the
  rows, and no column holds how many of something each row has (``kids``, ``Anzahl Geschwister``: the
  noun may be what it counts, in words the reading cannot match): a person noun ("mothers", "men") is one
  row each, unless a column's name or a known synonym is the noun. Otherwise the question stays.

Never for a unit or a measure ("how many gallons", "how many points"), and never when the noun is the
object of a question about something else ("how many doors does the Golf have": the doors of one row,
not rows), unless that something is each group ("how many cars does each maker have").
"""

from __future__ import annotations

from mcpforge.pipeline.intent.filters.implicit import MEASURE_PLURALS
from mcpforge.pipeline.intent.language.gender_values import gender_forms
from mcpforge.pipeline.intent.rows.counting_columns import could_count, describing_column, keyed_by_periods
from mcpforge.pipeline.intent.rows.tally import tally_columns
from mcpforge.pipeline.intent.time.periods import month_column, year_column
from mcpforge.pipeline.intent.words import SYNONYMS, ColumnResolver, norm, singular

IRREGULAR_PLURALS = {"men": "man", "women": "woman", "children": "child", "mice": "mouse", "geese": "goose",
                     "feet": "foot", "teeth": "tooth"}  # fmt: skip
_COUNT_NAMES = frozenset({"anzahl", "number", "num", "nb", "nombre", "numero", "cantidad", "count", "n"})
_AUXILIARIES = frozenset({"do", "does", "did"})
_EACH = frozenset({"each", "every", "per", "all"})
_PERSON_NAMES = frozenset({"age", "alter", "edad", "birthyear", "birth", "born", "geburtsjahr",
                           "nacimiento", "naissance", "sex", "gender", "geschlecht", "sexe", "sexo",
                           "genero"})  # fmt: skip


def plural_base(token: str) -> str:
    """The singular of ``token``, irregular English plurals included ("children" → child)."""
    return IRREGULAR_PLURALS.get(token) or singular(token)


def _object_of_another(tokens: list[str], i: int) -> bool:
    """``doors`` in "how many doors does the Golf have": a verb's object, its subject something else."""
    after = tokens[i + 1 : i + 3]
    return bool(after) and after[0] in _AUXILIARIES and not (len(after) > 1 and after[1] in _EACH)


def _person_column(resolver: ColumnResolver) -> str | None:
    """A column that says each row is one person: a sex column (two sexes, maybe "other"), an age or a
    birth year."""
    for info in resolver.schema.columns:
        words = set(norm(info.name).replace("_", " ").split())
        if words & _PERSON_NAMES:
            return info.name
        values = [str(v) for v in info.values]
        if len(values) >= 2 and all(
            gender_forms(v, values) or v.strip().lower() in {"other", ""} for v in values
        ):
            return info.name
    return None


def _counts_per_row(column: str) -> bool:
    """``kids``, ``Anzahl Geschwister``, ``Kinderzahl``, ``num_cars``: a column named as how many of
    something each row has, which may be the noun itself in words the reading cannot match."""
    words = norm(column).replace("_", " ").split()
    plural = any(len(w) > 3 and w.endswith("s") and not w.endswith("ss") for w in words)
    return plural or any(w in _COUNT_NAMES or w.endswith("zahl") for w in words)


def _named_by_a_column(word: str, resolver: ColumnResolver) -> str | None:
    """A column the noun names: a stem of it or of its French, German or Spanish word in the column's
    name, or a known synonym (``kids`` for "children")."""
    found = describing_column(word, resolver)
    if found is not None:
        return found
    forms = {word, plural_base(word)}
    for column in resolver.names():
        key = norm(column)
        linked = set(SYNONYMS.get(key, ())) | set(SYNONYMS.get(singular(key), ()))
        if forms & linked or any(key in SYNONYMS.get(form, ()) for form in forms):
            return column
    return None


def counting_choices(resolver: ColumnResolver) -> list[str]:
    """The numeric columns a question offers as counting a noun: those that could count (not the year,
    a code, a rate or a measure in a unit: "the sum of 'birthyear'" is no choice), else every one."""
    numeric = resolver.schema.names_of_kind("numeric")
    periods = {year_column(resolver), month_column(resolver)}
    return [c for c in numeric if could_count(c, resolver, periods)] or numeric


def rows_by_shape(tokens: list[str], i: int, resolver: ColumnResolver) -> str | None:
    """Why the counted noun at ``i`` is the rows by the file's shape, or None when it must be asked."""
    schema = resolver.schema
    word = tokens[i]
    if schema.sampled or not schema.rows or tally_columns(resolver) or keyed_by_periods(resolver):
        return None
    if _object_of_another(tokens, i) or word in MEASURE_PLURALS:
        return None  # "how many doors does the Golf have", "how many gallons": not things the rows are
    periods = {year_column(resolver), month_column(resolver)}
    counters = [c for c in schema.names_of_kind("numeric") if could_count(c, resolver, periods)]
    one = plural_base(word)
    if not counters:
        return (
            f"no column could count them and no period or group keys the rows: each row read as one {one!r}"
        )
    person = _person_column(resolver)
    if person is None or any(_counts_per_row(c) for c in counters) or _named_by_a_column(word, resolver):
        return None  # "siblings" beside ``Anzahl Geschwister``, "children" beside ``kids``: asked
    why = f"each row describes one person ({person!r}) and no period or group keys the rows"
    return f"{why}: each row read as one {one!r}"
