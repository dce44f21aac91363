"""Superlatives after the noun in Spanish (issue 25): "¿Qué estado tuvo el empleo más alto en 1986?",
"¿En qué año se registró la tasa de paro media más alta?".

The superlative after its noun ranks the groups the question asks for ("qué estado", "qué año"), as
"which state had the highest employment in 1986" does. A question opened with "¿" is Spanish even when
its only other words are the file's own names and "qué" (which folds to the French "que"); "se registró"
(was recorded) is grammar, not a word of the data.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from mcpforge.pipeline.intent import DatasetSchema, extract_intent


@pytest.fixture(scope="module")
def panel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("postposed")
    rows = [
        {"Estado": state, "Año": year, "Empleo": 100.0 + 9 * k - (year - 1980),
         "Tasa de paro": 3.0 + (k * year) % 7}
        for k, state in enumerate(["TEXAS", "OHIO", "IOWA", "UTAH", "MAINE"])
        for year in range(1980, 1990)
    ]  # fmt: skip
    pd.DataFrame(rows).to_csv(root / "panel.csv", index=False)
    return root / "panel.csv"


@pytest.mark.parametrize(
    ("text", "group", "measure", "year"),
    [
        ("¿Qué estado tuvo el empleo más alto en 1986?", "Estado", "Empleo", 1986),
        ("¿Qué estado tuvo el mayor empleo en 1986?", "Estado", "Empleo", 1986),
        ("¿Qué estado tiene la tasa de paro más baja en 1981?", "Estado", "Tasa de paro", 1981),
        ("¿En qué año se registró la tasa de paro media más alta?", "Año", "Tasa de paro", None),
        ("¿En qué año se observó el empleo medio más bajo?", "Año", "Empleo", None),
    ],
)
def test_a_superlative_after_its_noun_ranks_the_groups_asked_for(
    panel: Path, text: str, group: str, measure: str, year: int | None
) -> None:
    intent = extract_intent(text, DatasetSchema.from_file(panel))
    assert intent.operation == "group_aggregate"
    assert intent.group_by == [group]
    assert [m.column for m in intent.metrics] == [measure]
    assert intent.top_n == 1
    assert [(f.column, f.value) for f in intent.filters] == ([("Año", year)] if year else [])


def test_an_english_question_with_an_opening_mark_stays_english(panel: Path) -> None:
    intent = extract_intent("¿What is the mean Empleo per Estado?", DatasetSchema.from_file(panel))
    assert (intent.operation, intent.group_by) == ("group_aggregate", ["Estado"])
