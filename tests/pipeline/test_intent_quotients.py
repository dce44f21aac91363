"""A ratio of two totals written as arithmetic (issue 25, class 3): "sum of A divided by sum of B", per group,
in percent. Numbers checked against pandas on a small real file; without both totals named the words may mean
a ratio per row, averaged (other numbers), and the request is still refused.
"""

from __future__ import annotations

import math
from pathlib import Path

import pandas as pd
import pytest

from mcpforge.catalogue import get_operation
from mcpforge.catalogue.base import frame_to_table
from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.runtime import load_csv_data_with_types


@pytest.fixture(scope="module")
def counties(tmp_path_factory: pytest.TempPathFactory) -> Path:
    n = 40
    frame = pd.DataFrame({
        "county": [f"C{i}" for i in range(n)],
        "state": ["IL", "IN", "OH", "WI"] * (n // 4),
        "pop_black": [50 + (i * 37 % 19) * 11 for i in range(n)],
        "pop_total": [1000 + (i * 53 % 23) * 97 for i in range(n)],
    })  # fmt: skip
    path = tmp_path_factory.mktemp("quotients") / "counties.csv"
    frame.to_csv(path, index=False)
    return path


def _table(path: Path, request: str) -> list[list[object]]:
    intent = extract_intent(request, DatasetSchema.from_file(path))
    operation = get_operation(intent.operation)
    data = load_csv_data_with_types(str(path))
    return [
        list(r) for r in frame_to_table(operation.reference(data, operation.render(intent).arguments))["rows"]
    ]


def _has(row: list[object], value: float) -> bool:
    return any(
        isinstance(c, int | float) and not isinstance(c, bool) and math.isclose(c, value, rel_tol=1e-9)
        for c in row
    )


@pytest.mark.parametrize(
    ("request_text", "scale"),
    [
        ("For each state, sum of pop_black divided by sum of pop_total, as a percentage.", 100.0),
        ("the total pop_black divided by the total pop_total per state", 1.0),
    ],
)
def test_a_ratio_of_two_named_totals_per_group_is_pandas_sum_over_sum(
    request_text: str, scale: float, counties: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(counties.parent)
    frame = pd.read_csv(counties)
    sums = frame.groupby("state")[["pop_black", "pop_total"]].sum()
    expected = (sums.pop_black / sums.pop_total * scale).to_dict()
    rows = _table(counties, request_text)
    assert len(rows) == len(expected)
    for state, value in expected.items():
        assert any(state in row and _has(row, value) for row in rows), (state, value, rows)


def test_a_ratio_of_two_named_totals_over_all_rows_is_one_number(
    counties: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(counties.parent)
    frame = pd.read_csv(counties)
    rows = _table(counties, "sum of pop_black divided by sum of pop_total")
    assert len(rows) == 1
    assert _has(rows[0], frame.pop_black.sum() / frame.pop_total.sum())


@pytest.mark.parametrize(
    "request_text",
    [
        "pop_black divided by pop_total per state",  # a ratio per row, then averaged? not said
        "mean of pop_black divided by pop_total per state",
        "sum of pop_black divided by pop_total",  # one total: the other side is not said
    ],
)
def test_a_quotient_without_both_totals_named_is_still_refused(request_text: str, counties: Path) -> None:
    with pytest.raises((UnmappableRequestError, NeedsClarificationError)):
        extract_intent(request_text, DatasetSchema.from_file(counties))
