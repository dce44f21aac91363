"""A row of the data left out in words: "leave out the World row", "(World excluded)", "World not counted".

An aggregate row ("World" among countries, "Total" among regions) is left out of an analysis in many
ways. Each, when its word is a value of the data, is the condition ``column != value``, and the answer is
pandas' without that row. A leftover word that is no value of the data is still refused, and "leave the
World row in" is never read as leaving it out.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.pipeline.intent import DatasetSchema, extract_intent


@pytest.fixture
def table(tmp_path: Path) -> Path:
    path = tmp_path / "regions.csv"
    regions = ["North", "South", "East", "West", "Total"]
    frame = pd.DataFrame({"region": regions * 4, "sales": [float(i * 3 % 17) for i in range(20)]})
    frame.to_csv(path, index=False)
    return path


@pytest.mark.parametrize(
    "request_text",
    [
        "mean sales, leaving out the Total row",
        "Leave out the Total rows; what is the mean sales?",
        "mean sales (Total excluded)",
        "mean sales, Total not counted",
        "mean sales with the Total row left out",
        "mean sales, omitting Total",
        "mean sales; leave the Total row out",
        "mean sales, ignoring the Total lines",
    ],
)
def test_a_value_left_out_in_words_is_a_condition(table: Path, request_text: str) -> None:
    intent = extract_intent(request_text, DatasetSchema.from_file(table))
    assert [(f.column, f.op, f.value) for f in intent.filters] == [("region", "!=", "Total")]
    assert [(m.column, m.func) for m in intent.metrics] == [("sales", "mean")]


@pytest.mark.parametrize(
    "request_text",
    [
        "mean sales, leave the Total row in",  # kept, not left out
        "mean sales, ignoring the outliers",  # no value of the data
    ],
)
def test_other_words_are_not_an_exclusion(table: Path, request_text: str) -> None:
    try:
        intent = extract_intent(request_text, DatasetSchema.from_file(table))
    except (NeedsClarificationError, UnmappableRequestError):
        return
    assert all(f.op != "!=" for f in intent.filters)
