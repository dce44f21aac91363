"""Politeness and the framing of a question in French, German and Spanish (issue 25).

"Necesito el peso medio de cada especie, por favor." was refused for 'favor', "Nombre de cas par année,
s'il vous plaît." for 'vous' and 'plait', "Me gustaría saber ..." for 'gustaria': words of asking that an
English request ("please", "thanks", "I would like to know") never left unread. Each phrase is now read as
its English twin; the numbers are pandas'. A word of a phrase alone ("por" is "per") keeps its meaning.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from mcpforge.catalogue import get_operation
from mcpforge.catalogue.base import frame_to_table
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.runtime import load_csv_data_with_types

BIRDS = pd.DataFrame({
    "Especie": ["RT", "RT", "CH", "CH", "SS", "RT"],
    "Peso": [1100.0, 980.0, 420.0, 455.0, 160.0, 1210.0],
    "Año": [2000, 2001, 2000, 2001, 2001, 2002],
})  # fmt: skip
HEADERS = {
    "es": ["Especie", "Peso", "Año"],
    "fr": ["Espèce", "Poids", "Année"],
    "de": ["Art", "Gewicht", "Jahr"],
}


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("polite")
    for language, names in HEADERS.items():
        BIRDS.set_axis(names, axis=1).to_csv(path / f"{language}.csv", index=False)
    return path


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)  # the reference loader reads only under the working directory


def _means(request: str, language: str) -> dict[str, float]:
    path = Path(f"{language}.csv")
    intent = extract_intent(request, DatasetSchema.from_file(path))
    operation = get_operation(intent.operation)
    rendered = operation.render(intent)
    table = frame_to_table(operation.reference(load_csv_data_with_types(str(path)), rendered.arguments))
    return {str(row[0]): float(row[-1]) for row in table["rows"]}


EXPECTED = BIRDS.groupby("Especie")["Peso"].mean().to_dict()


@pytest.mark.parametrize(
    ("language", "request_text"),
    [
        ("es", "Necesito el peso medio de cada especie, por favor."),
        ("es", "peso medio por especie, por favor"),
        ("es", "el peso medio por especie, gracias"),
        ("es", "Me gustaría saber el peso medio por especie"),
        ("es", "¿Podrías decirme el peso medio por especie?"),
        ("fr", "Quel est le poids moyen par espèce, s'il vous plaît ?"),
        ("fr", "Poids moyen par espèce, s'il te plaît"),
        ("fr", "Je voudrais savoir le poids moyen par espèce, merci"),
        ("fr", "Pouvez-vous me dire le poids moyen par espèce ?"),
        ("de", "Durchschnittliches Gewicht je Art, danke."),
        ("de", "Ich möchte wissen, wie hoch das durchschnittliche Gewicht je Art ist"),
        ("de", "Können Sie mir sagen, wie hoch das durchschnittliche Gewicht je Art ist?"),
    ],
)
def test_a_polite_request_is_read_as_its_plain_twin(language: str, request_text: str) -> None:
    assert _means(request_text, language) == pytest.approx(EXPECTED)
