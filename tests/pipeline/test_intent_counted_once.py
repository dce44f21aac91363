"""Things counted once (issue 25): "How many firms ...? Each firm has its own obsno.", "Jede Firma nur
einmal zählen.", "cada estado una sola vez", "chaque entreprise une seule fois".

The count is of distinct identifiers, not of rows (a firm is on one row per year): the identifier the
sentence names, else the one column that keys the rows with the year; with two such columns, one question.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.pipeline.intent import DatasetSchema, extract_intent


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("once")
    firms = [
        {"firm_no": k, "year": y, "sector": "yes" if k % 3 == 0 else "no", "sales": 10.0 + k * 1.5 + y}
        for k in range(1, 31)
        for y in range(1, 6)
    ]
    pd.DataFrame(firms).to_csv(root / "firms.csv", index=False)
    coded = [  # two identifiers of a firm, neither named after it
        {"obsno": r["firm_no"], "year": r["year"], "sector": r["sector"], "ticker": 5000 + r["firm_no"] * 7}
        for r in firms
    ]
    pd.DataFrame(coded).to_csv(root / "coded.csv", index=False)
    states = [
        {"estado": f"E{k}", "ano": y, "costa": "yes" if k % 2 else "no", "paro": 3.0 + k % 5}
        for k in range(12)
        for y in range(1980, 1990)
    ]
    pd.DataFrame(states).to_csv(root / "states.csv", index=False)
    return root


def _read(folder: Path, file: str, text: str, answers: dict[str, str] | None = None):  # type: ignore[no-untyped-def]
    return extract_intent(text, DatasetSchema.from_file(folder / file), answers=answers)


@pytest.mark.parametrize(
    ("file", "text", "column", "condition"),
    [
        ("firms.csv", "How many firms does this file cover? Each firm has its own firm_no.", "firm_no", None),
        ("coded.csv", "How many firms are in the data? Each firm has its own ticker.", "ticker", None),
        ("firms.csv", "How many firms have sector = yes? Count each firm once.", "firm_no", "sector"),
        ("firms.csv", "Wie viele Firmen haben sector = yes? Jede Firma nur einmal zählen.", "firm_no",
         "sector"),
        ("firms.csv", "¿Cuántas empresas tienen sector = yes? Cada empresa una sola vez.", "firm_no",
         "sector"),
        ("firms.csv", "Combien d'entreprises ont sector = yes ? Chaque entreprise une seule fois.", "firm_no",
         "sector"),
        ("states.csv", "¿Cuántos estados tienen costa = yes? Cuenta cada estado una sola vez.", "estado",
         "costa"),
    ],
)  # fmt: skip
def test_each_thing_once_counts_distinct_identifiers(
    folder: Path, file: str, text: str, column: str, condition: str | None
) -> None:
    intent = _read(folder, file, text)
    assert intent.operation == "distinct_count"
    assert intent.columns == [column]
    assert [f.column for f in intent.filters] == ([condition] if condition else [])


def test_two_identifiers_ask_which_one(folder: Path) -> None:
    text = "How many firms have sector = yes? Count each firm once."
    with pytest.raises(NeedsClarificationError) as asked:
        _read(folder, "coded.csv", text)
    assert set(asked.value.choices) == {"obsno", "ticker"}
    intent = _read(folder, "coded.csv", text, answers={asked.value.key: "ticker"})
    assert (intent.operation, intent.columns) == ("distinct_count", ["ticker"])


@pytest.mark.parametrize(
    "text",
    [
        "How many firms are in the data? Each firm has its own badge.",  # no column of that name
        "Count each firm once.",  # nothing counted
    ],
)
def test_without_an_identifier_or_a_count_nothing_is_read_as_distinct(folder: Path, text: str) -> None:
    try:
        intent = _read(folder, "firms.csv", text)
    except (UnmappableRequestError, NeedsClarificationError):
        return
    assert intent.operation != "distinct_count"


@pytest.mark.parametrize(
    "text",
    [
        "Anzahl der Zeilen je sector, absteigend",
        "Wie viele Beobachtungen gibt es je sector?",
        "Número de observaciones por sector",
    ],
)
def test_the_rows_named_in_a_plural_the_english_singular_keeps_are_the_rows(folder: Path, text: str) -> None:
    intent = _read(folder, "firms.csv", text)  # a panel: firm x year, whose rows are these words
    assert (intent.operation, intent.group_by) == ("group_count", ["sector"])
