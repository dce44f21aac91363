""" "The 90th percentile and the mean of X" is never answered with the percentile alone (the mean dropped
without a word); a percentile alone still answers."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from reference_answers import read_intent, reference_table

from mcpforge.exceptions import UnmappableRequestError


@pytest.fixture
def pay(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "pay.csv"
    pd.DataFrame(
        {"year": [2001 + i % 3 for i in range(30)], "earnings": [float(i * 3 % 17) for i in range(30)]}
    ).to_csv(path, index=False)
    monkeypatch.chdir(tmp_path)
    return path


def test_a_percentile_and_a_mean_together_are_not_answered_as_the_percentile_alone(pay: Path) -> None:
    with pytest.raises(UnmappableRequestError):
        read_intent("the 90th percentile and the mean of earnings", pay)


def test_a_percentile_alone_answers(pay: Path) -> None:
    intent = read_intent("90th percentile of earnings", pay)
    expected = pd.read_csv(pay)["earnings"].quantile(0.9)
    assert reference_table(intent, pay)["rows"][0][-1] == pytest.approx(expected)
