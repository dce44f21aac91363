"""A ranked or grouped noun is never the rows (issue 25, R18): "Top 3 occupations by number of cases?".

Over a file of cases with no ``occupation`` column, "occupations" was read as what the rows are ("not
counted, so each row is one of them") and the answer was ONE count of all rows, "top 3" kept only as a row
limit. A noun ranked ("top 3 X", "the 5 X") or grouped ("X by ...") by a count said right after it names
groups: it is a column (``Profession`` for "occupations") or the request is refused naming it. A top N over
a reading with no groups and one row of aggregates has nothing to rank and is refused naming it.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import Aggregation, Intent
from mcpforge.pipeline.intent import extract_intent
from mcpforge.pipeline.intent.dropped_meaning import unranked_top
from mcpforge.pipeline.schema import DatasetSchema

_JOBS = ["farming", "farming", "farming", "household", "household", "student", "worker"]


def _cases(tmp_path: Path, job_column: str | None, name: str = "cases.csv") -> DatasetSchema:
    rows = []
    for k in range(70):
        row = {"id": k, "sex": ["m", "f"][k % 2], "age": 20 + k * 7 % 60, "region": ["n", "s"][k % 3 % 2]}
        if job_column is not None:
            row[job_column] = _JOBS[k % 7]
        rows.append(row)
    path = tmp_path / name
    pd.DataFrame(rows).to_csv(path, index=False)
    return DatasetSchema.from_file(path)


@pytest.mark.parametrize(
    "request_text",
    [
        "Top 3 occupations by number of cases?",
        "top 3 hobbies by count",
        "hobbies by count",
        "top 2 hobbies by number of people",
        "the 5 hobbies with the most cases",
    ],
)
def test_a_ranked_noun_the_file_lacks_is_refused_not_one_count_of_all_rows(
    tmp_path: Path, request_text: str
) -> None:
    schema = _cases(tmp_path, job_column=None)
    with pytest.raises(UnmappableRequestError):
        extract_intent(request_text, schema)


@pytest.mark.parametrize(
    ("column", "request_text", "top"),
    [
        ("Profession", "Top 3 occupations by number of cases?", 3),
        ("Profession", "Which occupation has the most cases?", 1),
        ("Profession", "number of cases per occupation", None),
        ("occupation", "top 2 professions by number of rows", 2),
    ],
)
def test_occupation_and_profession_name_each_other(
    tmp_path: Path, column: str, request_text: str, top: int | None
) -> None:
    schema = _cases(tmp_path, job_column=column)
    intent = extract_intent(request_text, schema)
    assert intent.group_by == [column]
    assert intent.top_n == top
    assert intent.operation == "group_count"


def test_a_top_n_over_one_number_has_nothing_to_rank() -> None:
    one_number = Intent(request="Top 3 hobbies by count", operation="aggregate", top_n=3,
                        metrics=[Aggregation(column=None, func="count")])  # fmt: skip
    assert "'Top 3' ranks groups" in (unranked_top(one_number) or "")
    grouped = one_number.model_copy(update={"group_by": ["region"], "operation": "group_count"})
    assert unranked_top(grouped) is None
    assert unranked_top(one_number.model_copy(update={"top_n": None})) is None


def test_a_noun_ranked_by_a_column_value_is_still_the_rows(tmp_path: Path) -> None:
    """ "the 3 oldest people" ranks rows by a value: no count follows the noun, the rows stay its rows."""
    schema = _cases(tmp_path, job_column="Profession")
    intent = extract_intent("the 3 oldest people", schema)
    assert intent.top_n == 3
    assert intent.operation == "top_n_rows"
