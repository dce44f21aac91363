"""Requests the operation catalogue does not cover, with expected answers computed in plain pandas.

Used by ``bench/bench_engine_local.py`` (and importable by tests). A tool's answer is right when its
footer table has the expected rows: rows are matched on the first expected column, and every other
expected column must match some column of the answer within a relative tolerance of 1e-3.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


@dataclass(frozen=True, kw_only=True)
class Case:
    """One request and how to compute its right answer."""

    case_id: str
    dataset: str
    request: str
    expected: Callable[[pd.DataFrame], pd.DataFrame]
    held_out: bool = False
    """Added after the worked examples of the code prompt were written; no example shows its idiom."""


def _revenue(df: pd.DataFrame) -> pd.Series:
    return df["units"] * df["unit_price"] * (1 - df["discount"])


def _mode_per_group(df: pd.DataFrame, key: str, column: str) -> pd.DataFrame:
    counts = df.groupby([key, column]).size().reset_index(name="n")
    best = counts.sort_values(["n", column], ascending=[False, True]).drop_duplicates(key)
    return best[[key, column]].sort_values(key).reset_index(drop=True)


CASES: list[Case] = [
    Case(
        case_id="mode_weather_per_region",
        dataset="traffic_accidents.csv",
        request="For each region, which weather condition has the most accidents?",
        expected=lambda df: _mode_per_group(df, "region", "weather"),
    ),
    Case(
        case_id="casualties_per_vehicle",
        dataset="traffic_accidents.csv",
        request="For each road type, total casualties divided by total vehicles involved",
        expected=lambda df: (
            df.groupby("road_type")[["casualties", "vehicles_involved"]]
            .sum()
            .pipe(lambda g: (g["casualties"] / g["vehicles_involved"]).rename("ratio"))
            .reset_index()
        ),
    ),
    Case(
        case_id="cumulative_monthly_accidents",
        dataset="traffic_accidents.csv",
        request="Cumulative number of accidents by month (running total over months)",
        expected=lambda df: (
            pd.to_datetime(df["date"])
            .dt.to_period("M")
            .astype(str)
            .value_counts()
            .sort_index()
            .cumsum()
            .rename("cumulative")
            .rename_axis("month")
            .reset_index()
        ),
    ),
    Case(
        case_id="speed_limit_range",
        dataset="traffic_accidents.csv",
        request="For each region, the range of speed limits (maximum minus minimum)",
        expected=lambda df: (
            df.groupby("region")["speed_limit"].agg(lambda s: s.max() - s.min()).rename("range").reset_index()
        ),
    ),
    Case(
        case_id="night_share_by_location",
        dataset="traffic_accidents.csv",
        request="For each location, the fraction of accidents that happened at night "
        "(hour >= 20 or hour < 6)",
        expected=lambda df: (
            df.assign(night=(df["hour"] >= 20) | (df["hour"] < 6))
            .groupby("location")["night"]
            .mean()
            .rename("share")
            .reset_index()
        ),
    ),
    Case(
        case_id="yearly_growth",
        dataset="traffic_accidents.csv",
        request="Year-over-year percent change in the number of accidents",
        expected=lambda df: (
            pd.to_datetime(df["date"])
            .dt.year.value_counts()
            .sort_index()
            .pct_change()
            .mul(100)
            .dropna()
            .rename("pct_change")
            .rename_axis("year")
            .reset_index()
        ),
    ),
    Case(
        case_id="top_product_per_region",
        dataset="sales.csv",
        request="For each region, the product with the highest total units sold",
        expected=lambda df: (
            df.groupby(["region", "product"])["units"]
            .sum()
            .reset_index()
            .sort_values(["units", "product"], ascending=[False, True])
            .drop_duplicates("region")
            .sort_values("region")[["region", "product"]]
            .reset_index(drop=True)
        ),
    ),
    Case(
        case_id="units_mom_change",
        dataset="sales.csv",
        request="Month-over-month percent change of total units sold",
        expected=lambda df: (
            df.assign(month=pd.to_datetime(df["order_date"]).dt.to_period("M").astype(str))
            .groupby("month")["units"]
            .sum()
            .pct_change()
            .mul(100)
            .dropna()
            .rename("pct_change")
            .reset_index()
        ),
    ),
    Case(
        case_id="loyal_customers_per_region",
        dataset="sales.csv",
        request="For each region, how many customers placed more than 3 orders there",
        expected=lambda df: (
            df.groupby(["region", "customer_id"])
            .size()
            .gt(3)
            .groupby("region")
            .sum()
            .rename("customers")
            .reset_index()
        ),
    ),
    Case(
        case_id="category_revenue_share_in_region",
        dataset="sales.csv",
        request="Within each region, each category's share of revenue in percent, where revenue is "
        "units * unit_price * (1 - discount)",
        expected=lambda df: (
            df.assign(revenue=_revenue(df))
            .groupby(["region", "category"])["revenue"]
            .sum()
            .pipe(lambda s: s / s.groupby(level=0).transform("sum") * 100)
            .rename("share")
            .reset_index()
        ),
    ),
    Case(
        case_id="salary_gap",
        dataset="employees.csv",
        request="Salary gap between the highest and the lowest paid employee in each department",
        expected=lambda df: (
            df.groupby("department")["salary"].agg(lambda s: s.max() - s.min()).rename("gap").reset_index()
        ),
    ),
    Case(
        case_id="salary_cv",
        dataset="employees.csv",
        request="Coefficient of variation of salary per department (standard deviation divided by mean)",
        expected=lambda df: (
            df.groupby("department")["salary"].agg(lambda s: s.std() / s.mean()).rename("cv").reset_index()
        ),
    ),
    Case(
        case_id="above_average_performance",
        dataset="employees.csv",
        request="Per department, the average performance score of employees who earn more than their "
        "department's average salary",
        expected=lambda df: (
            df[df["salary"] > df.groupby("department")["salary"].transform("mean")]
            .groupby("department")["performance_score"]
            .mean()
            .rename("score")
            .reset_index()
        ),
    ),
    Case(
        case_id="overtime_ratio_by_level",
        dataset="employees.csv",
        request="For each level, total overtime hours divided by the number of employees at that level",
        expected=lambda df: (
            df.groupby("level")["overtime_hours"]
            .agg(lambda s: s.sum() / len(s))
            .rename("per_employee")
            .reset_index()
        ),
    ),
    Case(
        case_id="hottest_hour_per_sensor",
        dataset="sensor_readings.csv",
        request="For each sensor, the hour of day with the highest average temperature",
        expected=lambda df: (
            df.assign(hour=pd.to_datetime(df["timestamp"]).dt.hour)
            .groupby(["sensor_id", "hour"])["temperature"]
            .mean()
            .reset_index()
            .sort_values(["temperature", "hour"], ascending=[False, True])
            .drop_duplicates("sensor_id")
            .sort_values("sensor_id")[["sensor_id", "hour"]]
            .reset_index(drop=True)
        ),
    ),
    Case(
        case_id="humidity_spread_per_sensor",
        dataset="sensor_readings.csv",
        request="For each sensor, the difference between its 90th and 10th percentile humidity",
        expected=lambda df: (
            df.groupby("sensor_id")["humidity"]
            .agg(lambda s: s.quantile(0.9) - s.quantile(0.1))
            .rename("spread")
            .reset_index()
        ),
    ),
    Case(
        case_id="distinct_customers_per_channel",
        dataset="sales.csv",
        request="For each channel, the number of different customers who ordered",
        expected=lambda df: df.groupby("channel")["customer_id"].nunique().rename("customers").reset_index(),
        held_out=True,
    ),
    Case(
        case_id="discount_of_big_orders",
        dataset="sales.csv",
        request="Average discount of orders with more than 5 units, per category",
        expected=lambda df: (
            df[df["units"] > 5].groupby("category")["discount"].mean().rename("discount").reset_index()
        ),
        held_out=True,
    ),
    Case(
        case_id="driver_age_multi_vehicle",
        dataset="traffic_accidents.csv",
        request="For each severity, the average driver age in accidents with more than 2 vehicles involved",
        expected=lambda df: (
            df[df["vehicles_involved"] > 2]
            .groupby("severity")["driver_age"]
            .mean()
            .rename("age")
            .reset_index()
        ),
        held_out=True,
    ),
    Case(
        case_id="remote_median_salary",
        dataset="employees.csv",
        request="Per department, the median salary of remote employees",
        expected=lambda df: (
            df[df["remote"].astype(str) == "True"]
            .groupby("department")["salary"]
            .median()
            .rename("median_salary")
            .reset_index()
        ),
        held_out=True,
    ),
    Case(
        case_id="revenue_per_order_by_region",
        dataset="sales.csv",
        request="For each region, the average revenue per order, where revenue is "
        "units * unit_price * (1 - discount)",
        expected=lambda df: (
            df.assign(revenue=_revenue(df))
            .groupby("region")["revenue"]
            .mean()
            .rename("revenue")
            .reset_index()
        ),
        held_out=True,
    ),
    Case(
        case_id="temperature_vs_overall",
        dataset="sensor_readings.csv",
        request="For each sensor, its average temperature minus the average temperature of all sensors",
        expected=lambda df: (
            (df.groupby("sensor_id")["temperature"].mean() - df["temperature"].mean())
            .rename("difference")
            .reset_index()
        ),
        held_out=True,
    ),
]


def _close(left: object, right: object) -> bool:
    try:
        a, b = float(str(left)), float(str(right))
    except ValueError:
        return str(left).strip().lower() == str(right).strip().lower()
    return abs(a - b) <= 1e-3 * max(1.0, abs(a), abs(b))


def _norm(value: object) -> str:
    """A key value as text: 2021, 2021.0 and "2021" are the same key."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def _is_key(series: pd.Series) -> bool:
    return not pd.api.types.is_float_dtype(series) or series.name in {"hour", "year"}


def answer_matches(expected: pd.DataFrame, columns: list[str], rows: list[list[object]]) -> bool:
    """Whether a tool's footer table (``columns``, ``rows``) holds the expected answer.

    Rows are keyed on the expected non-float columns (each must equal, as a multiset of values, some
    column of the answer); every float column must then match some answer column row by row.
    """
    if len(rows) != len(expected) or not columns:
        return False
    table = pd.DataFrame(rows, columns=[str(c) for c in columns])
    key_columns = [c for c in expected.columns if _is_key(expected[c])] or [expected.columns[0]]
    mapping: dict[str, str] = {}
    for column in key_columns:
        wanted = sorted(map(_norm, expected[column]))
        found = next(
            (
                c
                for c in table.columns
                if c not in mapping.values() and sorted(map(_norm, table[c])) == wanted
            ),
            None,
        )
        if found is None:
            return False
        mapping[column] = found
    expected_keys = ["|".join(_norm(v) for v in row) for row in expected[key_columns].itertuples(index=False)]
    table_keys = [
        "|".join(_norm(v) for v in row)
        for row in table[[mapping[c] for c in key_columns]].itertuples(index=False)
    ]
    if sorted(expected_keys) != sorted(table_keys):
        return False
    table.index = pd.Index(table_keys)
    for column in (c for c in expected.columns if c not in key_columns):
        wanted = dict(zip(expected_keys, expected[column], strict=True))
        candidates = [c for c in table.columns if c not in mapping.values()]
        if not any(all(_close(table.loc[k, c], v) for k, v in wanted.items()) for c in candidates):
            return False
    return True
