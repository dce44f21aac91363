# ruff: noqa: E501 - one question per entry reads better than wrapped requests
"""Issue 25, time on integer year columns and the words around a reading's scope, checked against scipy/pandas.

A year restricts every analysis, written any way ("in the year 2015", "for the years 2011-2013", "2010
only"): tests, dispersion, percentiles, correlations and groupings. "Treat year as time" is kept and said
when the reading uses that column as time, refused when it does not; "apart from the national polls (U.S.)"
leaves a value out; "across all states" beside a total changes nothing and is said, beside a mean it is
refused. Each question runs through the parser and the catalogue's reference: right, or refused / asked,
never wrong.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from mcpforge.catalogue import get_operation
from mcpforge.catalogue.base import frame_to_table
from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.pipeline.intent.reading import reading_sentence
from mcpforge.runtime import load_csv_data_with_types

Expected = float | dict[tuple[str, ...], float]
Compute = Callable[[pd.DataFrame], Expected]
RIGHT, REFUSED = "right", "refused"


def _write(folder: Path) -> dict[str, Path]:
    rng = np.random.default_rng(2025)
    countries = [
        (f"K{i:02d}", ["Africa", "Asia", "Europe"][i % 3], ["North", "South"][i % 2]) for i in range(30)
    ]
    years = [1990, 2000, *range(2010, 2017)]
    nations = pd.DataFrame(
        [(c, cont, reg, y) for c, cont, reg in countries for y in years],
        columns=["country", "continent", "region", "year"],
    )
    drift = (nations["year"] - 1990) / 10
    nations["life"] = (60 + 3 * drift + rng.normal(0, 6, len(nations))).round(2)
    nations["fertility"] = (5 - 0.5 * drift + rng.normal(0, 1, len(nations))).round(3)
    states = ["U.S.", "Florida", "Ohio", "Texas"]
    n = 400
    start = pd.Timestamp("2015-11-01") + pd.to_timedelta(rng.integers(0, 380, n), unit="D")
    polls = pd.DataFrame({
        "state": rng.choice(states, n, p=[0.55, 0.2, 0.15, 0.1]),  # the national polls are the most
        "startdate": start.strftime("%Y-%m-%d"),
        "enddate": (start + pd.to_timedelta(rng.integers(1, 60, n), unit="D")).strftime("%Y-%m-%d"),
        "pollster": rng.choice(["Ipsos", "Gallup", "YouGov"], n),
        "samplesize": rng.integers(300, 3000, n),
    })  # fmt: skip
    tally = pd.DataFrame(
        [(d, s, y) for d in ["Flu", "Polio"] for s in ["AL", "AK", "AZ", "AR"] for y in range(1950, 1960)],
        columns=["disease", "state", "year"],
    )
    tally["count"] = rng.integers(0, 900, len(tally))
    out = {}
    for name, frame in {"nations": nations, "polls": polls, "tally": tally}.items():
        out[name] = folder / f"{name}.csv"
        frame.to_csv(out[name], index=False)
    return out


def year(frame: pd.DataFrame, low: int, high: int | None = None) -> pd.DataFrame:
    return frame[frame["year"].between(low, high if high is not None else low)]


def by(keys: str | list[str], series: Callable[[pd.DataFrame], pd.Series]) -> Compute:
    def compute(df: pd.DataFrame) -> Expected:
        return {tuple(str(k) for k in (key if isinstance(key, tuple) else (key,))): float(v)
                for key, v in series(df).items()}  # fmt: skip

    return compute


def top1(series: Callable[[pd.DataFrame], pd.Series]) -> Compute:
    def compute(df: pd.DataFrame) -> Expected:
        values = series(df).sort_values(ascending=False)
        return {(str(values.index[0]),): float(values.iloc[0])}

    return compute


def _welch(df: pd.DataFrame) -> float:
    d = year(df, 2000)
    africa, asia = (
        d.loc[d["continent"] == "Africa", "fertility"],
        d.loc[d["continent"] == "Asia", "fertility"],
    )
    return float(stats.ttest_ind(africa, asia, equal_var=False).statistic)


def _polls_per_month(df: pd.DataFrame) -> pd.Series:
    d = df[df["enddate"].str[:4] == "2016"]
    return d.groupby(d["enddate"].str[:7]).size()


QUESTIONS: list[tuple[str, str, Compute | None, str, dict[str, str]]] = [
    # a year restricts every analysis, written with the column's name, as a range or with "only"
    ("nations", "Test whether life in the year 2015 is normally distributed, using the Shapiro-Wilk test at alpha 0.05.",
     lambda df: float(stats.shapiro(year(df, 2015)["life"]).statistic), RIGHT, {}),
    ("nations", "In the year 2000, is mean fertility different between Africa and Asia? Use Welch's t-test at alpha 0.05.",
     _welch, RIGHT, {}),
    ("nations", "Sample standard deviation of life for the year 2012", lambda df: float(year(df, 2012)["life"].std()), RIGHT, {}),
    ("nations", "90th percentile of fertility in the year 2014",
     lambda df: float(year(df, 2014)["fertility"].quantile(0.9)), RIGHT, {}),
    ("nations", "correlation between fertility and life in the year 2013",
     lambda df: float(year(df, 2013)["fertility"].corr(year(df, 2013)["life"])), RIGHT, {}),
    ("nations", "median fertility per region, 2010 only",
     by("region", lambda df: year(df, 2010).groupby("region")["fertility"].median()), RIGHT, {}),
    ("nations", "mean life for the years 2011-2013", lambda df: float(year(df, 2011, 2013)["life"].mean()), RIGHT, {}),
    ("nations", "mean life per continent in 2011\u20132013",
     by("continent", lambda df: year(df, 2011, 2013).groupby("continent")["life"].mean()), RIGHT, {}),
    ("nations", "mean life per year from the year 2012 to 2014",
     by("year", lambda df: year(df, 2012, 2014).groupby("year")["life"].mean()), RIGHT, {}),
    ("nations", "mean life per year 2012 to 2014",
     by("year", lambda df: year(df, 2012, 2014).groupby("year")["life"].mean()), RIGHT, {}),
    ("nations", "mean life per year between the years 2012 and 2014",
     by("year", lambda df: year(df, 2012, 2014).groupby("year")["life"].mean()), RIGHT, {}),
    ("nations", "mean life for the years 2010 and 2015",  # two years, never the years between
     lambda df: float(df.loc[df["year"].isin([2010, 2015]), "life"].mean()), RIGHT, {}),
    ("nations", "number of rows with life above 2000 only", lambda df: float((df["life"] > 2000).sum()), RIGHT, {}),
    # "treat X as time": kept when the reading uses X as time, refused when it does not
    ("nations", "Treat the year column as time: give the mean life for each year from 2012 to 2014.",
     by("year", lambda df: year(df, 2012, 2014).groupby("year")["life"].mean()), RIGHT, {}),
    ("nations", "Treat year as time and give the mean life of Asia for every year.",
     by("year", lambda df: df[df["continent"] == "Asia"].groupby("year")["life"].mean()), RIGHT, {}),
    ("nations", "Treat year as time: mean life per continent", None, REFUSED, {}),
    ("nations", "Treat continent as time: mean life per continent", None, REFUSED, {}),
    ("polls", "Treat enddate as the time column: how many rows per month in 2016?", by("enddate", _polls_per_month), RIGHT, {}),
    ("polls", "Treat enddate as the time column: mean samplesize per pollster", None, REFUSED, {}),
    ("polls", "Treat enddate as the time column: how many rows ended in each month of 2016?", by("enddate", _polls_per_month), RIGHT, {}),
    ("polls", "Treat startdate as the time column: how many rows ended in each month of 2016?", None, REFUSED, {}),
    # exclusions: a value left out of the rows
    ("polls", "Apart from the national polls (U.S.), which state has the most rows?",
     top1(lambda df: df.loc[df["state"] != "U.S.", "state"].value_counts()), RIGHT, {}),
    ("polls", "Aside from U.S., which state has the most rows?",
     top1(lambda df: df.loc[df["state"] != "U.S.", "state"].value_counts()), RIGHT, {}),
    ("polls", "Apart from the national polls (Canada), which state has the most rows?", None, REFUSED, {}),
    # "across all states": a total over them changes nothing; a mean is refused
    ("tally", "In which year did Flu peak, i.e. the highest total count across all states?",
     top1(lambda df: df[df["disease"] == "Flu"].groupby("year")["count"].sum()), RIGHT, {}),
    ("tally", "mean count per year across all states", None, REFUSED, {}),
    ("tally", "total count per state across all states", None, REFUSED, {}),
    # "total Flu cases" over a file whose rows already count cases: the one count column, never rows (R5)
    ("tally", "total Flu cases per year", by("year", lambda df: df[df["disease"] == "Flu"].groupby("year")["count"].sum()),
     RIGHT, {}),
    ("tally", "total Flu cases per year", by("year", lambda df: df[df["disease"] == "Flu"].groupby("year")["count"].sum()),
     RIGHT, {"cases": "count"}),
]  # fmt: skip


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return _write(tmp_path_factory.mktemp("year_scope"))


def _close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-6, abs_tol=1e-6)


def _numbers(row: list[Any]) -> list[float]:
    return [float(c) for c in row if isinstance(c, int | float) and not isinstance(c, bool)]


def _same(cell: Any, key: str) -> bool:
    text = str(cell)
    if text == key or text[:7] == key:  # a month's first day stands for the month ("2016-03-01")
        return True
    try:
        return float(cell) == float(key)
    except (TypeError, ValueError):
        return False


def _matches(expected: Expected, rows: list[list[Any]]) -> bool:
    if not isinstance(expected, dict):
        return bool(rows) and any(_close(n, expected) for n in _numbers(rows[0]))
    if len(rows) != len(expected):
        return False
    for key, value in expected.items():
        found = [r for r in rows if all(any(_same(c, k) for c in r) for k in key)]
        if not found or not any(_close(n, value) for n in _numbers(found[0])):
            return False
    return True


def _table(request: str, path: Path, answers: dict[str, str]) -> list[list[Any]]:
    intent = extract_intent(request, DatasetSchema.from_file(path), answers=answers)
    operation = get_operation(intent.operation)
    table = frame_to_table(
        operation.reference(load_csv_data_with_types(str(path)), operation.render(intent).arguments)
    )
    return [list(r) for r in table["rows"]]


def _outcome(request: str, expected: Compute | None, path: Path, answers: dict[str, str]) -> str:
    try:
        rows = _table(request, path, answers)
    except (NeedsClarificationError, UnmappableRequestError):
        return REFUSED
    return RIGHT if expected is not None and _matches(expected(pd.read_csv(path)), rows) else "wrong"


@pytest.mark.parametrize(
    ("dataset", "request_text", "expected", "allowed", "answers"),
    QUESTIONS,
    ids=[f"{q[1]} {q[4] or ''}" for q in QUESTIONS],
)
def test_years_and_scope_words_end_right_or_refused_never_wrong(  # noqa: PLR0917 - parametrized
    dataset: str, request_text: str, expected: Compute | None, allowed: str, answers: dict[str, str],
    files: dict[str, Path], monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    monkeypatch.chdir(files[dataset].parent)
    assert _outcome(request_text, expected, files[dataset], answers) == allowed


@pytest.mark.parametrize(
    ("dataset", "request_text", "said"),
    [
        (
            "nations",
            "Test whether life in the year 2015 is normally distributed (Shapiro-Wilk).",
            "`year` = 2015",
        ),
        ("nations", "median fertility per region, 2010 only", "`year` = 2010"),
        (
            "nations",
            "Treat year as time and give the mean life of Asia for every year.",
            "time: `year`, as asked",
        ),
        (
            "polls",
            "Treat enddate as the time column: how many rows per month in 2016?",
            "time: `enddate`, as asked",
        ),
        (
            "polls",
            "Treat enddate as the time column: how many rows ended in each month of 2016?",
            "not used: 'ended'",
        ),
        (
            "polls",
            "Apart from the national polls (U.S.), which state has the most rows?",
            "not used: 'national polls'",
        ),
        (
            "tally",
            "In which year did Flu peak, i.e. the highest total count across all states?",
            "not used: 'across all states'",
        ),
    ],
)
def test_the_reading_says_what_it_did_with_the_words(
    dataset: str, request_text: str, said: str, files: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(files[dataset].parent)
    intent = extract_intent(request_text, DatasetSchema.from_file(files[dataset]))
    assert said in reading_sentence(intent)


def test_the_refusal_names_the_instruction_and_how_to_ask(
    files: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(files["nations"].parent)
    with pytest.raises(UnmappableRequestError) as refused:
        extract_intent(
            "Treat year as time: mean life per continent", DatasetSchema.from_file(files["nations"])
        )
    assert "'Treat year as time' is not honoured" in str(refused.value)
    assert "per year" in str(refused.value)
