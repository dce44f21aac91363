"""Intents and hand-computed results for every operation on the sample data (shared by the tests)."""

from __future__ import annotations

import math
from typing import Any

from mcpforge.models import Aggregation, DerivedColumn, Filter

A = Aggregation
RAIN = [Filter(column="weather", op="==", value="Rain")]
THIRD = 100 / 6

# operation -> (intent fields, expected result table on the sample data, computed by hand)
CASES: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "group_count": (
        {"group_by": ["severity", "location"], "filters": RAIN, "as_percentage": True},
        {
            "columns": ["severity", "location", "count", "percent"],
            "rows": [["High", "Downtown", 2, 50.0], ["High", "Suburb", 1, 25.0], ["Medium", None, 1, 25.0]],
        },
    ),
    "group_aggregate": (
        {
            "group_by": ["region"],
            "metrics": [A(column="revenue", func="sum"), A(func="count")],
            "derived": [DerivedColumn(name="revenue", expression="units * unit_price * (1 - discount)")],
        },
        {
            "columns": ["region", "sum_revenue", "count"],
            "rows": [["North", 48.0, 3], ["South", 15.0, 2], ["East", 10.0, 1]],
        },
    ),
    "aggregate": (
        {"metrics": [A(func="count"), A(column="units", func="mean")], "filters": RAIN},
        {"columns": ["count", "mean_units"], "rows": [[4, 2.5]]},
    ),
    "filter_rows": (
        {"filters": [Filter(column="units", op=">=", value=2)], "columns": ["severity", "units"]},
        {"columns": ["severity", "units"], "rows": [["High", 2], ["High", 3], ["High", 4]]},
    ),
    "top_n_rows": (
        {"columns": ["unit_price", "region"], "top_n": 3},
        {"columns": ["unit_price", "region"], "rows": [[20.0, "East"], [10.0, "North"], [10.0, "North"]]},
    ),
    "summary_stats": (
        {"columns": ["units"]},
        {
            "columns": ["column", "count", "missing", "mean", "std", "min", "p25", "median", "p75", "max"],
            "rows": [["units", 5, 1, 2.2, 1.3038404810405297, 1, 1, 2, 3, 4]],
        },
    ),
    "value_distribution": (
        {"columns": ["weather"]},
        {
            "columns": ["weather", "count", "percent"],
            "rows": [["Rain", 4, 4 * THIRD], ["Clear", 1, THIRD], ["Snow", 1, THIRD]],
        },
    ),
    "correlation": (
        {"columns": ["units", "discount"], "options": {"method": "spearman"}},
        # ranks over the 5 complete rows: units 3,1.5,4,1.5,5 ; discount 4,2,2,5,2 ; both means 3;
        # sum(dx*dy) = -4.5, sum(dx^2) = 9.5, sum(dy^2) = 8
        {
            "columns": ["column_a", "column_b", "correlation", "n"],
            "rows": [["units", "discount", -4.5 / math.sqrt(76), 5]],
        },
    ),
    "time_resample": (
        {"time_column": "date", "time_grain": "month"},
        {
            "columns": ["period", "count"],
            "rows": [["2024-01", 2], ["2024-02", 2], ["2024-03", 0], ["2024-04", 2]],
        },
    ),
    "date_part_group": (
        {"time_column": "date", "time_grain": "weekday", "metrics": [A(column="units", func="sum")]},
        {"columns": ["weekday", "sum_units"], "rows": [["Monday", 8], ["Tuesday", 1], ["Wednesday", 2]]},
    ),
    "pivot_table": (
        {"group_by": ["region"], "columns": ["severity"], "metrics": [A(column="units", func="sum")]},
        {
            "columns": ["region", "High", "Low", "Medium"],
            "rows": [["East", 0, 0, 1], ["North", 5, 0, 0], ["South", 4, 1, 0]],
        },
    ),
    "crosstab": (
        {"group_by": ["severity"], "columns": ["weather"]},
        {
            "columns": ["severity", "Clear", "Rain", "Snow"],
            "rows": [["High", 0, 3, 0], ["Low", 1, 0, 1], ["Medium", 0, 1, 0]],
        },
    ),
    "missing_values": (
        {"columns": ["location", "units", "region"]},
        {
            "columns": ["column", "missing", "percent"],
            "rows": [["location", 1, THIRD], ["units", 1, THIRD], ["region", 0, 0.0]],
        },
    ),
    "percentiles": (
        {"columns": ["unit_price"], "options": {"percentiles": [25, 50, 90]}},
        {"columns": ["column", "p25", "p50", "p90"], "rows": [["unit_price", 5.75, 9.0, 15.0]]},
    ),
    "outliers": (
        {"columns": ["unit_price"], "options": {"method": "iqr"}},
        {"columns": ["row_number", "unit_price"], "rows": [[4, 20.0]]},
    ),
    "distinct_count": (
        {"columns": ["severity", "location"]},
        {
            "columns": ["column", "distinct_values"],
            "rows": [["severity", 3], ["location", 2], ["severity + location", 4]],
        },
    ),
    # Issue 16. Expected numbers from scipy.stats.pearsonr, pandas skew/kurt and scikit-learn
    # LinearRegression on the five complete (units, unit_price) rows, computed outside mcpforge.
    "statistical_test": (
        {"columns": ["units", "unit_price"], "options": {"test": "pearson"}},
        {
            "columns": ["test", "statistic", "p_value", "n", "alpha", "significant", "conclusion"],
            "rows": [
                [
                    "pearson",
                    -0.5573704017131537,
                    0.32901562521818,
                    5,
                    0.05,
                    False,
                    "not significant at 0.05 (p = 0.329)",
                ],
            ],
        },
    ),
    "distribution_shape": (
        {"columns": ["unit_price"]},
        {
            "columns": ["column", "n", "mean", "std", "skewness", "kurtosis"],
            "rows": [["unit_price", 6, 9.25, 6.031169040907409, 1.1717480079475762, 2.0877174336628044]],
        },
    ),
    "linear_regression": (
        {"columns": ["unit_price", "units"]},
        {
            "columns": ["statistic", "value"],
            "rows": [
                ["intercept", 15.808823529411764],
                ["coef_units", -2.8676470588235294],
                ["r2", 0.31066176470588236],
                ["rmse", 4.981583731163036],
                ["n_train", 5.0],
                ["n_test", 5.0],
            ],
        },
    ),
    "group_ratio": (
        # The rate of rain per severity: High 3 of 3 rows, Medium 1 of 1, Low 0 of 2; ties by key.
        {
            "group_by": ["severity"],
            "metrics": [A(func="count"), A(func="count")],
            "options": {"numerator_filters": [{"column": "weather", "op": "==", "value": "Rain"}]},
            "as_percentage": True,
        },
        {
            "columns": ["severity", "matching_count", "count", "percent"],
            "rows": [["High", 3, 3, 100.0], ["Medium", 1, 1, 100.0], ["Low", 0, 2, 0.0]],
        },
    ),
    "group_outliers": (
        # High unit prices 10, 10, 2.5: mean 7.5, sample std 4.3301; 2.5 lies beyond one std. Low (5, 8) has
        # none within one std of 6.5 +/- 2.12; Medium has one value, so no spread and no outliers.
        {
            "columns": ["unit_price"],
            "group_by": ["severity"],
            "options": {"method": "zscore", "threshold": 1.0},
        },
        {
            "columns": ["severity", "row_number", "unit_price", "zscore"],
            "rows": [["High", 5, 2.5, -5 / 4.330127018922194]],
        },
    ),
    "period_change": (
        # Units in January 2024: 2 + 1 = 3; in April: 4 (the Snow row has no units); +1 is +33.3%.
        {
            "time_column": "date",
            "columns": ["units"],
            "options": {"grain": "month", "start": "2024-01", "end": "2024-04", "combine": "sum"},
        },
        {
            "columns": ["start_value", "end_value", "change", "percent_change"],
            "rows": [[3.0, 4.0, 1.0, 100 / 3]],
        },
    ),
}
