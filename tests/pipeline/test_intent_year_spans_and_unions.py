"""Several year phrases in one request (issue 25): a span joined by "through"/"until"/"hasta" after the
year's name or a bare preposition was read as one year and an upper end; year conditions no year meets
together ("in 1940 and after 1950") gave an empty filter. Numbers checked against pandas; near-misses
still refuse.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from tests.pipeline.reference_answers import read_intent, reference_table

from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError

FIRMS = ["GM", "US Steel", "GE", "Chrysler"]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("year_spans")
    firms = [
        {"firm": f, "year": y, "invest": round(10 + (k * 37 + y * 13) % 97 * 1.5, 1)}
        for k, f in enumerate(FIRMS)
        for y in range(1935, 1955)
    ]
    pd.DataFrame(firms).to_csv(root / "firms.csv", index=False)
    land = [
        {"Land": land, "Jahr": y, "Umsatz": round(50 + (k * 17 + y * 7) % 41 * 2.5, 1)}
        for k, land in enumerate(["Bayern", "Hessen", "Sachsen"])
        for y in range(1985, 2006)
    ]
    pd.DataFrame(land).to_csv(root / "umsatz.csv", index=False)
    dated = [
        {"date": f"{y}-{m:02d}-15", "sales": float(y % 7 + m)} for y in range(1935, 1955) for m in (1, 6)
    ]
    pd.DataFrame(dated).to_csv(root / "dated.csv", index=False)
    return root


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)


def _one_number(request: str, file: str) -> float:
    intent = read_intent(request, Path(file))
    table = reference_table(intent, Path(file))
    return float(table["rows"][0][-1])


@pytest.mark.parametrize(
    "request_text",
    [
        "average Umsatz for Jahr 1990 through 2002",
        "average Umsatz in 1990 through 2002",
        "average Umsatz, Jahr 1990 to 2002",
        "average Umsatz for Jahr 1990 until 2002",
        "average Umsatz 1990 through 2002",
        "promedio Umsatz desde 1990 hasta 2002",
        "promedio Umsatz de 1990 hasta 2002",
    ],
)
def test_a_joined_span_of_years_is_the_whole_range(request_text: str) -> None:
    frame = pd.read_csv("umsatz.csv")
    expected = frame[frame["Jahr"].between(1990, 2002)]["Umsatz"].mean()
    assert _one_number(request_text, "umsatz.csv") == pytest.approx(expected)


def test_a_span_per_year_keeps_the_grouping() -> None:
    intent = read_intent("average Umsatz per Jahr 1990 through 2002", Path("umsatz.csv"))
    assert intent.group_by == ["Jahr"]
    table = reference_table(intent, Path("umsatz.csv"))
    frame = pd.read_csv("umsatz.csv")
    expected = frame[frame["Jahr"].between(1990, 2002)].groupby("Jahr")["Umsatz"].mean()
    got = {row[0]: row[-1] for row in table["rows"]}
    assert sorted(got) == list(expected.index)
    assert [got[year] for year in expected.index] == pytest.approx(list(expected))


def test_two_years_compared_are_no_span() -> None:
    with pytest.raises(UnmappableRequestError):  # "compare 1990 to 2002": two years, not the range
        read_intent("compare Umsatz 1990 to 2002", Path("umsatz.csv"))


@pytest.mark.parametrize(
    ("request_text", "years"),
    [
        ("total invest in 1940 and after 1950", [1940, *range(1951, 1955)]),
        ("total invest in 1940 or after 1950", [1940, *range(1951, 1955)]),
        ("total invest before 1940 and after 1950", [*range(1935, 1940), *range(1951, 1955)]),
        ("total invest from 1936 to 1938 and after 1950", [1936, 1937, 1938, *range(1951, 1955)]),
    ],
)
def test_year_conditions_that_exclude_each_other_are_alternatives(
    request_text: str, years: list[int]
) -> None:
    intent = read_intent(request_text, Path("firms.csv"))
    assert any("read as either" in note for note in intent.notes)
    frame = pd.read_csv("firms.csv")
    expected = frame[frame["year"].isin(years)]["invest"].sum()
    assert expected > 0
    assert float(reference_table(intent, Path("firms.csv"))["rows"][0][-1]) == pytest.approx(expected)


def test_year_conditions_met_together_stay_together() -> None:
    frame = pd.read_csv("firms.csv")
    expected = frame[(frame["year"] > 1940) & (frame["year"] < 1950)]["invest"].sum()
    assert _one_number("total invest after 1940 and before 1950", "firms.csv") == pytest.approx(expected)


def test_exclusive_conditions_on_a_date_column_are_refused() -> None:
    with pytest.raises(UnmappableRequestError, match="exclude each other"):
        read_intent("total sales in 1940 and after 1950", Path("dated.csv"))
    frame = pd.read_csv("dated.csv", parse_dates=["date"])
    expected = frame[(frame["date"].dt.year > 1940) & (frame["date"].dt.year < 1950)]["sales"].sum()
    assert _one_number("total sales after 1940 and before 1950", "dated.csv") == pytest.approx(expected)


def test_two_single_years_joined_by_and_ask_together_or_each() -> None:
    request = "total invest in 1940 and in 1950"
    with pytest.raises(NeedsClarificationError, match="one per year"):
        read_intent(request, Path("firms.csv"))
    intent = read_intent(request, Path("firms.csv"), {"years of year": "together"})
    frame = pd.read_csv("firms.csv")
    expected = frame[frame["year"].isin([1940, 1950])]["invest"].sum()
    assert float(reference_table(intent, Path("firms.csv"))["rows"][0][-1]) == pytest.approx(expected)
    with pytest.raises(UnmappableRequestError, match="per year"):
        read_intent(request, Path("firms.csv"), {"years of year": "each"})
