"""Every word of a statistical request accounted for, as on every other path.

A test, shape or regression request is read at once by ``intent/statistics.py``; without this pass a
condition ("among smokers", "for rows where age > 40"), another column or a number it does not use would be
dropped silently and the answer would look validated. The words the statistical reading uses (its columns,
its group and the values that pick the groups, the names of tests and models, the split and seed) are
marked used; every other word goes through :func:`~mcpforge.pipeline.intent.accounting.leftovers`, the same
check the general parser's readings pass, and a meaningful leftover refuses the request naming it.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import Intent
from mcpforge.pipeline.intent.accounting import Leftover, leftovers
from mcpforge.pipeline.intent.analysis.method_vocabulary import (
    equal_variances_beside_welch,
    exclusive_equalities,
    method_words,
    one_sided_words,
    other_tests,
    without_settings,
)
from mcpforge.pipeline.intent.analysis.model_kinds import other_model_kind
from mcpforge.pipeline.intent.analysis.paired_words import names_the_change
from mcpforge.pipeline.intent.analysis.reported_names import CORRELATION_WORDS, names_the_fit
from mcpforge.pipeline.intent.analysis.with_without import with_and_without
from mcpforge.pipeline.intent.analysis.year_adjectives import year_before_measure
from mcpforge.pipeline.intent.conditions import find_filters
from mcpforge.pipeline.intent.language.discourse import with_unused
from mcpforge.pipeline.intent.restated_scope import states_the_row_count
from mcpforge.pipeline.intent.words import ColumnResolver, _key, find_values, tokenize

# Words that name a test, a model or their parts. They stand for a column only when they are its exact
# name: "a chi-squared test" is no mention of "test prep", "fit a linear model" none of "model year".
STAT_VOCABULARY = frozenset({
    "test", "tests", "tested", "testing", "model", "models", "sample", "samples", "feature", "features",
    "target", "predictor", "predictors", "variable", "variables", "significance", "level", "variance",
    "analysis", "regression", "linear", "correlation", "coefficient", "distribution", "normal",
    "normality", "group", "groups", "difference", "error", "split", "seed", "random", "fit", "rank",
    "ranks", "skew", "skewness", "kurtosis", "tail", "tails", "hypothesis", "independence", "association",
    "input", "inputs", "response", "outcome", "label", "train", "training", "set", "data", "parametric",
    "nonparametric", "sided", "two-sided", "tailed", "two-tailed", "day", "days", "week", "weeks", "month",
    "months", "year", "years", "hour", "hours",
})  # fmt: skip
_LOCATION_WORDS = frozenset({"mean", "means", "average", "averages", "median", "medians"})
_LOCATION_TESTS = frozenset({"ttest_ind", "welch_ttest", "ttest_rel", "ttest_1samp", "anova", "mannwhitney"})
# Tests of ranks or of spread about the median (scipy's Levene default): "median" says what they compare.
_MEDIAN_TESTS = frozenset({"kruskal", "levene"})
_ONE_SIDED = "a one-sided alternative; the catalogue's tests are two-sided"
_OTHER_TEST = "it names another test, or an assumption of another test, than the one read"
_ERROR_WORDS = frozenset({"squared", "square", "absolute"})
# After "count" / "total": what is counted or totalled, so the word is the aggregation, not a column.
_COUNTED = frozenset({"of", "the", "a", "an", "all", "each", "every", "rows", "records", "entries",
                      "distinct", "unique", "how", "them", "these", "those", "up"})  # fmt: skip
_NOT_BEFORE = frozenset({"normal", "normally", "significant", "significantly", "independent", "correlated",
                         "different", "differ", "related", "equal", "the"})  # fmt: skip


def column_at(tokens: list[str], i: int, resolver: ColumnResolver) -> tuple[str, int] | None:
    """The column named at ``tokens[i]``; a statistics word counts only when it is the column's exact name.

    A word the general reading never takes for a column ("count", "total") names one here when it is
    that column's whole name: in "test whether count differs across diseases" it is the measure tested;
    followed by what it counts or totals ("count of rows", "count the rows") it stays the aggregation.
    """
    hit = resolver.match_at(tokens, i, fuzzy=len(tokens[i]) >= 5)
    if hit is None:
        after = tokens[i + 1] if i + 1 < len(tokens) else ""
        named = [name for name in resolver.names() if name.lower() == tokens[i]]
        return (named[0], 1) if len(named) == 1 and after not in _COUNTED else None
    if hit[1] == 1 and tokens[i] in STAT_VOCABULARY and _key(tokens[i]) != _key(hit[0]):
        return None
    return hit


def mentioned_columns(tokens: list[str], resolver: ColumnResolver) -> list[str]:
    """Every column the tokens name, in order, each once."""
    found: list[str] = []
    i = 0
    while i < len(tokens):
        hit = column_at(tokens, i, resolver)
        if hit is None:
            i += 1
            continue
        if hit[0] not in found:
            found.append(hit[0])
        i += hit[1]
    return found


def _names(tokens: list[str], i: int, columns: list[str], resolver: ColumnResolver) -> bool:
    hit = column_at(tokens, i, resolver) if i < len(tokens) else None
    return hit is not None and hit[0] in columns


def _used(tokens: list[str], intent: Intent, resolver: ColumnResolver) -> set[int]:
    read = {*intent.columns, *intent.group_by, str(intent.options.get("target", ""))}
    read |= {str(intent.options.get("pair_by") or ""), *intent.options.get("pair_choices", [])}  # paired
    test = str(intent.options.get("test", ""))
    pairwise = bool(intent.group_by) or len(intent.columns) == 2  # "between A and B", "A versus B"
    used: set[int] = set()
    i = 0
    while i < len(tokens):
        token, after = tokens[i], tokens[i + 1] if i + 1 < len(tokens) else ""
        hit = column_at(tokens, i, resolver)
        if hit is not None and hit[0] in read:
            used.update(range(i, i + hit[1]))
            i += hit[1]
            continue
        if (
            (token in STAT_VOCABULARY and not _correlation_beside_a_line(token, intent))
            or (token in _LOCATION_WORDS and test in _LOCATION_TESTS)
            or (token in {"median", "medians"} and test in _MEDIAN_TESTS)
            or (
                token in {"mean", "average"}
                and after in _ERROR_WORDS
                and intent.operation == "linear_regression"
            )
            or (token in {"between", "vs", "versus"} and pairwise)
            or names_the_change(token, intent)  # "did X change" under a paired test (paired_by.py)
            or names_the_fit(tokens, i, intent)  # "line of best fit", "least squares"
            or states_the_row_count(tokens, i, intent, resolver)  # "on all 342 observations"
            or (token == "not" and (after in _NOT_BEFORE or (i > 0 and tokens[i - 1] == "or")))
            or (token == "non" and after == "parametric")
            or (
                token == "non" and _names(tokens, i + 1, intent.group_by, resolver)
            )  # "holiday and non-holiday"
        ):
            used.add(i)
        i += 1
    return used


def _correlation_beside_a_line(token: str, intent: Intent) -> bool:
    """ "the correlation and the R-squared": a regression reports R², not r; the word is left to refuse."""
    return intent.operation == "linear_regression" and token in CORRELATION_WORDS


def _group_values_used(tokens: list[str], intent: Intent, resolver: ColumnResolver) -> set[int]:
    """Positions of the values that pick the groups ("male and female"): the test's, not conditions."""
    used: set[int] = set()
    for hit in find_values(tokens, resolver):
        if hit.column in intent.group_by:
            used.update(range(hit.start, hit.start + hit.width))
    value = intent.options.get("value")
    coded = {
        float(g) for g in intent.options.get("groups") or [] if isinstance(g, int) and not isinstance(g, bool)
    }
    for i, token in enumerate(tokens):
        if value is not None and _number(token) == float(value):
            used.add(i)  # the hypothesised mean of a one-sample test
        if coded and _number(token) in coded and i > 0 and _names(tokens, i - 1, intent.group_by, resolver):
            used.add(i)  # "Metropole 1": a group picked by its code
        if (
            coded
            and _number(token) in coded
            and i > 1
            and tokens[i - 1] in {"=", "==", "is", "equals"}
            and _names(tokens, i - 2, intent.group_by, resolver)
        ):
            used.update({i - 1, i})  # "Metropole = 1"
    return used


def _number(token: str) -> float | None:
    try:
        return float(token)
    except ValueError:
        return None


def account_for_statistic(
    text: str, intent: Intent, resolver: ColumnResolver, *, settings: re.Pattern[str]
) -> Intent:
    """``intent`` with the conditions of ``text``; refused when a meaningful word is still left over.

    Conditions ("for rows where age > 40", "among smokers") are read by the general parser's filter reader
    on the words the statistical reading did not use, and become the tool's row filters.

    Args:
        text: the request without its method sentences and preparation steps (what is computed).
        intent: the statistical reading of ``text``.
        resolver: the column resolver of the request (quoted names included).
        settings: the phrases that set the test split and the seed ("20% for testing", "seed 42"),
            read into the options in another form (0.2), so their numbers are not leftovers.

    Raises:
        UnmappableRequestError: naming each word left over and why it matters.
    """
    kind = other_model_kind(intent.request) if intent.operation == "linear_regression" else None
    if kind is not None:  # "the slope of the logistic regression": not an OLS line
        raise UnmappableRequestError(
            f"cannot map the request {intent.request!r} onto a data analysis: {kind!r} names a kind of "
            "regression the catalogue does not fit (it fits an ordinary least-squares line); ask for a "
            "linear regression, or use a model engine (--engine) for that model",
            understood={"operation": intent.operation, "columns": list(intent.columns), "unknown": [kind]},
        )
    tokens = tokenize(without_settings(text, settings))
    used = _used(tokens, intent, resolver) | _group_values_used(tokens, intent, resolver)
    split, groups = with_and_without(tokens, intent, resolver)  # "rows with and without a jail sentence"
    if groups:
        used |= split
        intent = intent.model_copy(update={"options": {**intent.options, "groups": groups}})
    spot, restricted = year_before_measure(tokens, used, intent, resolver)  # "the 1992 earnings"
    if restricted:
        used |= spot
        intent = intent.model_copy(update={"filters": [*intent.filters, *restricted]})
    conditions = find_filters(tokens, resolver, set(used))
    if conditions.filters and not (conditions.unknown or conditions.ambiguous):
        used |= conditions.used
        read = {*intent.columns, *intent.group_by}
        on_groups = any(f.column in read and f.column in intent.group_by for f in conditions.filters)
        if not on_groups and not exclusive_equalities(conditions.filters):
            intent = intent.model_copy(update={"filters": [*intent.filters, *conditions.filters]})
        else:  # a condition on the group column itself, or "X = 1 and X = 0" (two groups, no rows)
            used -= conditions.used  # not understood, reported
    method, verbs = method_words(tokens, used, intent, resolver)  # "Mann-Whitney", "run", "differ"
    used |= method
    intent = with_unused(intent, verbs)
    found = leftovers(tokens, used, intent, resolver, mentioned=mentioned_columns(tokens, resolver))
    named = {item.word for item in found}
    found += [Leftover(word=w, why=_ONE_SIDED) for w in one_sided_words(tokens, used) if w not in named]
    found += [Leftover(word=w, why=_OTHER_TEST) for w in other_tests(tokens, used, intent) if w not in named]
    found += [Leftover(word=w, why=_OTHER_TEST) for w in equal_variances_beside_welch(tokens, intent)]
    if found:
        words = "; ".join(f"{item.word!r} ({item.why})" for item in found)
        raise UnmappableRequestError(
            f"cannot map the request {intent.request!r} onto a data analysis: not every word was understood "
            f"by the {intent.operation} reading: {words}. Available columns: "
            f"{', '.join(repr(c) for c in resolver.schema.column_names)}.",
            understood={"operation": intent.operation, "columns": list(intent.columns),
                        "group_by": list(intent.group_by), "unknown": [item.word for item in found]},
        )  # fmt: skip
    return intent
