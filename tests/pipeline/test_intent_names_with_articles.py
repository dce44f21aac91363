"""Column names as a request writes them around the file's own words (blind7, after its one run).

Data shipped as logs has headers that start with "Log" (`Log revenu réel par habitant`): "le log du revenu
réel par habitant" names that column, with articles the request adds inside the name ("du", "de la",
"des") and its own grammar words ("par") kept; "log" is the start of its name, not a log taken of it.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from tests.pipeline.reference_answers import read_intent, reference_table

from mcpforge.pipeline.intent.reading import reading_sentence


@pytest.fixture
def gasoline(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, pd.DataFrame]:
    monkeypatch.chdir(tmp_path)  # the reference loader reads only under the working directory
    rng = np.random.default_rng(7)
    frame = pd.DataFrame(
        {
            "Pays": ["FRANCE"] * 6 + ["JAPAN"] * 6,
            "Année": list(range(1960, 1966)) * 2,
            "Log consommation d'essence par voiture": rng.normal(4.5, 0.6, 12).round(4),
            "Log revenu réel par habitant": rng.normal(-6.0, 0.3, 12).round(4),
            "Log voitures par habitant": rng.normal(-8.5, 0.5, 12).round(4),
        }
    )
    path = tmp_path / "essence.csv"
    frame.to_csv(path, index=False)
    return path, frame


def _scalar(request: str, path: Path) -> float:
    return float(reference_table(read_intent(request, path), path)["rows"][0][-1])


def test_a_french_request_adds_articles_inside_a_log_named_column(
    gasoline: tuple[Path, pd.DataFrame],
) -> None:
    path, frame = gasoline
    income = "Log revenu réel par habitant"
    median = _scalar("Médiane du log du revenu réel par habitant pour la France.", path)
    assert median == pytest.approx(frame.loc[frame.Pays == "FRANCE", income].median())
    cars = _scalar("Valeur maximale du log des voitures par habitant.", path)
    assert cars == pytest.approx(frame["Log voitures par habitant"].max())
    over = _scalar(
        "Combien d'observations ont un log de consommation d'essence par voiture supérieur à 5 ?", path
    )
    assert over == int((frame["Log consommation d'essence par voiture"] > 5).sum())


def test_log_before_the_rest_of_a_log_named_column_is_its_name(gasoline: tuple[Path, pd.DataFrame]) -> None:
    path, frame = gasoline
    intent = read_intent("median of log revenu réel par habitant", path)
    assert (
        not intent.preparation
    )  # no log taken of a column of logs (its values are negative: it had refused)
    assert "natural log" not in reading_sentence(intent)
    assert _scalar("median of log revenu réel par habitant", path) == pytest.approx(
        frame["Log revenu réel par habitant"].median()
    )
