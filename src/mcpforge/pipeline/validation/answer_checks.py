"""Checks of a model-written tool's answer against the shape the request asks for.

Without a reference implementation, validation proves a model's tool runs; it cannot prove it answers
the question. Some wrong answers still show in the shape of the table, whatever the analysis:
"for each region, which weather ..." must give one row per region, and an answer must have rows. A
problem found here is a failed check: it goes into a repair round like a failed test.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from mcpforge.footer import parse_output_footer
from mcpforge.pipeline.modelgen.data_profile import DataProfile
from mcpforge.pipeline.validation.run import ValidationRun

_EACH = re.compile(
    r"\b(?:for each|for every|in each|in every|per|by)\s+([a-z][a-z0-9_]*)(\s+and\b)?", re.IGNORECASE
)
_WITHIN = re.compile(r"\bwithin each\b", re.IGNORECASE)
_WHICH = re.compile(
    r"\b(?:which|what)\s+([a-z][a-z0-9_]*)|\bthe\s+([a-z][a-z0-9_]*)\s+(?:\w+\s+){0,2}with the\b",
    re.IGNORECASE,
)


def _column_for(word: str, columns: Sequence[str]) -> str | None:
    word = word.lower()
    singular = word[:-1] if word.endswith("s") and len(word) > 3 else word
    for column in columns:
        name = column.lower()
        if name in (word, singular) or name.split("_")[0] in (word, singular):
            return column
    return None


def one_row_per(request: str, columns: Sequence[str]) -> str | None:
    """The column the request asks one answer row per ("for each region, ..."), when there is one.

    None when the request groups by several columns ("per region and category") or asks for parts
    within groups ("within each region, each category's share").
    """
    if _WITHIN.search(request):
        return None
    matches = list(_EACH.finditer(request))
    if any(match.group(2) for match in matches):
        return None
    found = {column for match in matches if (column := _column_for(match.group(1), columns)) is not None}
    return found.pop() if len(found) == 1 else None


def asked_values_of(request: str, columns: Sequence[str]) -> str | None:
    """The column whose values the request asks for ("which weather ...", "the product with the ...")."""
    for match in _WHICH.finditer(request):
        column = _column_for(match.group(1) or match.group(2), columns)
        if column is not None:
            return column
    return None


def _answer(run: ValidationRun) -> dict[str, Any] | None:
    if run.person_run is None or run.person_run.outcome.markdown is None:
        return None
    footer = parse_output_footer(run.person_run.outcome.markdown) or {}
    result = footer.get("result")
    return result if isinstance(result, dict) else None


def _one_row_per_problem(key: str, in_data: int, names: list[str], rows: list[list[Any]]) -> str | None:
    if key not in names:
        if in_data > 1 and len(rows) == 1:
            return (
                f"the question asks for one row per {key}, but the answer has no {key} column: group by {key}"
            )
        return None
    values = [str(row[names.index(key)]) for row in rows]
    if len(set(values)) < len(values):
        return (
            f"the question asks for one row per {key}, but the answer has {len(values)} rows for "
            f"{len(set(values))} values of {key}: keep only the row that answers the question for each {key}"
        )
    if len(values) == 1 < in_data:
        return (
            f"the question asks for one row per {key}; the data has {in_data} values of {key} but the "
            f"answer has one row: answer for every {key}, not only the first"
        )
    return None


def answer_problems(request: str, data: DataProfile, run: ValidationRun) -> list[str]:
    """What is wrong with the shape of the answer on the person's data (empty when nothing is seen)."""
    answer = _answer(run)
    if answer is None:
        return []
    names = [str(name) for name in answer.get("columns", [])]
    rows = answer.get("rows", [])
    if not rows:
        return ["the answer has no rows on the data: the function filters or groups everything away"]
    problems = []
    key = one_row_per(request, data.columns)
    if key and (problem := _one_row_per_problem(key, data.distinct.get(key, 0), names, rows)):
        problems.append(problem)
    asked = asked_values_of(request, data.columns)
    if asked and asked != key and asked not in names:
        problems.append(f"the question asks which {asked}, but the answer has no {asked} column")
    return problems
