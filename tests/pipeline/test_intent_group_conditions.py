"""A bare number said of a category's values ("only cities with more than 5") is a condition on each
group (a HAVING), not a row filter on some numeric column whose range spans the number: it was read as
``longitude > 5`` and answered with wrong counts. Refused, naming the group; a row condition that names
its column still reads, with the numbers checked against pandas.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from mcpforge.catalogue import get_operation
from mcpforge.catalogue.base import frame_to_table
from mcpforge.exceptions import UnmappableRequestError
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.runtime import load_csv_data_with_types


@pytest.fixture(scope="module")
def airports(tmp_path_factory: pytest.TempPathFactory) -> Path:
    rng = np.random.default_rng(7)
    n = 200
    frame = pd.DataFrame({
        "iata": [f"A{i:03d}" for i in range(n)],
        "city": rng.choice(["Anchorage", "Boston", "Chicago", "Denver", "Eugene", "Fresno"], n),
        "state": rng.choice(["AK", "MA", "IL", "CO", "OR", "CA", "TX"], n),
        "latitude": rng.uniform(20, 70, n).round(4),
        "longitude": rng.uniform(-170, 20, n).round(4),
    })  # fmt: skip
    path = tmp_path_factory.mktemp("having") / "airports.csv"
    frame.to_csv(path, index=False)
    return path


@pytest.mark.parametrize(
    ("request_text", "group"),
    [
        ("number of airports per city, only cities with more than 5", "city"),
        ("airports per state for states that have more than 10", "state"),
        ("count of airports in states having over 20", "state"),
    ],
)
def test_a_number_said_of_a_category_is_a_group_condition_and_is_refused(
    request_text: str, group: str, airports: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(airports.parent)
    with pytest.raises(UnmappableRequestError) as refused:
        extract_intent(request_text, DatasetSchema.from_file(airports))
    assert f"condition on each {group!r} group" in str(refused.value)


def test_a_row_condition_that_names_its_column_still_reads_right(
    airports: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(airports.parent)
    intent = extract_intent(
        "number of airports per city with latitude above 60", DatasetSchema.from_file(airports)
    )
    operation = get_operation(intent.operation)
    table = frame_to_table(
        operation.reference(load_csv_data_with_types(str(airports)), operation.render(intent).arguments)
    )
    got = {str(row[0]): float(row[-1]) for row in table["rows"]}
    frame = pd.read_csv(airports)
    want = frame[frame.latitude > 60].groupby("city").size()
    assert got == {str(k): float(v) for k, v in want.items()}
