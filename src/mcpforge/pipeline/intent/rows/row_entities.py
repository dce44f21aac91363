"""Row nouns that need no question: "averaged over all cars", "counties (rows)", a file of named rows.

A plural noun that names no column ("counties", "cars") is asked about when it is counted: the rows, or a
numeric column that counts them ("houses" over monthly city totals of ``sales``). Three cases give the
same numbers whatever the answer, or are said outright, and are read as the rows with no question:

- the noun is not counted ("the median of compact cars", "averaged over all cars"): a mean, median or
  filter over the rows is the same computation whether or not each row is "one car";
- the request says so in brackets right after it ("condados (filas)", "counties (rows)");
- the file is a table of named things: one text column holds a different name on most rows (``Comté``,
  ``name``), no column is named like a count (``count``, ``cases``) and no whole-number column has a
  plural name that could count them (``employees``, ``listings``): each row is one of them.
- a column's name gives each row one of them ("Fahrzeuge" beside ``Fahrzeugklasse``) and no column could
  count them, with no period keying the rows (rows/counting_columns.py);
- no column could count anything, or each row describes one person and no column names the noun
  (rows/shaped_rows.py).

The note says which case applied ("read as rows (counties): ...").
"""

from __future__ import annotations

from mcpforge.pipeline.intent.accounting import RATE_WORDS
from mcpforge.pipeline.intent.language.gender_values import has_sex_column, says_a_sex
from mcpforge.pipeline.intent.rows.counting_columns import rows_by_elimination
from mcpforge.pipeline.intent.rows.name_column import name_column
from mcpforge.pipeline.intent.rows.shaped_rows import rows_by_shape
from mcpforge.pipeline.intent.rows.tally import tally_columns
from mcpforge.pipeline.intent.words import ColumnResolver, norm

_COUNTING = frozenset({"many", "number", "count", "counts", "counting", "distinct", "unique", "different",
                       "total", "totals", "sum", "fraction", "proportion", "numero", "nombre", "most",
                       "fewest", "least", "more", "fewer", "meisten"})  # fmt: skip
_ROW_WORDS = frozenset({"rows", "row", "records", "record", "lines", "entries"})


def _counted(tokens: list[str], i: int) -> bool:
    """A counting or share word within the four words before ``i`` ("how many metropolitan counties")."""
    window = tokens[max(0, i - 4) : i]
    return any(w in _COUNTING or w in RATE_WORDS for w in window)


def _said_rows(tokens: list[str], i: int) -> bool:
    """``counties ( rows )``: the request names the rows in brackets right after the noun."""
    return tokens[i + 1 : i + 2] == ["("] and bool(set(tokens[i + 2 : i + 3]) & _ROW_WORDS)


def _plural_counts(resolver: ColumnResolver) -> list[str]:
    """Whole-number columns named by a plural ("employees", "listings"): each may count the noun."""
    found = []
    for column in resolver.schema.names_of_kind("numeric"):
        info = resolver.schema.get(column)
        words = norm(column).replace("_", " ").split()
        plural = any(len(w) > 3 and w.endswith("s") and not w.endswith("ss") for w in words)
        if info is not None and info.is_integer and plural and "%" not in column:
            found.append(column)
    return found


_RANKS = frozenset({"top", "bottom", "first", "last"})


def ranked_by_count(tokens: list[str], i: int) -> bool:
    """``occupations`` in "top 3 occupations by number of cases", "the 5 hobbies with the most cases",
    "hobbies by count": a noun ranked (a number or "top" before it) or grouped ("by" after it) by a count
    said right after it names the groups counted, never the rows: counting all rows answers one number."""
    before = tokens[max(0, i - 2) : i]
    ranked = any(w.isdigit() or w in _RANKS for w in before)
    grouped = tokens[i + 1 : i + 2] == ["by"]
    return (ranked or grouped) and any(w in _COUNTING for w in tokens[i + 1 : i + 5])  # the count it is by


def rows_without_question(tokens: list[str], i: int, resolver: ColumnResolver) -> str | None:
    """Why the noun at ``i`` is the rows with no question, or None when it must be asked. A noun of one
    sex ("men", "Frauen") on a file with a sex column restricts the rows and is never any row: read as all
    rows, "the mean age of men" over ``Sexe`` = M/F averaged everyone. (A file of men only has no such
    column, and its rows may be "the men".)"""
    if says_a_sex(tokens[i]) and has_sex_column((c.name, c.values) for c in resolver.schema.columns):
        return None
    if _said_rows(tokens, i):
        return "the request says they are the rows"
    if not _counted(tokens, i):
        return "not counted, so each row is one of them whatever they are"
    name = name_column(resolver)
    if name is not None and not tally_columns(resolver) and not _plural_counts(resolver):
        info = resolver.schema.get(name)
        distinct = info.distinct_count if info is not None else 0
        return f"each row is one named thing ({name!r} has {distinct} names over {resolver.schema.rows} rows)"
    eliminated = rows_by_elimination(tokens[i], resolver)  # "Fahrzeugklasse", no count column: rows
    return eliminated or rows_by_shape(tokens, i, resolver)  # a table of cars, a file of people
