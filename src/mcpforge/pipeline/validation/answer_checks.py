"""Checks of a model-written tool's answer against the shape the request asks for.

Without a reference implementation, validation proves a model's tool runs; it cannot prove it answers
the question. Some wrong answers still show in the shape of the table, whatever the analysis:
"for each region, which weather ..." must give one row per region, and an answer must have rows. A
problem found here is a failed check: it goes into a repair round like a failed test.
"""

from __future__ import annotations

from typing import Any

from mcpforge.footer import parse_output_footer
from mcpforge.pipeline.intent.guards import asked_values_of, one_row_per
from mcpforge.pipeline.modelgen.data_profile import DataProfile
from mcpforge.pipeline.validation.run import ValidationRun


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
