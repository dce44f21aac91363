"""A restriction to an open range of years (issue 25): "only the years from 1948 on", "nur ab 1900",
"uniquement à partir de 1946", "solo antes de 1950", "only years after 1990".

Each is one bound on the integer year column, said back in the reading; a bound the reading cannot place
(no year column, "the years from 1948" with no end said) is still refused, never read as one year.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import Intent
from mcpforge.pipeline.intent import DatasetSchema, extract_intent


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("year_bounds")
    rows = [
        {
            "Jahr": y,
            "Partei": "A" if y % 3 else "B",
            "Arbeitslosigkeit": 3.0 + (y % 7),
            "Schulden": 10.0 * (y % 5),
        }
        for y in range(1900, 2000)
    ]
    pd.DataFrame(rows).to_csv(root / "wirtschaft.csv", index=False)
    shops = [{"shop": f"S{k}", "sales": float(k), "staff": k % 4} for k in range(30)]
    pd.DataFrame(shops).to_csv(root / "shops.csv", index=False)
    return root


def _read(folder: Path, name: str, text: str) -> Intent:
    return extract_intent(text, DatasetSchema.from_file(folder / name))


@pytest.mark.parametrize(
    ("text", "op", "year"),
    [
        ("mean Arbeitslosigkeit, only the years from 1948 on", ">=", 1948),
        ("mean Arbeitslosigkeit, only years after 1948", ">", 1948),
        ("mean Schulden for the years before 1950", "<", 1950),
        ("median Schulden, only the years since 1960", ">=", 1960),
        ("Mittelwert der Arbeitslosigkeit, nur die Jahre ab 1948", ">=", 1948),
        ("Mittelwert der Arbeitslosigkeit nur seit dem Jahr 1948", ">=", 1948),
        ("Der Median der Schulden in den Jahren vor 1950", "<", 1950),
        ("Wie hoch ist der Median der Schulden bis einschließlich 1950?", "<=", 1950),
        ("moyenne de Arbeitslosigkeit, uniquement à partir de 1946", ">=", 1946),
        ("moyenne de Arbeitslosigkeit avant l'année 1948", "<", 1948),
        ("médiane de Schulden après 1970", ">", 1970),
        ("media de Arbeitslosigkeit, solo a partir de 1948", ">=", 1948),
        ("media de Schulden antes de 1950", "<", 1950),
        ("media de Schulden, solo después del año 1948", ">", 1948),
    ],
)  # fmt: skip
def test_an_open_range_of_years_is_one_bound_on_the_year_column(
    folder: Path, text: str, op: str, year: int
) -> None:
    intent = _read(folder, "wirtschaft.csv", text)
    assert [(f.column, f.op, f.value) for f in intent.filters] == [("Jahr", op, year)]


def test_a_bound_in_a_test_restricts_the_test_rows(folder: Path) -> None:
    intent = _read(
        folder, "wirtschaft.csv", "Welch-Test der Arbeitslosigkeit zwischen Partei A und B, nur ab 1948"
    )
    assert ("Jahr", ">=", 1948) in [(f.column, f.op, f.value) for f in intent.filters]


@pytest.mark.parametrize(
    "text",
    [
        "mean Arbeitslosigkeit for the years from 1948",  # no end said: not the one year 1948
        "mean sales, only the years after 1990",  # no year column to bound
        "Mittelwert von sales nur ab 1990",
    ],
)
def test_a_bound_with_nothing_to_bound_is_refused(folder: Path, text: str) -> None:
    name = "wirtschaft.csv" if "Arbeitslosigkeit" in text else "shops.csv"
    with pytest.raises(UnmappableRequestError):
        _read(folder, name, text)
