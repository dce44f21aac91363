"""Rows of a panel counted under another name: "how many employees did IBM have?" over firm-years.

A file keyed by a name and a period (``firm`` x ``year``: one row per firm per year) has rows that are
each one firm *in one year*. A count of its rows answers "how many firm-years", and a noun that names
neither the rows, nor a column, nor the period ("employees", "armas", "Mitarbeiter") is something the
file does not hold: counting rows for it is a wrong answer that looks validated (blind5: "On average, how
many employees did IBM have?" answered 20, the number of IBM's years). Such a reading is refused, naming
the noun, unless the person answered that they are the rows. Words that do name the rows ("rows",
"observations", "filas") or a column ("firms" beside
``firm``, "years") pass, and so do counts of distinct values (``nunique``), which panel_entities.py reads.
"""

from __future__ import annotations

from mcpforge.models import Intent
from mcpforge.pipeline.intent.language.function_words import FUNCTION_WORDS
from mcpforge.pipeline.intent.rows.panel_entities import period_axis
from mcpforge.pipeline.intent.words import ColumnResolver, norm, singular, tokenize

# What comes right before a counted noun, in the four languages a request is read in.
_COUNTING = frozenset({"many", "number", "count", "cuantos", "cuantas", "cuántos", "cuántas", "combien",
                       "nombre", "numero", "número", "viele", "anzahl"})  # fmt: skip
_ROW_WORDS = frozenset({"row", "record", "observation", "entry", "line", "data", "fila", "registro",
                        "observacion", "observación", "ligne", "enregistrement", "zeile", "beobachtung",
                        "datensatz", "eintrag", "time", "vez", "veces", "fois", "mal",
                        # plurals the English singular does not undo ("Anzahl der Zeilen": of rows)
                        "zeilen", "beobachtungen", "eintrage", "datensatze", "observaciones",
                        "registros"})  # fmt: skip
_SKIP = frozenset({"of", "the", "de", "des", "les", "la", "las", "los", "der", "die", "das", "an", "a"})


def _counts_rows(intent: Intent) -> bool:
    plain = any(m.func == "count" and m.column is None for m in intent.metrics)
    return plain or intent.operation == "group_count"


_FILLED = 0.9  # stricter than panel_entities.py: the rows fill nearly every name x period pair


_ID_WORDS = frozenset({"id", "ident", "identifiant", "identifier", "identificador", "kennung", "pid",
                       "nr", "nummer", "numero", "code"})  # fmt: skip


def _id_numbers(resolver: ColumnResolver) -> list[str]:
    """Whole-number columns named as an identifier (``Identifiant``, ``person_id``): a person-year panel
    keyed by a numbered person is a panel too ("how many respondents" there are not its rows)."""
    found = []
    for column in resolver.schema.names_of_kind("numeric"):
        info = resolver.schema.get(column)
        words = set(norm(column).replace("_", " ").replace("-", " ").split())
        if info is not None and info.is_integer and words & _ID_WORDS:
            found.append(column)
    return found


def _panel(resolver: ColumnResolver) -> tuple[str, str] | None:
    """The name column and the whole-number period (a year, not a date) that key the rows, if a pair
    does: a file of events with a date and a region (accidents) is no panel, whatever its counts."""
    schema = resolver.schema
    for column in schema.names_of_kind("categorical") + _id_numbers(resolver):
        axis = period_axis(column, resolver)
        name, period = schema.get(column), schema.get(axis) if axis else None
        if axis is None or name is None or period is None or period.kind == "datetime":
            continue
        if _FILLED * name.distinct_count * period.distinct_count <= (schema.rows or 0):
            return column, axis
    return None


def _counted_noun(tokens: list[str]) -> str | None:
    """The first content word after a counting word ("how many employees" → "employees")."""
    for i, token in enumerate(tokens):
        if token not in _COUNTING:
            continue
        for word in tokens[i + 1 : i + 4]:
            if word in _SKIP or word in _COUNTING:
                continue
            return word if word.isalpha() else None
    return None


def _said_to_be_rows(noun: str, intent: Intent) -> bool:
    """The person answered that the counted things are the rows ("--clarify countries=rows"), or the
    reading says why each row is one of them."""
    answered = any(n.startswith("your answer:") and n.endswith("= rows") for n in intent.notes)
    return answered or any(n.startswith("read as rows (") and noun in norm(n) for n in intent.notes)


def panel_row_count_problem(intent: Intent, resolver: ColumnResolver) -> tuple[str, str] | None:
    """(the noun, why) when ``intent`` counts the rows of a panel for a noun the file does not hold."""
    if not _counts_rows(intent):
        return None
    panel = _panel(resolver)
    noun = _counted_noun(tokenize(intent.request))
    if panel is None or noun is None:
        return None
    if _said_to_be_rows(noun, intent):
        return None
    base = singular(norm(noun))
    if {noun, base} & (_ROW_WORDS | FUNCTION_WORDS):
        return None  # people nouns ("employees") are not exempt: over a panel they are not its rows
    whole_names = {form for c in resolver.schema.column_names for form in (norm(c), singular(norm(c)))}
    if base in whole_names or norm(noun) in whole_names:
        return None  # a word inside a longer name ("armas" in "Ley de portación de armas") is not one
    name, axis = panel
    return noun, (
        f"{noun!r} names nothing in the file: each row is one {name!r} in one {axis!r}, so counting rows "
        f"would count {name}-{axis} pairs, not {noun}; name the column that holds them, or ask for the "
        "number of rows"
    )
