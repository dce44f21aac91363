"""A word that is a column's word and the head of another column's compound word asks (issue 25, blind11).

"Wie hoch ist das durchschnittliche Einkommen?" over `Gesamtes Familieneinkommen` and `Gesamtes persönliches
Einkommen` took the column with "Einkommen" as a word of its own and gave its mean; "Familieneinkommen" is
income too (a German compound ends in its head noun). The word now asks between both; a compound whose rest
is too short to be a word of its own ("dis|count") or a head shorter than five letters does not count.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from mcpforge.catalogue import get_operation
from mcpforge.catalogue.base import frame_to_table
from mcpforge.exceptions import NeedsClarificationError
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.runtime import load_csv_data_with_types

FILES = {
    "census.csv": pd.DataFrame({
        "Gesamtes Familieneinkommen": [52000, 61000, 38000, 90500],
        "Gesamtes persönliches Einkommen": [31000, 22000, 38000, 45000],
        "Geschlecht": ["Mann", "Frau", "Frau", "Mann"], "Alter": [41, 35, 58, 29],
    }),
    "shop.csv": pd.DataFrame({
        "unit price": [3.5, 2.0, 8.25, 1.0], "discount": [0.1, 0.0, 0.2, 0.05],
        "interest rate": [1.5, 2.5, 3.0, 2.0], "birthrate": [9.1, 10.4, 8.7, 11.2],
    }),
}  # fmt: skip


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("compound")
    for name, frame in FILES.items():
        frame.to_csv(path / name, index=False)
    return path


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)  # the reference loader reads only under the working directory


def _value(request: str, name: str, answers: dict[str, str] | None = None) -> float:
    intent = extract_intent(request, DatasetSchema.from_file(Path(name)), answers=answers)
    operation = get_operation(intent.operation)
    rendered = operation.render(intent)
    table = frame_to_table(operation.reference(load_csv_data_with_types(name), rendered.arguments))
    return float(table["rows"][0][-1])


@pytest.mark.parametrize(
    "request_text",
    ["Wie hoch ist das durchschnittliche Einkommen?", "Mittelwert des Einkommens", "mean Einkommen"],
)
def test_a_word_that_heads_another_columns_compound_asks(request_text: str) -> None:
    with pytest.raises(NeedsClarificationError) as asked:
        extract_intent(request_text, DatasetSchema.from_file(Path("census.csv")))
    assert set(asked.value.choices) == {"Gesamtes Familieneinkommen", "Gesamtes persönliches Einkommen"}


def test_either_answer_gives_that_columns_mean() -> None:
    frame = FILES["census.csv"]
    request = "Wie hoch ist das durchschnittliche Einkommen?"
    for column in ("Gesamtes Familieneinkommen", "Gesamtes persönliches Einkommen"):
        assert _value(request, "census.csv", {"einkommen": column}) == pytest.approx(frame[column].mean())


@pytest.mark.parametrize(
    ("request_text", "column"), [("average price", "unit price"), ("mean rate", "interest rate")]
)
def test_short_heads_are_no_compounds(request_text: str, column: str) -> None:
    """ "rate" (four letters) is no head of ``birthrate`` here: only words of five letters or more."""
    assert _value(request_text, "shop.csv") == pytest.approx(FILES["shop.csv"][column].mean())


def test_the_word_beside_it_picks_the_column_in_another_case() -> None:
    """ "persönlichem Einkommen" names `Gesamtes persönliches Einkommen` (one stem, another case ending)."""
    frame = FILES["census.csv"]
    request = "Berechnen Sie die Spearman-Rangkorrelation zwischen Alter und persönlichem Einkommen."
    expected = frame["Alter"].corr(frame["Gesamtes persönliches Einkommen"], method="spearman")
    intent = extract_intent(request, DatasetSchema.from_file(Path("census.csv")))
    assert intent.columns == ["Alter", "Gesamtes persönliches Einkommen"]
    assert intent.method.correlation_method == "spearman"
    assert expected < 0  # the two incomes rank the ages differently: the right column matters
    family = frame["Alter"].corr(frame["Gesamtes Familieneinkommen"], method="spearman")
    assert family != pytest.approx(expected)
