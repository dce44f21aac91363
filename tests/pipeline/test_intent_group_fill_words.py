"""A fill per group said in other words or languages is refused, never read as the whole column's fill.

"Rellena los valores faltantes de Edad con la mediana de su grupo de educación" became, once the possessive
was dropped, "with the median of Grupo de educación": read as the whole column's median, a wrong number.
The statistic of a category column, "the respective group" (German "jeweiligen") and "por"/"per" a group
are a fill per group, which the fill step does not do: refused naming the group. A plain fill still reads.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from mcpforge.exceptions import UnmappableRequestError
from mcpforge.pipeline.intent import DatasetSchema, extract_intent


@pytest.fixture(scope="module")
def path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("group_fill")
    rows = [
        {
            "Nivel educativo": ("bajo", "medio", "alto")[k % 3],
            "Edad": None if k % 5 == 0 else 20 + (k * 7) % 40,
            "Ingreso": 1000.0 + 50 * (k % 9),
        }
        for k in range(45)
    ]
    pd.DataFrame(rows).to_csv(root / "encuesta.csv", index=False)
    return root / "encuesta.csv"


@pytest.mark.parametrize(
    "request_text",
    [
        "Rellena los valores faltantes de Edad con la mediana de su nivel educativo y calcula la media "
        "de Edad.",
        "Imputa la Edad faltante con la media de su Nivel educativo y después calcula la media de Edad.",
        "Rellena los faltantes de Edad con la media por Nivel educativo y calcula la media de Edad.",
        "Ersetze fehlende Werte in Edad durch den Median des jeweiligen Nivel educativo und berechne den "
        "Mittelwert von Edad.",
        "Fill missing Edad with the median of Nivel educativo, then give the mean Edad.",
        "Fill the missing Edad values using the mean of their Nivel educativo; what is the mean Edad?",
    ],
)
def test_a_fill_per_group_is_refused_naming_the_group(path: Path, request_text: str) -> None:
    with pytest.raises(UnmappableRequestError, match="filled per group"):
        extract_intent(request_text, DatasetSchema.from_file(path))


@pytest.mark.parametrize(
    "request_text",
    [
        "Rellena los valores faltantes de Edad con la mediana y calcula la media de Edad.",
        "Fill missing Edad values with the median of Edad, then give the mean Edad.",
    ],
)
def test_a_fill_from_the_whole_column_still_reads(path: Path, request_text: str) -> None:
    intent = extract_intent(request_text, DatasetSchema.from_file(path))
    assert [(step.kind, step.columns, step.strategy) for step in intent.preparation] == [
        ("fill_missing", ["Edad"], "median")
    ]
    assert [(m.column, m.func) for m in intent.metrics] == [("Edad", "mean")]
