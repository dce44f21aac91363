"""A whole column name with a bracketed part, in a request read as French (issue 25, test-half class).

"Top 3 États by median Diplômés du secondaire (%)": "États" makes the request French, and the name's own
"du" was translated ("of the") because the name was found only without its brackets; the name then read
as "Diplômés" alone, which two columns share, and the request was refused as ambiguous. The name's words
are the name's, brackets aside; checked against pandas.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from tests.pipeline.reference_answers import read_intent, reference_table


@pytest.fixture(scope="module")
def path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("bracketed_names")
    states = ["IL", "IN", "MI", "OH", "WI"]
    frame = pd.DataFrame(
        {
            "État": [s for s in states for _ in range(6)],
            "Diplômés du secondaire (%)": [60 + (k * 13) % 29 + k / 7 for k in range(30)],
            "Diplômés du supérieur (%)": [10 + (k * 5) % 17 for k in range(30)],
        }
    )
    frame.to_csv(root / "comtes.csv", sep=";", index=False, encoding="cp1252")
    return root / "comtes.csv"


@pytest.fixture(autouse=True)
def _in_the_data_folder(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(path.parent)  # the reference loader reads only under the working directory


@pytest.mark.parametrize(
    ("request_text", "column"),
    [
        ("Top 3 États by median Diplômés du secondaire (%)", "Diplômés du secondaire (%)"),
        ("Top 3 États by median Diplômés du supérieur (%)", "Diplômés du supérieur (%)"),
    ],
)
def test_a_bracketed_name_keeps_its_own_words(path: Path, request_text: str, column: str) -> None:
    frame = pd.read_csv(path, sep=";", encoding="cp1252")
    expected = frame.groupby("État")[column].median().sort_values(ascending=False).head(3)
    table = reference_table(read_intent(request_text, path), path)
    assert [row[0] for row in table["rows"]] == list(expected.index)  # ties: none in this file
    assert [float(row[-1]) for row in table["rows"]] == pytest.approx(list(expected.values))
