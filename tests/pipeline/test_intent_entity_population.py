"""The entity of a panel named as the population of its rows (issue 25): "the mean income of the states
in 1990" over state x year is a mean over the rows, said in the reading; "state-years" are the rows.

Grouping, counting, ranking or asking which ("per state", "how many states", "which states"), a share
("the percentage of states with ...": of states, not of state-years), the singular ("the average state",
one number per state) and two sub-populations set against each other ("coastal vs non-coastal states")
are not read this way.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.pipeline.intent import DatasetSchema, extract_intent

STATES = ["Ohio", "Iowa", "Utah", "Maine", "Texas", "Idaho"]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("entities")
    rows = [
        {
            "state": s,
            "year": y,
            "income": 20.0 + k * 3 + (y - 1985) * 0.7,
            "coastal": "yes" if k % 2 else "no",
        }
        for k, s in enumerate(STATES)
        for y in range(1985, 1995)
        if not (k == 0 and y < 1988)  # unbalanced: Ohio enters in 1988
    ]
    pd.DataFrame(rows).to_csv(root / "states.csv", index=False)
    nations = [
        {"country": f"C{k}", "year": y, "gdp": 1000.0 + 50 * k + y % 7}
        for k in range(8)
        for y in range(1960, 1970)
    ]
    pd.DataFrame(nations).to_csv(root / "nations.csv", index=False)
    once = [{"state": s, "income": 20.0 + k} for k, s in enumerate(STATES)]
    pd.DataFrame(once).to_csv(root / "once.csv", index=False)
    return root


def _read(folder: Path, file: str, text: str):  # type: ignore[no-untyped-def]
    return extract_intent(text, DatasetSchema.from_file(folder / file))


@pytest.mark.parametrize(
    ("file", "text", "column", "noun"),
    [
        ("states.csv", "What is the mean income of the states in 1990?", "income", "states"),
        ("states.csv", "average income for states in 1990", "income", "states"),
        ("states.csv", "¿Cuál es el income medio de los estados en 1990?", "income", "states"),
        ("states.csv", "Durchschnittliches income der Staaten im Jahr 1990", "income", "states"),
        ("nations.csv", "Quel est le gdp moyen des pays en 1965 ?", "gdp", "countries"),
        ("nations.csv", "mean gdp of the countries in 1965", "gdp", "countries"),
    ],
)
def test_the_entity_plural_is_the_rows_of_the_panel(
    folder: Path, file: str, text: str, column: str, noun: str
) -> None:
    intent = _read(folder, file, text)
    assert intent.group_by == []
    assert [(m.column, m.func) for m in intent.metrics] == [(column, "mean")]
    assert [(f.column, f.op) for f in intent.filters] == [("year", "==")]
    assert any(note.startswith(f"{noun!r} read as the rows (one per") for note in intent.notes)


def test_a_condition_on_the_population_stays_a_condition(folder: Path) -> None:
    intent = _read(folder, "states.csv", "mean income of the coastal states")
    assert [(f.column, f.value) for f in intent.filters] == [("coastal", "yes")]
    assert any("'states' read as the rows" in note for note in intent.notes)


@pytest.mark.parametrize(
    "text", ["How many state-years have an income above 40?", "how many state-years show income above 40"]
)
def test_entity_years_are_the_rows(folder: Path, text: str) -> None:
    intent = _read(folder, "states.csv", text)
    assert intent.group_by == []
    assert [(f.column, f.op, f.value) for f in intent.filters] == [("income", ">", 40)]
    assert any(note.startswith("'state-years' read as the rows") for note in intent.notes)


def test_a_grouping_word_keeps_the_grouping(folder: Path) -> None:
    for text in ["average income per state", "average income for each state", "mean income by state"]:
        assert _read(folder, "states.csv", text).group_by == ["state"]


def test_a_count_of_the_entity_is_not_a_count_of_rows(folder: Path) -> None:
    intent = _read(folder, "states.csv", "how many states are in the data?")
    assert intent.operation == "distinct_count"


@pytest.mark.parametrize(
    "text",
    [
        "which states have the highest income in 1990?",
        "the states with the highest income in 1990",
        "show the states whose income is above 40",
        "states ranked by income in 1990",
        "list the states with income above 40",
    ],
)
def test_the_entity_as_the_subject_of_a_listing_is_not_the_rows(folder: Path, text: str) -> None:
    """They want the states' names: never a listing or a top row without them."""
    try:
        intent = _read(folder, "states.csv", text)
    except (UnmappableRequestError, NeedsClarificationError):
        return
    assert not any("read as the rows (one per" in note for note in intent.notes)


@pytest.mark.parametrize(
    "text",
    [
        "mean income of coastal vs non-coastal states",
        "average income of the coastal states compared with the other states",
        "the average state income in 1990",
        "what percentage of states have income above 40?",
        "the share of the coastal states with income above 40",
        "among the coastal states, how many have income above 40?",
        "el porcentaje de los estados con income superior a 40",
    ],
)
def test_contrasts_shares_counts_and_the_singular_are_not_read_as_the_rows(folder: Path, text: str) -> None:
    try:
        intent = _read(folder, "states.csv", text)
    except (UnmappableRequestError, NeedsClarificationError):
        return
    assert not any("read as the rows (one per" in note for note in intent.notes)
    assert len({f.column for f in intent.filters}) == len(intent.filters)  # never coastal = yes and = no


def test_a_file_with_one_row_per_entity_is_not_a_panel(folder: Path) -> None:
    try:
        intent = _read(folder, "once.csv", "mean income of the states")
    except (UnmappableRequestError, NeedsClarificationError):
        return
    assert not any("read as the rows (one per" in note for note in intent.notes)
