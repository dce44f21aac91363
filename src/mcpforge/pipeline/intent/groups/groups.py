"""Group keys and time grains: ``by region and channel``, ``per week``, ``by day of week``, ``sorted by``."""

from __future__ import annotations

from mcpforge.pipeline.intent.names.per_in_names import per_of_own_name
from mcpforge.pipeline.intent.parse import (
    Phrases,
    TimeGrain,
    agg_at,
    column_list,
    looks_like_column_word,
    record_unknown,
    trigger_at,
)
from mcpforge.pipeline.intent.rows.superlatives import find_rankings
from mcpforge.pipeline.intent.time.periods import (
    integer_time_groups,
    month_range_words,
    names_a_period,
    over_all,
)
from mcpforge.pipeline.intent.words import ENTITY_WORDS, ColumnResolver, singular

_GRAIN_PHRASES: dict[tuple[str, ...], TimeGrain | str] = {
    ("day", "of", "the", "week"): "weekday", ("days", "of", "the", "week"): "weekday",
    ("day", "of", "week"): "weekday", ("weekday",): "weekday", ("weekdays",): "weekday",
    ("day", "of", "the", "weekday"): "weekday",
    ("hour", "of", "the", "day"): "hour", ("hour", "of", "day"): "hour", ("hourly",): "hour",
    ("time", "of", "day"): "hour",
    ("month", "of", "the", "year"): "part:month", ("month", "of", "year"): "part:month",
    ("calendar", "month"): "part:month",
    ("daily",): "day", ("weekly",): "week", ("monthly",): "month", ("quarterly",): "quarter",
    ("yearly",): "year", ("annual",): "year", ("annually",): "year",
    ("month", "over", "month"): "month", ("year", "over", "year"): "year", ("over", "time"): "month",
    ("day", "by", "day"): "day", ("month", "by", "month"): "month",
}  # fmt: skip
_GRAIN_AFTER_TRIGGER: dict[str, TimeGrain] = {
    "day": "day", "days": "day", "date": "day", "week": "week", "weeks": "week", "month": "month",
    "months": "month", "quarter": "quarter", "quarters": "quarter", "year": "year", "years": "year",
    "hour": "hour", "hours": "hour", "weekday": "weekday",
}  # fmt: skip
_SORT_TRIGGERS = {("sorted", "by"), ("ordered", "by"), ("ranked", "by"), ("sort", "by"), ("order", "by"),
                  ("rank", "by"), ("sorted", "on")}  # fmt: skip


def find_grain(tokens: list[str], resolver: ColumnResolver, out: Phrases) -> None:
    """Time grains: ``monthly``, ``per week``, ``by day of week``, ``by hour``, ``month of year``."""
    over_all(tokens, resolver, out)  # "over all cities and years": no split, so no grain either
    for i in range(len(tokens)):
        if i in out.used:
            continue
        for phrase, grain in sorted(_GRAIN_PHRASES.items(), key=lambda item: -len(item[0])):
            if tuple(tokens[i : i + len(phrase)]) == phrase:
                if grain in {"hour", "weekday"} and resolver.resolve(grain, fuzzy=False) == grain:
                    continue  # a real ``hour`` / ``weekday`` column wins; the group-key scanner takes it
                _set_grain(out, grain)
                out.used.update(range(i, i + len(phrase)))
                break
        else:
            trigger = trigger_at(tokens, i)
            if tokens[i] == "and" and i > 0 and tokens[i - 1] not in _GRAIN_AFTER_TRIGGER:
                trigger = 1  # "by region and year": a grain at the end of a group list
            if trigger and i + trigger < len(tokens) and not _phrase_at(tokens, i + trigger):
                word = tokens[i + trigger]
                if word in _GRAIN_AFTER_TRIGGER and resolver.resolve(word, fuzzy=False) is None:
                    _set_grain(out, _GRAIN_AFTER_TRIGGER[word])
                    out.used.update(range(i, i + trigger + 1))
                    if _next_is(tokens, i + trigger + 1, "and"):
                        out.used.add(i + trigger + 1)
    integer_time_groups(resolver, out)
    month_range_words(tokens, out)
    find_rankings(tokens, resolver, out)


def _phrase_at(tokens: list[str], i: int) -> bool:
    return any(tuple(tokens[i : i + len(phrase)]) == phrase for phrase in _GRAIN_PHRASES if len(phrase) > 1)


def _set_grain(out: Phrases, grain: str) -> None:
    if grain.startswith("part:"):
        out.part = grain.removeprefix("part:")
    elif out.grain is None:
        out.grain = grain  # type: ignore[assignment]


def _next_is(tokens: list[str], i: int, word: str) -> bool:
    return i < len(tokens) and tokens[i] == word


def _leading_key(tokens: list[str], resolver: ColumnResolver, out: Phrases) -> None:
    """``department average salary``: a category column opening the request before a statistic is a key."""
    hit = resolver.match_at(tokens, 0)
    if (
        hit is None
        or resolver.kind(hit[0]) not in {"categorical", "boolean"}
        or set(range(hit[1])) & out.used
    ):
        return
    if agg_at(tokens, hit[1]) is None or hit[0] in out.group_by:
        return
    out.group_by.insert(0, hit[0])
    out.used.update(range(hit[1]))


def find_groups(  # noqa: PLR0912, PLR0915 - one scan, each branch a phrase shape
    tokens: list[str], resolver: ColumnResolver, out: Phrases
) -> None:
    """Group keys after by / per / for each / across; ``sorted by`` columns; unknown words after them."""
    _leading_key(tokens, resolver, out)
    i = 0
    while i < len(tokens):
        if i in out.used:
            i += 1
            continue
        sort = next((len(t) for t in _SORT_TRIGGERS if tuple(tokens[i : i + len(t)]) == t), 0)
        width = sort or trigger_at(tokens, i)
        if not width:
            i += 1
            continue
        start = i + width
        counted = _number_of_column(tokens, start, resolver, out)
        ranked = bool(sort) or out.top_n is not None
        if counted is not None and ranked and "count" in tokens[start : counted[2]]:
            counted = None  # "top 3 by count of X": a ranking measure, read as before; only a key here
        if counted is not None and ranked:
            start = counted[2]  # "top 3 cars by number of cylinders": sorted by the column itself
        elif counted is not None:  # "per number of Cylinders": the column holds counts already, a key
            out.group_by.extend(c for c in [counted[0]] if c not in out.group_by)
            said = " ".join(tokens[i : counted[1]])
            out.notes.append(f"{said!r} read as one group per {counted[0]!r} value")
            out.used.update(range(i, counted[1]))
            i = counted[1]
            continue
        if start < len(tokens) and (
            agg_at(tokens, start) or tokens[start] in {"count", "number", "frequency"}
        ):
            if out.top_n is not None or sort:
                out.ranking_metric = True
            i = start
            continue
        columns, end, unresolved = column_list(tokens, start, resolver, out)
        if sort and columns:
            out.sort_column = columns[0]
        elif (
            columns and out.top_n is not None and tokens[i] == "by" and resolver.kind(columns[0]) == "numeric"
        ):
            out.sort_column = columns[0]
            out.ranking_metric = True
        elif columns and per_of_own_name(tokens, i, columns[0], resolver):
            said = " ".join(tokens[i - 1 : end])
            out.notes.append(f"{said!r} read as the name {columns[0]!r}: its own 'per'")
        elif columns and _ratio(tokens, i, columns[0], resolver):
            left = resolver.match_at(tokens, i - 1) if i else None
            name = left[0] if left else tokens[i - 1]
            out.ambiguous.append(
                f"'{tokens[i - 1]} per {tokens[start]}' could be a ratio of {name!r} to {columns[0]!r} "
                f"(define it: ratio = {name} / {columns[0]}) or one group per {columns[0]!r} value (say 'by')"
            )
        elif columns:
            before = _categorical_before(tokens, i, resolver, out)
            out.group_by.extend(c for c in [*before, *columns] if c not in out.group_by)
        elif unresolved and tokens[i] in {"by", "per"} and _is_entity_count(tokens, end):
            out.ranking_metric = True
            end += 2
        elif unresolved and tokens[i] in {"by", "per"} and singular(unresolved) in ENTITY_WORDS:
            out.notes.append(f"'{tokens[i]} {unresolved}' read as an average per row")
            out.per_row = True
            end += 1
        elif unresolved and tokens[i] in {"by", "per"} and _rate_after(tokens, end):
            out.ranking_metric = True  # "by readmission rate": the rate scanner reads it
        elif unresolved and tokens[i] in {"by", "per"} and looks_like_column_word(unresolved):
            record_unknown(out, unresolved, resolver)
        if columns or (unresolved and tokens[i] in {"by", "per"}):
            out.used.update(range(i, end))
        i = max(end, i + 1)


_LEVEL_WORDS = frozenset({"level", "grade", "code", "type", "class", "rating", "tier", "group", "year",
                          "month", "hour", "day", "week", "quarter", "rank", "score", "band"})  # fmt: skip


_RATE_WORDS = frozenset(
    {"rate", "rates", "share", "percentage", "percent", "proportion", "fraction", "ratio"}
)


def _rate_after(tokens: list[str], end: int) -> bool:
    """``by readmission rate``: a word that names no column, then a rate word."""
    return end + 1 < len(tokens) and tokens[end + 1] in _RATE_WORDS


def is_level_column(column: str) -> bool:
    """``grade_level``, ``triage_code``, ``Pclass``: a numeric column that labels groups, not a measure."""
    parts = column.lower().replace("-", "_").replace(" ", "_").split("_")
    if names_a_period(column):
        return True  # "per yr", "je Baujahr": a calendar label
    return bool(set(parts) & _LEVEL_WORDS) or any(part.endswith(tuple(_LEVEL_WORDS)) for part in parts)


def _ratio(tokens: list[str], i: int, column: str, resolver: ColumnResolver) -> bool:
    """``amount per quantity``: "per" between two numeric columns reads as a ratio as much as a grouping."""
    if tokens[i] != "per" or i == 0 or resolver.kind(column) != "numeric":
        return False
    if is_level_column(column):
        return False  # "per grade level", "per triage code", "per Pclass": a numeric label, a group
    left = resolver.match_at(tokens, i - 1)
    return left is not None and left[1] == 1 and resolver.kind(left[0]) == "numeric"


def _number_of_column(
    tokens: list[str], start: int, resolver: ColumnResolver, out: Phrases
) -> tuple[str, int, int] | None:
    """``per number of Cylinders`` / ``for each count of Full.Bath``: "number of" then a numeric column is
    that column as a key (its values are counts already), never a count or sum of it: (column, end, where
    the column starts)."""
    start += start < len(tokens) and tokens[start] == "the"
    if tuple(tokens[start : start + 2]) not in {("number", "of"), ("no", "of"), ("count", "of")}:
        return None
    at = start + 2 + (start + 2 < len(tokens) and tokens[start + 2] == "the")
    hit = resolver.match_at(tokens, at)
    if hit is None or resolver.kind(hit[0]) != "numeric" or set(range(start, at + hit[1])) & out.used:
        return None
    return hit[0], at + hit[1], at


def _is_entity_count(tokens: list[str], end: int) -> bool:
    """``by accident count`` / ``by number of orders``: rank by the row count."""
    return (
        end + 1 < len(tokens)
        and singular(tokens[end]) in ENTITY_WORDS
        and tokens[end + 1] in {"count", "counts"}
    )


def _categorical_before(tokens: list[str], i: int, resolver: ColumnResolver, out: Phrases) -> list[str]:
    """``severity by weather``: a category column right before by / per is a key too (a two-way table)."""
    if tokens[i] not in {"by", "per", "vs", "versus"}:
        return []
    for width in (3, 2, 1):
        start = i - width
        if start < 0 or any(p in out.used for p in range(start, i)):
            continue
        hit = resolver.match_at(tokens, start)
        after_agg = any(
            (agg := agg_at(tokens, k)) is not None and k + agg[1] == start
            for k in range(max(0, start - 3), start)
        )
        if hit and hit[1] == width and resolver.kind(hit[0]) in {"categorical", "boolean"} and not after_agg:
            out.used.update(range(start, i))
            return [hit[0]]
    return []
