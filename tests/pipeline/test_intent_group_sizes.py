"""A condition on the number of rows of each group ("only islands with at least 50 rows", "nur Gruppen mit
mindestens 20 Einträgen") read as the group-size option of the group operations, in English, French,
German and Spanish; a noun that names a column, a reading with no groups to keep, or a removal word that
turns the condition round are never read as it. End to end, ``mcpforge ask`` answers like pandas'
``groupby().filter``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.models import Intent
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.pipeline.intent.reading import reading_sentence

DATA = Path(__file__).resolve().parents[2] / "bench" / "realworld" / "data"
MCPFORGE = Path(sys.executable).with_name("mcpforge")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("group_sizes")
    if not (DATA / "penguins.csv").is_file():
        pytest.skip("penguins.csv is not in this checkout")
    shutil.copy(DATA / "penguins.csv", root / "penguins.csv")
    pd.DataFrame({
        "airline": ["AA"] * 5 + ["BB"] * 3 + ["CC"] * 6 + ["DD"],
        "origin": ["JFK", "JFK", "LAX", "LAX", "SEA", "JFK", "SEA", "SEA", *["LAX"] * 6, "JFK"],
        "delay": [5, 12, 0, 30, 7, 45, 2, 8, 1, 3, 60, 4, 9, 15, 90],
        "seats": [150, 180, 150, 200, 120, 90, 90, 90, 300, 300, 250, 250, 300, 300, 80],
    }).to_csv(root / "flights.csv", index=False)  # fmt: skip
    pd.DataFrame({
        "Région": ["Nord"] * 4 + ["Sud"] * 2 + ["Est"] * 5,
        "Ventes": [10.5, 12.0, 9.0, 11.0, 30.0, 28.0, 7.0, 8.5, 6.0, 9.5, 7.5],
    }).to_csv(root / "ventes_fr.csv", index=False)  # fmt: skip
    return root


def _read(folder: Path, name: str, request: str) -> Intent:
    return extract_intent(request, DatasetSchema.from_file(folder / name))


def _size(intent: Intent) -> dict[str, object]:
    """The group-size condition, or the older HAVING on the row count shown beside a measure (the same
    groups: "Mean delay per airline, only airlines with at least 5 flights", groups/group_counts.py)."""
    if "group_size" in intent.options:
        return dict(intent.options["group_size"])
    assert intent.metrics[0].func == "count" and intent.metrics[0].column is None
    return dict(intent.options["having"])


@pytest.mark.parametrize(
    ("request_text", "operation", "group_by", "op", "value", "top_n"),
    [
        ("Mean delay per airline, only airlines with at least 5 flights", "group_aggregate", ["airline"],
         ">=", 5, None),
        ("Among airlines with more than 4 rows, which has the highest average delay?", "group_aggregate",
         ["airline"], ">", 4, 1),
        ("Which airline has the highest median delay among airlines with at least 5 entries?",
         "group_aggregate", ["airline"], ">=", 5, 1),
        ("number of flights per origin, only origins with fewer than 5 records", "group_count", ["origin"],
         "<", 5, None),
        ("total delay per airline for airlines that have at most 3 flights", "group_aggregate", ["airline"],
         "<=", 3, None),
        ("mean delay per airline where the airline has at least 5 rows", "group_aggregate", ["airline"],
         ">=", 5, None),
        ("Among airlines with 5 or more entries, which has the lowest mean delay?", "group_aggregate",
         ["airline"], ">=", 5, 1),
        ("median delay per origin, only origins having 4 or fewer rows", "group_aggregate", ["origin"],
         "<=", 4, None),
        ("90th percentile of delay per airline, only airlines with at least 5 rows", "percentiles",
         ["airline"], ">=", 5, None),
    ],
)  # fmt: skip
def test_a_group_size_in_english_is_the_option_of_the_group_operation(  # noqa: PLR0917 - the case's fields
    folder: Path, request_text: str, operation: str, group_by: list[str], op: str, value: float,
    top_n: int | None,
) -> None:  # fmt: skip
    intent = _read(folder, "flights.csv", request_text)
    assert (intent.operation, intent.group_by, intent.top_n) == (operation, group_by, top_n)
    assert _size(intent) == {"op": op, "value": value}
    assert not intent.filters  # the condition is on each group's size, never on a column's values
    assert f"{value} rows" in reading_sentence(intent) or f"count of rows {op} {value}" in reading_sentence(
        intent
    )


@pytest.mark.parametrize(
    ("name", "request_text", "group_by", "value"),
    [
        ("ventes_fr.csv", "Ventes moyennes par région, seulement les régions avec au moins 4 lignes",
         ["Région"], 4),
        ("ventes_fr.csv", "Durchschnittliche Ventes pro Région, nur Gruppen mit mindestens 4 Einträgen",
         ["Région"], 4),
        ("ventes_fr.csv", "Ventes promedio por Région, solo grupos con al menos 4 filas", ["Région"], 4),
        ("penguins.csv", "mean body mass per island, only islands with more than 60 penguins", ["island"],
         60),
    ],
)  # fmt: skip
def test_a_group_size_in_other_languages_and_in_the_files_own_noun(
    folder: Path, name: str, request_text: str, group_by: list[str], value: float
) -> None:
    intent = _read(folder, name, request_text)
    assert intent.group_by == group_by and _size(intent)["value"] == value


@pytest.mark.parametrize(
    "request_text",
    [
        "mean delay per airline, only airlines with at least 200 seats",  # a column: a value condition
        "mean delay per airline for airlines with 200 or more seats",
        "mean delay per airline, excluding airlines with fewer than 4 rows",  # turned round: not read
        "average delay of airlines with at least 5 rows",  # one number: no groups to keep
        "mean delay per airline and origin, only airlines with at least 5 rows",  # other groups too
        "share of flights per airline, only airlines with at least 5 rows",  # of all rows, or of those kept?
    ],
)
def test_what_is_not_a_group_size_of_the_reading_is_never_read_as_one(
    folder: Path, request_text: str
) -> None:
    try:
        intent = _read(folder, "flights.csv", request_text)
    except (UnmappableRequestError, NeedsClarificationError):
        return
    assert "group_size" not in intent.options
    assert any(f.column == "seats" for f in intent.filters)


def test_ask_answers_the_top_group_among_groups_with_enough_rows_like_pandas(folder: Path) -> None:
    request = "Among islands with more than 60 penguins, which has the highest mean bill length?"
    env = {**os.environ, "MCPFORGE_VALIDATION__STRESS_ROWS": "2000"}
    done = subprocess.run(
        [str(MCPFORGE), "ask", request, "--data", str(folder / "penguins.csv"), "--json", "--no-review",
         "--registry", str(folder / "registry")],
        capture_output=True, text=True, timeout=300, cwd=folder, env=env, check=False,
    )  # fmt: skip
    answer = json.loads(done.stdout)
    assert answer["error"] is None, answer["error"]
    frame = pd.read_csv(folder / "penguins.csv")
    means = frame.groupby("island").filter(lambda g: len(g) > 60).groupby("island")["bill_length_mm"].mean()
    assert answer["result"]["result"]["rows"] == [[means.idxmax(), pytest.approx(means.max())]]
    tests = answer["validation"]["code_metrics"]["functional_correctness"]["test_results"]
    split = [test for test in tests if test["test_id"] == "normal_group_size_split"]
    assert split and split[0]["passed"]  # a threshold keeping some groups, not others: vs the reference
    kept = int(frame.groupby("island").filter(lambda g: len(g) > 60).shape[0])
    assert (
        f"only `island` groups with more than 60 rows (after the row filters), over the {kept} rows of the "
        "groups kept" in answer["reading"]
    )


def test_a_noun_the_rows_may_be_is_asked_and_the_answer_rows_reads_the_group_size(folder: Path) -> None:
    """ "vehicles" over cars.csv with a count-like column: is each row one vehicle? Asked by the row-noun
    reader; answered "rows", the condition is the group size; unanswered it is never read silently."""
    path = folder / "fleet.csv"
    pd.DataFrame({"maker": ["A", "A", "A", "B", "B", "C"], "mpg": [30, 32, 28, 20, 22, 40],
                  "units": [3, 1, 2, 5, 1, 7]}).to_csv(path, index=False)  # fmt: skip
    request = "mean mpg per maker, only makers with at least 2 vehicles"
    schema = DatasetSchema.from_file(path)
    with pytest.raises((NeedsClarificationError, UnmappableRequestError)):
        extract_intent(request, schema)
    intent = extract_intent(request, schema, answers={"vehicles": "rows"})
    assert intent.group_by == ["maker"] and _size(intent) == {"op": ">=", "value": 2}
    with pytest.raises(UnmappableRequestError, match="total of 'units' per group"):  # never units >= 2
        extract_intent(request, schema, answers={"vehicles": "units"})
