"""Question templates of bench_analysis.py: three phrasings each, the method sentence, the expected answer.

Written for this benchmark (no published benchmark's questions were read or copied). Each template is
filled with a dataset's slot columns; its answer is computed here with pandas / scipy / scikit-learn
directly on the CSV as pandas reads it, independently of mcpforge. Phrasing 2 of every template is held
out: it is reported apart and was never used to tune the parser.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd
from scipy import stats
from sklearn.linear_model import LinearRegression
from sklearn.model_selection import train_test_split

Expected = Callable[[pd.DataFrame, dict[str, str], tuple[str, str]], list[Any]]


@dataclass(frozen=True, kw_only=True)
class Template:
    """One question shape: concept, slots it needs, three phrasings, method sentence and answer."""

    key: str
    concept: str
    needs: tuple[str, ...]
    phrasings: tuple[str, str, str]
    constraints: str
    expected: Expected
    digits: int | None = None


def _q(name: str) -> str:
    """How a person writes a column name: quoted when it has a dot, otherwise plainly (spaces trimmed)."""
    name = name.strip()
    return f'"{name}"' if "." in name else name


def _decision(p: float, alpha: float = 0.05) -> str:
    return "not significant" if p >= alpha else "significant"


def _normality(p: float, alpha: float = 0.05) -> str:
    return "not normally distributed" if p < alpha else "consistent with a normal distribution"


def _with_decision(result: Any) -> list[Any]:
    return [float(result[0]), float(result[1]), _decision(float(result[1]))]


def _with_normality(result: Any) -> list[Any]:
    return [float(result[0]), float(result[1]), _normality(float(result[1]))]


def _pair(result: Any) -> list[Any]:
    return [float(result[0]), float(result[1])]


def _coef_r2(fit: tuple[Any, ...]) -> list[Any]:
    return [float(fit[0].coef_[0]), fit[1]]


def _zcount(values: pd.Series, k: float) -> int:
    v = values.dropna()
    return int(((v - v.mean()).abs() > k * v.std()).sum())


def _iqr_count(values: pd.Series) -> int:
    v = values.dropna()
    q1, q3 = v.quantile(0.25), v.quantile(0.75)
    return int(((v < q1 - 1.5 * (q3 - q1)) | (v > q3 + 1.5 * (q3 - q1))).sum())


def _two(
    df: pd.DataFrame, s: dict[str, str], pair: tuple[str, str], column: str
) -> tuple[np.ndarray, np.ndarray]:
    labels = df[s["group2"]].astype(str)
    a = df.loc[labels == pair[0], column].dropna().to_numpy(dtype=float)
    b = df.loc[labels == pair[1], column].dropna().to_numpy(dtype=float)
    return a, b


def _fit(
    df: pd.DataFrame, target: str, features: list[str], test_size: float | None, seed: int = 42
) -> tuple[Any, ...]:
    used = df[[target, *features]].dropna()
    x, y = used[features].to_numpy(float), used[target].to_numpy(float)
    if test_size is None:
        model = LinearRegression().fit(x, y)
        pred = model.predict(x)
        return (
            model,
            float(1 - ((y - pred) ** 2).sum() / ((y - y.mean()) ** 2).sum()),
            float(np.sqrt(((y - pred) ** 2).mean())),
        )
    xa, xb, ya, yb = train_test_split(x, y, test_size=test_size, random_state=seed)
    model = LinearRegression().fit(xa, ya)
    pred = model.predict(xb)
    return (
        model,
        float(1 - ((yb - pred) ** 2).sum() / ((yb - yb.mean()) ** 2).sum()),
        float(np.sqrt(((yb - pred) ** 2).mean())),
    )


TEMPLATES: list[Template] = [
    Template(
        key="mean",
        concept="summary statistics",
        needs=("num1",),
        digits=2,
        phrasings=(
            "What is the average {num1}?",
            "Compute the mean of the {num1} column.",
            "Across all rows, what value does {num1} take on average?",
        ),
        constraints="Round the answer to two decimal places.",
        expected=lambda df, s, p: [df[s["num1"]].mean()],
    ),
    Template(
        key="median",
        concept="summary statistics",
        needs=("num2",),
        digits=2,
        phrasings=(
            "What is the median {num2}?",
            "Find the median value of {num2}.",
            "Report the middle value (median) of {num2} over the whole file.",
        ),
        constraints="Give the answer to 2 decimal places.",
        expected=lambda df, s, p: [df[s["num2"]].median()],
    ),
    Template(
        key="std",
        concept="summary statistics",
        needs=("num1",),
        digits=3,
        phrasings=(
            "What is the standard deviation of {num1}?",
            "Calculate the std of {num1}.",
            "How spread out is {num1}? Give its standard deviation.",
        ),
        constraints="Use the sample standard deviation and round to 3 decimal places.",
        expected=lambda df, s, p: [df[s["num1"]].std()],
    ),
    Template(
        key="group_mean",
        concept="summary statistics",
        needs=("num1", "group"),
        digits=2,
        phrasings=(
            "What is the mean {num1} for each {group}?",
            "Average {num1} per {group}.",
            "Break down the average {num1} by {group}.",
        ),
        constraints="Round each value to two decimal places.",
        expected=lambda df, s, p: df.groupby(s["group"])[s["num1"]].mean().tolist(),
    ),
    Template(
        key="pearson",
        concept="correlation",
        needs=("num1", "num2"),
        digits=2,
        phrasings=(
            "What is the correlation between {num1} and {num2}?",
            "Compute the correlation coefficient of {num1} and {num2}.",
            "How strongly are {num1} and {num2} linearly related?",
        ),
        constraints="Use the Pearson correlation coefficient. Round the answer to two decimal places.",
        expected=lambda df, s, p: [df[s["num1"]].corr(df[s["num2"]])],
    ),
    Template(
        key="spearman",
        concept="correlation",
        needs=("num1", "num2"),
        digits=3,
        phrasings=(
            "What is the correlation between {num2} and {num1}?",
            "Correlate {num2} with {num1}.",
            "Measure the monotonic association of {num2} and {num1}.",
        ),
        constraints="Use Spearman's rank correlation and round to 3 decimals.",
        expected=lambda df, s, p: [df[s["num2"]].corr(df[s["num1"]], method="spearman")],
    ),
    Template(
        key="corr_p",
        concept="correlation",
        needs=("num1", "num2"),
        digits=4,
        phrasings=(
            "Is the correlation between {num1} and {num2} statistically significant?",
            "What is the p-value of the correlation between {num1} and {num2}?",
            "Test whether {num1} and {num2} are significantly correlated.",
        ),
        constraints="Use the Pearson method with a significance level of 0.05 and round to four decimals.",
        expected=lambda df, s, p: _with_decision(
            stats.pearsonr(*df[[s["num1"], s["num2"]]].dropna().to_numpy(float).T)
        ),
    ),
    Template(
        key="skew",
        concept="distribution",
        needs=("num1",),
        digits=3,
        phrasings=(
            "What is the skewness of {num1}?",
            "Calculate the skew of the {num1} values.",
            "How asymmetric is the distribution of {num1}? Give its skewness.",
        ),
        constraints="Round to 3 decimal places.",
        expected=lambda df, s, p: [df[s["num1"]].skew()],
    ),
    Template(
        key="kurt",
        concept="distribution",
        needs=("num2",),
        digits=3,
        phrasings=(
            "What is the kurtosis of {num2}?",
            "Compute the kurtosis of the {num2} column.",
            "How heavy are the tails of {num2}? Report its kurtosis.",
        ),
        constraints="Round to three decimal places.",
        expected=lambda df, s, p: [df[s["num2"]].kurt()],
    ),
    Template(
        key="shapiro",
        concept="distribution",
        needs=("num1",),
        digits=4,
        phrasings=(
            "Is {num1} normally distributed?",
            "Check {num1} for normality.",
            "Does {num1} follow a normal distribution?",
        ),
        constraints="Use the Shapiro-Wilk test with a significance level of 0.05. Round to 4 decimals.",
        expected=lambda df, s, p: _with_normality(stats.shapiro(df[s["num1"]].dropna().to_numpy(float))),
    ),
    Template(
        key="zscore",
        concept="outliers",
        needs=("num1",),
        phrasings=(
            "How many outliers does {num1} have?",
            "Find the outliers in {num1}.",
            "Which rows have an unusual {num1}, and how many are there?",
        ),
        constraints="Consider values more than 3 standard deviations from the mean as outliers.",
        expected=lambda df, s, p: [_zcount(df[s["num1"]], 3)],
    ),
    Template(
        key="zscore2",
        concept="outliers",
        needs=("num2",),
        phrasings=(
            "Count the outliers of {num2}.",
            "Identify outliers in the {num2} column.",
            "Are there extreme values of {num2}? How many?",
        ),
        constraints="Use a z-score threshold of 2.",
        expected=lambda df, s, p: [_zcount(df[s["num2"]], 2)],
    ),
    Template(
        key="iqr",
        concept="outliers",
        needs=("num1",),
        phrasings=(
            "How many outliers are there in {num1}?",
            "List the outliers of {num1}.",
            "Flag anomalous {num1} values and count them.",
        ),
        constraints="Use the 1.5 times IQR rule.",
        expected=lambda df, s, p: [_iqr_count(df[s["num1"]])],
    ),
    Template(
        key="fill_median",
        concept="preprocessing",
        needs=("num_missing",),
        digits=2,
        phrasings=(
            "Fill missing {num_missing} values with the median, then give the mean {num_missing}.",
            "Impute the missing {num_missing} with the median and then compute the average {num_missing}.",
            "After replacing missing {num_missing} with the median, what is the average {num_missing}?",
        ),
        constraints="Round to two decimal places.",
        expected=lambda df, s, p: [df[s["num_missing"]].fillna(df[s["num_missing"]].median()).mean()],
    ),
    Template(
        key="drop_missing",
        concept="preprocessing",
        needs=("num_missing", "num1"),
        digits=2,
        phrasings=(
            "Ignore rows with missing values in the {num_missing} column. What is the average {num1}?",
            "Drop rows with missing {num_missing}, then compute the mean {num1}.",
            "Excluding rows where {num_missing} is missing, what is the mean {num1}?",
        ),
        constraints="Round the answer to two decimal places.",
        expected=lambda df, s, p: [df.dropna(subset=[s["num_missing"]])[s["num1"]].mean()],
    ),
    Template(
        key="fill_group",
        concept="preprocessing",
        needs=("num_missing", "group"),
        digits=2,
        phrasings=(
            "Fill missing {num_missing} with the mean, then the mean {num_missing} per {group}.",
            "Impute missing {num_missing} values with the mean and then average {num_missing} by {group}.",
            "Replace missing {num_missing} with the mean; what is the mean {num_missing} for each {group}?",
        ),
        constraints="Round to 2 decimals.",
        expected=lambda df, s, p: (
            df.assign(**{s["num_missing"]: df[s["num_missing"]].fillna(df[s["num_missing"]].mean())})
            .groupby(s["group"])[s["num_missing"]]
            .mean()
            .tolist()
        ),
    ),
    Template(
        key="dedup",
        concept="preprocessing",
        needs=("group",),
        phrasings=(
            "Remove duplicate rows, then count the rows per {group}.",
            "Drop duplicated rows and count rows by {group}.",
            "After removing duplicate records, how many rows are there for each {group}?",
        ),
        constraints="Count whole-row duplicates only once.",
        expected=lambda df, s, p: df.drop_duplicates().groupby(s["group"]).size().tolist(),
    ),
    Template(
        key="sum_corr",
        concept="feature engineering",
        needs=("count_a", "count_b", "num1"),
        digits=3,
        phrasings=(
            "Create a column as the sum of {count_a} and {count_b}, then its correlation with {num1}.",
            "Add a new column equal to the sum of {count_a} and {count_b}, "
            "then compute its correlation with {num1}.",
            "Make a feature that is the sum of {count_a} and {count_b}; how does it correlate with {num1}?",
        ),
        constraints="Use the Pearson correlation coefficient, rounded to 3 decimals.",
        expected=lambda df, s, p: [(df[s["count_a"]] + df[s["count_b"]]).corr(df[s["num1"]])],
    ),
    Template(
        key="bin_q",
        concept="feature engineering",
        needs=("num2",),
        phrasings=(
            "Bin {num2} into 4 quantiles and count the rows in each bin.",
            "Split {num2} into 4 quantile bins, then count rows per bin.",
            "Divide {num2} into four quartiles; how many rows fall in each bin?",
        ),
        constraints="Bins are numbered from the lowest values up.",
        expected=lambda df, s, p: (
            pd.qcut(df[s["num2"]], 4, labels=False, duplicates="drop").value_counts().sort_index().tolist()
        ),
    ),
    Template(
        key="minmax",
        concept="feature engineering",
        needs=("num1",),
        digits=4,
        phrasings=(
            "Normalize {num1} with min-max scaling, then report its mean.",
            "Apply min-max normalization to {num1} and compute the average of {num1}.",
            "Rescale {num1} to the range 0 to 1; what is the mean of the scaled {num1}?",
        ),
        constraints="Round to four decimal places.",
        expected=lambda df, s, p: [
            ((df[s["num1"]] - df[s["num1"]].min()) / (df[s["num1"]].max() - df[s["num1"]].min())).mean()
        ],
    ),
    Template(
        key="ttest",
        concept="tests",
        needs=("num1", "group2"),
        digits=4,
        phrasings=(
            "Does {num1} differ significantly between {a} and {b} {group2}?",
            "Run a t-test comparing {num1} for {a} versus {b} {group2}.",
            "Is the mean {num1} of {a} different from that of {b} ({group2})? Test it.",
        ),
        constraints="Use an independent two-sample t-test at a significance level of 0.05; "
        "round to 4 decimals.",
        expected=lambda df, s, p: _with_decision(stats.ttest_ind(*_two(df, s, p, s["num1"]))),
    ),
    Template(
        key="mannwhitney",
        concept="tests",
        needs=("num2", "group2"),
        digits=4,
        phrasings=(
            "Compare {num2} between {a} and {b} {group2} with a Mann-Whitney U test.",
            "Use the Mann-Whitney test to see whether {num2} differs between {a} and {b} {group2}.",
            "Non-parametric check (Mann-Whitney U): is {num2} different for {a} and {b} {group2}?",
        ),
        constraints="Two-sided test, significance level 0.05, round to 4 decimals.",
        expected=lambda df, s, p: _with_decision(
            stats.mannwhitneyu(*_two(df, s, p, s["num2"]), alternative="two-sided")
        ),
    ),
    Template(
        key="chi2",
        concept="tests",
        needs=("group", "cat2"),
        digits=4,
        phrasings=(
            "Is {group} independent of {cat2}?",
            "Run a chi-square test between {group} and {cat2}.",
            "Test the association of {group} and {cat2} with a chi-squared test.",
        ),
        constraints="Use a chi-square test of independence and report the p-value rounded to 4 decimals.",
        expected=lambda df, s, p: _pair(
            stats.chi2_contingency(pd.crosstab(df[s["group"]], df[s["cat2"]]).to_numpy())[:2]
        ),
    ),
    Template(
        key="anova",
        concept="tests",
        needs=("num1", "group"),
        digits=4,
        phrasings=(
            "Does the mean {num1} differ across {group}?",
            "Perform an ANOVA of {num1} by {group}.",
            "Analysis of variance: is {num1} the same in every {group}?",
        ),
        constraints="Use a one-way ANOVA at a significance level of 0.05 and round to 4 decimals.",
        expected=lambda df, s, p: _with_decision(
            stats.f_oneway(
                *[
                    g[s["num1"]].dropna().to_numpy(float)
                    for _, g in df.dropna(subset=[s["group"]]).groupby(s["group"])
                ]
            )
        ),
    ),
    Template(
        key="paired",
        concept="tests",
        needs=("paired_a", "paired_b"),
        digits=4,
        phrasings=(
            "Is there a significant change from {paired_a} to {paired_b}? Use a paired t-test.",
            "Run a paired t-test on {paired_a} and {paired_b}.",
            "Paired samples: do {paired_a} and {paired_b} differ on average?",
        ),
        constraints="Significance level 0.05; round to 4 decimals.",
        expected=lambda df, s, p: _with_decision(
            stats.ttest_rel(*df[[s["paired_a"], s["paired_b"]]].dropna().to_numpy(float).T)
        ),
    ),
    Template(
        key="reg_simple",
        concept="regression",
        needs=("target", "feat1"),
        digits=4,
        phrasings=(
            "Fit a linear regression of {target} on {feat1}. What is the R-squared?",
            "Regress {target} on {feat1} and report the coefficient and R².",
            "Using linear regression, predict {target} from {feat1}; how good is the fit (R-squared)?",
        ),
        constraints="Round to 4 decimal places.",
        expected=lambda df, s, p: _coef_r2(_fit(df, s["target"], [s["feat1"]], None)),
    ),
    Template(
        key="reg_split",
        concept="regression",
        needs=("target", "feat1", "feat2"),
        digits=3,
        phrasings=(
            "Predict {target} from {feat1} and {feat2} with linear regression and report the RMSE.",
            "Train a linear regression model for {target} using {feat1} and {feat2}; what is the test RMSE?",
            "With {feat1} and {feat2} as features and {target} as the target, "
            "fit a linear model and give its RMSE.",
        ),
        constraints="Use 20% of the data for testing with random seed 42. Round to 3 decimals.",
        expected=lambda df, s, p: [_fit(df, s["target"], [s["feat1"], s["feat2"]], 0.2)[2]],
    ),
]


def fill(template: Template, phrasing: int, slots: dict[str, str], pair: tuple[str, str]) -> str:
    """The question text for one dataset."""
    names = {k: _q(v) for k, v in slots.items()}
    return template.phrasings[phrasing].format(**names, a=pair[0], b=pair[1])
