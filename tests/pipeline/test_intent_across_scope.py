"""``which <key> … across <other key> … highest`` (issue 25, blind6 class): "across" is the scope there.

Read as a second grouping, "In which year was the total across countries highest?" answered with the top
(year, country) pair: one country's value, not the year asked for. It is read as "across all countries":
a total per year (answered, checked against pandas); a mean, which could be of every row or of per-country
values, is refused with how to ask. "Across" with no such question stays a grouping.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from tests.pipeline.reference_answers import read_intent, reference_table

from mcpforge.exceptions import UnmappableRequestError


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("across_scope")
    countries = ["Austria", "Canada", "Japan", "Turkey"]
    frame = pd.DataFrame(
        {
            "country": [c for c in countries for _ in range(1970, 1980)],
            "year": [y for _ in countries for y in range(1970, 1980)],
            "cars": [1000 + (k * 37) % 500 for k in range(40)],
            "gas": [round(3 + ((k * 7) % 23) / 10, 3) for k in range(40)],
        }
    )
    frame.to_csv(root / "gas.csv", index=False)
    return root


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)  # the reference loader reads only under the working directory


@pytest.mark.parametrize(
    "request_text",
    [
        "In which year was the total cars across countries highest?",
        "Which year had the highest total cars across the countries?",
    ],
)
def test_a_total_across_the_other_key_ranks_the_key_asked_for(folder: Path, request_text: str) -> None:
    frame = pd.read_csv(folder / "gas.csv")
    totals = frame.groupby("year")["cars"].sum()
    intent = read_intent(request_text, folder / "gas.csv")
    assert intent.group_by == ["year"]
    table = reference_table(intent, folder / "gas.csv")
    assert len(table["rows"]) == 1
    assert int(table["rows"][0][0]) == int(totals.idxmax())
    assert float(table["rows"][0][-1]) == pytest.approx(float(totals.max()))


@pytest.mark.parametrize(
    "request_text",
    [
        "In which year was the average gas across countries highest?",
        "Which country had the highest mean gas across years?",
    ],
)
def test_a_mean_across_the_other_key_is_refused(folder: Path, request_text: str) -> None:
    with pytest.raises(UnmappableRequestError):
        read_intent(request_text, folder / "gas.csv")


def test_across_without_a_question_for_one_key_is_a_grouping(folder: Path) -> None:
    assert read_intent("mean gas across countries", folder / "gas.csv").group_by == ["country"]
