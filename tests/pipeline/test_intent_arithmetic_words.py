"""Quantities defined from columns in words (issue 25, class 3): "the mean of A minus B", a formula in
brackets after the rate it defines, a weighted mean, a condition in brackets after its description.

Numbers are checked against pandas on a small real file written here; the near-misses (an operand that is
not a numeric column, a per-row ratio averaged vs the ratio of totals, a rate whose words contradict the
formula, weights naming no column or two columns, a value inside a feature's name) still ask or refuse.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from mcpforge.catalogue import get_operation
from mcpforge.catalogue.base import frame_to_table
from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.models import Intent
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.runtime import load_csv_data_with_types


@pytest.fixture(scope="module")
def polls(tmp_path_factory: pytest.TempPathFactory) -> Path:
    n = 30
    frame = pd.DataFrame({
        "state": ["U.S.", "Ohio", "Texas"] * (n // 3),
        "pollster": [f"P{i % 7}" for i in range(n)],
        "rawpoll_clinton": [40 + (i * 7 % 11) + 0.5 * (i % 3) for i in range(n)],
        "rawpoll_trump": [38 + (i * 5 % 13) for i in range(n)],
        "samplesize": [float(300 + (i * 37 % 17) * 50) for i in range(n)],
    })  # fmt: skip
    frame.loc[[4, 11], "rawpoll_trump"] = np.nan  # missing: left out of the difference, and of its mean
    frame.loc[[7], "samplesize"] = np.nan
    path = tmp_path_factory.mktemp("arithmetic") / "polls.csv"
    frame.to_csv(path, index=False)
    return path


@pytest.fixture(scope="module")
def diseases(tmp_path_factory: pytest.TempPathFactory) -> Path:
    frame = pd.DataFrame({
        "disease": ["Measles", "Measles", "Measles", "Polio", "Measles"],
        "state": ["California", "California", "Texas", "California", "Texas"],
        "year": [1960, 1961, 1960, 1960, 1961],
        "count": [22000, 25000, 9000, 300, 9500],
        "population": [15_560_000, 16_000_000, 9_580_000, 15_560_000, 9_800_000],
    })  # fmt: skip
    path = tmp_path_factory.mktemp("arithmetic") / "diseases.csv"
    frame.to_csv(path, index=False)
    return path


def _read(path: Path, request: str, answers: dict[str, str] | None = None) -> Intent:
    return extract_intent(request, DatasetSchema.from_file(path), answers=answers)


def _rows(path: Path, intent: Intent) -> list[list[object]]:
    operation = get_operation(intent.operation)
    data = load_csv_data_with_types(str(path))
    table = frame_to_table(operation.reference(data, operation.render(intent).arguments))
    return [list(row) for row in table["rows"]]


def _has(row: list[object], value: float) -> bool:
    return any(
        isinstance(c, int | float) and not isinstance(c, bool) and math.isclose(c, value, rel_tol=1e-9)
        for c in row
    )


@pytest.mark.parametrize(
    "request_text",
    [
        "For national polls (state 'U.S.'), what is the mean of rawpoll_clinton minus rawpoll_trump?",
        "what is the average of rawpoll_clinton - rawpoll_trump for state 'U.S.'",
    ],
)
def test_the_mean_of_a_difference_of_two_columns_is_pandas_mean_of_the_row_differences(
    request_text: str, polls: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(polls.parent)
    frame = pd.read_csv(polls)
    us = frame[frame.state == "U.S."]
    intent = _read(polls, request_text)
    assert [d.expression for d in intent.derived] == ["rawpoll_clinton - rawpoll_trump"]
    assert any("computed for each row as rawpoll_clinton - rawpoll_trump" in n for n in intent.notes)
    rows = _rows(polls, intent)
    assert len(rows) == 1
    assert _has(rows[0], (us.rawpoll_clinton - us.rawpoll_trump).mean())


def test_the_description_before_a_condition_in_brackets_is_consumed_and_said(polls: Path) -> None:
    intent = _read(polls, "For national polls (state 'U.S.'), what is the mean of rawpoll_clinton?")
    assert [(f.column, f.value) for f in intent.filters] == [("state", "U.S.")]
    assert any("'national polls' read as the condition in brackets" in n for n in intent.notes)


def test_a_sum_and_a_product_of_columns_per_group_are_pandas(
    polls: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(polls.parent)
    frame = pd.read_csv(polls)
    total = (frame.rawpoll_clinton + frame.rawpoll_trump).groupby(frame.state).sum()
    rows = _rows(polls, _read(polls, "total of rawpoll_clinton plus rawpoll_trump by state"))
    assert len(rows) == 3
    for state, value in total.items():
        assert any(state in row and _has(row, value) for row in rows), (state, value, rows)
    product = (frame.rawpoll_clinton * frame.samplesize).max()
    rows = _rows(polls, _read(polls, "the maximum of rawpoll_clinton times samplesize"))
    assert _has(rows[0], product)


def test_a_per_row_ratio_averaged_is_asked_unless_the_request_says_each_row(
    polls: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(polls.parent)
    with pytest.raises(NeedsClarificationError) as asked:
        _read(polls, "average of rawpoll_clinton divided by samplesize")
    assert "per_row" in str(asked.value) and "totals" in str(asked.value)
    frame = pd.read_csv(polls)
    expected = (frame.rawpoll_clinton / frame.samplesize).mean()
    for intent in (
        _read(polls, "average of rawpoll_clinton divided by samplesize for each row"),
        _read(polls, "average of rawpoll_clinton divided by samplesize",
              answers={"mean of rawpoll_clinton / samplesize": "per_row"}),
    ):  # fmt: skip
        assert _has(_rows(polls, intent)[0], expected)


@pytest.mark.parametrize(
    "request_text",
    [
        "what is the mean of rawpoll_clinton minus state",  # an operand that is no numeric column
        "what is the mean of rawpoll_clinton minus 3",  # one column and a number: not read
        "the weighted mean of rawpoll_clinton",  # weights not said
        "the voter-weighted mean of rawpoll_clinton",  # weights naming no column
        "the weighted mean of rawpoll_clinton (weights = pollster)",  # weights naming a text column
    ],
)
def test_arithmetic_and_weights_that_name_no_numeric_column_are_still_refused(
    request_text: str, polls: Path
) -> None:
    with pytest.raises(UnmappableRequestError):
        _read(polls, request_text)


def test_weights_named_as_two_different_columns_are_refused_naming_both(polls: Path) -> None:
    with pytest.raises(UnmappableRequestError, match="different columns"):
        _read(polls, "rawpoll_trump-weighted mean of rawpoll_clinton (weights = samplesize)")


@pytest.mark.parametrize(
    "request_text",
    [
        "What is the samplesize-weighted mean rawpoll_clinton for each state?",
        "the poll-size-weighted mean of rawpoll_clinton per state (weights = samplesize)",
        "weighted average of rawpoll_clinton weighted by samplesize by state",
        "mean rawpoll_clinton, weighted by samplesize, by state",
    ],
)
def test_a_weighted_mean_is_numpy_average_over_rows_with_both_values(
    request_text: str, polls: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(polls.parent)
    frame = pd.read_csv(polls).dropna(subset=["rawpoll_clinton", "samplesize"])
    intent = _read(polls, request_text)
    assert any("weighted mean of 'rawpoll_clinton' with weights 'samplesize'" in n for n in intent.notes)
    rows = _rows(polls, intent)
    assert len(rows) == 3
    for state, part in frame.groupby("state"):
        expected = np.average(part.rawpoll_clinton, weights=part.samplesize)
        assert any(state in row and _has(row, expected) for row in rows), (state, expected, rows)


def test_a_rate_formula_in_brackets_is_the_row_value_for_one_row_and_the_pooled_rate_for_several(
    diseases: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(diseases.parent)
    frame = pd.read_csv(diseases)
    one = _read(
        diseases,
        "What was the Measles rate per 100,000 people in California in 1960 (count / population * 100000)?",
    )
    row = frame[(frame.disease == "Measles") & (frame.state == "California") & (frame.year == 1960)]
    assert _has(_rows(diseases, one)[0], float((row["count"] / row.population * 100000).iloc[0]))
    assert any("'rate per 100,000 people' read as the formula in brackets" in n for n in one.notes)
    several = _read(diseases, "the Measles rate in Texas (count / population * 100000)")
    texas = frame[(frame.disease == "Measles") & (frame.state == "Texas")]
    assert _has(_rows(diseases, several)[0], texas["count"].sum() / texas.population.sum() * 100000)
    assert any("over the rows the request selects" in n for n in several.notes)


def test_a_rate_whose_words_contradict_the_formula_is_refused(diseases: Path) -> None:
    with pytest.raises(UnmappableRequestError, match="does not match the formula"):
        _read(diseases, "the Measles rate per 1,000 people in Texas (count / population * 100000)")


def test_a_value_inside_the_words_before_a_formula_is_no_feature_name(diseases: Path) -> None:
    """'the mean Measles incidence (...)' named a feature 'measles_incidence' and dropped the Measles
    condition: the mean over every disease. The words are not taken as a name; 'incidence' is refused."""
    with pytest.raises(UnmappableRequestError, match="incidence"):
        _read(diseases, "What is the mean Measles incidence (count / population * 100000) in California?")
