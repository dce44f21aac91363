"""A describing word after a column's name: "clarity grade", "school type", "the median price" (issue 25).

People say what a column holds with a noun after its name. Only on a second reading of a request refused
for that word (``described_names.reread_described``), and only when the word names nothing in the file (no
column, value or analysis word: ``described_names.names_nothing``), is it read with the column before it,
decided by what it does to the numbers:

- after a column of categories, a noun for a kind of label ("grade", "type", "class", "category", "code",
  "name", "group", "level", "status"): the categories are grades, types …; the numbers do not change.
- after a numeric column named like a statistic (``median``, ``mean``, ``average``, ``total``), any noun
  that names nothing: "the median price" is the column ``median`` of prices; no other column can be meant,
  since the noun names none.

After a category value, a label noun is the value's kind: "the suv class" is ``class == 'suv'``.

Any other word after a column ("sales price" over a ``sales`` count, "state population") is not read
here: it names another quantity, and the refusal names it.
"""

from __future__ import annotations

from mcpforge.pipeline.intent.parse import agg_at
from mcpforge.pipeline.intent.words import ColumnResolver, find_values, norm

LABEL_NOUNS = frozenset({
    "grade", "grades", "type", "types", "class", "classes", "category", "categories", "code", "codes",
    "name", "names", "group", "groups", "level", "levels", "status", "kind", "kinds", "label", "labels",
    "tier", "tiers",
})  # fmt: skip


def trailing_column(tokens: list[str], j: int, resolver: ColumnResolver) -> str | None:
    """The one-word column right before ``tokens[j]`` that the word describes, or None."""
    if j == 0:
        return None
    found = resolver.match_at(tokens, j - 1, fuzzy=False)
    column = found[0] if found is not None and found[1] == 1 else None
    if column is None:  # "median": a statistic's word keeps the resolver from its column
        named = resolver.resolve(tokens[j - 1], fuzzy=False)
        column = named if named is not None and norm(named) == tokens[j - 1] else None
    if column is None or column not in resolver.schema.column_names or len(norm(column).split()) != 1:
        return None
    kind = resolver.kind(column)
    word = tokens[j]
    if kind == "categorical" and word in LABEL_NOUNS:
        return column
    if kind == "numeric" and agg_at([norm(column)], 0) is not None and word.isalpha():
        return column
    return None


def trailing_value(tokens: list[str], j: int, resolver: ColumnResolver) -> str | None:
    """The column of the category value right before ``tokens[j]`` when the word is a label noun ("the
    suv class", "grade A students" aside): the value's own kind, no further condition."""
    if j == 0 or tokens[j] not in LABEL_NOUNS:
        return None
    hits = [hit for hit in find_values(tokens[:j], resolver) if hit.start + hit.width == j]
    columns = {hit.column for hit in hits}
    return next(iter(columns)) if len(columns) == 1 else None


def statistic_named(column: str) -> bool:
    """A column named like a statistic (``median``): written with its marker so no scanner reads the
    statistic ("median_", see ``aggregation_names``)."""
    return agg_at([norm(column)], 0) is not None
