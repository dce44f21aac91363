"""Tests on pairs and groups people construct in words (issue 25): a paired t-test or Wilcoxon signed-rank
test between two years, paired by an id column ("paired by state", "for each state", "apparié par",
"emparejado por"), a two-sample Kolmogorov-Smirnov test between two groups, a yes/no column as the split
("with promo ... than those without") and a year written before the measure ("the 2020 sales"). Each
number is checked against scipy on the pivoted file; a pairing the request does not settle asks, and a
one-sample KS test (which the catalogue lacks) is still refused.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
from scipy import stats
from tests.pipeline.reference_answers import read_intent, reference_table

from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.pipeline.intent.reading import reading_sentence

STATES = ["Alabama", "Texas", "Ohio", "Maine", "Iowa", "Utah", "Idaho", "Kansas", "Nevada", "Oregon"]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Ten states over three years (Utah has no 2020 row), two regions, two stores per state."""
    root = tmp_path_factory.mktemp("constructed")
    rng = np.random.default_rng(3)
    rows = [
        {"state": s, "region": ("north", "south")[k % 2], "year": y,
         "sales": round(50 + 3 * k + 2.5 * (y - 2018) + float(rng.normal(0, 2)), 2),
         "visits": int(rng.integers(10, 40)), "promo": ("yes", "no")[(k + y) % 3 == 0]}
        for k, s in enumerate(STATES)
        for y in (2018, 2019, 2020)
        if not (s == "Utah" and y == 2020)
    ]  # fmt: skip
    pd.DataFrame(rows).to_csv(root / "panel.csv", index=False)
    shops = [{**row, "store": f"{row['state'][:3]}-shop"} for row in rows]
    pd.DataFrame(shops).to_csv(root / "shops.csv", index=False)
    return root


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)  # the reference loader reads only under the working directory


def _row(request: str, answers: dict[str, str] | None = None) -> tuple[dict[str, Any], str]:
    intent = read_intent(request, Path("panel.csv"), answers)
    table = reference_table(intent, Path("panel.csv"))
    return dict(zip(table["columns"], table["rows"][0], strict=True)), reading_sentence(intent)


def _pivot() -> pd.DataFrame:
    wide = pd.read_csv("panel.csv").pivot(index="state", columns="year", values="sales")
    return wide[[2018, 2020]].dropna()


@pytest.mark.parametrize(
    "request_text",
    [
        "Paired t-test: did sales change between 2018 and 2020, paired by state?",
        "Is sales different in 2020 than in 2018? Use a paired t-test by state.",
        "Test t apparié : les sales de 2020 diffèrent-elles de celles de 2018 (apparié par state) ?",
        "Prueba t pareada: ¿cambiaron las sales entre 2018 y 2020, emparejado por state?",
    ],
)
def test_paired_t_between_two_years_by_state(request_text: str) -> None:
    wide = _pivot()
    expected = stats.ttest_rel(wide[2018], wide[2020])
    row, said = _row(request_text)
    assert row["test"] == "ttest_rel"
    assert row["statistic"] == pytest.approx(expected.statistic, rel=1e-9)
    assert row["p_value"] == pytest.approx(expected.pvalue, rel=1e-9)
    assert row["n"] == len(wide) == 9  # Utah has no 2020 row: no pair
    assert "paired by `state`" in said and "2018 and 2020" in said


def test_wilcoxon_signed_rank_for_each_state_with_alpha() -> None:
    wide = _pivot()
    expected = stats.wilcoxon(wide[2018], wide[2020])
    row, said = _row("Wilcoxon signed-rank test of sales between 2018 and 2020 for each state, alpha 0.01.")
    assert (row["test"], row["alpha"]) == ("wilcoxon", 0.01)
    assert row["statistic"] == pytest.approx(expected.statistic)
    assert row["p_value"] == pytest.approx(expected.pvalue, rel=1e-9)
    assert row["significant"] == bool(expected.pvalue < 0.01)
    assert row["conclusion"].endswith("; 9 pairs by state")
    assert "Wilcoxon signed-rank test" in said and "significance level 0.01" in said


def test_two_sample_kolmogorov_smirnov_between_two_groups() -> None:
    df = pd.read_csv("panel.csv")
    north, south = (df.loc[df["region"] == r, "sales"] for r in ("north", "south"))
    expected = stats.ks_2samp(north, south)
    for request in (
        "Two-sample Kolmogorov-Smirnov test of sales between north and south regions.",
        "Test de Kolmogorov-Smirnov à deux échantillons : les sales du north et du south.",
    ):
        row, said = _row(request)
        assert row["test"] == "ks_2samp", request
        assert row["statistic"] == pytest.approx(expected.statistic, rel=1e-9)
        assert row["p_value"] == pytest.approx(expected.pvalue, rel=1e-9)
        assert "Kolmogorov-Smirnov" in said


def test_a_year_before_the_measure_restricts_the_test_to_that_year() -> None:
    df = pd.read_csv("panel.csv").query("year == 2020")
    north, south = (df.loc[df["region"] == r, "sales"] for r in ("north", "south"))
    expected = stats.ks_2samp(north, south)
    row, said = _row(
        "Compare the 2020 sales distributions of north and south regions with a two-sample "
        "Kolmogorov-Smirnov test."
    )
    assert row["statistic"] == pytest.approx(expected.statistic, rel=1e-9)
    assert row["p_value"] == pytest.approx(expected.pvalue, rel=1e-9)
    assert row["n"] == len(north) + len(south) == 9
    assert "`year` = 2020" in said


@pytest.mark.parametrize(
    "request_text",
    [
        "Compare the 2030 sales of north and south regions with a two-sample Kolmogorov-Smirnov test.",
        "Compare the 2020 sales and the 2018 sales of north and south regions with a Mann-Whitney test.",
    ],
)
def test_a_year_no_column_holds_or_two_years_are_no_restriction(request_text: str) -> None:
    with pytest.raises(UnmappableRequestError, match="a number the reading does not use"):
        read_intent(request_text, Path("panel.csv"))


def test_paired_without_an_id_asks_which_column_pairs_the_rows() -> None:
    request = "Paired t-test: did sales change between 2018 and 2020?"
    with pytest.raises(NeedsClarificationError) as asked:
        read_intent(request, Path("panel.csv"))
    assert asked.value.key == "pair by"
    assert list(asked.value.choices) == ["state"]  # region has two values: it cannot pair 9 states
    row, said = _row(request, {"pair by": "state"})
    assert row["n"] == 9 and "paired by `state`" in said
    with pytest.raises(NeedsClarificationError, match="not one of the choices"):
        read_intent(request, Path("panel.csv"), {"pair by": "visits"})


def test_two_named_id_columns_ask_between_them() -> None:
    with pytest.raises(NeedsClarificationError) as asked:
        read_intent("Paired t-test of sales between 2018 and 2020 by state and by store.", Path("shops.csv"))
    with pytest.raises(NeedsClarificationError) as unnamed:
        read_intent("Paired t-test of sales between 2018 and 2020.", Path("shops.csv"))
    assert list(unnamed.value.choices) == ["state", "store"]
    assert list(asked.value.choices) == ["state", "store"]


def test_with_a_yes_no_column_than_those_without_is_the_split() -> None:
    df = pd.read_csv("panel.csv").query("region == 'north'")
    yes, no = (df.loc[df["promo"] == v, "sales"] for v in ("yes", "no"))
    expected = stats.ttest_ind(yes, no)
    row, said = _row(
        "Where region is north, is mean sales different with promo than for those without? "
        "Use a two-sample t-test."
    )
    assert row["test"] == "ttest_ind"
    assert row["statistic"] == pytest.approx(expected.statistic, rel=1e-9)
    assert row["p_value"] == pytest.approx(expected.pvalue, rel=1e-9)
    assert "`promo`" in said and "`sales`" in said


def test_those_without_another_column_is_not_the_split() -> None:
    with pytest.raises(UnmappableRequestError, match="without"):
        read_intent(
            "Do states with promo report different mean sales than those without visits? Use a t-test.",
            Path("panel.csv"),
        )


@pytest.mark.parametrize(
    ("request_text", "named"),
    [
        ("Kolmogorov-Smirnov test: is sales normally distributed?", "one-sample Kolmogorov-Smirnov"),
        ("Wilcoxon signed-rank test: is the median of sales 50?", "wilcoxon"),
    ],
)
def test_tests_the_catalogue_lacks_are_still_refused(request_text: str, named: str) -> None:
    with pytest.raises(UnmappableRequestError, match=named):
        read_intent(request_text, Path("panel.csv"))
