"""Conditions on each group beside a filter, a second measure or a restating sentence.

    "Average adjpoll_trump per state, only for states with at least 100 polls."
    "Which continents have more than 25 countries? Give the number of countries for each."
    "Which regions had an average life expectancy above 75 in 2015? Show their averages."

The condition is on a per-group value, never on the rows: "an average life_expectancy above 75" keeps
the regions whose MEAN is above 75 (a row filter ``life_expectancy > 75`` would average other rows). The
counted noun decides the per-group value: the rows' noun ("polls" of the file's name, said back;
"rows", "records") counts rows; the plural of another category column ("countries" beside
``country``, whose values repeat over the years) counts its distinct values. A measure named before the
condition ("Average adjpoll_trump per state, only for states with ...") is shown beside the count the
condition is on. Conditions on the rows after it ("in 2015") are the reader's own filters; a closing
sentence that only asks for the values shown ("Show their averages", "give the number of countries for
each") is said back. Anything else left over: not this shape (read as before).
"""

from __future__ import annotations

from mcpforge.models import Aggregation, Filter, Intent
from mcpforge.pipeline.intent.clarify import Answers
from mcpforge.pipeline.intent.conditions import find_filters
from mcpforge.pipeline.intent.groups.group_having import comparison_at
from mcpforge.pipeline.intent.language.function_words import FUNCTION_WORDS
from mcpforge.pipeline.intent.parse import agg_at
from mcpforge.pipeline.intent.rows.file_rows import names_file_rows
from mcpforge.pipeline.intent.words import ColumnResolver, singular, tokenize

_KEYS = frozenset({"categorical", "text"})
_JOINERS = (("that", "have"), ("which", "have"), ("that", "had"), ("with",), ("have",), ("has",), ("had",),
            ("having",))  # fmt: skip
_ROWS = frozenset({"row", "record", "entry", "observation", "line"})
_PER = (("per",), ("by",), ("for", "each"), ("in", "each"))
_ONLY = frozenset({",", "only", "for", "in", "among", "but", "keeping", "just", "limited", "to"})
_RESTATING = frozenset({
    "show", "give", "list", "display", "report", "return", "me", "their", "the", "them", "each", "for",
    "of", "and", "also", "with", "it", "its", "those", "these", "too", "as", "well", "what", "is", "are",
    "was", "were", "value", "values", "group", "along", "include", "plus", "how", "many",
})  # fmt: skip
_FUNC_WORDS = {
    "mean": {"average", "averages", "mean", "means"}, "sum": {"total", "totals", "sum", "sums"},
    "count": {"number", "numbers", "count", "counts"}, "nunique": {"number", "numbers", "count", "counts"},
    "median": {"median", "medians"}, "max": {"maximum", "maximums", "max"},
    "min": {"minimum", "minimums", "min"},
}  # fmt: skip
STATED = "as stated: "


def group_count_condition(
    tokens: list[str], resolver: ColumnResolver, request: str, given: Answers
) -> Intent | None:
    """The intent for a condition on each group with a filter, a measure shown or a closing sentence."""
    shown: Aggregation | None = None
    start = _which(tokens)
    if start is None:
        measured = _measure_per_key(tokens, resolver)
        if measured is None:
            return None
        shown, key, start = measured
        hit = resolver.match_at(tokens, start)
        if hit is None or hit[0] != key:
            return None
    else:
        hit = resolver.match_at(tokens, start)
        if hit is None or resolver.kind(hit[0]) not in _KEYS or singular(tokens[start]) == tokens[start]:
            return None  # "which continents": the plural of the key
        key = hit[0]
    k = start + hit[1]
    for joiner in _JOINERS:
        if tuple(tokens[k : k + len(joiner)]) != joiner:
            continue
        found = _group_value(tokens, k + len(joiner), resolver, key, counted_only=shown is not None)
        if found is not None:
            return _intent(tokens, resolver, request, given, key=key, found=found, shown=shown)
    return None


def _which(tokens: list[str]) -> int | None:
    for opener in (("which",), ("what",), ("list", "the"), ("show", "the"), ("list",), ("show",)):
        if tuple(tokens[: len(opener)]) == opener:
            return len(opener)
    return None


def _measure_per_key(tokens: list[str], resolver: ColumnResolver) -> tuple[Aggregation, str, int] | None:
    """``average adjpoll_trump per state , only for`` → (mean adjpoll_trump, state, index of "states")."""
    i = 1 if tokens[:1] == ["the"] else 0
    agg = agg_at(tokens, i)
    if agg is None or agg[0] in {"count", "nunique"}:
        return None
    hit = resolver.match_at(tokens, i + agg[1])
    if hit is None or resolver.kind(hit[0]) != "numeric":
        return None
    j = i + agg[1] + hit[1]
    per = next((p for p in _PER if tuple(tokens[j : j + len(p)]) == p), None)
    if per is None:
        return None
    key_hit = resolver.match_at(tokens, j + len(per))
    if key_hit is None or resolver.kind(key_hit[0]) not in _KEYS:
        return None
    j += len(per) + key_hit[1]
    if j >= len(tokens) or tokens[j] not in _ONLY:
        return None
    while j < len(tokens) and tokens[j] in _ONLY:
        j += 1
    return Aggregation(column=hit[0], func=agg[0]), key_hit[0], j


_Found = tuple[Aggregation, str, float, int, int]  # (per-group value, op, number, first, end)


def _group_value(
    tokens: list[str], i: int, resolver: ColumnResolver, key: str, *, counted_only: bool
) -> _Found | None:
    """``more than 25 countries`` (a count) or ``an average life_expectancy above 75`` at ``i``."""
    compared = comparison_at(tokens, i)
    if compared is not None:
        op, number, end = compared
        counted = _counted(tokens[end], resolver, key) if end < len(tokens) else None
        return None if counted is None else (counted, op, number, i, end + 1)
    if counted_only:
        return None
    j = i + (1 if i < len(tokens) and tokens[i] in {"a", "an", "the"} else 0)
    agg = agg_at(tokens, j)
    if agg is None or agg[0] in {"count", "nunique"}:
        return None
    hit = resolver.match_at(tokens, j + agg[1])
    if hit is None or resolver.kind(hit[0]) != "numeric":
        return None
    m = j + agg[1] + hit[1]
    m += 1 if m < len(tokens) and tokens[m] in {"is", "of", "was", "were", "are"} else 0
    compared = comparison_at(tokens, m)
    if compared is None:
        return None
    return Aggregation(column=hit[0], func=agg[0]), compared[0], compared[1], i, compared[2]


def _counted(word: str, resolver: ColumnResolver, key: str) -> Aggregation | None:
    """``rows`` / ``records``: the rows; ``countries`` beside ``country``: its distinct values."""
    base = singular(word)
    if not word.isalpha() or base == word:
        return None
    if base in _ROWS or names_file_rows(word, resolver):
        return Aggregation(func="count")
    column = resolver.resolve(base, fuzzy=False)
    if column is None or column == key or resolver.kind(column) not in _KEYS:
        return None
    return Aggregation(column=column, func="nunique")


def _intent(
    tokens: list[str],
    resolver: ColumnResolver,
    request: str,
    given: Answers,
    *,
    key: str,
    found: _Found,
    shown: Aggregation | None,
) -> Intent | None:
    value, op, number, first, end = found
    filters = find_filters(tokens, resolver, set(range(end)), given=given, request=request)
    if filters.unknown or filters.ambiguous or not all(_scope(rule, resolver) for rule in filters.filters):
        return None
    tail = [(k, t) for k, t in enumerate(tokens) if k >= end and k not in filters.used]
    said = _restating([t for _, t in tail], value, shown)
    if said is None:
        return None
    metrics = [value, *([shown] if shown is not None else [])]
    what = "count of rows" if value.column is None else f"{value.func} of {value.column!r}"
    condition = " ".join(tokens[first:end])
    notes = [f"{condition!r} read as a condition on each {key!r} group: {what} {op} {number:g}"]
    if said:
        notes.append(f"{STATED}{said!r} read as the per-group values shown")
    if value.func == "count" and names_file_rows(tokens[end - 1], resolver):
        notes.append(f"{STATED}each row read as one {singular(tokens[end - 1])} (from the file name)")
    only_rows = value.column is None and shown is None
    return Intent(
        request=request,
        operation="group_count" if only_rows else "group_aggregate",
        group_by=[key],
        metrics=[] if only_rows else metrics,
        filters=filters.filters,
        options={"having": {"op": op, "value": number}, "count_groups": False},
        notes=[*filters.notes, *notes],
    )


def _restating(words: list[str], value: Aggregation, shown: Aggregation | None) -> str | None:
    """The closing words when they only ask for the values shown ("show their averages"), "" for none,
    None when a word could ask for something else."""
    allowed = set(_RESTATING) | FUNCTION_WORDS
    for metric in (value, *([shown] if shown is not None else [])):
        allowed |= _FUNC_WORDS.get(metric.func, set())
        if metric.column is not None:
            words_of = tokenize(metric.column)
            allowed |= set(words_of) | {w + "s" for w in words_of} | {_plural(metric.column)}
    content = [w for w in words if w not in FUNCTION_WORDS]
    if any(w not in allowed for w in words):
        return None
    return " ".join(words) if content else ""


def _scope(rule: Filter, resolver: ColumnResolver) -> bool:
    """A condition that only says which rows are in scope: a value, or a time ("in 2015"); a threshold
    on a measure after a group condition ("and a population above 1000000") could be either: not read."""
    if rule.op in {"==", "!=", "in", "not in"}:
        return True
    info = resolver.schema.get(rule.column)
    yearly = info is not None and info.is_integer and "year" in rule.column.lower()
    return resolver.kind(rule.column) == "datetime" or yearly


def _plural(column: str) -> str:
    word = column.lower()
    return word[:-1] + "ies" if word.endswith("y") else word + "s"
