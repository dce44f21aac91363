"""A column named inside a counted phrase is never dropped by the count.

"How many urban cases were there in 2011?" over a file with a yes/no column `Urbain` was answered with the
number of all rows of 2011: the count took "urban" (Urbain, matched in another form) as part of what it
counts and left the condition out, and a one-word name met in another form did not count as named. Such a
request is now refused naming the column (a condition the count does not apply); counts of rows stay.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.pipeline.reference_answers import read_intent

from mcpforge.exceptions import UnmappableRequestError


@pytest.fixture
def cases(tmp_path: Path) -> Path:
    path = tmp_path / "cases.csv"
    rows = ["Hospitalisé,Urbain,Année,Profession"]
    rows += [f"{h},{u},{y},{p}" for h, u, y, p in [
        ("yes", "no", 2010, "farming"), ("no", "yes", 2011, "household"), ("no", "unknown", 2011, "farming"),
        ("yes", "yes", 2010, "others"), ("no", "no", 2011, "farming"),
    ]]  # fmt: skip
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("request_text", "column"),
    [
        ("How many urban cases were there in 2011?", "Urbain"),
        ("number of urban cases", "Urbain"),
        ("How many cases were urban?", "Urbain"),
        ("how many hospitalised cases", "Hospitalisé"),
    ],
)
def test_a_column_named_in_a_counted_phrase_is_never_dropped(
    cases: Path, request_text: str, column: str
) -> None:
    with pytest.raises(UnmappableRequestError, match=f"'{column}'"):
        read_intent(request_text, cases)


@pytest.mark.parametrize(
    "request_text", ["how many cases", "how many cases in 2010", "how many rows are there?"]
)
def test_a_count_of_the_rows_stays_answered(cases: Path, request_text: str) -> None:
    intent = read_intent(request_text, cases)
    assert [(m.column, m.func) for m in intent.metrics] == [(None, "count")]


@pytest.mark.parametrize("request_text", ["number of cases in 2010", "the number of cases in 2010"])
def test_a_number_asked_is_never_answered_with_a_listing(cases: Path, request_text: str) -> None:
    """ "of cases" restates the rows (the file's name) and is set aside; the bare "number" left behind must
    still stop a listing of the rows from standing in for the count."""
    with pytest.raises(UnmappableRequestError, match="'number' asks for a number"):
        read_intent(request_text, cases)
