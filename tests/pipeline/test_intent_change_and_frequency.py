# ruff: noqa: E501 - one request per entry reads better than wrapped strings
"""Ranked changes are never read as the top mean; "most common X" is a count per X, one value per group is refused.

Two invented files: rainfall per region and year (the region with the top mean is not the one whose rainfall
dropped or grew the most), and trees per district (the most common species overall is not the most common
one in each district, and the top (species, district) pair is neither).
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from mcpforge.catalogue import get_operation
from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.pipeline.intent import DatasetSchema, extract_intent

_SLOPES = {"North": 5, "South": -8, "East": -2, "West": 1}
_START = {"North": 10, "South": 20, "East": 30, "West": 15}
_TREES = [("A", "oak"), ("A", "oak"), ("A", "pine"), ("B", "pine"), ("B", "pine"), ("B", "oak"), ("B", "elm"),
          ("C", "elm"), ("C", "elm"), ("C", "elm"), ("C", "oak"), ("C", "oak"), ("A", "birch")]  # fmt: skip


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("change_frequency")
    rain = pd.DataFrame(
        [
            {"year": y, "region": r, "rainfall": _START[r] + (y - 2019) * _SLOPES[r]}
            for y in (2019, 2020, 2021)
            for r in _START
        ]
    )
    trees = pd.DataFrame([{"district": d, "species": s, "height": i + 3} for i, (d, s) in enumerate(_TREES)])
    rain.to_csv(folder / "rain.csv", index=False)
    trees.to_csv(folder / "trees.csv", index=False)
    return {"rain": folder / "rain.csv", "trees": folder / "trees.csv"}


def _refused(request: str, path: Path) -> str:
    with pytest.raises((UnmappableRequestError, NeedsClarificationError)) as caught:
        extract_intent(request, DatasetSchema.from_file(path))
    return str(caught.value)


@pytest.mark.parametrize(
    "request_text",
    [
        "Which region's rainfall dropped the most?",
        "In which region did rainfall drop the most?",
        "Which region saw rainfall drop the most?",
        "Which region had the biggest drop in rainfall?",
        "Which region's rainfall increased the most?",
        "Which region's rainfall dropped the least?",
        "Which 2 regions' rainfall grew the most?",
    ],
)
def test_a_ranked_change_is_refused_never_read_as_the_top_mean(
    files: dict[str, Path], request_text: str
) -> None:
    means = pd.read_csv(files["rain"]).groupby("region")["rainfall"].mean()
    assert means.idxmax() == "East"  # the top mean: the wrong answer a ranking by the measure gives
    message = _refused(request_text, files["rain"])
    assert "change" in message or "not every word" in message


def test_drop_the_rows_where_keeps_its_meaning(files: dict[str, Path]) -> None:
    intent = extract_intent(
        "drop the rows where rainfall is below 12 and give the mean rainfall per region",
        DatasetSchema.from_file(files["rain"]),
    )
    assert intent.group_by == ["region"]
    assert [(f.column, f.op, f.value) for f in intent.filters] == [("rainfall", ">=", 12)]


def test_a_change_between_two_named_periods_still_reads(files: dict[str, Path]) -> None:
    intent = extract_intent(
        "How much did rainfall drop between 2019 and 2021 per region?", DatasetSchema.from_file(files["rain"])
    )
    assert intent.operation == "period_change"


@pytest.mark.parametrize(
    ("request_text", "descending"),
    [
        ("What is the most common species?", True),
        ("What is the most frequent species?", True),
        ("Which species appears most often?", True),
        ("Which species occurs most frequently?", True),
        ("Which species is the most common?", True),
        ("most common species", True),
        ("Which species is least common?", False),
        ("Welche species kommt am häufigsten vor?", True),
        ("Welche species ist am häufigsten?", True),
        ("Welche species taucht am häufigsten in den Daten auf?", True),
        ("Quelle est la species la plus fréquente ?", True),
        ("Quelle species apparaît le plus souvent ?", True),
        ("Quelle est la species la moins courante ?", False),
        ("¿Cuál es la species más frecuente?", True),
        ("¿Qué species aparece con más frecuencia?", True),
    ],
)
def test_the_most_common_value_is_the_value_with_the_most_rows(
    files: dict[str, Path], request_text: str, descending: bool
) -> None:
    intent = extract_intent(request_text, DatasetSchema.from_file(files["trees"]))
    assert (intent.operation, intent.group_by, intent.top_n) == ("group_count", ["species"], 1)
    df = pd.read_csv(files["trees"])
    operation = get_operation(intent.operation)
    answer = operation.compute_reference(df, operation.arguments(intent))
    counts = df["species"].value_counts()
    expected = counts.idxmax() if descending else counts.idxmin()
    assert answer["species"].tolist() == [expected]
    assert answer["count"].tolist() == [counts[expected]]


@pytest.mark.parametrize(
    "request_text",
    [
        "most common species per district",
        "What is the most common species in each district?",
        "the most frequent species by district",
        "For each district, what is the most common species?",
        "Which species is most common in each district?",
        "What are the 2 most common species per district?",
        "die häufigste species pro district",
    ],
)
def test_the_most_common_value_per_group_is_never_the_top_pair(
    files: dict[str, Path], request_text: str
) -> None:
    message = _refused(request_text, files["trees"])
    assert "district" in message


def test_a_count_per_pair_without_a_superlative_still_reads(files: dict[str, Path]) -> None:
    intent = extract_intent(
        "number of trees per species and district", DatasetSchema.from_file(files["trees"])
    )
    assert (intent.operation, sorted(intent.group_by), intent.top_n) == (
        "group_count",
        ["district", "species"],
        None,
    )


def test_a_place_word_starting_a_qualified_column_is_refused_beside_a_place_column(tmp_path: Path) -> None:
    breaches = pd.DataFrame({
        "State": ["CA", "TX", "CA", "NY", "CA"],
        "Location_of_Breached_Information": ["Laptop", "Email", "Email", "Email", "Paper"],
    })  # fmt: skip
    path = tmp_path / "breaches.csv"
    breaches.to_csv(path, index=False)
    for request in ("Which location has the most breaches?", "Which location comes up most often?"):
        assert "State" in _refused(request, path)
    written = extract_intent("most common location of breached information", DatasetSchema.from_file(path))
    assert written.group_by == ["Location_of_Breached_Information"]
