"""Names of what a method reports: used when the reading's method reports them, refused when it does not.

"Using the Spearman rank correlation ... Report rho", "Welch's t-test ... report t and the p-value", "one-way
ANOVA: report the F statistic", "least-squares line of Y on X: what is the slope?" name the number to give,
not a column or a condition. Under a reading whose method reports that number the word is used, and the
reading says it ("as stated: rho (Spearman's rank correlation)"). Under a reading whose method reports
something else it could only be answered with another number than the one asked ("rho" under a Pearson
correlation, "the slope" of a regression on two features, "F" from a t-test): it is refused, naming the word.

A single letter (t, F, H, U, W, r, p) names a statistic only where it is said as one: before "statistic",
"value", "stat" or "score", or after a verb of reporting or a method's possessive name ("Pearson's r").
"""

from __future__ import annotations

from mcpforge.models import Intent

# Word as tokenized → the statistic it names.
_NAMES: dict[str, str] = {
    "rho": "rho", "rho-value": "rho", "tau": "tau", "tau-b": "tau", "r-value": "r",
    "t-statistic": "t", "t-statistics": "t", "t-value": "t", "t-stat": "t", "t-score": "t",
    "f-statistic": "f", "f-value": "f", "f-ratio": "f", "f-stat": "f", "h-statistic": "h",
    "u-statistic": "u", "w-statistic": "w", "p-value": "p", "p-values": "p", "pvalue": "p", "p_value": "p",
    "slope": "slope", "slopes": "slope", "intercept": "intercept", "r2": "r2", "r-squared": "r2",
    "r-square": "r2", "rsquared": "r2", "rmse": "rmse",
}  # fmt: skip
_LETTERS = frozenset({"r", "t", "f", "h", "u", "w", "p"})
_AFTER_LETTER = frozenset({"statistic", "statistics", "value", "values", "stat", "score"})
_BEFORE_LETTER = frozenset({"report", "reports", "reporting", "give", "gives", "return", "returns", "show",
                            "pearson's", "spearman's", "kendall's", "student's", "welch's",
                            "correlation"})  # fmt: skip
# Which statistic each test reports (scipy's names; Levene's W is also called F).
_TEST_STATISTIC: dict[str, frozenset[str]] = {
    "ttest_ind": frozenset({"t"}), "welch_ttest": frozenset({"t"}), "ttest_rel": frozenset({"t"}),
    "ttest_1samp": frozenset({"t"}), "anova": frozenset({"f"}), "kruskal": frozenset({"h"}),
    "mannwhitney": frozenset({"u"}), "shapiro": frozenset({"w"}), "levene": frozenset({"w", "f"}),
    "pearson": frozenset({"r"}), "spearman": frozenset({"rho"}), "kendall": frozenset({"tau"}),
}  # fmt: skip
_CORRELATION_NAME = {"pearson": "r", "spearman": "rho", "kendall": "tau"}
# A correlation asked beside a regression ("the correlation and the R-squared"): the regression reports R²,
# not r (its sign is lost), so the word is never passed over.
CORRELATION_WORDS = frozenset({"correlation", "correlations", "correlated", "correlate", "corr"})
_SAID = {
    "rho": "rho (Spearman's rank correlation)", "tau": "tau (Kendall's rank correlation)",
    "r": "r (Pearson's correlation)", "t": "t (the t statistic)", "f": "F (the F statistic)",
    "h": "H (the Kruskal-Wallis statistic)", "u": "U (the Mann-Whitney statistic)",
    "w": "W (the test's statistic)", "r2": "R\u00b2", "rmse": "RMSE",
    "slope": "the slope (the coefficient of the one feature)",
}  # fmt: skip


def statistic_named(tokens: list[str], i: int) -> str | None:
    """The statistic ``tokens[i]`` names ("rho", "p-value", "t" in "report t and ..."), else None."""
    token = tokens[i]
    if token in _NAMES:
        return _NAMES[token]
    if token not in _LETTERS:
        return None
    after = tokens[i + 1] if i + 1 < len(tokens) else ""
    if token == "r" and after in {"squared", "square"}:
        return "r2"  # "R squared": the regression's R², not Pearson's r
    before = tokens[i - 1] if i > 0 else ""
    return token if after in _AFTER_LETTER or before in _BEFORE_LETTER else None


def _reported(intent: Intent) -> frozenset[str]:
    """The statistics the reading's method reports."""
    if intent.operation == "correlation":
        method = intent.options.get("method") or intent.method.correlation_method or "pearson"
        return frozenset({_CORRELATION_NAME.get(str(method), "r")})
    if intent.operation == "statistical_test":
        return frozenset({"p"}) | _TEST_STATISTIC.get(str(intent.options.get("test", "")), frozenset())
    if intent.operation == "linear_regression":
        features = intent.options.get("features") or []
        one = isinstance(features, list) and len(features) == 1
        return frozenset({"intercept", "r2", "rmse", *(["slope"] if one else [])})
    return frozenset()


def unreported_statistic(tokens: list[str], i: int, intent: Intent) -> str | None:
    """Why the statistic ``tokens[i]`` names cannot be answered by ``intent``; "" when it is reported.

    None when the word names no statistic (the other checks decide).
    """
    if intent.operation == "linear_regression" and tokens[i] in CORRELATION_WORDS:
        return "a correlation, which the regression does not report (ask for it on its own)"
    name = statistic_named(tokens, i)
    if name is None:
        return None
    if name in _reported(intent):
        return ""
    if name == "slope" and intent.operation == "linear_regression":
        return "a slope, but the regression has several features (one coefficient each); name one feature"
    return f"a statistic ({tokens[i]}) the reading as {intent.operation!r} does not report"


def stated_statistics(tokens: list[str], intent: Intent) -> list[str]:
    """The reported statistics the request names, as phrases the reading sentence says back."""
    reported = _reported(intent) - {"p"}  # the test's sentence says "with its p-value" already
    names = [name for i in range(len(tokens)) if (name := statistic_named(tokens, i)) in reported]
    # the regression rows asked in other words ("how much does Y rise per unit of X": the slope)
    rows = intent.options.get("report") if intent.operation == "linear_regression" else None
    for row in rows if isinstance(rows, list) else []:
        name = "slope" if str(row).startswith("coef_") else str(row)
        names += [name] if name in reported else []
    return [f"reports {_SAID.get(name, name)}" for name in dict.fromkeys(names)]


_REGRESSION_ROWS = {"intercept": "intercept", "r2": "r2", "rmse": "rmse"}


def with_reported_rows(tokens: list[str], intent: Intent) -> Intent:
    """A regression asked for some of its statistics ("what is the slope?") gives those rows only."""
    if intent.operation != "linear_regression":
        return intent
    features = [str(f) for f in intent.options.get("features") or []]
    rows: list[str] = []
    for i in range(len(tokens)):
        name = statistic_named(tokens, i)
        if name == "slope" and len(features) == 1:
            rows.append(f"coef_{features[0]}")
        elif name in _REGRESSION_ROWS:
            rows.append(_REGRESSION_ROWS[name])
    if not rows:
        return intent
    order = ["intercept", *(f"coef_{f}" for f in features), "r2", "rmse"]
    report = [row for row in order if row in rows]
    return intent.model_copy(update={"options": {**intent.options, "report": report}})


# Words of a regression's own name: "least squares", "line of best fit", "best-fit line", "ordinary",
# and its verb: "regress Y on X", "regressing Y on X".
_FIT_PAIRS = {"best": frozenset({"fit", "fitting"}), "least": frozenset({"squares", "square"})}
_FIT_WORDS = frozenset({"ordinary", "squares", "line", "regress", "regressed", "regressing", "regresses"})


def names_the_fit(tokens: list[str], i: int, intent: Intent) -> bool:
    """``best`` in "line of best fit", ``least`` in "least squares" under a linear regression; ``simple``
    in "simple linear regression" when the regression has one feature (what "simple" says)."""
    if intent.operation != "linear_regression":
        return False
    after = tokens[i + 1] if i + 1 < len(tokens) else ""
    if tokens[i] == "simple":
        features = intent.options.get("features") or []
        return after in {"linear", "regression", "ols", "line"} and len(features) == 1
    return after in _FIT_PAIRS.get(tokens[i], frozenset()) or tokens[i] in _FIT_WORDS
