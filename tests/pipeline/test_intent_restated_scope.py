"""Scope words that restate the reading ("separately" under a grouping, "of all countries" over one row per
country, "above the Arctic circle (latitude above 66.56)") are said back as not used, and the numbers match
pandas; words that could change the numbers still refuse or become conditions."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from tests.pipeline.reference_answers import read_intent, reference_table

from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError

_COUNTRIES = {"Norway": 60.5, "Chile": -33.4, "Kenya": -1.3, "Canada": 56.1, "Japan": 36.2, "Iceland": 64.9}


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("restated_scope")
    panel = [
        {"country": c, "year": y, "lifeExp": 50 + 3.1 * n + (y - 2002) * 0.7, "pop": 100_000 * (n + 1) + y,
         "latitude": lat}
        for n, (c, lat) in enumerate(_COUNTRIES.items())
        for y in range(1998, 2010)
    ]  # fmt: skip
    pd.DataFrame(panel).to_csv(root / "panel.csv", index=False)
    people = [
        {"person": f"p{n}", "sex": "women" if n % 2 else "men", "year": 2000 + n % 3, "income": 1000 + 37 * n}
        for n in range(30)
    ]
    pd.DataFrame(people).to_csv(root / "people.csv", index=False)
    return root


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)


def _scalar(request: str, path: Path) -> tuple[float, list[str]]:
    intent = read_intent(request, path)
    table = reference_table(intent, path)
    return float(table["rows"][0][-1]), intent.unused_words


def test_of_all_countries_over_one_row_per_country_is_no_restriction(folder: Path) -> None:
    df = pd.read_csv(folder / "panel.csv")
    year = df[df.year == 2007]
    value, unused = _scalar("What is the mean lifeExp of all countries in 2007?", Path("panel.csv"))
    assert value == pytest.approx(year.lifeExp.mean())
    assert "of all countries" in unused
    request = "What is the population-weighted mean lifeExp of all countries in 2007 (weights = pop)?"
    intent = read_intent(request, Path("panel.csv"))
    assert "of all countries" in intent.unused_words
    table = reference_table(intent, Path("panel.csv"))
    assert float(table["rows"][0][-1]) == pytest.approx(
        (year.lifeExp * year["pop"]).sum() / year["pop"].sum()
    )


def test_of_all_countries_over_several_rows_per_country_still_refuses(folder: Path) -> None:
    # no year: a mean over every row may not be the mean of the countries' means
    with pytest.raises(UnmappableRequestError, match="country"):
        read_intent("What is the mean lifeExp of all countries?", Path("panel.csv"))


def test_of_all_women_is_a_condition_not_a_restatement(folder: Path) -> None:
    df = pd.read_csv(folder / "people.csv")
    value, unused = _scalar("What is the mean income of all women?", Path("people.csv"))
    assert value == pytest.approx(df[df.sex == "women"].income.mean())
    assert not any("women" in word for word in unused)


@pytest.mark.parametrize(
    ("request_text", "said"),
    [
        ("Mean income per year separately", "separately"),
        ("Mean income for each year individually", "individually"),
        ("Mittleres income pro Jahr getrennt", "getrennt"),
        ("income moyen par année séparément", "separement"),
    ],
)
def test_separately_under_a_grouping_restates_it(folder: Path, request_text: str, said: str) -> None:
    df = pd.read_csv(folder / "people.csv")
    intent = read_intent(request_text, Path("people.csv"))
    assert intent.group_by == ["year"] and said in intent.unused_words
    table = reference_table(intent, Path("people.csv"))
    got = {int(row[0]): float(row[-1]) for row in table["rows"]}
    assert got == pytest.approx(df.groupby("year").income.mean().to_dict())


@pytest.mark.parametrize(
    "request_text",
    ["Mean income separately", "Mean income per year, separately for women"],
)
def test_separately_without_a_grouping_or_before_a_value_is_no_restatement(
    folder: Path, request_text: str
) -> None:
    try:
        intent = read_intent(request_text, Path("people.csv"))
    except (UnmappableRequestError, NeedsClarificationError):
        return
    assert "separately" not in intent.unused_words  # if read, "for women" is a condition
    assert any(f.column == "sex" for f in intent.filters)


def test_a_name_before_a_bracketed_comparison_restates_it(folder: Path) -> None:
    df = pd.read_csv(folder / "panel.csv")
    value, unused = _scalar("How many rows lie above the polar line (latitude above 60)?", Path("panel.csv"))
    assert value == (df.latitude > 60).sum()
    assert "above the polar line" in unused


@pytest.mark.parametrize(
    "request_text",
    [
        "How many rows lie below the polar line (latitude above 60)?",  # the other direction
        "How many rows lie above the 55 degree line (latitude above 60)?",  # another number
        "How many rows lie above the polar line in Norway (latitude above 60)?",  # a value
    ],
)
def test_a_name_that_could_change_the_numbers_still_refuses(folder: Path, request_text: str) -> None:
    try:
        intent = read_intent(request_text, Path("panel.csv"))
    except (UnmappableRequestError, NeedsClarificationError):
        return
    assert not any("polar" in word for word in intent.unused_words)
    assert len(intent.filters) > 1  # "in Norway" read as a condition, never dropped
