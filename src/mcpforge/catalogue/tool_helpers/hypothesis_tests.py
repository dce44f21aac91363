"""Hypothesis tests copied into statistical_test tools (scipy.stats; the answer said in words).

Every test returns one row: test, statistic, p_value, n, alpha, significant, conclusion. Samples drop
their missing values; a two-sample test takes either two numeric columns or one numeric column split by
a group column into two groups.
"""

from typing import Any

import numpy as np
import pandas as pd
from scipy import stats as scipy_stats

from mcpforge.exceptions import DataError, InvalidArgumentError

# ---- INLINE ----
_TESTS = (
    "shapiro", "dagostino", "ttest_1samp", "ttest_ind", "welch_ttest", "ttest_rel", "mannwhitney",
    "chi2", "anova", "kruskal", "levene", "pearson", "spearman", "kendall", "wilcoxon", "ks_2samp",
)  # fmt: skip
_NORMALITY = ("shapiro", "dagostino")
_TEST_NAMES = {
    "shapiro": "Shapiro-Wilk normality test", "dagostino": "D'Agostino-Pearson normality test",
    "ttest_1samp": "One-sample t-test", "ttest_ind": "Two-sample t-test", "welch_ttest": "Welch t-test",
    "ttest_rel": "Paired t-test", "mannwhitney": "Mann-Whitney U test",
    "chi2": "Chi-square independence test",
    "anova": "One-way ANOVA", "kruskal": "Kruskal-Wallis H test",
    "levene": "Levene test of equal variances",
    "pearson": "Pearson correlation test", "spearman": "Spearman correlation test",
    "kendall": "Kendall correlation test", "wilcoxon": "Wilcoxon signed-rank test",
    "ks_2samp": "Two-sample Kolmogorov-Smirnov test",
}  # fmt: skip
# Fewest values per sample each test needs; below them the answer is "not enough data" (NaN), not an error.
_MIN_SIZE = {"shapiro": 3, "dagostino": 8, "pearson": 3, "spearman": 3, "kendall": 3}
_NAN3 = (float("nan"), float("nan"))
# Tests of one numeric column across the groups of a group column (two or more groups).
_GROUP_TESTS = ("anova", "kruskal", "levene")


def _enough(test: str, *samples: Any) -> bool:
    return all(len(sample) >= _MIN_SIZE.get(test, 2) for sample in samples)


def _sample(df: pd.DataFrame, column: str) -> np.ndarray:
    if df[column].dtype.kind not in "iufb":
        raise DataError(f"column {column!r} must be numeric for this test")
    return df[column].dropna().to_numpy(dtype="float64")


def _two_samples(
    df: pd.DataFrame, columns: list[str], group_column: str | None, groups: list[Any]
) -> tuple[np.ndarray, np.ndarray]:
    """Two samples: two columns, or one column split by the two named (or only) groups."""
    if not group_column:
        if len(columns) < 2:
            raise InvalidArgumentError(
                "a two-sample test needs two columns or a group column", argument="columns"
            )
        return _sample(df, columns[0]), _sample(df, columns[1])
    present = sorted(df[group_column].dropna().unique().tolist())
    yes_no = bool(present) and all(_group_label(key) in ("true", "false") for key in present)
    keys = groups or ([False, True] if yes_no else present)  # a yes/no column has both groups, always
    if len(keys) != 2:
        raise DataError(f"{group_column!r} has {len(keys)} groups; name the two to compare")
    labels = df[group_column].map(_group_label)
    first, second = (_sample(df[labels == _group_label(key)], columns[0]) for key in keys)
    return first, second


def _group_label(value: Any) -> str | None:
    """A group value compared loosely: yes / True / 1 are one value, case and spaces do not matter."""
    if value is None or value is pd.NA or (isinstance(value, float) and np.isnan(value)):
        return None
    text = str(value).strip().lower()
    return {"yes": "true", "y": "true", "t": "true", "no": "false", "n": "false", "f": "false"}.get(
        text, text
    )


def _one_sample(x: np.ndarray, test: str, value: float) -> tuple[float, float, int]:
    if not _enough(test, x):
        return (*_NAN3, len(x))
    if test == "shapiro":
        out = scipy_stats.shapiro(x)
    elif test == "dagostino":
        out = scipy_stats.normaltest(x)
    else:
        out = scipy_stats.ttest_1samp(x, value)
    return float(out[0]), float(out[1]), len(x)


def _paired(df: pd.DataFrame, test: str, columns: list[str]) -> tuple[float, float, int]:
    pair = df[[columns[0], columns[1]]].dropna().to_numpy(dtype="float64")
    if not _enough(test, pair):
        return (*_NAN3, len(pair))
    functions = {"ttest_rel": scipy_stats.ttest_rel, "pearson": scipy_stats.pearsonr,
                 "spearman": scipy_stats.spearmanr, "kendall": scipy_stats.kendalltau,
                 "wilcoxon": scipy_stats.wilcoxon}  # fmt: skip
    out = functions[test](pair[:, 0], pair[:, 1])
    return float(out[0]), float(out[1]), len(pair)


def _pairs_by_id(
    df: pd.DataFrame, column: str, group_column: str | None, groups: list[Any], pair_column: str
) -> pd.DataFrame:
    """One row per ``pair_column`` id: ``column`` at the first and at the second of ``groups``.

    Ids missing either value are dropped; an id with two rows for one group does not pair the rows: an
    argument error (the id column chosen is not an id).
    """
    if not group_column or len(groups) != 2:
        raise InvalidArgumentError(
            "a test paired by an id column needs the column and the two values to pair", argument="groups"
        )
    if df[column].dtype.kind not in "iufb":
        raise DataError(f"column {column!r} must be numeric for this test")
    labels = df[group_column].map(_group_label)
    sides = []
    for key in groups:
        part = df.loc[labels == _group_label(key), [pair_column, column]].dropna()
        if part[pair_column].duplicated().any():
            raise InvalidArgumentError(
                f"{pair_column!r} repeats within {group_column} = {key}; cannot pair the rows by it",
                argument="pair_column",
            )
        sides.append(part.set_index(pair_column)[column].rename(str(key)))
    return pd.concat(sides, axis=1, join="inner")


def _independence(df: pd.DataFrame, columns: list[str], *, correction: bool) -> tuple[float, float, int]:
    both = df[[columns[0], columns[1]]].dropna()
    table = pd.crosstab(both[columns[0]], both[columns[1]])
    if min(table.shape) < 2:
        return (*_NAN3, len(both))
    chi2, p_value = scipy_stats.chi2_contingency(table.to_numpy(), correction=correction)[:2]
    return float(chi2), float(p_value), len(both)


def _group_rows(df: pd.DataFrame, column: str, group_column: str, groups: list[Any]) -> pd.DataFrame:
    """The rows with both values, in the named groups only when ``groups`` names some."""
    used = df[[column, group_column]].dropna()
    if groups:
        used = used[used[group_column].map(_group_label).isin({_group_label(key) for key in groups})]
    return used


def _group_samples(
    df: pd.DataFrame, column: str, group_column: str | None, groups: list[Any]
) -> list[np.ndarray]:
    """The values of ``column`` in each group of ``group_column`` (rows missing either dropped)."""
    if not group_column:
        raise InvalidArgumentError("this test needs a group column", argument="group_column")
    if df[column].dtype.kind not in "iufb":
        raise DataError(f"column {column!r} must be numeric for this test")
    used = _group_rows(df, column, group_column, groups)
    return [part[column].to_numpy(dtype="float64") for _, part in used.groupby(group_column)]


def _across_groups(test: str, samples: list[np.ndarray]) -> tuple[float, float, int]:
    """ANOVA, Kruskal-Wallis H (tie-corrected) or Levene (median-centred) across ``samples``."""
    used = sum(len(sample) for sample in samples)
    if len(samples) < 2 or used <= len(samples):
        return (*_NAN3, used)
    if test == "kruskal" and len(np.unique(np.concatenate(samples))) < 2:
        return (*_NAN3, used)  # every value equal: no ranks to compare
    functions = {"anova": scipy_stats.f_oneway, "kruskal": scipy_stats.kruskal, "levene": scipy_stats.levene}
    out = functions[test](*samples)
    return float(out[0]), float(out[1]), used


def _run_test(  # noqa: PLR0911 - one return per family of tests
    df: pd.DataFrame,
    test: str,
    columns: list[str],
    *,
    group_column: str | None,
    groups: list[Any],
    value: float,
    correction: bool = True,
    pair_column: str | None = None,
) -> tuple[float, float, int]:
    """(statistic, p-value, rows used) of ``test``; NaN statistic and p-value when too few values.

    ``correction``: Yates' continuity correction of a chi-square on a 2x2 table (scipy's default).
    ``pair_column``: a paired test compares ``columns[0]`` at the two ``groups`` of ``group_column``,
    paired by this id column (the rows used are the pairs).
    """
    if test not in _TESTS:
        raise InvalidArgumentError(f"unknown test {test!r}; known: {', '.join(_TESTS)}", argument="test")
    if pair_column and test in ("ttest_rel", "wilcoxon"):
        pairs = _pairs_by_id(df, columns[0], group_column, groups, pair_column)
        return _paired(pairs, test, list(pairs.columns))
    if test in (*_NORMALITY, "ttest_1samp"):
        return _one_sample(_sample(df, columns[0]), test, value)
    if test in ("ttest_rel", "pearson", "spearman", "kendall", "wilcoxon"):
        return _paired(df, test, columns)
    if test == "chi2":
        return _independence(df, columns, correction=correction)
    if test in _GROUP_TESTS:
        return _across_groups(test, _group_samples(df, columns[0], group_column, groups))
    a, b = _two_samples(df, columns, group_column, groups)
    if not _enough(test, a, b):
        return (*_NAN3, len(a) + len(b))
    if test == "mannwhitney":
        out = scipy_stats.mannwhitneyu(a, b, alternative="two-sided")
    elif test == "ks_2samp":
        out = scipy_stats.ks_2samp(a, b)
    else:
        out = scipy_stats.ttest_ind(a, b, equal_var=test == "ttest_ind")
    return float(out[0]), float(out[1]), len(a) + len(b)


def _group_count(
    df: pd.DataFrame, test: str, columns: list[str], group_column: str | None, groups: list[Any]
) -> int | None:
    """How many groups a test across groups compared (None for the other tests)."""
    if test not in _GROUP_TESTS or not group_column:
        return None
    return int(_group_rows(df, columns[0], group_column, groups)[group_column].nunique())


def _conclusion(test: str, p_value: float, alpha: float, groups: int | None = None) -> tuple[bool, str]:
    """Whether the test rejects its null hypothesis at ``alpha``, said in words."""
    counted = "" if groups is None else f"{groups} group" + ("" if groups == 1 else "s")
    if np.isnan(p_value):  # too few values
        return False, "not enough data to decide" + (f" ({counted})" if counted else "")
    significant = bool(p_value < alpha)
    said = "significant" if significant else "not significant"
    if test in _NORMALITY:
        said = "not normally distributed" if significant else "consistent with a normal distribution"
    elif test == "levene":
        said = "variances differ" if significant else "variances not significantly different"
    return significant, f"{said} at {alpha:g} (p = {p_value:.4g}" + (f"; {counted})" if counted else ")")
