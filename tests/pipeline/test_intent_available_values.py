"""Rows where a column's value is there (issue 25, test-half and blind6 class).

"only rows where X is available", "sólo filas con X disponible", "uniquement les lignes où X est disponible",
"rows whose X is known / recorded": the rows missing X are dropped before the analysis (a preparation step),
and a share among them is of those rows. A thing that is no column ("a discount available") is refused.
Numbers are checked against pandas on a small file written here.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from tests.pipeline.reference_answers import read_intent, reference_table

from mcpforge.exceptions import UnmappableRequestError


def _per_state(request: str, path: Path) -> dict[str, float]:
    table = reference_table(read_intent(request, path), path)
    return {row[0]: float(row[-1]) for row in table["rows"]}


@pytest.fixture(scope="module")
def belts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("available_values")
    frame = pd.DataFrame(
        {
            "state": [s for s in ("AK", "CA", "NY") for _ in range(8)],
            "fatalities": [round(0.01 + ((k * 7) % 13) / 500, 4) for k in range(24)],
            "seatbelt": [None if k % 5 == 1 else round(0.4 + ((k * 3) % 11) / 30, 4) for k in range(24)],
            "sex": [None if k % 7 == 3 else ("female" if k % 3 else "male") for k in range(24)],
        }
    )
    frame.to_csv(root / "belts.csv", index=False)
    return root


@pytest.mark.parametrize(
    "request_text",
    [
        "mean fatalities by state, only rows where seatbelt is available",
        "mean fatalities by state (only rows with seatbelt available)",
        "media de fatalities por state (sólo filas con seatbelt disponible)",
        "moyenne de fatalities par state, uniquement les lignes où seatbelt est disponible",
        "mean fatalities by state for rows whose seatbelt is known",
    ],
)
def test_rows_with_a_value_drop_the_rows_missing_it(
    belts: Path, monkeypatch: pytest.MonkeyPatch, request_text: str
) -> None:
    monkeypatch.chdir(belts)
    frame = pd.read_csv(belts / "belts.csv")
    expected = frame.dropna(subset=["seatbelt"]).groupby("state")["fatalities"].mean()
    intent = read_intent(request_text, belts / "belts.csv")
    assert [step.columns for step in intent.preparation] == [["seatbelt"]]
    assert _per_state(request_text, belts / "belts.csv") == pytest.approx(expected.to_dict())


def test_a_share_among_rows_with_a_value_is_of_those_rows(
    belts: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(belts)
    frame = pd.read_csv(belts / "belts.csv").dropna(subset=["sex"])
    request_text = "Among rows whose sex is recorded, what percentage are female?"
    table = reference_table(read_intent(request_text, belts / "belts.csv"), belts / "belts.csv")
    assert float(table["rows"][0][-1]) == pytest.approx((frame["sex"] == "female").mean() * 100)


def test_a_value_of_no_column_is_not_read_as_available(belts: Path) -> None:
    with pytest.raises(UnmappableRequestError):
        read_intent("mean fatalities, only rows with a discount available", belts / "belts.csv")


@pytest.mark.parametrize(
    "request_text",
    [
        "Over the rows that have a seatbelt, give the mean fatalities by state.",
        "mean fatalities by state for the rows with a seatbelt",
        "mean fatalities by state among the observations having a seatbelt",
        "Über die Zeilen mit seatbelt: der Mittelwert von fatalities pro state",
        "moyenne de fatalities par state sur les lignes avec un seatbelt",
    ],
)
def test_the_rows_that_have_a_column_are_the_rows_with_a_value_of_it(
    belts: Path, monkeypatch: pytest.MonkeyPatch, request_text: str
) -> None:
    monkeypatch.chdir(belts)
    frame = pd.read_csv(belts / "belts.csv")
    expected = frame.dropna(subset=["seatbelt"]).groupby("state")["fatalities"].mean()
    intent = read_intent(request_text, belts / "belts.csv")
    assert [step.columns for step in intent.preparation] == [["seatbelt"]]
    assert _per_state(request_text, belts / "belts.csv") == pytest.approx(expected.to_dict())


def test_rows_with_a_column_compared_keep_the_comparison(belts: Path) -> None:
    intent = read_intent("mean fatalities for the rows with a seatbelt above 0.5", belts / "belts.csv")
    assert intent.preparation == []
    assert [(f.column, f.op, f.value) for f in intent.filters] == [("seatbelt", ">", 0.5)]


def test_rows_with_a_bare_column_after_a_verb_are_not_read_as_present(belts: Path) -> None:
    with pytest.raises(UnmappableRequestError):
        read_intent("mean fatalities by state, sort the rows with seatbelt", belts / "belts.csv")
