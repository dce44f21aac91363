"""statistical_test: normality, t-tests, Mann-Whitney, chi-square, ANOVA, Kruskal-Wallis, Levene and
correlation with a p-value.

Decisions: alpha is 0.05 unless the request states a significance level; a two-sample test compares two
columns, or one column split by a group column (two groups); the Student t-test assumes equal variances
(scipy's default) unless the request asks for Welch; chi-square applies Yates' correction to 2x2 tables
(scipy's default) unless ``correction`` is off ("without Yates' correction"); Kruskal-Wallis H is
corrected for ties and Levene's test centres each group on its median (scipy's defaults); a test across
groups states how many groups it compared; missing values are dropped per sample (pairwise for paired
tests and correlations).
The reference recomputes the statistics from their formulas in plain Python and takes only the tail
probabilities of the t, F, chi-square and normal distributions from scipy; Shapiro-Wilk, D'Agostino,
the Mann-Whitney p-value and Kendall's tau have no short closed form and call scipy on the reference's
own cleaned samples.
"""

from __future__ import annotations

import math
import statistics
from typing import TYPE_CHECKING, Any, ClassVar

from mcpforge.catalogue._template import code, tool_name_for
from mcpforge.catalogue.base import Operation, Param, ToolDocs, ToolPlan, require
from mcpforge.catalogue.operations._params import bool_param, choice_param, columns_param, number_param
from mcpforge.catalogue.reference.core import numbers
from mcpforge.catalogue.reference.missing import is_missing
from mcpforge.catalogue.reference.paired_tests import paired_or_rank_test
from mcpforge.models import Intent

if TYPE_CHECKING:
    import pandas as pd


def _scipy_stats() -> Any:
    """scipy.stats, imported when a hypothesis test's reference runs (0.4 s every other ask would pay)."""
    from scipy import stats

    return stats


TESTS = (
    "shapiro", "dagostino", "ttest_1samp", "ttest_ind", "welch_ttest", "ttest_rel", "mannwhitney",
    "chi2", "anova", "kruskal", "levene", "pearson", "spearman", "kendall", "wilcoxon", "ks_2samp",
)  # fmt: skip
RESULT_COLUMNS = ["test", "statistic", "p_value", "n", "alpha", "significant", "conclusion"]
_TWO_COLUMNS = ("ttest_rel", "chi2", "pearson", "spearman", "kendall", "wilcoxon")
PAIRED_BY_ID = ("ttest_rel", "wilcoxon")  # one column at two values of another, paired by an id column
_GROUP_TESTS = ("anova", "kruskal", "levene")  # one numeric column across the groups of a group column
_LABELS = {
    "shapiro": "Shapiro-Wilk normality test", "dagostino": "D'Agostino-Pearson normality test",
    "ttest_1samp": "one-sample t-test", "ttest_ind": "two-sample t-test", "welch_ttest": "Welch t-test",
    "ttest_rel": "paired t-test", "mannwhitney": "Mann-Whitney U test",
    "chi2": "chi-square independence test",
    "anova": "one-way ANOVA", "kruskal": "Kruskal-Wallis H test",
    "levene": "Levene test of equal variances",
    "pearson": "Pearson correlation test", "spearman": "Spearman correlation test",
    "kendall": "Kendall correlation test", "wilcoxon": "Wilcoxon signed-rank test",
    "ks_2samp": "two-sample Kolmogorov-Smirnov test",
}  # fmt: skip


def test_label(test: str) -> str:
    """The test's name in words (for titles and the reading sentence)."""
    return _LABELS.get(test, test)


class StatisticalTest(Operation):
    """One hypothesis test with its statistic, p-value and the decision at alpha in words."""

    name: ClassVar[str] = "statistical_test"
    summary: ClassVar[str] = (
        "Hypothesis test with p-value: Shapiro-Wilk/D'Agostino normality, one-sample/two-sample/paired "
        "t-test (also paired by an id column), Wilcoxon signed-rank, Mann-Whitney, two-sample "
        "Kolmogorov-Smirnov, chi-square independence, one-way ANOVA, Kruskal-Wallis, Levene, "
        "Pearson/Spearman/Kendall correlation."
    )
    keywords: ClassVar[tuple[str, ...]] = (
        "t-test",
        "p-value",
        "significant",
        "normality",
        "anova",
        "chi-square",
    )

    def arguments(self, intent: Intent) -> dict[str, Any]:
        options = intent.options
        alpha = intent.method.significance if intent.method.significance is not None else 0.05
        return {
            "test": str(options.get("test", "")),
            "columns": list(intent.columns),
            "group_column": intent.group_by[0] if intent.group_by else None,
            "groups": list(options.get("groups") or []),
            "value": float(options.get("value", 0.0)),
            "alpha": float(alpha),
            "correction": bool(options.get("correction", True)),
            "pair_column": options.get("pair_by") or None,
        }

    def plan(self, intent: Intent) -> ToolPlan:
        args = self.arguments(intent)
        test = args["test"]
        require(test in TESTS, f"unknown statistical test {test!r}", "options")
        require(bool(args["columns"]), "a statistical test needs a column", "columns")
        paired = bool(args["pair_column"])
        require(not paired or test in PAIRED_BY_ID, f"{test} is not a paired test", "options")
        require(not paired or len(args["groups"]) == 2, "a paired test needs two values to pair", "options")
        two = (test in _TWO_COLUMNS and not paired) or (
            test in ("ttest_ind", "welch_ttest", "mannwhitney", "ks_2samp") and not args["group_column"]
        )
        require(not two or len(args["columns"]) >= 2, f"{test} needs two columns", "columns")
        grouped = test not in _GROUP_TESTS or bool(args["group_column"])
        require(grouped, f"{test_label(test)} needs a group column", "group_by")
        body = code("""
            if not 0 < alpha < 1:
                raise InvalidArgumentError(f"alpha must lie in (0, 1), got {alpha!r}", argument="alpha")
            statistic, p_value, used = _run_test(
                df, test, columns, group_column=group_column, groups=groups, value=value,
                correction=correction, pair_column=pair_column,
            )
            significant, conclusion = _conclusion(
                test, p_value, alpha, _group_count(df, test, columns, group_column, groups)
            )
            if pair_column:
                conclusion = f"{conclusion}; {used} pairs by {pair_column}"
            result = pd.DataFrame({
                "test": [test], "statistic": [statistic], "p_value": [p_value], "n": [used],
                "alpha": [alpha], "significant": [significant], "conclusion": [conclusion],
            })
            by = f" by {group_column}" if group_column else ""
            by += f", paired by {pair_column}" if pair_column else ""
            title = f"{_TEST_NAMES.get(test, test)} of {', '.join(columns)}{by}: {conclusion}"
        """)
        label = test_label(test)
        subject = " and ".join(args["columns"]) + (
            f" by {args['group_column']}" if args["group_column"] else ""
        )
        subject += f", paired by {args['pair_column']}" if args["pair_column"] else ""
        return ToolPlan(
            params=[
                choice_param("test", TESTS, test, "Which test"),
                columns_param("columns", args["columns"], "Numeric (or, for chi2, categorical) columns"),
                Param(
                    name="group_column",
                    annotation="str | None",
                    schema={"type": ["string", "null"]},
                    description="Column splitting one numeric column into groups (two-sample tests, ANOVA)",
                    default=args["group_column"],
                ),
                Param(
                    name="groups",
                    annotation="list[Any]",
                    # Typed items, so the tool converts under `bridge --strict` (group values are labels).
                    schema={"type": "array", "items": {"type": ["string", "number", "boolean"]}},
                    description="The group values to compare: two for a two-sample test, two or more for "
                    "ANOVA / Kruskal-Wallis / Levene (empty: every value of the group column)",
                    default=args["groups"],
                ),
                number_param("value", args["value"], "Hypothesised mean of a one-sample t-test"),
                number_param("alpha", args["alpha"], "Significance level"),
                bool_param("correction", args["correction"], "Yates' correction of a 2x2 chi-square"),
                Param(
                    name="pair_column",
                    annotation="str | None",
                    schema={"type": ["string", "null"]},
                    description="Id column pairing the rows of a paired test (the two groups are the two "
                    "values of group_column compared; ids missing either are dropped)",
                    default=args["pair_column"],
                ),
            ],
            needed="[*columns, *([group_column] if group_column else []), "
            "*([pair_column] if pair_column else [])]",
            body=body,
            empty_columns=repr(RESULT_COLUMNS),
            inline=("tests",),
            docs=ToolDocs(
                description=f"{label.capitalize()} of {subject} at significance {args['alpha']:g}.",
                when_to_use="You need to know whether a difference, an association or a departure from "
                "normality is statistically significant, with its p-value.",
                what_it_does="Loads the CSV, applies derived columns, preparation and filters, runs the "
                f"{label} "
                "(scipy.stats) and states the decision at the significance level in words.",
                returns="A markdown table test | statistic | p_value | n | alpha | significant | conclusion, "
                "notes, and a JSON footer with the table.",
                assumptions=["Missing values are dropped per sample (pairwise for paired tests)."],
                limitations=["Significance is not effect size; a p-value says nothing of how large it is."],
            ),
            default_name=tool_name_for(test, "of", *args["columns"][:2]),
        )

    def reference_empty_columns(self, arguments: dict[str, Any], df: pd.DataFrame) -> list[str] | None:
        return list(RESULT_COLUMNS)

    def compute_reference(self, df: pd.DataFrame, arguments: dict[str, Any]) -> pd.DataFrame:
        import pandas as pd

        test, alpha = arguments["test"], float(arguments["alpha"])
        statistic, p_value, used = _reference_test(df, arguments)
        paired = f"; {used} pairs by {arguments['pair_column']}" if arguments.get("pair_column") else ""
        significant = p_value < alpha
        groups = len(_by_group(df, arguments)) if test in _GROUP_TESTS else None
        counted = "" if groups is None else f"{groups} group{'' if groups == 1 else 's'}"
        if math.isnan(p_value):
            conclusion = "not enough data to decide" + (f" ({counted})" if counted else "")
            conclusion += paired
            return pd.DataFrame(
                [[test, statistic, p_value, used, alpha, False, conclusion]], columns=RESULT_COLUMNS
            )
        if test in ("shapiro", "dagostino"):
            said = "not normally distributed" if significant else "consistent with a normal distribution"
        elif test == "levene":
            said = "variances differ" if significant else "variances not significantly different"
        else:
            said = "significant" if significant else "not significant"
        conclusion = f"{said} at {alpha:g} (p = {p_value:.4g}" + (f"; {counted})" if counted else ")")
        conclusion += paired
        return pd.DataFrame(
            [[test, statistic, p_value, used, alpha, significant, conclusion]], columns=RESULT_COLUMNS
        )


_MIN_SIZE = {"shapiro": 3, "dagostino": 8, "pearson": 3, "spearman": 3, "kendall": 3}
_NAN = math.nan


def _too_few(test: str, *sizes: int) -> bool:
    return any(size < _MIN_SIZE.get(test, 2) for size in sizes)


def _t_two_sided(t: float, dof: float) -> float:
    return float(2 * _scipy_stats().t.sf(abs(t), dof))


def _pairs(df: pd.DataFrame, a: str, b: str) -> list[tuple[Any, Any]]:
    return [
        (x, y)
        for x, y in zip(df[a].tolist(), df[b].tolist(), strict=True)
        if not is_missing(x) and not is_missing(y)
    ]


def _ranks(values: list[float]) -> list[float]:
    ordered = sorted(values)
    first: dict[float, int] = {}
    count: dict[float, int] = {}
    for position, value in enumerate(ordered, start=1):
        first.setdefault(value, position)
        count[value] = count.get(value, 0) + 1
    return [first[v] + (count[v] - 1) / 2 for v in values]


def _pearson(xs: list[float], ys: list[float]) -> float:
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    return sxy / math.sqrt(sum((x - mx) ** 2 for x in xs) * sum((y - my) ** 2 for y in ys))


def _split(df: pd.DataFrame, arguments: dict[str, Any]) -> list[list[float]]:
    column, group = arguments["columns"][0], arguments["group_column"]
    if not group:
        return [numbers(df[c].tolist()) for c in arguments["columns"][:2]]
    present = sorted({v for v in df[group].tolist() if not is_missing(v)})
    yes_no = bool(present) and all(str(v).strip().lower() in _TRUTH for v in present)
    keys = arguments["groups"] or ([False, True] if yes_no else present)  # a yes/no column: both, always
    rows = list(zip(df[group].tolist(), df[column].tolist(), strict=True))
    return [
        [float(v) for g, v in rows if not is_missing(g) and _same_group(g, k) and not is_missing(v)]
        for k in keys
    ]


_TRUTH = {
    "true": True,
    "yes": True,
    "y": True,
    "t": True,
    "false": False,
    "no": False,
    "n": False,
    "f": False,
}


def _same_group(cell: Any, key: Any) -> bool:
    a, b = str(cell).strip().lower(), str(key).strip().lower()
    return _TRUTH.get(a, a) == _TRUTH.get(b, b)


def _one_sample(df: pd.DataFrame, arguments: dict[str, Any]) -> tuple[float, float, int]:
    test, xs = arguments["test"], numbers(df[arguments["columns"][0]].tolist())
    if _too_few(test, len(xs)):
        return _NAN, _NAN, len(xs)
    if test == "ttest_1samp":
        spread = statistics.stdev(xs) / math.sqrt(len(xs))
        t = (statistics.fmean(xs) - float(arguments["value"])) / spread
        return t, _t_two_sided(t, len(xs) - 1), len(xs)
    out = _scipy_stats().shapiro(xs) if test == "shapiro" else _scipy_stats().normaltest(xs)
    return float(out[0]), float(out[1]), len(xs)


def _paired(df: pd.DataFrame, arguments: dict[str, Any]) -> tuple[float, float, int]:
    test, columns = arguments["test"], arguments["columns"]
    pairs = [(float(x), float(y)) for x, y in _pairs(df, columns[0], columns[1])]
    xs, ys, n = [p[0] for p in pairs], [p[1] for p in pairs], len(pairs)
    if _too_few(test, n):
        return _NAN, _NAN, n
    if test == "ttest_rel":
        diffs = [x - y for x, y in pairs]
        t = statistics.fmean(diffs) / (statistics.stdev(diffs) / math.sqrt(n))
        return t, _t_two_sided(t, n - 1), n
    if test == "kendall":
        out = _scipy_stats().kendalltau(xs, ys)
        return float(out[0]), float(out[1]), n
    r = _pearson(_ranks(xs), _ranks(ys)) if test == "spearman" else _pearson(xs, ys)
    t = r * math.sqrt((n - 2) / (1 - r * r)) if abs(r) < 1 else math.inf
    return r, _t_two_sided(t, n - 2), n


def _chi2(df: pd.DataFrame, arguments: dict[str, Any]) -> tuple[float, float, int]:
    columns = arguments["columns"]
    pairs = _pairs(df, columns[0], columns[1])
    rows, cols = sorted({a for a, _ in pairs}, key=str), sorted({b for _, b in pairs}, key=str)
    observed = [[sum(1 for a, b in pairs if a == r and b == c) for c in cols] for r in rows]
    n = len(pairs)
    if min(len(rows), len(cols)) < 2:
        return _NAN, _NAN, n
    yates = len(rows) == 2 and len(cols) == 2 and bool(arguments.get("correction", True))
    chi2 = 0.0
    for r_values in observed:
        for j, o in enumerate(r_values):
            expected = sum(r_values) * sum(row[j] for row in observed) / n
            gap = abs(o - expected)
            gap = max(gap - 0.5, 0.0) if yates else gap
            chi2 += gap * gap / expected
    dof = (len(rows) - 1) * (len(cols) - 1)
    return chi2, float(_scipy_stats().chi2.sf(chi2, dof)), n


def _by_group(df: pd.DataFrame, arguments: dict[str, Any]) -> dict[Any, list[float]]:
    """The values of the column per group, in the named groups only when ``groups`` names some."""
    groups: dict[Any, list[float]] = {}
    column, named = arguments["columns"][0], arguments.get("groups") or []
    for g, v in zip(df[arguments["group_column"]].tolist(), df[column].tolist(), strict=True):
        wanted = not named or any(_same_group(g, key) for key in named)
        if not is_missing(g) and not is_missing(v) and wanted:
            groups.setdefault(g, []).append(float(v))
    return groups


def _f_ratio(samples: list[list[float]]) -> tuple[float, float]:
    """One-way ANOVA's F and its p-value (the F distribution's tail)."""
    values = [v for g in samples for v in g]
    grand, k, n = statistics.fmean(values), len(samples), len(values)
    between = sum(len(g) * (statistics.fmean(g) - grand) ** 2 for g in samples)
    within = sum((v - statistics.fmean(g)) ** 2 for g in samples for v in g)
    f = (between / (k - 1)) / (within / (n - k)) if within else math.inf if between else _NAN
    return f, float(_scipy_stats().f.sf(f, k - 1, n - k))


def _kruskal_h(samples: list[list[float]]) -> tuple[float, float]:
    """Kruskal-Wallis H from the pooled ranks, divided by the tie correction; p from chi-square (k - 1)."""
    values = [v for g in samples for v in g]
    n, ranks, start = len(values), _ranks(values), 0
    total = 0.0
    for sample in samples:
        total += sum(ranks[start : start + len(sample)]) ** 2 / len(sample)
        start += len(sample)
    h = 12 / (n * (n + 1)) * total - 3 * (n + 1)
    ties = sum(t**3 - t for t in _counts(values).values())
    h /= 1 - ties / (n**3 - n)
    return h, float(_scipy_stats().chi2.sf(h, len(samples) - 1))


def _counts(values: list[float]) -> dict[float, int]:
    counted: dict[float, int] = {}
    for value in values:
        counted[value] = counted.get(value, 0) + 1
    return counted


def _across_groups(df: pd.DataFrame, arguments: dict[str, Any]) -> tuple[float, float, int]:
    test, samples = arguments["test"], list(_by_group(df, arguments).values())
    n = sum(len(g) for g in samples)
    if len(samples) < 2 or n <= len(samples):
        return _NAN, _NAN, n
    if test == "kruskal":
        if len({v for g in samples for v in g}) < 2:
            return _NAN, _NAN, n
        return (*_kruskal_h(samples), n)
    if test == "levene":  # ANOVA of the distances from each group's median (Brown-Forsythe)
        samples = [[abs(v - statistics.median(g)) for v in g] for g in samples]
    return (*_f_ratio(samples), n)


def _two_sample(df: pd.DataFrame, arguments: dict[str, Any]) -> tuple[float, float, int]:
    test = arguments["test"]
    a, b = _split(df, arguments)
    na, nb = len(a), len(b)
    if _too_few(test, na, nb):
        return _NAN, _NAN, na + nb
    if test == "mannwhitney":
        ranks = _ranks(a + b)
        u = sum(ranks[:na]) - na * (na + 1) / 2
        return u, float(_scipy_stats().mannwhitneyu(a, b, alternative="two-sided").pvalue), na + nb
    va, vb = statistics.variance(a), statistics.variance(b)
    diff = statistics.fmean(a) - statistics.fmean(b)
    if test == "welch_ttest":
        se2 = va / na + vb / nb
        dof = se2**2 / ((va / na) ** 2 / (na - 1) + (vb / nb) ** 2 / (nb - 1))
        t = diff / math.sqrt(se2)
    else:
        dof = na + nb - 2
        pooled = ((na - 1) * va + (nb - 1) * vb) / dof
        t = diff / math.sqrt(pooled * (1 / na + 1 / nb))
    return t, _t_two_sided(t, dof), na + nb


def _reference_test(df: pd.DataFrame, arguments: dict[str, Any]) -> tuple[float, float, int]:
    test = arguments["test"]
    if test in ("wilcoxon", "ks_2samp") or (test in PAIRED_BY_ID and arguments.get("pair_column")):
        return paired_or_rank_test(df, arguments, _split)
    if test in ("shapiro", "dagostino", "ttest_1samp"):
        return _one_sample(df, arguments)
    if test in ("ttest_rel", "pearson", "spearman", "kendall"):
        return _paired(df, arguments)
    if test == "chi2":
        return _chi2(df, arguments)
    if test in _GROUP_TESTS:
        return _across_groups(df, arguments)
    return _two_sample(df, arguments)
