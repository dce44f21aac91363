"""'average X per day' over rows that are already one per day is one number: the mean over the days.

Before, the per-period reading grouped by the date column itself and answered with a table of each day's
own value headed "average per day". Rows finer than the period keep their per-period reading.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from mcpforge.pipeline.intent import DatasetSchema, extract_intent

_DAYS = pd.date_range("2024-07-01", "2024-09-30")


def _schema(tmp_path_factory: pytest.TempPathFactory, name: str, frame: pd.DataFrame) -> DatasetSchema:
    path = tmp_path_factory.mktemp("rows_per_period") / name
    frame.to_csv(path, index=False)
    return DatasetSchema.from_file(Path(path))


@pytest.fixture(scope="module")
def daily(tmp_path_factory: pytest.TempPathFactory) -> tuple[DatasetSchema, pd.DataFrame]:
    frame = pd.DataFrame({"report_day": _DAYS, "deaths": [(k * 7) % 23 for k in range(len(_DAYS))]})
    return _schema(tmp_path_factory, "daily.csv", frame), frame


@pytest.fixture(scope="module")
def yearly(tmp_path_factory: pytest.TempPathFactory) -> tuple[DatasetSchema, pd.DataFrame]:
    frame = pd.DataFrame({"year": range(2000, 2020), "births": [1000 + (k * 37) % 101 for k in range(20)]})
    return _schema(tmp_path_factory, "yearly.csv", frame), frame


@pytest.mark.parametrize(
    "request_text",
    [
        "average number of deaths per day",
        "mean deaths per day",
        "Durchschnittliche deaths pro Tag",
        "nombre moyen de deaths par jour",
        "promedio de deaths por día",
    ],
)
def test_a_mean_per_day_over_daily_rows_is_one_number(
    daily: tuple[DatasetSchema, pd.DataFrame], request_text: str
) -> None:
    schema, frame = daily
    intent = extract_intent(request_text, schema)
    assert intent.operation == "aggregate" and not intent.group_by
    assert [(m.func, m.column) for m in intent.metrics] == [("mean", "deaths")]
    assert any("over the days: each row is one day" in note for note in intent.notes)
    assert frame["deaths"].mean() == pytest.approx(frame["deaths"].sum() / frame["report_day"].nunique())


def test_a_mean_per_day_in_a_month_keeps_the_month_and_is_one_number(
    daily: tuple[DatasetSchema, pd.DataFrame],
) -> None:
    schema, frame = daily
    intent = extract_intent("average deaths per day in August", schema)
    assert intent.operation == "aggregate" and not intent.group_by
    bounds = {(f.op, str(f.value)) for f in intent.filters if f.column == "report_day"}
    assert bounds == {(">=", "2024-08-01"), ("<", "2024-09-01")}
    august = frame[frame["report_day"].dt.month == 8]
    assert len(august) == 31 and august["deaths"].mean() == pytest.approx(august["deaths"].sum() / 31)


@pytest.mark.parametrize(
    "request_text", ["median births per year", "Median births pro Jahr", "médiane births par an"]
)
def test_a_median_per_year_over_yearly_rows_is_one_number(
    yearly: tuple[DatasetSchema, pd.DataFrame], request_text: str
) -> None:
    schema, _ = yearly
    intent = extract_intent(request_text, schema)
    assert intent.operation == "aggregate" and not intent.group_by
    assert [(m.func, m.column) for m in intent.metrics] == [("median", "births")]
    assert any("the median over the years" in note for note in intent.notes)


def test_a_mean_by_date_is_still_a_table_per_date(daily: tuple[DatasetSchema, pd.DataFrame]) -> None:
    schema, _ = daily
    assert extract_intent("average deaths by report_day", schema).group_by == ["report_day"]


def test_rows_finer_than_the_period_keep_their_reading(tmp_path_factory: pytest.TempPathFactory) -> None:
    days = [d.strftime("%Y-%m-%d") for d in _DAYS[:10] for _ in range(3)]
    frame = pd.DataFrame({"order_date": days, "sales": [float(k % 11) for k in range(30)]})
    intent = extract_intent("average sales per day", _schema(tmp_path_factory, "orders.csv", frame))
    assert intent.operation == "time_resample" and intent.time_grain == "day"
    assert not any("each row is one day" in note for note in intent.notes)
    assert any("the mean of the rows within each day" in note for note in intent.notes)


def test_a_panel_of_cities_and_years_keeps_its_reading(tmp_path_factory: pytest.TempPathFactory) -> None:
    frame = pd.DataFrame(
        {"year": [y for y in range(2010, 2020) for _ in range(2)], "city": ["A", "B"] * 10, "rate": range(20)}
    )
    intent = extract_intent("average rate per year", _schema(tmp_path_factory, "panel.csv", frame))
    assert not any("each row is one year" in note for note in intent.notes)
