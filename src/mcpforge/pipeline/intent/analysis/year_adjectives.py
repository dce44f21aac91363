"""A year written before the measure a test compares: "Compare the 1992 earnings distributions of men and
women with a two-sample KS test" tests the rows of 1992 only.

"in 1992" is read as a restriction by the filter reader; a year used as an adjective of the tested column
("the 1992 earnings") was left over and refused. It restricts the rows to that year when the request
writes exactly one year, that year stands right before a column the test reads, and exactly one
whole-number column of the file holds it (a ``year`` / ``Año`` column): the filter is then said in the
reading ("over the rows where `year` = 1992"). Two years ("1992 earnings against 1998 earnings") are groups,
not a restriction, and are left to the readers of groups; a year no column holds stays for the word check.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.models import Filter, Intent
from mcpforge.pipeline.intent.words import ColumnResolver

_YEAR = re.compile(r"(?:1[6-9]|2[01])\d\d")
_MANY = 50  # a year column has few distinct values


def _holder(resolver: ColumnResolver, year: int, skip: set[str]) -> str | None:
    found = [
        info.name
        for info in resolver.schema.columns
        if info.name not in skip
        and info.kind == "numeric"
        and info.is_integer
        and 0 < info.distinct_count <= _MANY
        and isinstance(info.minimum, int | float)
        and isinstance(info.maximum, int | float)
        and info.minimum <= year <= info.maximum
    ]
    return found[0] if len(found) == 1 else None


def year_before_measure(
    tokens: list[str], used: set[int], intent: Intent, resolver: ColumnResolver
) -> tuple[set[int], list[Filter]]:
    """The position of "1992" in "the 1992 earnings" and the filter ``year == 1992`` it means, or nothing."""
    years = [i for i, token in enumerate(tokens) if _YEAR.fullmatch(token)]
    if len(years) != 1 or years[0] in used or intent.operation != "statistical_test":
        return set(), []
    i = years[0]
    year = int(tokens[i])
    if year in (intent.options.get("groups") or []):
        return set(), []
    hit = resolver.match_at(tokens, i + 1) if i + 1 < len(tokens) else None
    if hit is None or hit[0] not in intent.columns:
        return set(), []
    column = _holder(resolver, year, {*intent.columns, *intent.group_by})
    if column is None:
        return set(), []
    return {i}, [Filter(column=column, op="==", value=year)]
