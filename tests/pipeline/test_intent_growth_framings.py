"""Growth of one named entity between two years, asked "in what percentage" in Spanish, French and German
(issue 25): "¿En qué porcentaje creció el PIB de CALIFORNIA entre 1970 y 1986?" over state x year is the
change of that state's value from the first year to the second (with its percent change), as "By what
percentage did X grow from 1970 to 1986?" already is; the framing "en qué porcentaje" / "de quel
pourcentage" / "um wie viel Prozent" is the question's shape, not a word left over.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from mcpforge.pipeline.intent import DatasetSchema, extract_intent


@pytest.fixture(scope="module")
def panel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("growth")
    rows = [
        {"Estado": state, "Año": year, "Empleo": 100.0 + 7 * k + 2.5 * (year - 1970), "Paro": 4.0 + k}
        for k, state in enumerate(["TEXAS", "OHIO", "IOWA", "UTAH"])
        for year in range(1970, 1987)
    ]
    pd.DataFrame(rows).to_csv(root / "panel.csv", index=False)
    return root / "panel.csv"


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("¿En qué porcentaje creció el Empleo de TEXAS entre 1970 y 1986?", "1970", "1986"),
        ("¿En qué porcentaje aumentó el empleo de TEXAS entre 1975 y 1985? Con 2 decimales.", "1975", "1985"),
        ("De quel pourcentage l'Empleo de TEXAS a-t-il augmenté entre 1975 et 1985 ?", "1975", "1985"),
        ("Um wie viel Prozent ist das Empleo von TEXAS zwischen 1975 und 1985 gestiegen?", "1975", "1985"),
        ("By what percentage did TEXAS's Empleo grow from 1970 to 1986?", "1970", "1986"),
    ],
)
def test_growth_of_one_entity_between_two_years(panel: Path, text: str, start: str, end: str) -> None:
    intent = extract_intent(text, DatasetSchema.from_file(panel))
    assert intent.operation == "period_change"
    assert intent.columns == ["Empleo"]
    assert [(f.column, f.value) for f in intent.filters] == [("Estado", "TEXAS")]
    assert (intent.time_column, intent.options["start"], intent.options["end"]) == ("Año", start, end)
