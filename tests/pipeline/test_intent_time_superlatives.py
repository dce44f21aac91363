# ruff: noqa: E501 - one question per entry reads better than wrapped requests
"""Integer year and month columns are time; argmax questions answer with the period or row; several
percentiles are one answer. Each question runs through the parser and the catalogue's reference and is
checked against plain pandas: right, or asked / refused — never wrong.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

from mcpforge.catalogue import get_operation
from mcpforge.catalogue.base import frame_to_table
from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.pipeline.intent.parse import percentiles_in
from mcpforge.runtime import load_csv_data_with_types

Expected = float | list[float] | dict[tuple[str, ...], float]


def _shops(folder: Path) -> Path:
    """Monthly rows per shop: integer ``yr`` and ``month`` columns, no date column."""
    rng = np.random.default_rng(3)
    rows = [
        (shop, yr, month)
        for shop in ["Ames", "Bern", "Cork", None]
        for yr in range(2016, 2021)
        for month in range(1, 13)
    ]
    frame = pd.DataFrame(rows, columns=["shop", "yr", "month"])
    frame["units"] = rng.integers(10, 500, len(frame))
    frame.loc[frame["shop"].isna(), "units"] = 5000  # rows with no shop outsell every shop
    frame["stock"] = rng.uniform(1, 20, len(frame)).round(2)
    path = folder / "shops.csv"
    frame.to_csv(path, index=False)
    return path


def _weather(folder: Path) -> Path:
    """Daily readings with a date column."""
    rng = np.random.default_rng(5)
    days = pd.date_range("2020-01-01", "2022-12-31", freq="D")
    frame = pd.DataFrame({
        "day": days.strftime("%Y-%m-%d"),
        "rain_mm": rng.gamma(1.2, 3.0, len(days)).round(1),
        "gust": rng.uniform(0, 30, len(days)).round(1),
    })  # fmt: skip
    path = folder / "weather.csv"
    frame.to_csv(path, index=False)
    return path


def _stations(folder: Path) -> Path:
    rng = np.random.default_rng(9)
    frame = pd.DataFrame({
        "station": [f"S{i:03d}" for i in range(120)],
        "region": rng.choice(["North", "South", "East", "West"], 120),
        "latitude": rng.uniform(-40, 70, 120).round(4),
        "longitude": rng.uniform(-170, 170, 120).round(4),
    })  # fmt: skip
    path = folder / "stations.csv"
    frame.to_csv(path, index=False)
    return path


def by(
    keys: list[str],
    column: str | None,
    func: str,
    where: Callable[[pd.DataFrame], Any] | None = None,
    *,
    top: int | None = None,
    ascending: bool = False,
):
    def compute(df: pd.DataFrame) -> Expected:
        part = df[where(df)] if where else df
        series = part.groupby(keys).size() if column is None else part.groupby(keys)[column].agg(func)
        if top is not None:
            series = series.sort_values(ascending=ascending, kind="stable").head(top)
        return {
            tuple(str(k) for k in (key if isinstance(key, tuple) else (key,))): float(v)
            for key, v in series.items()
        }

    return compute


def one(column: str, func: str, where: Callable[[pd.DataFrame], Any] | None = None):
    def compute(df: pd.DataFrame) -> Expected:
        part = df[where(df)] if where else df
        return float(part[column].agg(func))

    return compute


def monthly_top(column: str, func: str, year: int, *, ascending: bool = False):
    def compute(df: pd.DataFrame) -> Expected:
        part = df[df["day"].str[:4] == str(year)]
        series = part.groupby(part["day"].str[:7])[column].agg(func).sort_values(ascending=ascending)
        return {(str(series.index[0]),): float(series.iloc[0])}

    return compute


def quantiles(column: str, points: list[float]):
    def compute(df: pd.DataFrame) -> Expected:
        return [float(v) for v in df[column].quantile([p / 100 for p in points])]

    return compute


RIGHT, REFUSED = "right", "refused"
QUESTIONS: list[tuple[str, str, Callable[[pd.DataFrame], Expected] | None, str]] = [
    # a year filter, a year range and a year grouping on an integer year column
    ("shops", "total units in 2018", one("units", "sum", lambda d: d["yr"] == 2018), RIGHT),
    ("shops", "average stock per month for 2019", by(["month"], "stock", "mean", lambda d: d["yr"] == 2019), RIGHT),
    ("shops", "total units per yr between 2017 and 2019", by(["yr"], "units", "sum", lambda d: d["yr"].between(2017, 2019)), RIGHT),
    ("shops", "for Ames, mean units per yr from 2016 to 2018", by(["yr"], "units", "mean", lambda d: (d["shop"] == "Ames") & d["yr"].between(2016, 2018)), RIGHT),
    ("shops", "yearly total units", by(["yr"], "units", "sum"), RIGHT),
    ("shops", "median units for each calendar month (1-12), over all shops and years", by(["month"], "units", "median"), RIGHT),
    ("shops", "mean units in the summer months (month 6, 7 and 8) of 2017", one("units", "mean", lambda d: (d["yr"] == 2017) & d["month"].isin([6, 7, 8])), RIGHT),
    ("shops", "total units in March 2020", one("units", "sum", lambda d: (d["yr"] == 2020) & (d["month"] == 3)), RIGHT),
    ("shops", "mean units in the summer months", None, REFUSED),  # which months: not said
    # argmax over periods and over rows
    ("shops", "which yr had the highest total units", by(["yr"], "units", "sum", top=1), RIGHT),
    ("shops", "which shop had the largest units in a single month", by(["shop"], "units", "max", top=1), RIGHT),
    ("shops", "which shop has the highest total units", by(["shop"], "units", "sum", top=1), RIGHT),  # no-shop rows are no shop
    ("weather", "which month of 2021 had the highest total rain_mm", monthly_top("rain_mm", "sum", 2021), RIGHT),
    ("weather", "what was the wettest month of 2022 (highest total rain_mm)?", monthly_top("rain_mm", "sum", 2022), RIGHT),
    ("weather", "the driest month of 2020 (lowest mean rain_mm)", monthly_top("rain_mm", "mean", 2020, ascending=True), RIGHT),
    ("weather", "what was the wettest month of 2021 (highest mean gust)?", None, REFUSED),  # two measures
    ("weather", "what was the wettest month of 2021?", None, REFUSED),  # total or mean: not said
    ("weather", "max gust per year", by(["y"], "gust", "max"), RIGHT),
    ("weather", "monthly mean gust per rain_mm", None, REFUSED),  # a key the time series cannot hold
    ("stations", "what is the southernmost latitude?", one("latitude", "min"), RIGHT),
    ("stations", "the easternmost longitude in region West", one("longitude", "max", lambda d: d["region"] == "West"), RIGHT),
    ("stations", "which 2 regions have the lowest mean latitude (the most southern)?", by(["region"], "latitude", "mean", top=2, ascending=True), RIGHT),
    ("stations", "which 2 regions have the highest mean latitude (the most southern)?", None, REFUSED),
    # several percentiles
    ("stations", "the 10th, 50th and 90th percentiles of latitude", quantiles("latitude", [10, 50, 90]), RIGHT),
    ("shops", "5th, 50th and 95th percentile of stock", quantiles("stock", [5, 50, 95]), RIGHT),
]  # fmt: skip


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("time")
    return {"shops": _shops(folder), "weather": _weather(folder), "stations": _stations(folder)}


def _close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-6, abs_tol=1e-6)


def _same(cell: Any, key: str) -> bool:
    """A key cell: equal text, equal as numbers, or a period label ("2021-07") for a key of the same text."""
    if str(cell) == key:
        return True
    try:
        return float(cell) == float(key)
    except (TypeError, ValueError):
        return False


def _numbers(row: list[Any]) -> list[float]:
    return [float(c) for c in row if isinstance(c, int | float) and not isinstance(c, bool)]


def _matches(expected: Expected, rows: list[list[Any]]) -> bool:
    if isinstance(expected, list):
        return len(rows) == 1 and all(any(_close(n, e) for n in _numbers(rows[0])) for e in expected)
    if not isinstance(expected, dict):
        return len(rows) == 1 and any(_close(n, expected) for n in _numbers(rows[0]))
    if len(rows) != len(expected):
        return False
    for key, value in expected.items():
        found = [r for r in rows if all(any(_same(c, k) for c in r) for k in key)]
        if not found or not any(_close(n, value) for n in _numbers(found[0])):
            return False
    return True


def _outcome(
    dataset: str, request: str, expected: Callable[[pd.DataFrame], Expected] | None, path: Path
) -> str:
    try:
        intent = extract_intent(request, DatasetSchema.from_file(path))
    except (NeedsClarificationError, UnmappableRequestError):
        return REFUSED
    operation = get_operation(intent.operation)
    table = frame_to_table(
        operation.reference(load_csv_data_with_types(str(path)), operation.render(intent).arguments)
    )
    frame = pd.read_csv(path)
    if dataset == "weather":
        frame["y"] = frame["day"].str[:4]
    return (
        RIGHT
        if expected is not None and _matches(expected(frame), [list(r) for r in table["rows"]])
        else "wrong"
    )


@pytest.mark.parametrize(
    ("dataset", "request_text", "expected", "allowed"), QUESTIONS, ids=[q[1] for q in QUESTIONS]
)
def test_time_and_superlative_questions_end_right_or_refused_never_wrong(  # noqa: PLR0917 - parametrized
    dataset: str, request_text: str, expected: Callable[[pd.DataFrame], Expected] | None, allowed: str,
    files: dict[str, Path], monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    monkeypatch.chdir(files[dataset].parent)
    assert _outcome(dataset, request_text, expected, files[dataset]) == allowed


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("25th , 50th and 75th percentile of x", [25.0, 50.0, 75.0]),
        ("the 5th, 50th and 95th percentiles of x", [5.0, 50.0, 95.0]),
        ("90th percentile of cost per department", [90.0]),
        ("p10 and p90 of x", [10.0, 90.0]),
        ("percentiles 5, 50 and 95 of price", [5.0, 50.0, 95.0]),
        ("in 2015 the 90th percentile of x", [90.0]),
        ("quartiles of x", [25.0, 50.0, 75.0]),
    ],
)
def test_several_percentiles_listed_before_the_word_are_read_together(text: str, points: list[float]) -> None:
    assert percentiles_in(text) == points


def test_a_time_series_with_a_key_is_refused_not_answered_without_the_key() -> None:
    """``accident counts by region and year``: the time templates hold no key; a per-year count alone would
    answer another question (it was read so, and the region silently dropped)."""
    traffic = DatasetSchema.from_file(Path(__file__).parents[2] / "examples" / "traffic_accidents.csv")
    with pytest.raises(UnmappableRequestError):
        extract_intent("accident counts by region and year", traffic)
