"""Fresh held-out questions of bench_analysis.py: a dataset and phrasings the parser was never tuned on.

Written in one sitting after the summary / correlation fixes of the issue-16 follow-up, before any of them
was run, and not changed after seeing the results (a miss here is reported, not fixed by editing the
question). The dataset (daily bike rentals) is new to the benchmark; every answer is computed here with
pandas / scipy directly on the CSV as pandas reads it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
from scipy import stats

FRESH_PHRASING = 3
SECOND_FRESH_PHRASING = 4


@dataclass(frozen=True, kw_only=True)
class FreshQuestion:
    """One fresh question: its concept, its text, its answer and the rounding it asks for."""

    concept: str
    text: str
    expected: Callable[[pd.DataFrame], list[Any]]
    digits: int | None = None


def build_rentals(folder: Path) -> Path:
    """Daily bike rentals (seeded): spaced names, a leading-space name, missing humidity, yes/no holidays."""
    rng = np.random.default_rng(2026)
    n = 365
    season = np.array(["winter", "spring", "summer", "fall"])[(np.arange(n) // 91) % 4]
    temp = np.where(season == "summer", 27, np.where(season == "winter", 4, 15)) + rng.normal(0, 4, n)
    weather = rng.choice(["clear", "mist", "rain"], n, p=[0.6, 0.3, 0.1])
    casual = np.clip(rng.normal(600, 250, n) + 25 * temp - np.where(weather == "rain", 300, 0), 20, None)
    registered = np.clip(rng.normal(3000, 700, n) + 40 * temp, 200, None)
    humidity = rng.normal(62, 14, n).clip(15, 99).round(1)
    humidity[rng.random(n) < 0.07] = np.nan
    frame = pd.DataFrame(
        {
            "Date": pd.date_range("2024-01-01", periods=n, freq="D").strftime("%Y-%m-%d"),
            "Season": season,
            "Holiday": rng.choice(["no", "yes"], n, p=[0.9, 0.1]),
            "Temp C": temp.round(1),
            "Humidity": humidity,
            " Wind Speed": rng.gamma(4, 3, n).round(1),
            "Weather": weather,
            "Casual Riders": casual.round(0).astype(int),
            "Registered Riders": registered.round(0).astype(int),
        }
    )
    frame["Total Rides"] = frame["Casual Riders"] + frame["Registered Riders"]
    path = folder / "bike_rentals.csv"
    frame.to_csv(path, index=False)
    return path


def _p(result: Any) -> list[Any]:
    return [float(result[1])]


def _rp(result: Any) -> list[Any]:
    return [
        float(result[0]),
        float(result[1]),
    ]  # the p-value rounds to 0.0000: the r too, so zero is no match


def _iqr(values: pd.Series) -> int:
    v = values.dropna()
    q1, q3 = v.quantile(0.25), v.quantile(0.75)
    return int(((v < q1 - 1.5 * (q3 - q1)) | (v > q3 + 1.5 * (q3 - q1))).sum())


def _holiday(df: pd.DataFrame, value: str) -> np.ndarray:
    return df.loc[df["Holiday"] == value, "Total Rides"].to_numpy(float)


S, C = "summary statistics", "correlation"
FRESH: list[FreshQuestion] = [
    FreshQuestion(
        concept=S,
        digits=2,
        text="Give me the median Humidity, to two decimal places.",
        expected=lambda df: [df["Humidity"].median()],
    ),
    FreshQuestion(
        concept=S,
        digits=2,
        text="Calculate the mean Temp C for rows where Season is summer. Round to 2 decimals.",
        expected=lambda df: [df.loc[df["Season"] == "summer", "Temp C"].mean()],
    ),
    FreshQuestion(
        concept=S,
        digits=3,
        text="What is the standard deviation of Wind Speed on rainy days "
        "(Weather = rain)? Round to 3 decimals.",
        expected=lambda df: [df.loc[df["Weather"] == "rain", " Wind Speed"].std()],
    ),
    FreshQuestion(
        concept=S,
        text="What was the highest Total Rides on a single day?",
        expected=lambda df: [df["Total Rides"].max()],
    ),
    FreshQuestion(
        concept=S,
        digits=2,
        text="Report the mean and the median of Casual Riders, rounded to 2 decimals.",
        expected=lambda df: [df["Casual Riders"].mean(), df["Casual Riders"].median()],
    ),
    FreshQuestion(
        concept=S,
        text="For each Weather type, what is the median Total Rides?",
        expected=lambda df: df.groupby("Weather")["Total Rides"].median().tolist(),
    ),
    FreshQuestion(
        concept=S,
        digits=2,
        text="Mean Temp C when Humidity is above 70? Round to 2 decimals.",
        expected=lambda df: [df.loc[df["Humidity"] > 70, "Temp C"].mean()],
    ),
    FreshQuestion(
        concept=S,
        text="How many distinct Weather conditions are there?",
        expected=lambda df: [df["Weather"].nunique()],
    ),
    FreshQuestion(
        concept=S,
        digits=1,
        text="On an average day, how many Registered Riders are there? One decimal place.",
        expected=lambda df: [df["Registered Riders"].mean()],
    ),
    FreshQuestion(
        concept=S,
        digits=2,
        text="What's the average Casual Riders on holidays? Round to 2 decimals.",
        expected=lambda df: [df.loc[df["Holiday"] == "yes", "Casual Riders"].mean()],
    ),
    FreshQuestion(
        concept=C,
        digits=3,
        text="Is there a correlation between Temp C and Total Rides? Give the "
        "Pearson coefficient to 3 decimals.",
        expected=lambda df: [df["Temp C"].corr(df["Total Rides"])],
    ),
    FreshQuestion(
        concept=C,
        digits=3,
        text="Spearman correlation of Humidity with Casual Riders, 3 decimals.",
        expected=lambda df: [df["Humidity"].corr(df["Casual Riders"], method="spearman")],
    ),
    FreshQuestion(
        concept=C,
        digits=2,
        text="How does Wind Speed relate to Total Rides? Report the Pearson r rounded to 2 decimals.",
        expected=lambda df: [df[" Wind Speed"].corr(df["Total Rides"])],
    ),
    FreshQuestion(
        concept=C,
        digits=3,
        text="What is the correlation between Temp C and Registered Riders "
        "in the summer Season? Round to 3 decimals.",
        expected=lambda df: [
            df.loc[df["Season"] == "summer", ["Temp C", "Registered Riders"]].corr().iloc[0, 1]
        ],
    ),
    FreshQuestion(
        concept=C,
        digits=3,
        text="Compute Kendall's tau between Casual Riders and Registered Riders, to 3 decimal places.",
        expected=lambda df: [df["Casual Riders"].corr(df["Registered Riders"], method="kendall")],
    ),
    FreshQuestion(
        concept=C,
        digits=3,
        text="Do Temp C and Humidity move together? Use the Pearson method; round to 3 decimals.",
        expected=lambda df: [df["Temp C"].corr(df["Humidity"])],
    ),
    FreshQuestion(
        concept=C,
        digits=4,
        text="Give the p-value for the Pearson correlation of Temp C and Casual Riders, to 4 decimals.",
        expected=lambda df: _rp(stats.pearsonr(df["Temp C"], df["Casual Riders"])),
    ),
    FreshQuestion(
        concept="distribution",
        digits=3,
        text="Is Humidity skewed? Report the skewness to 3 decimals.",
        expected=lambda df: [df["Humidity"].skew()],
    ),
    FreshQuestion(
        concept="tests",
        digits=4,
        text="Do Total Rides differ between holiday and non-holiday days? "
        "Use a two-sample t-test with alpha 0.05 and round to 4 decimals.",
        expected=lambda df: _p(stats.ttest_ind(_holiday(df, "yes"), _holiday(df, "no"))),
    ),
    FreshQuestion(
        concept="tests",
        digits=4,
        text="Are Season and Weather independent? Chi-square test, report the p-value to 4 decimals.",
        expected=lambda df: _p(stats.chi2_contingency(pd.crosstab(df["Season"], df["Weather"]))[:2]),
    ),
    FreshQuestion(
        concept="outliers",
        text="Using the IQR method, how many outliers are in Casual Riders?",
        expected=lambda df: [_iqr(df["Casual Riders"])],
    ),
    FreshQuestion(
        concept="regression",
        digits=4,
        text="Regress Total Rides on Temp C and report the R² to 4 decimals.",
        expected=lambda df: [float(stats.linregress(df["Temp C"], df["Total Rides"]).rvalue ** 2)],
    ),
    FreshQuestion(
        concept="preprocessing",
        digits=3,
        text="Replace missing Humidity with the column mean, "
        "then report the standard deviation of Humidity to 3 decimals.",
        expected=lambda df: [df["Humidity"].fillna(df["Humidity"].mean()).std()],
    ),
    FreshQuestion(
        concept="feature engineering",
        digits=2,
        text="Create a column as the difference of "
        "Registered Riders and Casual Riders, then report its mean to 2 decimals.",
        expected=lambda df: [(df["Registered Riders"] - df["Casual Riders"]).mean()],
    ),
]

# A second batch, written after the first batch's misses were studied and fixed (so the first batch is no
# longer held out), before any of these was run; same dataset, new phrasings, mostly summary / correlation.
SECOND_FRESH: list[FreshQuestion] = [
    FreshQuestion(
        concept=S,
        digits=2,
        text="Mean of Temp C across the winter Season? Two decimals.",
        expected=lambda df: [df.loc[df["Season"] == "winter", "Temp C"].mean()],
    ),
    FreshQuestion(
        concept=S, text="Tell me the lowest Humidity recorded.", expected=lambda df: [df["Humidity"].min()]
    ),
    FreshQuestion(
        concept=S,
        text="What's the sum of Casual Riders over all days where Weather is rain?",
        expected=lambda df: [df.loc[df["Weather"] == "rain", "Casual Riders"].sum()],
    ),
    FreshQuestion(
        concept=S,
        digits=3,
        text="Std dev of Registered Riders, please (3 dp).",
        expected=lambda df: [df["Registered Riders"].std()],
    ),
    FreshQuestion(
        concept=S,
        digits=1,
        text="Median Temp C by Season, rounded to one decimal.",
        expected=lambda df: df.groupby("Season")["Temp C"].median().tolist(),
    ),
    FreshQuestion(
        concept=S,
        text="How many days had more than 5000 Total Rides?",
        expected=lambda df: [int((df["Total Rides"] > 5000).sum())],
    ),
    FreshQuestion(
        concept=S,
        text="What's the maximum Wind Speed in spring?",
        expected=lambda df: [df.loc[df["Season"] == "spring", " Wind Speed"].max()],
    ),
    FreshQuestion(
        concept=C,
        digits=3,
        text="Find the Pearson correlation between Humidity and Total Rides for clear Weather only; "
        "3 decimals.",
        expected=lambda df: [df.loc[df["Weather"] == "clear", ["Humidity", "Total Rides"]].corr().iloc[0, 1]],
    ),
    FreshQuestion(
        concept=C,
        digits=3,
        text="Are Registered Riders and Total Rides strongly correlated? Give r to 3 decimals.",
        expected=lambda df: [df["Registered Riders"].corr(df["Total Rides"])],
    ),
    FreshQuestion(
        concept=C,
        digits=3,
        text="What is the Spearman rank correlation between Wind Speed and Casual Riders? "
        "Round to 3 decimal places.",
        expected=lambda df: [df[" Wind Speed"].corr(df["Casual Riders"], method="spearman")],
    ),
    FreshQuestion(
        concept=C,
        digits=3,
        text="Correlation between Temp C and Casual Riders on holidays, 3 decimals.",
        expected=lambda df: [df.loc[df["Holiday"] == "yes", ["Temp C", "Casual Riders"]].corr().iloc[0, 1]],
    ),
    FreshQuestion(
        concept=C,
        digits=2,
        text="Compute the correlation coefficient of Temp C vs Total Rides (Pearson), rounded to 2 decimals.",
        expected=lambda df: [df["Temp C"].corr(df["Total Rides"])],
    ),
]
