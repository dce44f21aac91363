"""'How many countries have X above 80' over a file with many rows per country (issue 25, a wrong answer).

Counting rows there counts each country once per year; the reading must ask rows or distinct countries,
and the answer decides the numbers. A condition on each group ("more than 2 rows", "an average … above")
stays a group condition.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from tests.pipeline.reference_answers import read_intent, reference_table

from mcpforge.exceptions import NeedsClarificationError
from mcpforge.pipeline.intent import DatasetSchema, extract_intent

COUNTRIES = [
    ("Chad", "Africa", 50.0),
    ("Mali", "Africa", 79.5),
    ("Peru", "Americas", 78.0),
    ("Cuba", "Americas", 81.0),
]


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("plurals") / "world.csv"
    rows = [
        {"country": c, "continent": k, "year": y, "life_expectancy": e + (y - 2000) / 5}
        for c, k, e in COUNTRIES
        for y in (2000, 2005, 2010)
    ]
    pd.DataFrame(rows).to_csv(path, index=False)
    return path


@pytest.fixture(autouse=True)
def _in_the_data_folder(world: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(world.parent)  # the reference loader reads only under the working directory


def _answer(request: str, path: Path, answers: dict[str, str]) -> float:
    table = reference_table(read_intent(request, path, answers), path)
    return float(table["rows"][0][-1])


@pytest.mark.parametrize(
    "request_text",
    [
        "how many countries have a life_expectancy above 80",
        "number of countries with life_expectancy above 80",
        "count the countries with life_expectancy over 80",
    ],
)
def test_a_row_condition_on_a_repeated_column_asks_rows_or_distinct(world: Path, request_text: str) -> None:
    with pytest.raises(NeedsClarificationError) as asked:
        extract_intent(request_text, DatasetSchema.from_file(world))
    assert "distinct 'country'" in str(asked.value)
    frame = pd.read_csv(world)
    kept = frame[frame["life_expectancy"] > 80]
    assert _answer(request_text, world, {"countries": "distinct"}) == kept["country"].nunique() == 2
    assert _answer(request_text, world, {"countries": "rows"}) == len(kept) == 5


def test_conditions_on_each_group_stay_group_conditions(world: Path) -> None:
    schema = DatasetSchema.from_file(world)
    mean = extract_intent("how many continents have an average life_expectancy above 70", schema)
    rows = extract_intent("how many countries have more than 2 rows", schema)
    assert mean.options.get("count_groups") and rows.options.get("count_groups")
