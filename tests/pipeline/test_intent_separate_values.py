"""Values said each in a phrase of its own get an answer each (issue 25).

"Median family income for people living in California and for those in New York?" was read as one
filter, state in (California, New York), and answered with one median over both states: a wrong answer
that looked validated (blind11). A preposition or "those" said again after "and" gives each value its own
phrase, so the answer is one row per value (still only those values). Two values joined plainly ("in
California and New York") keep their reading as one condition.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from mcpforge.catalogue import get_operation
from mcpforge.catalogue.base import frame_to_table
from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.runtime import load_csv_data_with_types

PEOPLE = pd.DataFrame({
    "state": ["California", "California", "New York", "New York", "Texas", "California", "New York"],
    "family_income": [60000.0, 72000.0, 49500.0, 51000.0, 45000.0, 58000.0, 80000.0],
    "age": [34, 51, 28, 45, 62, 39, 41],
})  # fmt: skip
TWO = PEOPLE[PEOPLE["state"].isin(["California", "New York"])]


@pytest.fixture(autouse=True)
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    PEOPLE.to_csv(tmp_path / "people.csv", index=False)
    monkeypatch.chdir(tmp_path)  # the reference loader reads only under the working directory
    return tmp_path


def _rows(request: str) -> dict[str, float]:
    intent = extract_intent(request, DatasetSchema.from_file(Path("people.csv")))
    operation = get_operation(intent.operation)
    rendered = operation.render(intent)
    table = frame_to_table(operation.reference(load_csv_data_with_types("people.csv"), rendered.arguments))
    return {str(row[0]): float(row[-1]) for row in table["rows"]}


@pytest.mark.parametrize(
    "request_text",
    [
        "Median family income for people living in California and for those in New York?",
        "median family income in California and in New York",
        "What is the median family income for California and for New York?",
        "the median family income of California and that of New York",
    ],
)
def test_each_value_in_its_own_phrase_gets_its_own_answer(request_text: str) -> None:
    assert _rows(request_text) == pytest.approx(TWO.groupby("state")["family_income"].median().to_dict())


def test_values_joined_plainly_stay_one_condition() -> None:
    intent = extract_intent(
        "median family income in California and New York", DatasetSchema.from_file(Path("people.csv"))
    )
    assert intent.group_by == []
    assert [(f.column, f.op) for f in intent.filters] == [("state", "in")]


def test_a_share_of_values_named_each_on_its_own_is_never_taken_over_only_them(tmp_path: Path) -> None:
    """ "what percentage of sales comes from France and from Germany": each country's share of all sales
    (61% and 24%); grouped over only the two countries it was each one's share of the two (71% and 29%),
    a wrong answer, before shares were left out of this reading."""
    frame = pd.DataFrame(
        {"country": ["France", "France", "Germany", "Germany", "Italy"], "sales": [10, 20, 5, 7, 7]}
    )
    frame.to_csv(tmp_path / "sales.csv", index=False)
    request = "what percentage of sales comes from France and from Germany"
    try:
        intent = extract_intent(request, DatasetSchema.from_file(tmp_path / "sales.csv"))
    except (UnmappableRequestError, NeedsClarificationError):
        return
    operation = get_operation(intent.operation)
    rows = frame_to_table(operation.reference(frame, operation.render(intent).arguments))["rows"]
    shares = {str(row[0]): float(row[-1]) for row in rows}
    assert shares == pytest.approx({"France": 30 / 49 * 100, "Germany": 12 / 49 * 100})
