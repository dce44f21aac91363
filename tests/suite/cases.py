"""The public example suite: plain-language requests over the datasets in ``examples/``.

Each :class:`Case` says what the intent parser must understand (``operation`` and ``intent``) and what the
answer is (``expected(df)``), written with plain, obvious pandas and independent of the catalogue code.

Conventions of the expected tables (for the end-to-end comparison):

* ``df`` is the dataset as :func:`load_dataset` reads it (date columns parsed as datetimes).
* Group keys come first, under their real column names; metric columns are named ``<func>_<column>``
  (``count`` for a row count, ``percent`` for shares in 0-100); period keys of time resampling are the
  period start as a Timestamp; weekday keys are day names (``Monday``), hour keys integers.
* Compare as sets of rows with a numeric tolerance (relative 1e-6); column order is free. ``shape`` is the
  (rows, columns) of the expected table; a tool may add columns (e.g. a percent column) beyond it.
* Rows whose group key is missing (NaN) are not part of the expected tables.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
DATE_COLUMNS = {
    "traffic_accidents.csv": ["date"],
    "sales.csv": ["order_date"],
    "employees.csv": ["hire_date"],
    "sensor_readings.csv": ["timestamp"],
}
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


@cache
def _load(name: str) -> pd.DataFrame:
    return pd.read_csv(EXAMPLES / name, parse_dates=DATE_COLUMNS[name])


def load_dataset(name: str) -> pd.DataFrame:
    """A fresh copy of an example dataset with its date columns parsed."""
    return _load(name).copy()


@dataclass(frozen=True, kw_only=True)
class Case:
    """One request of the suite and its independently computed answer."""

    id: str
    dataset: str
    request: str
    operation: str
    expected: Callable[[pd.DataFrame], pd.DataFrame]
    shape: tuple[int, int]
    intent: dict[str, Any] = field(default_factory=dict)
    """Expected Intent fields besides ``operation``: metrics as (func, column) pairs, filters as
    (column, op, value) triples, derived as names; any other key is compared with the Intent field."""

    @property
    def path(self) -> Path:
        """The dataset file."""
        return EXAMPLES / self.dataset


T, S, E, R = "traffic_accidents.csv", "sales.csv", "employees.csv", "sensor_readings.csv"


def _count(df: pd.DataFrame, keys: list[str]) -> pd.DataFrame:
    return df.groupby(keys).size().reset_index(name="count")


def _share(df: pd.DataFrame, keys: list[str]) -> pd.DataFrame:
    out = _count(df, keys)
    out["percent"] = out["count"] / out["count"].sum() * 100
    return out


def _agg(df: pd.DataFrame, keys: list[str], pairs: list[tuple[str, str]]) -> pd.DataFrame:
    grouped = df.groupby(keys)
    out = pd.DataFrame({f"{func}_{col}": grouped[col].agg(func) for func, col in pairs})
    return out.reset_index()


def _revenue(df: pd.DataFrame, discount: bool = True) -> pd.DataFrame:
    df = df.copy()
    df["revenue"] = df["units"] * df["unit_price"] * ((1 - df["discount"]) if discount else 1)
    return df


def _year_range(df: pd.DataFrame, column: str, first: int, last: int) -> pd.DataFrame:
    return df[(df[column] >= f"{first}-01-01") & (df[column] < f"{last + 1}-01-01")]


def _resample(df: pd.DataFrame, column: str, freq: str, value: str | None, func: str) -> pd.DataFrame:
    period = df[column].dt.to_period(freq).dt.start_time
    if value is None:
        out = df.groupby(period).size().rename("count")
    else:
        out = df.groupby(period)[value].agg(func).rename(f"{func}_{value}")
    return out.rename_axis(column).reset_index()


def _zscore_outliers(series: pd.Series, threshold: float) -> pd.DataFrame:
    z = (series - series.mean()) / series.std()
    flagged = series[z.abs() > threshold]
    return pd.DataFrame({"row": flagged.index, series.name: flagged.to_numpy()})


def _percentiles(df: pd.DataFrame, column: str, ps: list[float]) -> pd.DataFrame:
    values = df[column].dropna()
    return pd.DataFrame(
        {"column": column, "percentile": ps, "value": [float(np.percentile(values, p)) for p in ps]}
    )


def _top_rows(df: pd.DataFrame, column: str, n: int, descending: bool = True) -> pd.DataFrame:
    return df.sort_values(column, ascending=not descending).head(n)[[column]]


def _describe(df: pd.DataFrame, columns: list[str]) -> pd.DataFrame:
    return df[columns].describe().rename_axis("statistic").reset_index()


CASES: list[Case] = [
    # --- traffic accidents -------------------------------------------------------------------------------
    Case(
        id="t_severity_location",
        dataset=T,
        request="Analyze traffic accidents by severity and location",
        operation="group_count",
        intent={"group_by": ["severity", "location"]},
        expected=lambda df: _count(df, ["severity", "location"]),
        shape=(9, 3),
    ),
    Case(
        id="t_rain_count",
        dataset=T,
        request="How many accidents happened in the rain?",
        operation="aggregate",
        intent={"metrics": [("count", None)], "filters": [("weather", "==", "Rain")]},
        expected=lambda df: pd.DataFrame({"count": [int((df["weather"] == "Rain").sum())]}),
        shape=(1, 1),
    ),
    Case(
        id="t_avg_speed_region",
        dataset=T,
        request="average speed limit per region",
        operation="group_aggregate",
        intent={"group_by": ["region"], "metrics": [("mean", "speed_limit")]},
        expected=lambda df: _agg(df, ["region"], [("mean", "speed_limit")]),
        shape=(5, 2),
    ),
    Case(
        id="t_top_regions_count",
        dataset=T,
        request="Top 3 regions by number of accidents",
        operation="group_count",
        intent={"group_by": ["region"], "top_n": 3, "sort_descending": True},
        expected=lambda df: _count(df, ["region"]).nlargest(3, "count"),
        shape=(3, 2),
    ),
    Case(
        id="t_share_weather",
        dataset=T,
        request="What share of accidents happened in each weather condition?",
        operation="group_count",
        intent={"group_by": ["weather"], "as_percentage": True},
        expected=lambda df: _share(df, ["weather"]),
        shape=(4, 3),
    ),
    Case(
        id="t_monthly",
        dataset=T,
        request="monthly accident counts",
        operation="time_resample",
        intent={"time_column": "date", "time_grain": "month", "metrics": [("count", None)]},
        expected=lambda df: _resample(df, "date", "M", None, "count"),
        shape=(60, 2),
    ),
    Case(
        id="t_weekday",
        dataset=T,
        request="Which day of the week has the most accidents?",
        operation="date_part_group",
        intent={"time_column": "date", "time_grain": "weekday"},
        expected=lambda df: (
            df.groupby(df["date"].dt.day_name()).size().rename_axis("weekday").reset_index(name="count")
        ),
        shape=(7, 2),
    ),
    Case(
        id="t_by_hour",
        dataset=T,
        request="accidents by hour",
        operation="group_count",
        intent={"group_by": ["hour"]},
        expected=lambda df: _count(df, ["hour"]),
        shape=(24, 2),
    ),
    Case(
        id="t_crosstab",
        dataset=T,
        request="crosstab of severity and weather",
        operation="crosstab",
        intent={"group_by": ["severity"], "columns": ["weather"]},
        expected=lambda df: pd.crosstab(df["severity"], df["weather"]).reset_index(),
        shape=(3, 5),
    ),
    Case(
        id="t_corr_pair",
        dataset=T,
        request="Is there a correlation between speed limit and casualties?",
        operation="correlation",
        intent={"columns": ["speed_limit", "casualties"], "options": {"method": "pearson"}},
        expected=lambda df: pd.DataFrame({"correlation": [df["speed_limit"].corr(df["casualties"])]}),
        shape=(1, 1),
    ),
    Case(
        id="t_outliers_z",
        dataset=T,
        request="find outliers in casualties using z-score",
        operation="outliers",
        intent={"columns": ["casualties"], "options": {"method": "zscore", "threshold": 3.0}},
        expected=lambda df: _zscore_outliers(df["casualties"], 3.0),
        shape=(14, 2),
    ),
    Case(
        id="t_p90_age",
        dataset=T,
        request="90th percentile of driver age",
        operation="percentiles",
        intent={"columns": ["driver_age"], "options": {"percentiles": [90.0]}},
        expected=lambda df: _percentiles(df, "driver_age", [90.0]),
        shape=(1, 3),
    ),
    Case(
        id="t_missing",
        dataset=T,
        request="missing values per column",
        operation="missing_values",
        intent={"columns": []},
        expected=lambda df: pd.DataFrame(
            {
                "column": df.columns,
                "missing": df.isna().sum().to_numpy(),
                "percent": (df.isna().mean() * 100).to_numpy(),
            }
        ),
        shape=(13, 3),
    ),
    Case(
        id="t_describe",
        dataset=T,
        request="summary statistics for casualties and driver age",
        operation="summary_stats",
        intent={"columns": ["casualties", "driver_age"]},
        expected=lambda df: _describe(df, ["casualties", "driver_age"]),
        shape=(8, 3),
    ),
    Case(
        id="t_fatal_highway",
        dataset=T,
        request="list fatal accidents on highways",
        operation="filter_rows",
        intent={"filters": [("severity", "==", "Fatal"), ("location", "==", "Highway")]},
        expected=lambda df: df[(df["severity"] == "Fatal") & (df["location"] == "Highway")],
        shape=(45, 13),
    ),
    Case(
        id="t_meanmax_after",
        dataset=T,
        request="mean and max of casualties by severity after 2023",
        operation="group_aggregate",
        intent={
            "group_by": ["severity"],
            "metrics": [("mean", "casualties"), ("max", "casualties")],
            "filters": [("date", ">=", "2024-01-01")],
        },
        expected=lambda df: _agg(
            df[df["date"] >= "2024-01-01"], ["severity"], [("mean", "casualties"), ("max", "casualties")]
        ),
        shape=(3, 3),
    ),
    Case(
        id="t_more_than_2",
        dataset=T,
        request="accidents with more than 2 casualties by region",
        operation="group_count",
        intent={"group_by": ["region"], "filters": [("casualties", ">", 2)]},
        expected=lambda df: _count(df[df["casualties"] > 2], ["region"]),
        shape=(5, 2),
    ),
    Case(
        id="t_non_fatal",
        dataset=T,
        request="non-fatal accidents by weather",
        operation="group_count",
        intent={"group_by": ["weather"], "filters": [("severity", "!=", "Fatal")]},
        expected=lambda df: _count(df[df["severity"] != "Fatal"], ["weather"]),
        shape=(4, 2),
    ),
    Case(
        id="t_typo_severity",
        dataset=T,
        request="total casualties by severty",
        operation="group_aggregate",
        intent={"group_by": ["severity"], "metrics": [("sum", "casualties")]},
        expected=lambda df: _agg(df, ["severity"], [("sum", "casualties")]),
        shape=(3, 2),
    ),
    Case(
        id="t_rain_or_snow",
        dataset=T,
        request="accidents in the rain or snow by region",
        operation="group_count",
        intent={"group_by": ["region"], "filters": [("weather", "in", ["Rain", "Snow"])]},
        expected=lambda df: _count(df[df["weather"].isin(["Rain", "Snow"])], ["region"]),
        shape=(5, 2),
    ),
    Case(
        id="t_between_years",
        dataset=T,
        request="accidents between 2021 and 2022 by severity",
        operation="group_count",
        intent={
            "group_by": ["severity"],
            "filters": [("date", ">=", "2021-01-01"), ("date", "<", "2023-01-01")],
        },
        expected=lambda df: _count(_year_range(df, "date", 2021, 2022), ["severity"]),
        shape=(3, 2),
    ),
    Case(
        id="t_pct_road_type",
        dataset=T,
        request="percentage of accidents by road type",
        operation="group_count",
        intent={"group_by": ["road_type"], "as_percentage": True},
        expected=lambda df: _share(df, ["road_type"]),
        shape=(4, 3),
    ),
    Case(
        id="t_distribution",
        dataset=T,
        request="distribution of weather",
        operation="value_distribution",
        intent={"columns": ["weather"]},
        expected=lambda df: _share(df, ["weather"]),
        shape=(4, 3),
    ),
    Case(
        id="t_quarterly",
        dataset=T,
        request="quarterly casualties",
        operation="time_resample",
        intent={"time_grain": "quarter", "metrics": [("sum", "casualties")]},
        expected=lambda df: _resample(df, "date", "Q", "casualties", "sum"),
        shape=(20, 2),
    ),
    Case(
        id="t_lowest_3",
        dataset=T,
        request="lowest 3 regions by average speed limit",
        operation="group_aggregate",
        intent={
            "group_by": ["region"],
            "metrics": [("mean", "speed_limit")],
            "top_n": 3,
            "sort_descending": False,
        },
        expected=lambda df: _agg(df, ["region"], [("mean", "speed_limit")]).nsmallest(3, "mean_speed_limit"),
        shape=(3, 2),
    ),
    Case(
        id="t_upper_case",
        dataset=T,
        request="ACCIDENTS BY ROAD TYPE AND WEATHER",
        operation="group_count",
        intent={"group_by": ["road_type", "weather"]},
        expected=lambda df: _count(df, ["road_type", "weather"]),
        shape=(16, 3),
    ),
    Case(
        id="t_year_gt",
        dataset=T,
        request="fatal accidents per region where year > 2022",
        operation="group_count",
        intent={
            "group_by": ["region"],
            "filters": [("date", ">=", "2023-01-01"), ("severity", "==", "Fatal")],
        },
        expected=lambda df: _count(
            df[(df["date"] >= "2023-01-01") & (df["severity"] == "Fatal")], ["region"]
        ),
        shape=(5, 2),
    ),
    Case(
        id="t_distinct_roads",
        dataset=T,
        request="how many distinct road types are there",
        operation="distinct_count",
        intent={"columns": ["road_type"]},
        expected=lambda df: pd.DataFrame({"column": ["road_type"], "distinct": [df["road_type"].nunique()]}),
        shape=(1, 2),
    ),
    Case(
        id="t_number_of_casualties",
        dataset=T,
        request="number of casualties by severity",
        operation="group_aggregate",
        intent={"group_by": ["severity"], "metrics": [("sum", "casualties")]},
        expected=lambda df: _agg(df, ["severity"], [("sum", "casualties")]),
        shape=(3, 2),
    ),
    Case(
        id="t_median_vehicles",
        dataset=T,
        request="median vehicles involved for each location",
        operation="group_aggregate",
        intent={"group_by": ["location"], "metrics": [("median", "vehicles_involved")]},
        expected=lambda df: _agg(df, ["location"], [("median", "vehicles_involved")]),
        shape=(3, 2),
    ),
    Case(
        id="t_snowy_motorway",
        dataset=T,
        request="How many snowy accidents were there on motorways?",
        operation="aggregate",
        intent={
            "metrics": [("count", None)],
            "filters": [("weather", "==", "Snow"), ("road_type", "==", "Motorway")],
        },
        expected=lambda df: pd.DataFrame(
            {"count": [int(((df["weather"] == "Snow") & (df["road_type"] == "Motorway")).sum())]}
        ),
        shape=(1, 1),
    ),
    Case(
        id="t_which_region_most_fatal",
        dataset=T,
        request="Which region has the most fatal accidents?",
        operation="group_count",
        intent={"group_by": ["region"], "top_n": 1, "filters": [("severity", "==", "Fatal")]},
        expected=lambda df: _count(df[df["severity"] == "Fatal"], ["region"]).nlargest(1, "count"),
        shape=(1, 2),
    ),
    Case(
        id="t_percentage_fatal",
        dataset=T,
        request="What percentage of accidents were fatal?",
        # One number: the share of the rows whose severity is Fatal (it used to be the whole distribution
        # of severity, which answers another question).
        operation="group_ratio",
        intent={"group_by": [], "filters": []},
        expected=lambda df: pd.DataFrame({"percent": [(df["severity"] == "Fatal").mean() * 100]}),
        shape=(1, 1),
    ),
    Case(
        id="t_compare_urban_rural",
        dataset=T,
        request="Compare average casualties between urban and rural accidents",
        operation="group_aggregate",
        intent={
            "group_by": ["location"],
            "metrics": [("mean", "casualties")],
            "filters": [("location", "in", ["Urban", "Rural"])],
        },
        expected=lambda df: _agg(
            df[df["location"].isin(["Urban", "Rural"])], ["location"], [("mean", "casualties")]
        ),
        shape=(2, 2),
    ),
    Case(
        id="t_at_night",
        dataset=T,
        request="how many accidents happened at night",
        operation="aggregate",
        intent={"metrics": [("count", None)], "filters": [("light_conditions", "==", "Dark")]},
        expected=lambda df: pd.DataFrame({"count": [int((df["light_conditions"] == "Dark").sum())]}),
        shape=(1, 1),
    ),
    Case(
        id="t_casualties_march",
        dataset=T,
        request="total casualties in March 2023",
        operation="aggregate",
        intent={
            "metrics": [("sum", "casualties")],
            "filters": [("date", ">=", "2023-03-01"), ("date", "<", "2023-04-01")],
        },
        expected=lambda df: pd.DataFrame(
            {
                "sum_casualties": [
                    df.loc[(df["date"] >= "2023-03-01") & (df["date"] < "2023-04-01"), "casualties"].sum()
                ]
            }
        ),
        shape=(1, 1),
    ),
    # --- sales -------------------------------------------------------------------------------------------
    Case(
        id="s_revenue_region",
        dataset=S,
        request="revenue = units * unit_price * (1 - discount); total revenue by region",
        operation="group_aggregate",
        intent={"group_by": ["region"], "metrics": [("sum", "revenue")], "derived": ["revenue"]},
        expected=lambda df: _agg(_revenue(df), ["region"], [("sum", "revenue")]),
        shape=(4, 2),
    ),
    Case(
        id="s_top_regions_revenue",
        dataset=S,
        request="top 3 regions by total revenue where revenue = units * unit_price",
        operation="group_aggregate",
        intent={"group_by": ["region"], "metrics": [("sum", "revenue")], "top_n": 3, "derived": ["revenue"]},
        expected=lambda df: _agg(_revenue(df, discount=False), ["region"], [("sum", "revenue")]).nlargest(
            3, "sum_revenue"
        ),
        shape=(3, 2),
    ),
    Case(
        id="s_distinct_customers_region",
        dataset=S,
        request="number of distinct customers per region",
        operation="group_aggregate",
        intent={"group_by": ["region"], "metrics": [("nunique", "customer_id")]},
        expected=lambda df: _agg(df, ["region"], [("nunique", "customer_id")]),
        shape=(4, 2),
    ),
    Case(
        id="s_unique_customers",
        dataset=S,
        request="how many unique customers do we have",
        operation="distinct_count",
        intent={"columns": ["customer_id"]},
        expected=lambda df: pd.DataFrame(
            {"column": ["customer_id"], "distinct": [df["customer_id"].nunique()]}
        ),
        shape=(1, 2),
    ),
    Case(
        id="s_pivot",
        dataset=S,
        request="pivot of total units by region and category",
        operation="pivot_table",
        intent={"group_by": ["region"], "columns": ["category"], "metrics": [("sum", "units")]},
        expected=lambda df: df.pivot_table(
            index="region", columns="category", values="units", aggfunc="sum"
        ).reset_index(),
        shape=(4, 4),
    ),
    Case(
        id="s_median_discount",
        dataset=S,
        request="median discount by channel",
        operation="group_aggregate",
        intent={"group_by": ["channel"], "metrics": [("median", "discount")]},
        expected=lambda df: _agg(df, ["channel"], [("median", "discount")]),
        shape=(3, 2),
    ),
    Case(
        id="s_online_units",
        dataset=S,
        request="average units by product for online orders",
        operation="group_aggregate",
        intent={
            "group_by": ["product"],
            "metrics": [("mean", "units")],
            "filters": [("channel", "==", "Online")],
        },
        expected=lambda df: _agg(df[df["channel"] == "Online"], ["product"], [("mean", "units")]),
        shape=(9, 2),
    ),
    Case(
        id="s_units_cat_channel",
        dataset=S,
        request="Total Units by Category and Channel",
        operation="group_aggregate",
        intent={"group_by": ["category", "channel"], "metrics": [("sum", "units")]},
        expected=lambda df: _agg(df, ["category", "channel"], [("sum", "units")]),
        shape=(9, 3),
    ),
    Case(
        id="s_monthly_revenue",
        dataset=S,
        request="monthly revenue where revenue = units * unit_price * (1 - discount)",
        operation="time_resample",
        intent={
            "time_column": "order_date",
            "time_grain": "month",
            "metrics": [("sum", "revenue")],
            "derived": ["revenue"],
        },
        expected=lambda df: _resample(_revenue(df), "order_date", "M", "revenue", "sum"),
        shape=(24, 2),
    ),
    Case(
        id="s_spearman",
        dataset=S,
        request="spearman correlation between units and discount",
        operation="correlation",
        intent={"columns": ["units", "discount"], "options": {"method": "spearman"}},
        expected=lambda df: pd.DataFrame({"correlation": [df["units"].rank().corr(df["discount"].rank())]}),
        shape=(1, 1),
    ),
    Case(
        id="s_units_2024",
        dataset=S,
        request="sum of units by region in 2024",
        operation="group_aggregate",
        intent={
            "group_by": ["region"],
            "metrics": [("sum", "units")],
            "filters": [("order_date", ">=", "2024-01-01"), ("order_date", "<", "2025-01-01")],
        },
        expected=lambda df: _agg(_year_range(df, "order_date", 2024, 2024), ["region"], [("sum", "units")]),
        shape=(4, 2),
    ),
    Case(
        id="s_store_orders",
        dataset=S,
        request="how many orders per product sold in stores",
        operation="group_count",
        intent={"group_by": ["product"], "filters": [("channel", "==", "Store")]},
        expected=lambda df: _count(df[df["channel"] == "Store"], ["product"]),
        shape=(9, 2),
    ),
    Case(
        id="s_price_std",
        dataset=S,
        request="standard deviation of unit price by category",
        operation="group_aggregate",
        intent={"group_by": ["category"], "metrics": [("std", "unit_price")]},
        expected=lambda df: _agg(df, ["category"], [("std", "unit_price")]),
        shape=(3, 2),
    ),
    Case(
        id="s_big_orders",
        dataset=S,
        request="Orders with at least 10 units and a discount above 0.1",
        operation="filter_rows",
        intent={"filters": [("units", ">=", 10), ("discount", ">", 0.1)]},
        expected=lambda df: df[(df["units"] >= 10) & (df["discount"] > 0.1)],
        shape=(68, 10),
    ),
    Case(
        id="s_channel_share",
        dataset=S,
        request="proportion of orders per channel",
        operation="group_count",
        intent={"group_by": ["channel"], "as_percentage": True},
        expected=lambda df: _share(df, ["channel"]),
        shape=(3, 3),
    ),
    Case(
        id="s_distinct_products_region",
        dataset=S,
        request="distinct products per region",
        operation="group_aggregate",
        intent={"group_by": ["region"], "metrics": [("nunique", "product")]},
        expected=lambda df: _agg(df, ["region"], [("nunique", "product")]),
        shape=(4, 2),
    ),
    # --- employees ---------------------------------------------------------------------------------------
    Case(
        id="e_avg_salary",
        dataset=E,
        request="average salary by department",
        operation="group_aggregate",
        intent={"group_by": ["department"], "metrics": [("mean", "salary")]},
        expected=lambda df: _agg(df, ["department"], [("mean", "salary")]),
        shape=(6, 2),
    ),
    Case(
        id="e_mean_max",
        dataset=E,
        request="mean and max salary by department and level",
        operation="group_aggregate",
        intent={"group_by": ["department", "level"], "metrics": [("mean", "salary"), ("max", "salary")]},
        expected=lambda df: _agg(df, ["department", "level"], [("mean", "salary"), ("max", "salary")]),
        shape=(24, 4),
    ),
    Case(
        id="e_remote_office",
        dataset=E,
        request="remote employees by office",
        operation="group_count",
        intent={"group_by": ["office"], "filters": [("remote", "==", True)]},
        expected=lambda df: _count(df[df["remote"]], ["office"]),
        shape=(4, 2),
    ),
    Case(
        id="e_quartiles",
        dataset=E,
        request="salary quartiles",
        operation="percentiles",
        intent={"columns": ["salary"], "options": {"percentiles": [25.0, 50.0, 75.0]}},
        expected=lambda df: _percentiles(df, "salary", [25.0, 50.0, 75.0]),
        shape=(3, 3),
    ),
    Case(
        id="e_older_than",
        dataset=E,
        request="average performance score for employees older than 50",
        operation="aggregate",
        intent={"metrics": [("mean", "performance_score")], "filters": [("age", ">", 50)]},
        expected=lambda df: pd.DataFrame(
            {"mean_performance_score": [df.loc[df["age"] > 50, "performance_score"].mean()]}
        ),
        shape=(1, 1),
    ),
    Case(
        id="e_earn_more",
        dataset=E,
        request="how many employees earn more than 100000",
        operation="aggregate",
        intent={"metrics": [("count", None)], "filters": [("salary", ">", 100000)]},
        expected=lambda df: pd.DataFrame({"count": [int((df["salary"] > 100000).sum())]}),
        shape=(1, 1),
    ),
    Case(
        id="e_hired_after",
        dataset=E,
        request="employees hired after 2020 by department",
        operation="group_count",
        intent={"group_by": ["department"], "filters": [("hire_date", ">=", "2021-01-01")]},
        expected=lambda df: _count(df[df["hire_date"] >= "2021-01-01"], ["department"]),
        shape=(6, 2),
    ),
    Case(
        id="e_hires_per_year",
        dataset=E,
        request="number of hires per year",
        operation="time_resample",
        intent={"time_column": "hire_date", "time_grain": "year", "metrics": [("count", None)]},
        expected=lambda df: _resample(df, "hire_date", "Y", None, "count"),
        shape=(13, 2),
    ),
    Case(
        id="e_overtime_dept",
        dataset=E,
        request="total overtime by dept",
        operation="group_aggregate",
        intent={"group_by": ["department"], "metrics": [("sum", "overtime_hours")]},
        expected=lambda df: _agg(df, ["department"], [("sum", "overtime_hours")]),
        shape=(6, 2),
    ),
    Case(
        id="e_top_salaries",
        dataset=E,
        request="the 5 highest salaries",
        operation="top_n_rows",
        intent={"columns": ["salary"], "top_n": 5, "sort_descending": True},
        expected=lambda df: _top_rows(df, "salary", 5),
        shape=(5, 1),
    ),
    Case(
        id="e_missing_scores",
        dataset=E,
        request="Which employees have a missing performance score?",
        operation="filter_rows",
        intent={"filters": [("performance_score", "is null", None)]},
        expected=lambda df: df[df["performance_score"].isna()],
        shape=(20, 10),
    ),
    Case(
        id="e_dept_highest_avg_salary",
        dataset=E,
        request="which department has the highest average salary",
        operation="group_aggregate",
        intent={"group_by": ["department"], "metrics": [("mean", "salary")], "top_n": 1},
        expected=lambda df: _agg(df, ["department"], [("mean", "salary")]).nlargest(1, "mean_salary"),
        shape=(1, 2),
    ),
    # --- sensor readings ---------------------------------------------------------------------------------
    Case(
        id="r_daily_temp",
        dataset=R,
        request="daily average temperature",
        operation="time_resample",
        intent={"time_column": "timestamp", "time_grain": "day", "metrics": [("mean", "temperature")]},
        expected=lambda df: _resample(df, "timestamp", "D", "temperature", "mean"),
        shape=(30, 2),
    ),
    Case(
        id="r_hourly_humidity",
        dataset=R,
        request="average humidity by hour of day",
        operation="date_part_group",
        intent={"time_grain": "hour", "metrics": [("mean", "humidity")]},
        expected=lambda df: (
            df.groupby(df["timestamp"].dt.hour)["humidity"]
            .mean()
            .rename_axis("hour")
            .reset_index(name="mean_humidity")
        ),
        shape=(24, 2),
    ),
    Case(
        id="r_temp_above_30",
        dataset=R,
        request="readings with temperature above 30",
        operation="filter_rows",
        intent={"filters": [("temperature", ">", 30)]},
        expected=lambda df: df[df["temperature"] > 30],
        shape=(72, 6),
    ),
    Case(
        id="r_fail_by_sensor",
        dataset=R,
        request="readings with status FAIL by sensor",
        operation="group_count",
        intent={"group_by": ["sensor_id"], "filters": [("status", "==", "FAIL")]},
        expected=lambda df: _count(df[df["status"] == "FAIL"], ["sensor_id"]),
        shape=(4, 2),
    ),
    Case(
        id="r_outliers_typo",
        dataset=R,
        request="temperture outliers using z-score with threshold 2.5",
        operation="outliers",
        intent={"columns": ["temperature"], "options": {"method": "zscore", "threshold": 2.5}},
        expected=lambda df: _zscore_outliers(df["temperature"], 2.5),
        shape=(26, 2),
    ),
    Case(
        id="r_missing_humidity",
        dataset=R,
        request="missing humidity values",
        operation="missing_values",
        intent={"columns": ["humidity"]},
        expected=lambda df: pd.DataFrame(
            {
                "column": ["humidity"],
                "missing": [int(df["humidity"].isna().sum())],
                "percent": [df["humidity"].isna().mean() * 100],
            }
        ),
        shape=(1, 3),
    ),
    Case(
        id="r_top5_temp",
        dataset=R,
        request="top 5 readings by temperature",
        operation="top_n_rows",
        intent={"columns": ["temperature"], "top_n": 5},
        expected=lambda df: _top_rows(df, "temperature", 5),
        shape=(5, 1),
    ),
    Case(
        id="r_max_pressure",
        dataset=R,
        request="Max pressure per sensor",
        operation="group_aggregate",
        intent={"group_by": ["sensor_id"], "metrics": [("max", "pressure")]},
        expected=lambda df: _agg(df, ["sensor_id"], [("max", "pressure")]),
        shape=(4, 2),
    ),
    Case(
        id="r_iqr_pressure",
        dataset=R,
        request="Detect anomalies in pressure (IQR method)",
        operation="outliers",
        intent={"columns": ["pressure"], "options": {"method": "iqr", "threshold": 1.5}},
        expected=lambda df: _iqr_outliers(df["pressure"]),
        shape=(15, 2),
    ),
    Case(
        id="r_corr_matrix",
        dataset=R,
        request="correlation matrix of temperature, humidity and pressure",
        operation="correlation",
        intent={"columns": ["temperature", "humidity", "pressure"]},
        expected=lambda df: (
            df[["temperature", "humidity", "pressure"]].corr().rename_axis("column").reset_index()
        ),
        shape=(3, 4),
    ),
]


def _iqr_outliers(series: pd.Series, k: float = 1.5) -> pd.DataFrame:
    q1, q3 = series.quantile(0.25), series.quantile(0.75)
    low, high = q1 - k * (q3 - q1), q3 + k * (q3 - q1)
    flagged = series[(series < low) | (series > high)]
    return pd.DataFrame({"row": flagged.index, series.name: flagged.to_numpy()})


CASES_BY_ID = {case.id: case for case in CASES}
