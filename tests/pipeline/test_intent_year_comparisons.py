"""A column of calendar years compared with a number that is no year is refused, never answered.

"How many people are under 30 years old" over a file with ``year`` and ``age`` counted ``year < 30`` (zero
rows, shown as the answer). Comparisons of the year column with years still answer.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from reference_answers import read_intent, reference_table

from mcpforge.exceptions import UnmappableRequestError


@pytest.fixture
def workers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "workers.tsv"
    rows = [(1992 + i % 7, 20 + (i * 7) % 40, 10.0 + i % 13) for i in range(60)]
    pd.DataFrame(rows, columns=["year", "age", "earnings"]).to_csv(path, sep="\t", index=False)
    monkeypatch.chdir(tmp_path)
    return path


@pytest.mark.parametrize(
    "request_text",
    [
        "how many people are under 30 years old",
        "How many rows have year below 30?",
        "count rows with year > 5",
    ],
)
def test_a_year_column_compared_with_no_year_is_refused(workers: Path, request_text: str) -> None:
    with pytest.raises(UnmappableRequestError, match=r"which holds years .* no year"):
        read_intent(request_text, workers)


def test_comparisons_with_years_still_answer(workers: Path) -> None:
    frame = pd.read_csv(workers, sep="\t")
    intent = read_intent("average earnings after 1995", workers)
    table = reference_table(intent, workers)
    assert table["rows"][0][-1] == pytest.approx(frame[frame["year"] > 1995]["earnings"].mean())
