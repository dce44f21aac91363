"""Groups of a test named by their values alone: "does packpc differ between 1985 and 1995?", "across the
years 1985, 1990 and 1995", "1985 vs 1995".

A test between two groups, or across several, compares the rows of each VALUE of one column. When the
request lists whole numbers ("between A and B", "across A, B and C", "A versus B") and exactly one
whole-number column with few distinct values (a year, a class, a code) can hold every one of them, the groups
are the rows with each value of that column: year == 1985 against year == 1995. The reading says it ("groups
of `year`: 1985, 1995"). Numbers that fit no such column, or fit several, are no groups: they stay for the
word check, which names them.
"""

from __future__ import annotations

from typing import Any

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.words import ColumnResolver

_N = r"-?\d+"
_JOIN = r"\s*(?:,\s*(?:and\s+|or\s+)?|\band\b|\bor\b|\bvs\.?|\bversus\b|\bagainst\b)\s*"
_LISTED = re.compile(
    rf"(?:\b(?:between|across|among|amongst|comparing|compare|for|in|of|over)\s+(?:the\s+)?"
    rf"(?:(?:[A-Za-z]+)\s+)?)?(?<![\w.-])(?P<list>{_N}(?:{_JOIN}(?:the\s+)?(?:[A-Za-z]+\s+)?{_N})+)(?![\w.])",
    re.IGNORECASE,
)
_MANY = 20


def _holders(resolver: ColumnResolver, numbers: list[int], measure: str | None) -> list[str]:
    """The whole-number columns with few distinct values whose range holds every number."""
    found = []
    for info in resolver.schema.columns:
        if info.name == measure or info.kind != "numeric" or not info.is_integer:
            continue
        if not 0 < info.distinct_count <= _MANY:
            continue
        low, high = info.minimum, info.maximum
        if (
            isinstance(low, int | float)
            and isinstance(high, int | float)
            and all(low <= n <= high for n in numbers)
        ):
            found.append(info.name)
    return found


def listed_groups(text: str, resolver: ColumnResolver, measure: str | None) -> tuple[str, list[int]] | None:
    """The one column whose values the text lists as the groups to compare, and those values in order."""
    for match in _LISTED.finditer(text):
        numbers = list(dict.fromkeys(int(n) for n in re.findall(_N, match.group("list"))))
        if len(numbers) < 2:
            continue
        holders = _holders(resolver, numbers, measure)
        if len(holders) == 1:
            return holders[0], numbers
    return None


def listed_values(
    text: str,
    resolver: ColumnResolver,
    numeric: list[str],
    discrete: list[str],
    values: dict[str, list[Any]],
    *,
    two: bool,
) -> dict[str, list[Any]]:
    """The listed groups as ``{column: values}`` for a test: exactly two values for a two-group test, none
    when the values were found already or another column was named as the groups."""
    listed = listed_groups(text, resolver, numeric[0] if numeric else None)
    if listed is None or listed[0] in values or (discrete and discrete[0] != listed[0]):
        return {}
    return {listed[0]: list(listed[1])} if not two or len(listed[1]) == 2 else {}


_BEFORE_GROUP = frozenset({"between", "across", "among", "versus", "vs", "and", "or", "of", "for", "in",
                           "=", "==", "(", ",", "is", "compare", "comparing", "against", "group",
                           "groups"})  # fmt: skip
_AFTER_GROUP = frozenset({"and", "or", "versus", "vs", "against", ")", ",", ".", "?", ";", ":", "!", "",
                          "group", "groups"})  # fmt: skip
_TOKEN = re.compile(r"[\w'-]+|[^\w\s]")


def named_as_a_group(text: str, start: int, end: int) -> bool:
    """A value that is also a word of the language ("a", "in") names a group only where a group is named:
    after "between" / "across" / a list joiner or in brackets, before a joiner or the end ("Use a Mann-Whitney
    test ... (lv) and (rv)": the article "a" is no group, though the column has a value 'a')."""
    before = _TOKEN.findall(text[:start])
    after = _TOKEN.findall(text[end:])
    previous = before[-1].lower() if before else ""
    following = after[0].lower() if after else ""
    return previous in _BEFORE_GROUP or following in _AFTER_GROUP
