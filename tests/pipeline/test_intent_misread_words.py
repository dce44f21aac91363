"""Words misread into a wrong answer (issue 25, blind3): a "per" inside a bracketed name's description,
the N counties ranked by a county number, Spanish "la"/"de" read as state codes, "restrict to 1988" read
as up to 1988. Each number is checked against pandas; each near-miss must still refuse.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from mcpforge.catalogue import get_operation
from mcpforge.catalogue.base import frame_to_table
from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import Intent
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.pipeline.intent.groups.self_grouping import grouped_by_its_measure
from mcpforge.runtime import load_csv_data_with_types

STATES = ["AL", "LA", "DE", "IN", "OR", "TX"]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("misread")
    rows = [
        {
            "state": s,
            "year": y,
            "packpc": 100.0 + 7 * k - 2.5 * (y - 1985) + (k * y) % 5,
            "tax": 30.0 + 3 * k + 1.5 * (y - 1985) + (k + y) % 3,
            "unrate": 5.0 + (k * 3 + y) % 7 * 0.4,
            "mrall": 1.5 + ((k + 2) * (y - 1980)) % 11 * 0.1,
        }
        for k, s in enumerate(STATES)
        for y in range(1985, 1991)
    ]
    pd.DataFrame(rows).to_csv(root / "cigs.csv", index=False)
    crime = [  # 60 counties (more than a handful of distinct numbers), three years each
        {"Comté": c, "Année": a, "Taux de criminalité": round(0.01 + ((c * 37 + a * 11) % 97) / 1000, 6)}
        for c in range(1, 121, 2)
        for a in (81, 82, 83)
    ]
    pd.DataFrame(crime).to_csv(root / "crime.csv", index=False)
    return root


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)  # the reference loader reads only under the working directory


def _table(request: str, path: Path) -> dict[str, Any]:
    intent = extract_intent(request, DatasetSchema.from_file(path))
    operation = get_operation(intent.operation)
    rendered = operation.render(intent)
    return frame_to_table(operation.reference(load_csv_data_with_types(str(path)), rendered.arguments))


def _by_key(table: dict[str, Any]) -> dict[str, float]:
    return {str(row[0]): float(row[-1]) for row in table["rows"]}


def test_a_per_inside_a_bracketed_names_description_groups_nothing(folder: Path) -> None:
    path = folder / "cigs.csv"
    expected = pd.read_csv(path).groupby("year")["packpc"].mean()
    for request in (
        "average packs per capita (packpc) for each year",
        "mean packs per capita (packpc) per year",
    ):
        got = _by_key(_table(request, path))
        assert got == pytest.approx({str(y): v for y, v in expected.items()})


def test_a_grouping_by_the_measured_column_never_answers(folder: Path) -> None:
    schema = DatasetSchema.from_file(folder / "cigs.csv")
    with pytest.raises(UnmappableRequestError, match="groups by the column it measures"):
        extract_intent("average packpc by packpc", schema)
    assert extract_intent("average packs per state (packpc)", schema).group_by == ["state"]  # a real key


@pytest.mark.parametrize(
    "request_text",
    [
        "Quels sont les 3 comtés avec le taux de criminalité moyen le plus élevé ?",
        "Quels sont les 3 comtés avec le plus haut taux de criminalité moyen ?",
        "the 3 comtés with the highest average Taux de criminalité",
    ],
)
def test_the_n_counties_with_the_highest_mean_rank_each_countys_mean(folder: Path, request_text: str) -> None:
    path = folder / "crime.csv"
    means = pd.read_csv(path).groupby("Comté")["Taux de criminalité"].mean().sort_values(ascending=False)
    got = _by_key(_table(request_text, path))
    assert list(got) == [str(c) for c in means.index[:3]]
    assert list(got.values()) == pytest.approx(list(means.iloc[:3]))


def test_rows_ranked_by_another_column_than_the_stated_mean_never_answer(folder: Path) -> None:
    schema = DatasetSchema.from_file(folder / "cigs.csv")
    with pytest.raises(UnmappableRequestError, match="ranks by the mean of 'packpc'"):
        extract_intent("the 3 taxes with the highest average packpc", schema)


def test_small_letter_codes_are_the_words_of_their_language(folder: Path) -> None:
    path = folder / "cigs.csv"
    frame = pd.read_csv(path)
    every_year = frame.groupby("year")["tax"].mean()
    got = _by_key(_table("¿Cuál es la media de tax por año?", path))  # "la", "de": Spanish, no state
    assert got == pytest.approx({str(y): v for y, v in every_year.items()})
    louisiana = frame[frame["state"] == "LA"].groupby("year")["tax"].mean()
    got = _by_key(_table("la media de tax en LA por año", path))  # "LA" in capitals: the state
    assert got == pytest.approx({str(y): v for y, v in louisiana.items()})
    with pytest.raises(UnmappableRequestError, match="only in small letters"):
        extract_intent("mean tax in la per year", DatasetSchema.from_file(path))


def test_restrict_to_a_year_is_that_year_and_until_is_up_to_it(folder: Path) -> None:
    path = folder / "cigs.csv"
    frame = pd.read_csv(path)
    request = (
        "Restrict to 1988 and compute the Spearman correlation between unrate and mrall; round to 3 decimals."
    )
    one = frame[frame["year"] == 1988]
    expected = round(float(one["unrate"].corr(one["mrall"], method="spearman")), 3)
    table = _table(request, path)
    assert float(table["rows"][0][2]) == pytest.approx(expected)
    schema = DatasetSchema.from_file(path)
    assert [(f.op, f.value) for f in extract_intent("mean tax limited to the year 1988", schema).filters] == [
        ("==", 1988)
    ]
    ranged = extract_intent("restrict the data to 1986 to 1988 and give the mean tax", schema)
    assert sorted((f.op, f.value) for f in ranged.filters) == [("<=", 1988), (">=", 1986)]
    assert [(f.op, f.value) for f in extract_intent("mean tax until 1988", schema).filters] == [("<=", 1988)]


def test_a_column_spelled_as_written_wins_over_its_plural(folder: Path) -> None:
    path = folder / "twin.csv"
    pd.DataFrame(
        {"year": [1, 1, 2, 2], "tax": [1.0, 3.0, 5.0, 9.0], "taxs": [10.0, 30.0, 50.0, 90.0]}
    ).to_csv(path, index=False)
    for request, column in (("median of tax per year", "tax"), ("median of taxs per year", "taxs")):
        expected = pd.read_csv(path).groupby("year")[column].median()
        assert _by_key(_table(request, path)) == pytest.approx({str(y): v for y, v in expected.items()})


def test_the_outliers_of_each_group_never_measure_the_group_column() -> None:
    """ "Within each year, count the earnings outliers" once read as the outliers *of* ``year`` per ``year``
    (an empty table that looked validated): such a reading is refused, a real measure passes."""
    misread = Intent(
        request="Within each year, count the earnings outliers by Tukey's fences",
        operation="group_outliers",
        group_by=["year"],
        columns=["year"],
        data_source="earnings.csv",
    )
    assert "the outliers of 'year' per 'year'" in (grouped_by_its_measure(misread) or "")
    assert grouped_by_its_measure(misread.model_copy(update={"columns": ["earnings"]})) is None
