"""Shares of rows under a condition, sign words and "days" as rows (issue 25, blind3 refusals).

"What percentage of the rows have an avgprs above 200" is the share of rows meeting a comparison (overall
or per group); "what share ... are in a metro area" over a yes/no column is the one share of its yes;
"positive" / "negative" / "non-negative" compare a number with 0; "on how many days" over a file with one
row per date counts rows. Each number is checked against pandas on a small file; near-misses still refuse.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from mcpforge.catalogue import get_operation
from mcpforge.catalogue.base import frame_to_table
from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.runtime import load_csv_data_with_types

ROWS = [
    # day, region, price, change, metro, kind
    ("2020-01-01", "East", 150.0, 0.5, "yes", "a"),
    ("2020-01-02", "East", 250.0, -0.2, "no", "b"),
    ("2020-01-03", "West", 210.0, 0.0, "no", "a"),
    ("2020-01-04", "West", None, 1.5, "no", "b"),
    ("2020-01-05", "West", 300.0, -1.0, "yes", "a"),
    ("2020-01-06", "North", 90.0, 0.25, "no", "b"),
]


_Expected = Callable[[pd.DataFrame], float]


@pytest.fixture(scope="module")
def prices(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("shares") / "prices.csv"
    frame = pd.DataFrame(ROWS, columns=["date", "region", "price", "change", "metro", "kind"])
    frame.to_csv(path, index=False)
    return path


@pytest.fixture(autouse=True)
def _in_the_data_folder(prices: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(prices.parent)  # the reference loader reads only under the working directory


def _table(request: str, path: Path, answers: dict[str, str] | None = None) -> list[list[Any]]:
    intent = extract_intent(request, DatasetSchema.from_file(path), answers=answers)
    operation = get_operation(intent.operation)
    rendered = operation.render(intent)
    table = frame_to_table(operation.reference(load_csv_data_with_types(str(path)), rendered.arguments))
    return [list(row) for row in table["rows"]]


@pytest.mark.parametrize(
    ("request_text", "expected"),
    [
        ("What percentage of the rows have a price above 200?", lambda f: 100 * (f["price"] > 200).mean()),
        (
            "what share of rows have a price between 100 and 260",
            lambda f: 100 * f["price"].between(100, 260).mean(),
        ),
        ("What percentage of rows have a positive change?", lambda f: 100 * (f["change"] > 0).mean()),
        ("what share of rows have a non-negative change", lambda f: 100 * (f["change"] >= 0).mean()),
        ("What percentage of the rows are in a metro area?", lambda f: 100 * (f["metro"] == "yes").mean()),
    ],
)
def test_a_share_of_rows_meeting_a_condition_is_one_number(
    prices: Path, request_text: str, expected: _Expected
) -> None:
    frame = pd.read_csv(prices)
    rows = _table(request_text, prices)
    assert len(rows) == 1
    assert float(rows[0][-1]) == pytest.approx(expected(frame))


def test_a_share_of_rows_per_group_asks_then_is_taken_within_each_group(prices: Path) -> None:
    request = "What percentage of the rows have a price above 200 for each region?"
    with pytest.raises(NeedsClarificationError) as asked:
        extract_intent(request, DatasetSchema.from_file(prices))
    assert asked.value.key == "share"
    frame = pd.read_csv(prices)
    rows = _table(request, prices, {"share": "within"})
    expected = (frame["price"] > 200).groupby(frame["region"]).mean() * 100
    assert {row[0]: pytest.approx(float(row[-1])) for row in rows} == expected.to_dict()


@pytest.mark.parametrize(
    ("request_text", "expected"),
    [
        ("On how many days was the change positive?", lambda f: int((f["change"] > 0).sum())),
        ("On how many days was the change negative?", lambda f: int((f["change"] < 0).sum())),
        ("how many rows have a non-negative change", lambda f: int((f["change"] >= 0).sum())),
    ],
)
def test_sign_words_compare_with_zero_and_days_are_the_rows(
    prices: Path, request_text: str, expected: _Expected
) -> None:
    frame = pd.read_csv(prices)
    assert float(_table(request_text, prices)[0][-1]) == expected(frame)


@pytest.mark.parametrize(
    "request_text",
    [
        "how many rows have a positive region",  # a sign on a text column
        "what percentage of rows have a price above 200 and a change below 0",  # part and whole unclear
    ],
)
def test_near_misses_still_refuse(prices: Path, request_text: str) -> None:
    with pytest.raises(UnmappableRequestError):
        extract_intent(request_text, DatasetSchema.from_file(prices))


def test_days_are_not_rows_when_dates_repeat(tmp_path: Path) -> None:
    path = tmp_path / "ticks.csv"
    pd.DataFrame({"date": ["2020-01-01", "2020-01-01", "2020-01-02"], "change": [1.0, -1.0, 2.0]}).to_csv(
        path, index=False
    )
    with pytest.raises(UnmappableRequestError):
        extract_intent("On how many days was the change positive?", DatasetSchema.from_file(path))


def test_a_share_of_a_true_false_column_is_the_share_of_true(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "flags.csv"
    pd.DataFrame({"urban": [True, False, False, True, False], "x": [1, 2, 3, 4, 5]}).to_csv(path, index=False)
    monkeypatch.chdir(tmp_path)
    rows = _table("what share of rows are urban", path)
    assert float(rows[0][-1]) == pytest.approx(40.0)
