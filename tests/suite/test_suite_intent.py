"""Every request of the example suite parses into the Intent it means (intent level, no tool is run)."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from mcpforge.models import Intent
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from suite.cases import CASES, Case, load_dataset


@cache
def _schema(dataset: str) -> DatasetSchema:
    return DatasetSchema.from_file(CASES[0].path.parent / dataset)


def _differences(case: Case, intent: Intent) -> list[str]:
    problems: list[str] = []
    if intent.operation != case.operation:
        problems.append(f"operation {intent.operation!r} != {case.operation!r}")
    for key, expected in case.intent.items():
        got: Any
        want: Any = expected
        if key == "metrics":
            got = [(m.func, m.column) for m in intent.metrics]
        elif key == "filters":
            got = [(f.column, f.op, f.value) for f in intent.filters]
            got, want = sorted(map(repr, got)), sorted(map(repr, want))
        elif key == "derived":
            got = [d.name for d in intent.derived]
        elif key == "options":
            got = {k: intent.options.get(k) for k in want}
        else:
            got = getattr(intent, key)
        if got != want:
            problems.append(f"{key}: {got!r} != {want!r}")
    return problems


def test_the_suite_is_large_and_varied() -> None:
    assert len(CASES) >= 45
    assert len({case.dataset for case in CASES}) >= 3
    assert len({case.operation for case in CASES}) >= 15
    assert len({case.id for case in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_expected_answers_have_the_declared_shape(case: Case) -> None:
    assert case.expected(load_dataset(case.dataset)).shape == case.shape


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_request_parses_into_the_intended_analysis(case: Case) -> None:
    intent = extract_intent(case.request, _schema(case.dataset))
    assert _differences(case, intent) == []
    assert intent.data_source == str(case.path)
