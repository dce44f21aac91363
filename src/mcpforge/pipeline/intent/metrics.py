"""Metrics: ``average speed``, ``mean and max of duration``, ``salary range``, ``how many``."""

from __future__ import annotations

from mcpforge.models import Aggregation
from mcpforge.pipeline.intent.language.function_words import FILLER_WORDS, FUNCTION_WORDS
from mcpforge.pipeline.intent.parse import (
    AggFunc,
    Phrases,
    agg_at,
    column_list,
    looks_like_column_word,
    record_unknown,
)
from mcpforge.pipeline.intent.time.period_counts import period_count
from mcpforge.pipeline.intent.words import ENTITY_WORDS, ColumnResolver, norm, singular


def _agg_run(
    tokens: list[str], i: int, reserved: set[int], resolver: ColumnResolver
) -> tuple[list[AggFunc], int]:
    """Aggregation words joined by and / , / or from ``i``: (functions, index after them)."""
    funcs: list[AggFunc] = []
    j = i
    while (
        (agg := agg_at(tokens, j)) is not None
        and j not in reserved
        and not _starts_column(tokens, j, resolver)
    ):
        # "average number of vehicles" is one mean, not a mean and a count
        adjacent = bool(funcs) and tokens[j - 1] not in {"and", ",", "&", "or"}
        if tokens[j] == "range":
            funcs += ["min", "max"]  # "range of salary": the smallest and largest value
            j += 2 if j + 1 < len(tokens) and tokens[j + 1] == "of" else 1
            continue
        if adjacent and tokens[j - 1] in _RANKING_WORDS:
            funcs[-1] = agg[0]  # "the highest average salary": rank by the mean, do not also take the max
        elif not (adjacent and agg[0] == "count"):
            funcs.append(agg[0])
        j += agg[1]
        if j < len(tokens) and tokens[j] in {"and", ",", "&", "or"} and agg_at(tokens, j + 1):
            j += 1
        elif _extremes_together(tokens, j, funcs):
            j += 2  # "the highest and the lowest X": both extremes, as "highest and lowest X"
    return funcs, j


_RANKING_WORDS = {"highest", "lowest", "largest", "smallest", "biggest"}


def _extremes_together(tokens: list[str], j: int, funcs: list[AggFunc]) -> bool:
    """``and the lowest`` right after a maximum (or ``and the highest`` after a minimum)."""
    if not funcs or funcs[-1] not in {"max", "min"} or tokens[j : j + 2] != ["and", "the"]:
        return False
    after = agg_at(tokens, j + 2)
    return after is not None and after[0] in {"max", "min"} and after[0] != funcs[-1]


def _starts_column(tokens: list[str], j: int, resolver: ColumnResolver) -> bool:
    """``total cost`` naming the column total_cost: the first word is part of a name, not an aggregation."""
    hit = resolver.match_at(tokens, j, fuzzy=False)
    if hit is None or hit[1] < 2:
        return False
    # "max temp_max": the words after the aggregation spell the column's whole name by themselves
    rest = " ".join(tokens[j + 1 : j + hit[1]])
    return _name_key(rest) != _name_key(hit[0])


def _name_key(phrase: str) -> str:
    return " ".join(singular(w) for w in norm(phrase).split())


def _skip_filler(tokens: list[str], j: int) -> int:
    """Skip "of the", and entity words before the column: "median order amount", "average patient age"."""
    start = j
    while j < len(tokens) and (
        tokens[j] in {"of", "the", "a", "an", "in", "all"}
        or (singular(tokens[j]) in ENTITY_WORDS | _PERSON_WORDS and j - start < 3)
    ):
        j += 1
    return j


_PERSON_WORDS = frozenset(
    {"patient", "customer", "student", "user", "visitor", "client", "session", "member"}
)


def _ranges_after_column(
    tokens: list[str], resolver: ColumnResolver, out: Phrases, reserved: set[int]
) -> None:
    """``salary range`` → min and max of salary."""
    for i, token in enumerate(tokens):
        if token != "range" or i in out.used | reserved:
            continue
        for width in (3, 2, 1):
            start = i - width
            hit = resolver.match_at(tokens, start) if start >= 0 else None
            if hit and hit[1] == width and resolver.kind(hit[0]) in {"numeric", "datetime"}:
                _add(out, Aggregation(column=hit[0], func="min"))
                _add(out, Aggregation(column=hit[0], func="max"))
                out.used.update(range(start, i + 1))
                break


_POSTFIX_AGGS: dict[str, AggFunc] = {"total": "sum", "totals": "sum", "sum": "sum", "average": "mean",
                                     "mean": "mean", "median": "median", "maximum": "max",
                                     "minimum": "min"}  # fmt: skip


def _postfix_aggregations(
    tokens: list[str], resolver: ColumnResolver, out: Phrases, reserved: set[int]
) -> None:
    """``bonus total for each office``, ``salary average by department``: the column, then the word."""
    for i, token in enumerate(tokens):
        func = _POSTFIX_AGGS.get(token)
        if func is None or i in out.used | reserved or (i + 1 < len(tokens) and tokens[i + 1] == "of"):
            continue
        for width in (3, 2, 1):
            start = i - width
            hit = resolver.match_at(tokens, start) if start >= 0 else None
            if (
                hit
                and hit[1] == width
                and resolver.kind(hit[0]) == "numeric"
                and not set(range(start, i)) & out.used
            ):
                _add(out, Aggregation(column=hit[0], func=func))
                out.used.update(range(start, i + 1))
                break


def find_metrics(  # noqa: PLR0912 - one scan, each branch a phrase shape
    tokens: list[str], resolver: ColumnResolver, out: Phrases, reserved: set[int]
) -> None:
    """``average speed``, ``mean and max of duration``, ``number of distinct customers``, ``how many``."""
    _ranges_after_column(tokens, resolver, out, reserved)
    _postfix_aggregations(tokens, resolver, out, reserved)
    i = 0
    while i < len(tokens):
        funcs, j = _agg_run(tokens, i, reserved, resolver) if i not in out.used | reserved else ([], i)
        if not funcs:
            i += 1
            continue
        plain = j
        while j < len(tokens) and tokens[j] in {"of", "the", "a", "an", "in", "all"}:
            j += 1
        if "nunique" in funcs and j < len(tokens) and distinct_values_noun(tokens, j):
            j += 1
            while j < len(tokens) and tokens[j] in {"of", "the", "in", "does", "for"}:
                j += 1
        columns, end, unresolved = column_list(tokens, j, resolver, out)
        rate_at = end + 1 if unresolved and not columns else end
        if (columns or unresolved) and rate_at < len(tokens) and tokens[rate_at] in _RATE_NOUNS:
            i = end  # "the lowest pass rate", "highest conversion rate": a ranking by a rate (rates.py)
            continue
        numeric_funcs = any(f in {"sum", "mean", "median", "std", "var"} for f in funcs)
        if numeric_funcs and columns and all(resolver.kind(c) != "numeric" for c in columns):
            columns = []  # "mean session duration": "session" is the entity, not session_date
        if not columns and any(f not in {"count", "nunique"} for f in funcs):
            skipped = _skip_filler(tokens, plain)
            more, more_end, _unresolved = column_list(tokens, skipped, resolver, out)
            if more:
                columns, end, unresolved = more, more_end, None
        needs_column = any(f not in {"count", "nunique"} for f in funcs)
        if not columns and needs_column and unresolved and looks_like_column_word(unresolved):
            if unresolved not in _ENTITY_HINTS:
                record_unknown(out, unresolved, resolver)
        elif not columns and needs_column and out.top_n is None and not unresolved:
            i = j
            continue
        added = False
        for func in dict.fromkeys(funcs):
            if func == "count":
                end = _add_count(columns, resolver, out, tokens, (j, end))
                added = True
            elif not columns:
                if func == "nunique" and unresolved:
                    record_unknown(out, unresolved, resolver)
            else:
                for column in columns:
                    _add(out, Aggregation(column=column, func=func))
                added = True
        if added:  # a dropped aggregation word stays unused, so the word check sees it
            out.used.update(range(i, max(end, j)))
        i = max(end, j, i + 1)


_RATE_NOUNS = frozenset({"rate", "rates", "share", "percentage", "proportion", "fraction", "ratio"})
_ENTITY_HINTS = frozenset(
    [
        "accidents",
        "accident",
        "rows",
        "records",
        "orders",
        "order",
        "employees",
        "readings",
        "sales",
        "crashes",
        "incidents",
        "entries",
        "people",
        "cases",
        "events",
        "transactions",
        "staff",
        "value",
        "values",
        "number",
        "count",
        "data",
    ]
)


def _count_metric(
    columns: list[str], resolver: ColumnResolver, out: Phrases, counted: list[str]
) -> Aggregation:
    """``how many customers`` counts distinct customers; ``how many orders`` counts rows; ``counted``:
    the words that named ``columns``."""
    if columns and resolver.kind(columns[0]) == "categorical" and columns[0].lower().endswith("id"):
        out.notes.append(f"counted the distinct values of {columns[0]!r}")
        return Aggregation(column=columns[0], func="nunique")
    if columns and (periods := period_count(columns[0], counted, resolver, out)) is not None:
        return periods  # "in how many months ...": distinct periods, never a sum of the month numbers
    if columns and resolver.kind(columns[0]) == "numeric":
        out.notes.append(f"'number of {columns[0]}' read as the sum of {columns[0]!r}")
        return Aggregation(column=columns[0], func="sum")
    return Aggregation(column=None, func="count")


def distinct_values_noun(tokens: list[str], i: int) -> bool:
    """``values`` in "the distinct / unique / different values of city": the count's own noun, never a
    column (the synonym value → amount had added the amount column to the count)."""
    return tokens[i] in {"value", "values"} and i > 0 and tokens[i - 1] in {"distinct", "unique", "different"}


def _add_count(
    columns: list[str], resolver: ColumnResolver, out: Phrases, tokens: list[str], span: tuple[int, int]
) -> int:
    """Add the count ``tokens[span]`` asks for; the end of the words it used. A count of rows leaves a
    column written as a modifier of the counted noun unused ("how many urban cases" over a yes/no column
    Urbain), so the word check names that condition instead of the count dropping it; the counted noun
    itself ("how many countries have …") stays the count's."""
    start, end = span
    metric = _count_metric(columns, resolver, out, tokens[start:end])
    _add(out, metric)
    after = tokens[end] if end < len(tokens) else ""
    modifier = after.isalpha() and after not in FUNCTION_WORDS | FILLER_WORDS
    return start if columns and metric.column is None and modifier else end


def _add(out: Phrases, metric: Aggregation) -> None:
    if metric not in out.metrics:
        out.metrics.append(metric)
