"""Counting the rows of a file whose rows already count something: asked, never given silently.

A table of counts (``Class, Sex, Age, Survived, Freq``: one row per combination, the people in ``Freq``;
``Year, month, count``: one row per month, the registrations in ``count``) answers "how many people per
class", "count by sex" or "what share of passengers survived" with the sum of its count column: counting
its rows (8 per class, 50% survived) gives a number that looks right and is not. The nouns that name such a
column are asked about where they are read (``nouns``, ``tally``, ``counted_measures``); this is the check
on the finished reading, whatever path produced it: a reading that counts rows (a count of rows, rows per
group, a value's rows, a share of rows) over a file with a count column it does not use asks one question,
the rows or the sum of that column, unless the request says rows ("rows", "records", "Zeilen", "filas",
"lignes" …) or the person already answered "rows".

A count column is a whole-number column that is never negative, named like a count in English, German,
French or Spanish (``count``, ``n``, ``freq``, ``Anzahl``, ``Häufigkeit``, ``effectif``, ``frecuencia``,
``conteo`` …). Answered with that column, the count becomes its sum where a template can say so (a count, a
count per group, a share of matching rows); a reading no template can weight (a percentage per group, a
cross-tabulation) is refused naming what is missing, never answered with rows.

A statistic of another column over such a table (the mean ``Age`` of a table of age bands and counts, a
test, a fit) takes each row once, where each row stands for its count: when the file's rows look like the
cells of a table (every other column a few categories), it asks whether to take each row once or its count
times; weighted statistics have no template yet, so that answer is refused, never computed unweighted.
"""

from __future__ import annotations

import json

from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import Aggregation, Intent
from mcpforge.pipeline.intent.clarify import Answers, ask, exact_column, offered
from mcpforge.pipeline.intent.words import ColumnResolver, fold, norm, tokenize
from mcpforge.pipeline.schema import ColumnInfo

KEY = "count"
ROWS = "rows"
COUNT_NAMES = frozenset({"count", "counts", "n", "freq", "frequency", "frequencies", "number", "num", "cnt",
                         "tally", "cases", "anzahl", "haufigkeit", "fallzahl", "effectif", "effectifs",
                         "nombre", "frecuencia", "conteo", "recuento", "casos", "cas"})  # fmt: skip
ROW_WORDS = frozenset({"row", "rows", "record", "records", "entry", "entries", "line", "lines", "cell",
                       "cells", "observation", "observations", "zeile", "zeilen", "eintrag", "eintrage",
                       "datensatz", "datensatze", "fila", "filas", "registro", "registros", "ligne",
                       "lignes", "enregistrement", "enregistrements", "observacion",
                       "observaciones"})  # fmt: skip
_METRIC_OPERATIONS = frozenset({"aggregate", "group_aggregate", "group_ratio", "time_resample",
                                "date_part_group", "pivot_table"})  # fmt: skip
_ROW_OPERATIONS = frozenset({"group_count", "value_distribution", "crosstab"})
_ROW_STATISTICS = frozenset({"percentiles", "summary_stats", "distribution_shape", "statistical_test",
                             "correlation", "linear_regression", "outliers", "group_outliers"})  # fmt: skip
_WEIGHTED_FUNCS = frozenset({"mean", "median", "std", "pstd", "var", "pvar", "cv"})
_CELL_VALUES = 60  # a column of a table of counts holds at most this many categories
_ROW_NUMBERS_SEEN = 20  # a column of distinct consecutive whole numbers over at least this many rows


def count_columns(resolver: ColumnResolver) -> list[str]:
    """The file's columns named like a count whose values are whole numbers, never negative."""
    found = []
    for info in resolver.schema.columns:
        lowest = info.minimum
        if info.kind != "numeric" or not info.is_integer or not isinstance(lowest, int | float) or lowest < 0:
            continue
        if fold(norm(info.name)).replace(" ", "_") in COUNT_NAMES and not _row_numbers(info, resolver):
            found.append(info.name)
    return found


def _row_numbers(info: ColumnInfo, resolver: ColumnResolver) -> bool:
    """``Number`` holding 0, 1, 2 … once each: the rows' own numbers, not what each row counts."""
    high, low, rows = info.maximum, info.minimum, resolver.schema.row_count
    if not isinstance(high, int | float) or not isinstance(low, int | float):
        return False
    return info.distinct_count >= min(rows, _ROW_NUMBERS_SEEN) and high - low + 1 == info.distinct_count


def counts_rows(intent: Intent) -> bool:
    """Whether ``intent``'s numbers are counts of rows (rows per group, a value's rows, a share of rows)."""
    if intent.operation in _ROW_OPERATIONS:
        return True
    return intent.operation in _METRIC_OPERATIONS and any(
        m.func == "count" and m.column is None for m in intent.metrics
    )


def _says_rows(request: str) -> bool:
    return bool(ROW_WORDS & set(tokenize(fold(request.lower()))))


def _uses(intent: Intent, column: str) -> bool:
    read = intent.model_dump_json(exclude={"request", "notes", "unused_words", "data_source"})
    return json.dumps(column, ensure_ascii=False) in read


def _cells(resolver: ColumnResolver, count: str) -> bool:
    """Whether the file's rows look like the cells of a table: every other column holds a few categories
    (or a few whole numbers, an age band's ``Age``), each on two rows or more on average, and there are no
    more rows than their combinations."""
    others = [info for info in resolver.schema.columns if info.name != count]
    rows = resolver.schema.row_count
    if not others or any(not 0 < info.distinct_count <= min(_CELL_VALUES, rows / 2) for info in others):
        return False  # a column whose values are mostly on one row each is a measure, not a category
    combinations = 1
    for info in others:
        combinations *= max(info.distinct_count, 1)
    return rows <= combinations


def weighted_statistic(intent: Intent, count: str) -> bool:
    """Whether ``intent`` computes a statistic of another column that each row's count would weight."""
    if intent.operation in _ROW_STATISTICS:
        return True
    return any(m.func in _WEIGHTED_FUNCS and m.column not in (None, count) for m in intent.metrics)


def _statistic_over_cells(request: str, intent: Intent, resolver: ColumnResolver, given: Answers) -> Intent:
    """A mean, median, spread, test or fit over a table of counts: asked whether each row counts once
    (the person's answer "rows") or its count times, which no template weights yet (refused)."""
    counts = [c for c in count_columns(resolver) if not _uses(intent, c) and _cells(resolver, c)]
    if len(counts) != 1 or not weighted_statistic(intent, counts[0]) or _says_rows(request):
        return intent
    count = counts[0]
    said = given.get(KEY)
    choices = {ROWS: "each row once", count: f"each row {count!r} times (weighted)"}
    answer = offered(said, choices) or exact_column(said, [count])
    if answer is None:
        question = (
            f"each row of the file stands for {count!r} of them: take each row once, or {count!r} times?"
        )
        ask(KEY, question, choices, request=request, rejected=said)
    if answer == ROWS:
        note = "each row of the file taken once, not weighted by its count (your answer)"
        return intent.model_copy(update={"notes": [*intent.notes, note]})
    raise UnmappableRequestError(
        f"cannot map the request {intent.request!r} onto a data analysis: a statistic weighted by {count!r} "
        "is not computed by any template yet; ask for sums of it per group, or answer 'rows' to take each "
        "row once",
        final=True,
    )


def counted_rows(request: str, intent: Intent, resolver: ColumnResolver, given: Answers) -> Intent:
    """``intent`` as read, or with its count of rows made the sum of the file's count column (as
    answered); asks first when it counts rows of such a file and neither the request nor an answer said
    rows."""
    if any(v.strip().lower() == ROWS for k, v in given.given.items() if k.strip().lower() != KEY):
        return intent  # the person said "rows" to another question of this request (a counted noun's)
    if not counts_rows(intent):
        return _statistic_over_cells(request, intent, resolver, given)
    if _says_rows(request):
        return intent
    columns = [c for c in count_columns(resolver) if not _uses(intent, c)]
    if not columns:
        return intent
    said = given.get(KEY)
    choices = {ROWS: "count the rows of the file"} | {
        c: f"add up {c!r} (what each row counts)" for c in columns
    }
    answer = offered(said, choices) or exact_column(said, columns)
    if answer is None:
        named = " or ".join(repr(c) for c in columns)
        question = (
            f"each row of the file already counts something in {named}: count the rows, or add up {named}?"
        )
        ask(KEY, question, choices, request=request, rejected=said)
    if answer == ROWS:
        return intent.model_copy(
            update={"notes": [*intent.notes, "counted the rows of the file (your answer)"]}
        )
    return _summed(intent, answer)


def _summed(intent: Intent, column: str) -> Intent:
    """``intent`` with its counts of rows made sums of ``column``, or refused where no template can."""
    note = f"counted as the sum of {column!r}: each row of the file counts that many (your answer)"
    summed = Aggregation(column=column, func="sum")
    if intent.operation in _METRIC_OPERATIONS:
        metrics = [summed if m.func == "count" and m.column is None else m for m in intent.metrics]
        return intent.model_copy(update={"metrics": metrics, "notes": [*intent.notes, note]})
    keys = list(intent.group_by) if intent.operation == "group_count" else list(intent.columns[:1])
    if intent.operation == "crosstab" or intent.as_percentage or not keys:
        raise UnmappableRequestError(
            f"cannot map the request {intent.request!r} onto a data analysis: as the sum of {column!r} it "
            f"needs a percentage or a cross-tabulation of sums, which no template computes yet; ask for "
            f"the sum of {column!r} per group instead",
            final=True,
        )
    return intent.model_copy(
        update={
            "operation": "group_aggregate",
            "group_by": keys,
            "columns": [],
            "metrics": [summed],
            "notes": [*intent.notes, note],
        }
    )
