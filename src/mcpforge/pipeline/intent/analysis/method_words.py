"""Words of a method the reading already computes: consumed, and said in the reading, never dropped.

"Use linear interpolation" for percentiles, "(ddof=1)" for a standard deviation, "Spearman's" beside a
Spearman correlation, "relate" / "associated" under a correlation: each names what the reading computes
anyway (the catalogue's percentiles interpolate linearly, as pandas does; its standard deviation is the
sample one). Such a word cannot change the numbers, so it does not block the reading; the reading says it
("linear interpolation (the default)", "not used: 'relate'").

A word of the same kind that WOULD change the numbers is used or refused, never dropped: "nearest"
(or "lower", "higher", "midpoint") interpolation is not what the catalogue computes, so it is refused
naming the word; "ddof=0" is the population standard deviation (:mod:`methods` reads it); an
interpolation word in a request that fills or imputes values names a filling method, not the percentile
rule, and is left to the word check.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import Intent

# A note of the form "as stated: <words>" is said in the reading sentence (reading._stated_clause).
STATED = "as stated: "
LINEAR_NOTE = f"{STATED}linear interpolation (the default)"
SAMPLE_NOTE = f"{STATED}sample standard deviation (ddof=1)"
_INTERPOLATION = re.compile(
    r"[,;]?\s*\(?\s*(?:\b(?:and\s+)?(?:use|using|with|by|via|applying|apply)\s+)?(?:the\s+|a\s+)?"
    r"\b(?P<kind>linear|nearest|lower|higher|midpoint|nearest[- ]rank)\s+"
    r"(?:interpolation|method\s+of\s+interpolation)(?:\s+method)?\s*\)?",
    re.IGNORECASE,
)
_QUANTILE_WORDS = re.compile(r"\b(?:percentiles?|quantiles?|quartiles?|deciles?|quintiles?|median)\b", re.I)
_FILLING = re.compile(
    r"\b(?:fill(?:s|ed|ing)?|imput(?:e|es|ed|ing)|replac(?:e|es|ed|ing)|interpolate)\b", re.I
)
_DDOF = re.compile(
    r"\s*[,;]?\s*\(?\s*(?:\b(?:with|using|and)\s+)?\bddof\s*=\s*(?P<ddof>[01])\b\s*\)?", re.IGNORECASE
)
# "(n - 1 in the denominator)", "dividing by n-1", "with divisor n": the estimator stated in words,
# rewritten as the ddof it names so that methods.py reads it (sample / population) and the note says it.
_DENOMINATOR = re.compile(
    r"\b(?:n|N)\s*(?P<a>[-\u2212\u2013]\s*1\s*)?(?:in\s+the\s+denominator|as\s+(?:the\s+)?(?:denominator|divisor))"
    r"|\b(?:denominator|divisor)\s+(?:of\s+|is\s+|=\s*)?(?:n|N)\b\s*(?P<b>[-\u2212\u2013]\s*1\b)?"
    r"|\bdivid(?:e|es|ed|ing)\s+by\s+(?:n|N)\b\s*(?P<c>[-\u2212\u2013]\s*1\b)?",
)
# Tests the catalogue does not run, named in the refusal with the nearest one it does.
_ABSENT_TESTS = [
    (re.compile(r"\bbartlett'?s?\b", re.I), "Bartlett test of equal variances",
     "Levene's test compares the variances across groups ('Levene test of X across Y')"),
    (re.compile(r"\bfriedman\b", re.I), "Friedman test", "a paired t-test compares two related columns"),
    # a two-sample KS test is read (statistics.py); against a distribution it is not in the catalogue
    (re.compile(r"^(?![\s\S]*\b(?:two|2)[- ]samples?\b)[\s\S]*?(?:\bkolmogorov|\bks\s+test\b)", re.I),
     "one-sample Kolmogorov-Smirnov test",
     "a Shapiro-Wilk test checks normality; a two-sample Kolmogorov-Smirnov test compares two groups"),
    (re.compile(r"\bfisher'?s?\s+exact\b", re.I), "Fisher exact test",
     "a chi-square test checks the independence of two categorical columns"),
]  # fmt: skip
_QUANTILE_OPERATIONS = frozenset({"percentiles", "summary_stats"})
_STD_OPERATIONS = frozenset({"summary_stats", "outliers", "group_outliers"})
_FENCE_OPERATIONS = frozenset({"outliers", "group_outliers"})  # IQR fences from linear quartiles


def denominator_as_ddof(text: str) -> str:
    """``n - 1 in the denominator`` → ``ddof=1``; ``n in the denominator`` → ``ddof=0``."""
    low = text.lower()
    if "denominator" not in low and "divisor" not in low and "divid" not in low:
        return text  # most requests: no pattern compiled

    def ddof(match: re.Match[str]) -> str:
        return "ddof=1" if match.group("a") or match.group("b") or match.group("c") else "ddof=0"

    return _DENOMINATOR.sub(ddof, text)


def read_method_words(text: str, request: str) -> tuple[str, list[str]]:
    """``text`` without the method words the catalogue computes anyway, and the notes that say them.

    Raises:
        UnmappableRequestError: a percentile interpolation other than linear, which the catalogue lacks.
    """
    notes: list[str] = []
    for pattern, name, instead in _ABSENT_TESTS:
        if pattern.search(text):
            raise UnmappableRequestError(
                f"cannot map the request {request!r} onto a data analysis: the {name} is not one of the "
                f"catalogue's tests; {instead}, or let a model write it (--engine local)",
                understood={"unsupported_test": name},
            )
    if _QUANTILE_WORDS.search(text) and not _FILLING.search(text):
        match = _INTERPOLATION.search(text)
        if match is not None:
            kind = match.group("kind").lower()
            if kind != "linear":
                raise UnmappableRequestError(
                    f"cannot map the request {request!r} onto a data analysis: '{kind} interpolation' is not "
                    "available (percentiles here use linear interpolation, as pandas does by default); "
                    f"drop '{kind} interpolation' to get them with linear interpolation",
                    understood={"interpolation": kind},
                    final=True,
                )
            text = text[: match.start()] + " " + text[match.end() :]
            notes.append(LINEAR_NOTE)
    match = _DDOF.search(text)
    if match is not None:  # read as sample / population by methods._SAMPLE / _POPULATION
        if match.group("ddof") == "1":
            notes.append(SAMPLE_NOTE)
        text = text[: match.start()] + " " + text[match.end() :]
    return text, notes


def check_method_words(intent: Intent) -> None:
    """Refuse when a stated method word was consumed but the reading computes nothing it applies to."""
    stds = any(m.func in {"std", "var"} for m in intent.metrics) or intent.operation in _STD_OPERATIONS
    if SAMPLE_NOTE in intent.notes and not stds:
        raise UnmappableRequestError(
            f"cannot map the request {intent.request!r} onto a data analysis: it states ddof=1 (the sample "
            f"standard deviation), but the reading as {intent.operation!r} computes no standard deviation",
            understood={"operation": intent.operation, "ddof": 1},
        )
    if LINEAR_NOTE not in intent.notes:
        return
    medians = any(m.func == "median" for m in intent.metrics)
    fences = intent.operation in _FENCE_OPERATIONS and intent.options.get("method") == "iqr"  # linear Q1, Q3
    if intent.operation not in _QUANTILE_OPERATIONS and not medians and not fences:
        raise UnmappableRequestError(
            f"cannot map the request {intent.request!r} onto a data analysis: it states an interpolation "
            f"for percentiles, but the reading as {intent.operation!r} computes none; ask for the "
            "percentiles in so many words",
            understood={"operation": intent.operation, "interpolation": "linear"},
        )


# Verbs and nouns of relating two columns: under a correlation they restate what is computed.
_RELATION_WORDS = frozenset({
    "relate", "relates", "related", "relating", "relation", "relations", "relationship", "relationships",
    "associate", "associates", "associated", "association", "associations", "link", "links", "linked",
    "connected", "connection", "covary", "co-vary", "covaries", "co-varies",
})  # fmt: skip
_CORRELATION_TESTS = frozenset({"pearson", "spearman", "kendall"})


def _correlates(intent: Intent) -> bool:
    if intent.operation == "correlation":
        return True
    return intent.operation == "statistical_test" and intent.options.get("test") in _CORRELATION_TESTS


def relation_word(word: str, intent: Intent) -> bool:
    """``relate`` in "use Spearman's rank correlation to relate gdp and infant_mortality" (a correlation)."""
    return word in _RELATION_WORDS and _correlates(intent)


# Verbs of marking the rows an outlier rule finds: under an outlier count they restate what is counted.
_MARKING_WORDS = frozenset({
    "flag", "flags", "flagged", "flagging", "mark", "marks", "marked", "marking", "label", "labels",
    "labelled", "labeled", "identified", "detected", "classified", "tagged",
})  # fmt: skip


def marking_word(word: str, intent: Intent) -> bool:
    """``flagged`` in "flag income values outside the fences as outliers. How many are flagged?"."""
    return word in _MARKING_WORDS and intent.operation in _FENCE_OPERATIONS


def names_the_method(word: str, intent: Intent) -> bool:
    """``spearman's`` beside a Spearman correlation: the method the reading uses, said in its head."""
    name = word.removesuffix("'s").removesuffix("'")
    if name not in _CORRELATION_TESTS or not _correlates(intent):
        return False
    used = intent.options.get("method") or intent.options.get("test") or intent.method.correlation_method
    return name == (used or "pearson")


# Names of a method, each with the operations that compute it. Left over by a reading that computes
# something else ("Is count different between A and B? Use a t-test." read as counts per group), the
# word would be dropped and the answer would look validated: it is a content word for the word check.
_METHOD_NAMES: dict[frozenset[str], frozenset[str]] = {
    frozenset({"t-test", "ttest", "t-tests", "anova", "welch", "mann-whitney", "whitney", "shapiro",
               "shapiro-wilk", "wilk", "normality", "p-value", "p-values", "kruskal", "kruskal-wallis",
               "wallis", "wilcoxon", "levene", "bartlett", "friedman", "chi-square", "chi-squared",
               "chi2"}): frozenset({"statistical_test"}),
    frozenset({"regression", "logistic", "intercept", "slope"}): frozenset({"linear_regression"}),
    frozenset({"skewness", "kurtosis"}): frozenset({"distribution_shape"}),
}  # fmt: skip


def unused_method_name(word: str, intent: Intent) -> str | None:
    """Why ``word``, left over, names a method the reading does not compute (None when it does not)."""
    name = word.removesuffix("'s")
    for names, operations in _METHOD_NAMES.items():
        if name in names and intent.operation not in operations:
            return f"a method ({name}) the reading as {intent.operation!r} does not compute"
    if name in _CORRELATION_TESTS and not names_the_method(name, intent):
        return f"a correlation method ({name}) the reading does not use"
    return None
