"""Short German, French and Spanish requests told by a compound or a polite word (issue 25, blind11).

"Durchschnittsalter getrennt nach Geschlecht, bitte." scored one German marker ("nach") and was read as
English, so "Durchschnittsalter" (the average of `Alter`) was never taken apart and the request refused. A
German compound that starts with an aggregation ("Durchschnitts…", "Gesamt…") and the politeness of each
language ("bitte", "danke", "merci", "s'il vous plaît", "gracias") now tell the request's language.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from mcpforge.catalogue import get_operation
from mcpforge.catalogue.base import frame_to_table
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.pipeline.intent.language.languages import detect_language
from mcpforge.pipeline.intent.words import ColumnResolver
from mcpforge.runtime import load_csv_data_with_types

PEOPLE = pd.DataFrame({
    "Alter": [34, 51, 29, 62, 45, 38], "Geschlecht": ["Mann", "Frau", "Frau", "Mann", "Frau", "Mann"],
    "Umsatz": [120.0, 80.5, 99.0, 150.25, 60.0, 110.0],
})  # fmt: skip


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("markers")
    PEOPLE.to_csv(path / "leute.csv", index=False)
    return path


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)  # the reference loader reads only under the working directory


def _rows(request: str) -> dict[str, float]:
    intent = extract_intent(request, DatasetSchema.from_file(Path("leute.csv")))
    operation = get_operation(intent.operation)
    rendered = operation.render(intent)
    table = frame_to_table(operation.reference(load_csv_data_with_types("leute.csv"), rendered.arguments))
    return {str(row[0]) if len(row) > 1 else "": float(row[-1]) for row in table["rows"]}


@pytest.mark.parametrize(
    ("request_text", "column", "func"),
    [
        ("Durchschnittsalter getrennt nach Geschlecht, bitte.", "Alter", "mean"),
        ("Durchschnittsalter je Geschlecht", "Alter", "mean"),
        ("Gesamtumsatz je Geschlecht, danke", "Umsatz", "sum"),
    ],
)
def test_a_german_aggregate_compound_is_read_in_german(request_text: str, column: str, func: str) -> None:
    assert _rows(request_text) == pytest.approx(PEOPLE.groupby("Geschlecht")[column].agg(func).to_dict())


def test_durchschnittsalter_alone_is_the_mean_age() -> None:
    assert _rows("Durchschnittsalter") == pytest.approx({"": PEOPLE["Alter"].mean()})


@pytest.mark.parametrize(
    ("request_text", "language"),
    [("Geschlecht, bitte", "de"), ("Geschlecht, merci", "fr"), ("Geschlecht, gracias", "es")],
)
def test_politeness_tells_the_language(folder: Path, request_text: str, language: str) -> None:
    resolver = ColumnResolver(schema=DatasetSchema.from_file(folder / "leute.csv"))
    assert detect_language(request_text, resolver) == language
