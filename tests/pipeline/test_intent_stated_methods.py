"""Methods stated in words (issue 25, blind3): the names of what a method reports ("report rho", "the F
statistic", "the slope"), a regression said as a least-squares line, and a test between VALUES of one column
(two years of an integer year column, weekdays written in German). Numbers are checked against pandas/scipy;
a statistic the method does not report, or values that are not the values of one column, still refuse.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from scipy import stats
from tests.pipeline.reference_answers import read_intent, reference_table

from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError

NOT_ANSWERED = (UnmappableRequestError, NeedsClarificationError)
DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday"]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("stated_methods")
    rng = np.random.default_rng(25)
    rows = [
        {
            "state": f"S{k:02d}",
            "year": year,
            "packpc": round(float(130 - 2.5 * (year - 1985) + rng.normal(0, 12)), 3),
            "tax": round(float(30 + 1.5 * (year - 1985) + rng.normal(0, 6)), 3),
            "unrate": round(float(rng.uniform(3, 9)), 2),
        }
        for k in range(30)
        for year in (1985, 1988, 1990, 1992, 1995)
    ]
    pd.DataFrame(rows).to_csv(root / "cigs.csv", index=False)
    rates = [
        {"Wochentag": DAYS[i % 5], "Änderung": round(float(rng.normal(0.1 * (i % 5), 1.0)), 4)}
        for i in range(200)
    ]
    pd.DataFrame(rates).to_csv(root / "kurse.csv", index=False)
    polls = [
        {"population": ("lv", "rv", "a", "v")[i % 4], "adjpoll": round(float(rng.normal(45 + i % 4, 3)), 3)}
        for i in range(160)
    ]
    pd.DataFrame(polls).to_csv(root / "polls.csv", index=False)
    return root


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)  # the reference loader reads only under the working directory


def _cell(request: str, path: Path, column: str) -> float:
    table = reference_table(read_intent(request, path), path)
    return float(table["rows"][0][table["columns"].index(column)])


def test_the_name_of_what_a_correlation_reports_is_used(folder: Path) -> None:
    path = folder / "cigs.csv"
    frame = pd.read_csv(path)
    one = frame[frame["year"] == 1995]
    request = "Using the Spearman rank correlation, how are tax and packpc related in 1995? Report rho."
    intent = read_intent(request, path)
    assert _cell(request, path, "correlation") == pytest.approx(
        one["tax"].corr(one["packpc"], method="spearman")
    )
    assert "as stated: reports rho (Spearman's rank correlation)" in intent.notes
    kendall = "Kendall correlation of tax and packpc; report tau"
    assert _cell(kendall, path, "correlation") == pytest.approx(frame["tax"].corr(frame["packpc"], "kendall"))


@pytest.mark.parametrize(
    "request_text",
    [
        "Using the Pearson correlation, how are tax and packpc related? Report rho.",
        "Kendall correlation of tax and packpc; report rho",
        "Correlation of tax and packpc: what is the slope?",
        "Regress packpc on tax and report rho",
        "Regress packpc on tax and unrate: what is the slope?",
        "Kruskal-Wallis test of packpc across 1985, 1990 and 1995: report F",
    ],
)
def test_a_statistic_the_method_does_not_report_is_refused(folder: Path, request_text: str) -> None:
    with pytest.raises(NOT_ANSWERED):
        read_intent(request_text, folder / "cigs.csv")


@pytest.mark.parametrize(
    "request_text",
    [
        "Fit a least-squares line of packpc on tax. What is the slope, rounded to 4 decimals?",
        "Line of best fit of packpc against tax: what is the slope?",
        "Regress packpc on tax; report the slope",
    ],
)
def test_a_least_squares_line_gives_the_slope_asked_for(folder: Path, request_text: str) -> None:
    path = folder / "cigs.csv"
    frame = pd.read_csv(path)
    fit = stats.linregress(frame["tax"], frame["packpc"])
    table = reference_table(read_intent(request_text, path), path)
    assert [row[0] for row in table["rows"]] == ["coef_tax"]  # the slope alone, not six numbers
    assert float(table["rows"][0][1]) == pytest.approx(fit.slope, abs=5e-5)  # rounded to 4 decimals


def test_a_regression_asked_for_its_intercept_and_r_squared_gives_those(folder: Path) -> None:
    path = folder / "cigs.csv"
    frame = pd.read_csv(path)
    fit = stats.linregress(frame["tax"], frame["packpc"])
    table = reference_table(read_intent("OLS of packpc on tax: the intercept and the R-squared", path), path)
    got = {row[0]: float(row[1]) for row in table["rows"]}
    assert got == pytest.approx({"intercept": fit.intercept, "r2": fit.rvalue**2})


def test_a_welch_test_between_two_years_compares_the_rows_of_each_year(folder: Path) -> None:
    path = folder / "cigs.csv"
    frame = pd.read_csv(path)
    request = (
        "Does packpc differ between 1985 and 1995? Use Welch's t-test (unequal variances) at alpha 0.05 "
        "and report t and the p-value."
    )
    intent = read_intent(request, path)
    assert (intent.group_by, intent.options["groups"]) == (["year"], [1985, 1995])
    expected = stats.ttest_ind(
        frame.loc[frame["year"] == 1985, "packpc"],
        frame.loc[frame["year"] == 1995, "packpc"],
        equal_var=False,
    )
    table = reference_table(intent, path)
    row = dict(zip(table["columns"], table["rows"][0], strict=True))
    assert (float(row["statistic"]), float(row["p_value"])) == pytest.approx(tuple(expected))


def test_an_anova_across_listed_years_uses_those_years_only(folder: Path) -> None:
    path = folder / "cigs.csv"
    frame = pd.read_csv(path)
    request = (
        "One-way ANOVA: does packpc differ across the years 1985, 1990 and 1995? Report the F statistic."
    )
    expected = stats.f_oneway(*(frame.loc[frame["year"] == y, "packpc"] for y in (1985, 1990, 1995)))
    assert _cell(request, path, "statistic") == pytest.approx(expected.statistic)
    assert _cell(request, path, "p_value") == pytest.approx(expected.pvalue)


@pytest.mark.parametrize(
    "request_text",
    [
        "Does packpc differ between 1985 and 2005? Use Welch's t-test.",  # 2005: no value of year
        "Welch t-test of packpc across 1985, 1990 and 1995",  # three values for a two-group test
        "t-test of packpc between 1985 and 1990 and 1995",
    ],
)
def test_values_that_are_not_two_groups_of_one_column_are_refused(folder: Path, request_text: str) -> None:
    with pytest.raises(NOT_ANSWERED):
        read_intent(request_text, folder / "cigs.csv")


def test_weekdays_written_in_german_are_the_files_english_values(folder: Path) -> None:
    path = folder / "kurse.csv"
    frame = pd.read_csv(path)
    request = (
        "Welch-t-Test (ungleiche Varianzen): Unterscheidet sich die Änderung zwischen Montag und Freitag?"
    )
    intent = read_intent(request, path)
    assert intent.options["groups"] == ["monday", "friday"]
    assert "read 'Montag' as the value 'monday' of 'Wochentag'" in intent.notes
    expected = stats.ttest_ind(
        frame.loc[frame["Wochentag"] == "monday", "Änderung"],
        frame.loc[frame["Wochentag"] == "friday", "Änderung"],
        equal_var=False,
    )
    table = reference_table(intent, path)
    assert float(table["rows"][0][table["columns"].index("statistic")]) == pytest.approx(expected.statistic)


def test_a_weekday_name_with_no_weekday_column_stays_a_word(folder: Path) -> None:
    with pytest.raises(NOT_ANSWERED):
        read_intent("Welch t-test of packpc between Montag and Freitag", folder / "cigs.csv")


def test_a_value_that_is_also_an_article_is_no_group(folder: Path) -> None:
    path = folder / "polls.csv"
    frame = pd.read_csv(path)
    request = (
        "Use a Mann-Whitney U test to compare adjpoll between likely voters (lv) and registered voters (rv)."
    )
    intent = read_intent(request, path)
    assert intent.options["groups"] == ["lv", "rv"]  # not 'a' (the article of "Use a ...")
    expected = stats.mannwhitneyu(
        frame.loc[frame["population"] == "lv", "adjpoll"],
        frame.loc[frame["population"] == "rv", "adjpoll"],
        alternative="two-sided",
    )
    table = reference_table(intent, path)
    row = dict(zip(table["columns"], table["rows"][0], strict=True))
    assert (float(row["statistic"]), float(row["p_value"])) == pytest.approx(tuple(expected))
    listed = read_intent("Kruskal-Wallis test of adjpoll across a, lv and rv", path)
    assert listed.options["groups"] == ["a", "lv", "rv"]  # named in a list: the group 'a'
