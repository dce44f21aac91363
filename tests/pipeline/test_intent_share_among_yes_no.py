"""A share of one yes/no column among the rows where another holds yes (issue 25, R19).

"Parmi les cas hospitalisés, quelle proportion est décédée ?" over ``Hospitalisé`` / ``Décédé`` is the share
of Décédé = yes among the Hospitalisé = yes rows; it was read as the share of Hospitalisé over all rows with
"décédée" silently consumed. Columns are named by an inflected form ("décédée", "Geimpften"), an English
form through the glossary ("died" for ``Décédé``, "urban" for ``Urbain``) or their plain name. Two yes/no
columns beside a share word whose roles are not placed are refused naming them. Checked against pandas.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from mcpforge.catalogue import get_operation
from mcpforge.catalogue.base import frame_to_table
from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.runtime import load_csv_data_with_types

ROWS = [
    ("yes", "no", "no"),
    ("yes", "yes", "yes"),
    ("no", "yes", "no"),
    ("no", "no", "unknown"),
    ("yes", "no", "yes"),
    ("no", "yes", "yes"),
    ("yes", "no", "no"),
    ("no", "no", "no"),
]
HEADERS = {
    "fr": ["Hospitalisé", "Décédé", "Urbain"],
    "de": ["Geimpft", "Verstorben", "Städtisch"],
    "en": ["smoker", "churned", "premium"],
}


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("among")
    for language, names in HEADERS.items():
        frame = pd.DataFrame(ROWS, columns=names).assign(age=range(len(ROWS)))
        frame.to_csv(path / f"{language}.csv", index=False)
    return path


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)  # the reference loader reads only under the working directory


def _share(request: str, path: Path) -> float:
    intent = extract_intent(request, DatasetSchema.from_file(path))
    operation = get_operation(intent.operation)
    rendered = operation.render(intent)
    table = frame_to_table(operation.reference(load_csv_data_with_types(str(path)), rendered.arguments))
    assert len(table["rows"]) == 1
    return float(table["rows"][0][-1])


@pytest.mark.parametrize(
    ("language", "request_text", "whole", "part"),
    [
        ("fr", "Parmi les cas hospitalisés, quelle proportion est décédée ?", "Hospitalisé", "Décédé"),
        ("fr", "Parmi les cas hospitalisés, quel pourcentage est décédé ?", "Hospitalisé", "Décédé"),
        ("fr", "Among the hospitalised cases, what share died?", "Hospitalisé", "Décédé"),
        ("fr", "what proportion of hospitalised cases died", "Hospitalisé", "Décédé"),
        ("fr", "Among urban cases, what percentage were hospitalised?", "Urbain", "Hospitalisé"),
        ("fr", "Parmi les cas urbains, quel pourcentage est hospitalisé ?", "Urbain", "Hospitalisé"),
        ("de", "Welcher Anteil der Geimpften ist verstorben?", "Geimpft", "Verstorben"),
        ("en", "Among smokers, what share churned?", "smoker", "churned"),
        ("en", "Of the smokers, what proportion churned?", "smoker", "churned"),
        ("en", "what share of churned customers are smokers", "churned", "smoker"),
        ("en", "Among premium customers, what percentage are smokers?", "premium", "smoker"),
    ],
)
def test_the_share_of_one_yes_no_column_is_taken_among_the_rows_of_the_other(
    folder: Path, language: str, request_text: str, whole: str, part: str
) -> None:
    frame = pd.read_csv(folder / f"{language}.csv")
    among = frame[frame[whole] == "yes"]
    expected = 100 * (among[part] == "yes").mean()
    assert _share(request_text, folder / f"{language}.csv") == pytest.approx(expected)


@pytest.mark.parametrize(
    ("language", "request_text"),
    [
        ("fr", "Quelle proportion est hospitalisée ou décédée ?"),
        ("de", "Unter den Geimpften, wie viel Prozent sind verstorben?"),
        ("fr", "hospitalisés et décédés : quelle proportion ?"),
    ],
)
def test_two_yes_no_columns_whose_roles_are_not_placed_are_never_read_as_one(
    folder: Path, language: str, request_text: str
) -> None:
    """Never the share of one column over all rows with the other word consumed."""
    with pytest.raises((UnmappableRequestError, NeedsClarificationError)):
        extract_intent(request_text, DatasetSchema.from_file(folder / f"{language}.csv"))
