"""``with and without <yes/no column>``: the two groups of a two-sample test split by that column.

"Is mrall different between rows with and without a mandatory jail sentence (jaild)?" compares the rows
where ``jaild`` is yes with those where it is no: the test's group column, when it has exactly two
values (a yes/no column). The phrase is then the split itself, not a condition or a negation. Over any
other group column, or a column named nowhere after the phrase, the words stay for the word check (which
refuses "without" as a negation the reading does not use).
"""

from __future__ import annotations

from mcpforge.models import Intent
from mcpforge.pipeline.intent.analysis.with_x_without_x import column_with_and_without
from mcpforge.pipeline.intent.words import ColumnResolver

_PAIRS = (("with", "and", "without"), ("with", "or", "without"), ("with", "vs", "without"),
          ("with", "versus", "without"), ("without", "and", "with"))  # fmt: skip
_YES_NO = (("yes", "no"), ("y", "n"), ("true", "false"), ("t", "f"))
_TWO = 2
_REACH = 10  # tokens after the phrase in which the group column must be named
_THOSE = frozenset({"those", "ones", "people", "respondents", "rows", "cases"})


def with_and_without(
    tokens: list[str], intent: Intent, resolver: ColumnResolver
) -> tuple[set[int], list[str]]:
    """Positions of "with and without" when it splits the test by its yes/no group column, and the two
    groups in the order the phrase names them (with first: the statistic's sign follows it)."""
    if len(intent.group_by) != 1 or intent.options.get("groups"):
        return set(), []
    group = intent.group_by[0]
    pair = yes_no_values(group, resolver)
    if pair is None:
        return set(), []
    used: set[int] = set()
    order: list[str] = []
    for i in range(len(tokens) - 2):
        if tuple(tokens[i : i + 3]) not in _PAIRS:
            continue
        after = range(i + 3, min(len(tokens), i + 3 + _REACH))
        if any((hit := resolver.match_at(tokens, k)) is not None and hit[0] == group for k in after):
            used.update(range(i, i + 3))
            order = list(pair) if tokens[i] == "with" else [pair[1], pair[0]]
    if not order and (named := column_with_and_without(tokens, group, resolver)):
        used, order = named, list(pair)  # "con la ley y sin la ley", "with X and without it"
    if not order:
        used, order = _those_without(tokens, group, pair, resolver)
    return used, order


def split_first(
    tokens: list[str], resolver: ColumnResolver, numeric: list[str], discrete: list[str]
) -> tuple[list[str], list[str]]:
    """(measures, group columns) of a two-group test: the yes/no column the request splits its rows by
    ("with and without X", "with X ... than those without") is the group, never the measure."""
    for column in resolver.names():
        pair = yes_no_values(column, resolver)
        if pair is None:
            continue
        named = any(
            tuple(tokens[i : i + 3]) in _PAIRS
            and (hit := resolver.match_at(tokens, i + 3)) is not None
            and hit[0] == column
            for i in range(len(tokens) - 2)
        )
        named = named or bool(column_with_and_without(tokens, column, resolver))
        if named or _those_without(tokens, column, pair, resolver)[1]:
            return [c for c in numeric if c != column], [column]
    return numeric, discrete


def _those_without(
    tokens: list[str], group: str, pair: tuple[str, str], resolver: ColumnResolver
) -> tuple[set[int], list[str]]:
    """ "respondents with children ... than those without": "with <the group column>", then "those
    without" naming no column after it (the same column left unsaid)."""
    for i in range(len(tokens) - 1):
        hit = resolver.match_at(tokens, i + 1) if tokens[i] in ("with", "without") else None
        if hit is None or hit[0] != group:
            continue
        other = "without" if tokens[i] == "with" else "with"
        for k in range(i + 1 + hit[1], len(tokens) - 1):
            named = k + 2 < len(tokens) and resolver.match_at(tokens, k + 2) is not None
            if tokens[k] in _THOSE and tokens[k + 1] == other and not named:
                order = list(pair) if tokens[i] == "with" else [pair[1], pair[0]]
                return {i, k, k + 1}, order
    return set(), []


def yes_no_values(column: str, resolver: ColumnResolver) -> tuple[str, str] | None:
    """(yes, no) as the test names a yes/no column's groups, or None for any other column."""
    info = resolver.schema.get(column)
    if info is None:
        return None
    if info.kind == "boolean":
        return "True", "False"  # yes/no columns load as booleans (as the test's group values say)
    folded = {str(v).strip().lower(): str(v) for v in info.values}
    if info.distinct_count != _TWO or len(folded) != _TWO:
        return None
    for yes, no in _YES_NO:
        if set(folded) == {yes, no}:
            return folded[yes], folded[no]
    return None
