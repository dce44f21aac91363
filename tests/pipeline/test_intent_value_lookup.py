"""A question asking the value of a number in the rows it names: "What was Ireland's gdp in 2007?".

The reading had the conditions (country = Ireland, year = 2007) and the column, but no analysis took a
column without an aggregation: the request was refused for 'gdp'. A what-question whose conditions name a
few rows (a value of a category with many values, such as a country) now shows those rows: the condition
columns and the number. A condition on a category of a handful of values ("Ideal" of 5 cuts) names many
rows, where "the price" more likely means an average: still refused, as is a question with no such
condition.
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

COUNTRIES = [f"Land{i:02d}" for i in range(58)] + ["Ireland", "Chile"]


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the data's folder is the allowed root


@pytest.fixture
def panel() -> Path:
    rows = [
        {"country": c, "size": ("small", "large")[i % 2], "year": y, "gdp": 1000.0 + 37 * i + (y - 2000) * 3}
        for i, c in enumerate(COUNTRIES)
        for y in (2002, 2007)
    ]
    path = Path("panel.csv")
    pd.DataFrame(rows).to_csv(path, index=False)
    return path


@pytest.mark.parametrize(
    "request_text",
    [
        "What was Ireland's gdp in 2007?",
        "What was the gdp of Ireland in 2007?",
        "what's Ireland's gdp in 2007",
    ],
)
def test_the_value_of_the_rows_a_question_names(panel: Path, request_text: str) -> None:
    intent = extract_intent(request_text, DatasetSchema.from_file(panel))
    assert intent.operation == "filter_rows"
    assert intent.columns[-1] == "gdp"
    operation = get_operation(intent.operation)
    rendered = operation.render(intent)
    table = frame_to_table(operation.reference(load_csv_data_with_types(str(panel)), rendered.arguments))
    rows = table["rows"]
    frame = pd.read_csv(panel)
    expected = frame.loc[(frame["country"] == "Ireland") & (frame["year"] == 2007), "gdp"].item()
    assert len(rows) == 1 and rows[0][-1] == pytest.approx(expected)


@pytest.mark.parametrize(
    "request_text",
    [
        "What was the gdp in 2007?",  # every country's: no condition names a few rows
        "What is the gdp of small countries?",  # a category of two values: an average, more likely
    ],
)
def test_a_question_over_many_rows_is_not_a_lookup(panel: Path, request_text: str) -> None:
    with pytest.raises((NeedsClarificationError, UnmappableRequestError)):
        extract_intent(request_text, DatasetSchema.from_file(panel))
