"""A column named like a counting word (``count``): the reading never silently counts rows instead.

Over one row per disease, state and year with the cases in ``count`` (a held-out run answered "Total
number of Measles cases in 1960" with 51 rows and "Top 3 states by total Pertussis count" with rows per
state), "total <value> count" adds up ``count``, and "number of <value> cases" asks once whether each row
is one case or which column counts them; the answer decides the numbers, checked against pandas.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from tests.pipeline.reference_answers import read_intent, reference_table

from mcpforge.exceptions import NeedsClarificationError
from mcpforge.models import Intent

_DISEASES = ["Measles", "Pertussis", "Polio"]
_STATES = ["Alabama", "Alaska", "Arizona", "Ohio", "Texas", "Utah"]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    rng = np.random.default_rng(25)
    root = tmp_path_factory.mktemp("count_columns")
    rows = [
        {"disease": d, "state": s, "year": y, "weeks_reporting": int(rng.integers(10, 52)),
         "count": int(rng.integers(0, 5000)), "population": int(rng.integers(100_000, 9_000_000))}
        for d in _DISEASES for s in _STATES for y in (1959, 1960, 1961)
    ]  # fmt: skip
    pd.DataFrame(rows).to_csv(root / "diseases_by_state.csv", index=False)
    n = 120
    pd.DataFrame({
        "order_id": np.arange(1, n + 1),
        "region": rng.choice(["North", "South", "West"], n),
        "amount": rng.uniform(5, 900, n).round(2),
    }).to_csv(root / "shop.csv", index=False)  # fmt: skip
    return root


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)  # the reference loader reads only under the working directory


def _one_number(intent: Intent, path: Path) -> float:
    rows = reference_table(intent, path)["rows"]
    assert len(rows) == 1
    return float(rows[0][-1])


def test_total_value_count_adds_up_the_count_column(folder: Path) -> None:
    path = folder / "diseases_by_state.csv"
    intent = read_intent("Top 3 states by total Pertussis count", path)
    assert [(m.func, m.column) for m in intent.metrics] == [("sum", "count")]
    frame = pd.read_csv(path)
    expected = frame[frame.disease == "Pertussis"].groupby("state")["count"].sum().nlargest(3)
    got = {str(row[0]): float(row[-1]) for row in reference_table(intent, path)["rows"]}
    assert got == {state: float(total) for state, total in expected.items()}
    measles = read_intent("total Measles count in 1960", path)
    want = frame[(frame.disease == "Measles") & (frame.year == 1960)]["count"].sum()
    assert _one_number(measles, path) == float(want)


@pytest.mark.parametrize(
    ("request_text", "key"),
    [
        ("Total number of Measles in 1960", "total number of measles"),
        ("Total number of Measles patients in 1960", "patients"),  # no count's name (rows silently before)
        ("Total number of Measles infections in 1960", "infections"),
    ],
)
def test_number_of_cases_asks_rows_or_the_count_column_then_answers(
    folder: Path, request_text: str, key: str
) -> None:
    path = folder / "diseases_by_state.csv"
    with pytest.raises(NeedsClarificationError) as asked:
        read_intent(request_text, path)
    assert asked.value.key == key
    assert {"rows", "count"} <= set(asked.value.choices)
    frame = pd.read_csv(path)
    measles = frame[(frame.disease == "Measles") & (frame.year == 1960)]
    summed = read_intent(request_text, path, {key: "count"})
    assert _one_number(summed, path) == float(measles["count"].sum())
    counted = read_intent(request_text, path, {key: "rows"})
    assert _one_number(counted, path) == float(len(measles))
    with pytest.raises(NeedsClarificationError):  # an answer that is not offered asks again
        read_intent(request_text, path, {key: "weeks"})


def test_top_states_by_number_of_cases_sums_the_one_count_column(folder: Path) -> None:
    path = folder / "diseases_by_state.csv"  # "cases" is a name the count column goes by (R5)
    intent = read_intent("Top 3 states by number of Pertussis cases", path)
    assert any("as the sum of 'count'" in note for note in intent.notes)
    frame = pd.read_csv(path)
    expected = frame[frame.disease == "Pertussis"].groupby("state")["count"].sum().nlargest(3)
    got = {str(row[0]): float(row[-1]) for row in reference_table(intent, path)["rows"]}
    assert got == {state: float(total) for state, total in expected.items()}


def test_rows_said_in_words_are_counted_and_count_above_is_the_column(folder: Path) -> None:
    path = folder / "diseases_by_state.csv"
    frame = pd.read_csv(path)
    intent = read_intent("how many rows have count above 10", path)
    assert [(f.column, f.op, f.value) for f in intent.filters] == [("count", ">", 10)]
    assert _one_number(intent, path) == float((frame["count"] > 10).sum())
    measles = read_intent("number of Measles rows in 1960", path)
    assert _one_number(measles, path) == float(((frame.disease == "Measles") & (frame.year == 1960)).sum())


def test_without_a_count_column_orders_are_rows(folder: Path) -> None:
    path = folder / "shop.csv"
    intent = read_intent("number of orders per region", path)
    assert intent.operation == "group_count" and intent.group_by == ["region"]
    expected = pd.read_csv(path).groupby("region").size()
    got = {str(row[0]): float(row[-1]) for row in reference_table(intent, path)["rows"]}
    assert got == {region: float(n) for region, n in expected.items()}
    north = read_intent("how many North orders", path)
    assert _one_number(north, path) == float((pd.read_csv(path).region == "North").sum())
