"""Requests for a statistical test, a distribution's shape or a regression, read into an Intent.

Runs before the general parser: a request naming a test ("Shapiro-Wilk", "t-test", "chi-square",
"ANOVA", "p-value of the correlation"), skewness/kurtosis or a linear regression is mapped onto the
``statistical_test`` / ``distribution_shape`` / ``linear_regression`` templates with its columns, its
groups and its split. A request that names such an analysis but not the columns it needs is left to
the general parser, which reports what it could not map.
"""

from __future__ import annotations

from typing import Any

from mcpforge import _lazy_re as re
from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import AnalysisMethod, Intent
from mcpforge.pipeline.intent.analysis.continuity import CORRECTION_PHRASE, correction_option
from mcpforge.pipeline.intent.analysis.listed_groups import listed_values, named_as_a_group
from mcpforge.pipeline.intent.analysis.paired_by import paired_by_id, pairing_keys
from mcpforge.pipeline.intent.analysis.sex_groups import sex_group_spot
from mcpforge.pipeline.intent.analysis.statistic_words import column_at, mentioned_columns
from mcpforge.pipeline.intent.analysis.with_without import split_first
from mcpforge.pipeline.intent.language.function_words import FUNCTION_WORDS
from mcpforge.pipeline.intent.words import ColumnResolver, norm, tokenize

_TESTS: list[tuple[str, str]] = [
    # named before ANOVA: "Kruskal-Wallis (one-way ANOVA on ranks)", "Levene's test of equal variances"
    (r"\bkruskal|\bh[- ]test\b", "kruskal"),
    (r"\blevene", "levene"),
    (r"wilcoxon\s+signed|\bsigned[- ]ranks?\b", "wilcoxon"),  # before "rank-sum" (Mann-Whitney)
    (r"kolmogorov[- ]smirnov|\bks\b[- ](?:2|two)[- ]?samp|\bks[- ]test\b", "ks_2samp"),  # two-sample only
    (r"shapiro", "shapiro"),
    (r"d'?\s?agostino|normaltest|k-?squared|k2 test", "dagostino"),
    (r"\bpaired\b[^.?]*\bt[- ]?tests?\b|\bt[- ]?tests?\b[^.?]*\bpaired\b|\brelated\s+samples\b", "ttest_rel"),
    (r"\bone[- ]sample\b", "ttest_1samp"),
    (r"\bwelch", "welch_ttest"),
    (r"mann[- ]whitney|wilcoxon\s+rank[- ]sum|\bu[- ]test\b", "mannwhitney"),
    (r"chi[- ]?squared?|χ²|\bchi2\b", "chi2"),
    (r"\banova\b|analysis\s+of\s+variance|\bf[- ]test\b", "anova"),
    (r"\bt[- ]?tests?\b|student'?s\s+t\b|\btwo[- ]sample\b", "ttest_ind"),
    (r"normal(?:ly)?\s+distributed|normality|follows?\s+a\s+normal|gaussian", "shapiro"),
]
_SIGNIFICANCE = re.compile(r"p[- ]?values?|significan|statistically|hypothesis", re.IGNORECASE)
_CORRELATION = re.compile(  # "Pearson r", "Spearman's rho", "Kendall's tau" name the coefficient
    r"correlat|association\s+between|relationship\s+between"
    r"|\b(?:pearson|spearman|kendall)(?:'s)?\s+(?:r|rho|tau|\u03c1|\u03c4)\b",
    re.IGNORECASE,
)
_SHAPE = re.compile(r"\bskew(?:ness|ed)?\b|\bkurtosis\b", re.IGNORECASE)
_REGRESSION = re.compile(
    r"\bregress(?:ion|ing|ed|es)?\b|\bpredict(?:s|ing|ion)?\b|r[- ]?squared|\br²|\brmse\b|\bols\b"
    r"|\bleast[- ]squares?\b|\bline\s+of\s+best\s+fit\b|\bbest[- ]fit(?:ting)?\s+line\b",
    re.IGNORECASE,
)
_TARGET = re.compile(
    r"\bpredict(?:s|ing)?\s+(?:the\s+)?(?P<a>[\w .'`-]+?)\s+(?:from|using|based\s+on|with|by)\b"
    r"|\bregress(?:ion|ing|ed|es)?\s+(?:of\s+)?(?:the\s+)?(?P<b>[\w .'`-]+?)\s+on\b"
    r"|\b(?:line|fit|model)\s+(?:of|for)\s+(?:the\s+)?(?P<d>[\w .'`-]+?)\s+(?:on|against)\b"
    r"|(?:the\s+)?(?P<c>[\w.'`-]+(?:\s+[\w.'`-]+){0,2})\s+as\s+(?:the\s+)?(?:target|dependent|response|outcome|label|y\b)",
    re.IGNORECASE,
)
_SPLIT = re.compile(
    r"(?P<pct>\d+(?:\.\d+)?)\s*%\s*(?:of\s+(?:the\s+)?(?:data|rows)\s+)?(?:for|as|in)\s+(?:the\s+)?test"
    r"|test[- _](?:size|set\s+size|share|fraction|ratio|proportion)\s*(?:of|=|:)?\s*(?P<frac>0?\.\d+|\d+\s*%)"
    r"|(?P<train>\d+)\s*[/:-]\s*(?P<test>\d+)\s+(?:train[- /]*test\s+)?split"
    # "a 20% test split / test set / hold-out", "holding out 25%"
    r"|(?P<held>\d+(?:\.\d+)?)\s*%\s*(?:test|hold[- ]?out|validation)\b"
    r"|hold(?:ing)?[- ]?out\s+(?:of\s+)?(?P<out>\d+(?:\.\d+)?)\s*%",
    re.IGNORECASE,
)
_SEED = re.compile(r"(?:random[_ ]state|random\s+seed|seed)\s*(?:of|=|:|is)?\s*(\d+)", re.IGNORECASE)
_ONE_SAMPLE_VALUE = re.compile(
    r"(?:differ(?:s|ent)?\s+from|equal\s+to|equals?|against|than|of|=|is|mu\s*=?|population\s+mean\s+(?:of|=)?)"
    r"\s*(-?\d+(?:\.\d+)?)\b(?!\s*%)",
    re.IGNORECASE,
)
# The phrases that set a model's split and seed; their numbers are read into the options.
SETTINGS = re.compile(f"{_SPLIT.pattern}|{_SEED.pattern}|{CORRECTION_PHRASE.pattern}", re.IGNORECASE)
_DISCRETE = {"categorical", "boolean", "text"}
_ACROSS_GROUPS = ("anova", "kruskal", "levene")  # one numeric column across two or more groups
_ACROSS_LABELS = {"anova": "one-way ANOVA", "kruskal": "Kruskal-Wallis test", "levene": "Levene test"}
_EQUALS = frozenset({"=", "==", "is", "equals"})


def _group_values(text: str, resolver: ColumnResolver, column: str) -> list[str]:
    """Values of a categorical ``column`` the text names, in the order it names them.

    A value that is also a function word ("IN", "OR") counts only written exactly as in the data.
    """
    info = resolver.schema.get(column)
    if info is not None and info.kind == "boolean":  # yes/no columns load as booleans: True / False
        words = [(m.start(), "True" if m.group(1).lower() in ("yes", "true") else "False")
                 for m in re.finditer(r"\b(yes|no|true|false)\b", text, re.IGNORECASE)]  # fmt: skip
        return list(dict.fromkeys(value for _, value in words))
    if info is None or info.kind != "categorical":
        return []
    spots: list[tuple[int, str]] = []
    for value in info.values:
        word = value.strip()
        if not word:
            continue
        flags = 0 if word.lower() in FUNCTION_WORDS else re.IGNORECASE
        matches = re.finditer(rf"(?<![\w-]){re.escape(word)}(?:s|es)?(?![\w-])", text, flags)
        match = next((m for m in matches if flags or named_as_a_group(text, m.start(), m.end())), None)
        if match is not None:
            spots.append((match.start(), value))
        elif (spot := sex_group_spot(text, value, info.values, info.name)) is not None:  # "men vs women"
            spots.append((spot, value))
    return [value for _, value in sorted(spots)]


def _numeric_group_values(text: str, resolver: ColumnResolver, column: str) -> list[int]:
    """ "between Metropole = 1 and Metropole = 0": the whole numbers that pick groups of a code column."""
    info = resolver.schema.get(column)
    if info is None or not _few_whole_numbers(resolver, column):
        return []
    tokens, found = tokenize(text), []
    for i in range(len(tokens)):
        hit = column_at(tokens, i, resolver)
        if hit is None or hit[0] != column:
            continue
        j = i + hit[1] + (1 if i + hit[1] < len(tokens) and tokens[i + hit[1]] in _EQUALS else 0)
        if j < len(tokens) and re.fullmatch(r"-?\d+", tokens[j]):
            value = int(tokens[j])
            low, high = info.minimum, info.maximum
            inside = isinstance(low, float | int) and isinstance(high, float | int) and low <= value <= high
            if inside and value not in found:
                found.append(value)
    return found


def _few_whole_numbers(resolver: ColumnResolver, column: str) -> bool:
    info = resolver.schema.get(column)
    return info is not None and info.kind == "numeric" and info.is_integer and 0 < info.distinct_count <= 20


def _test_name(low: str) -> str | None:
    for pattern, test in _TESTS:
        if re.search(pattern, low):
            return test
    return None


def _split_share(text: str) -> float | None:
    match = _SPLIT.search(text)
    if match is None:
        return None
    percent = match.group("pct") or match.group("held") or match.group("out")
    if percent:
        return float(percent) / 100
    if match.group("frac"):
        raw = match.group("frac").strip()
        return float(raw.rstrip("% ")) / 100 if raw.endswith("%") else float(raw)
    train, test = float(match.group("train")), float(match.group("test"))
    return test / (train + test)


# A column named like a statistic the regression reports: read as the feature only where the request puts it
# after "on"; elsewhere ("and give the slope") the word asks for the statistic.
_STATISTIC_COLUMNS = frozenset({"slope", "intercept", "rmse", "r2", "r squared"})
_FIRST_CLAUSE = re.compile(
    r"[.;,?:(]|\s(?:and|then)\s+(?:give|report|show|return|tell|state|print|what)\b", re.I
)


def _regression(
    text: str, columns: list[str], resolver: ColumnResolver, base: dict[str, Any]
) -> Intent | None:
    numeric = [c for c in columns if resolver.kind(c) in {"numeric", "boolean"}]
    target: str | None = None
    if (match := _TARGET.search(text)) is not None:
        phrase = next(g for g in match.groups() if g)
        named = mentioned_columns(tokenize(phrase), resolver)
        target = named[-1] if named else None
    target = target or (numeric[0] if numeric else None)
    features = [c for c in numeric if c != target]
    if match is not None:  # "regress Y on X and give the slope" over a column named slope: the statistic
        said = _FIRST_CLAUSE.split(text[match.end() :], maxsplit=1)[0]
        named = mentioned_columns(tokenize(said), resolver)
        features = [c for c in features if c in named or norm(c) not in _STATISTIC_COLUMNS]
    if target is None or target not in numeric or not features:
        return None  # "slope of trails on Maui": a line of a name column is no regression
    options: dict[str, Any] = {"target": target, "features": features}
    if (share := _split_share(text)) is not None:
        options["test_size"] = share
        seed = _SEED.search(text)
        options["seed"] = int(seed.group(1)) if seed else 42
    return Intent(operation="linear_regression", columns=[target, *features], options=options, **base)


def _across_named(test: str, chosen: list[Any], group: str, base: dict[str, Any]) -> bool:
    """Whether a test across groups names the groups it compares; one named group is refused."""
    if test not in _ACROSS_GROUPS or not chosen:
        return False
    if len(chosen) == 1:
        raise UnmappableRequestError(
            f"cannot map the request {base['request']!r} onto a data analysis: the {_ACROSS_LABELS[test]} "
            f"compares two or more groups of {group!r}, but the request names only {chosen[0]!r}; name "
            "the groups to compare, or none to compare them all",
            understood={"test": test, "group_by": [group], "groups": chosen},
        )
    return True


def _group_column(test: str, discrete: list[str], values: dict[str, list[Any]]) -> str | None:
    """The column whose groups are compared: the category named, unless no group of it is named and
    exactly two groups of one other column are ("between Métropole = 1 and Métropole = 0 counties")."""
    pairs = [c for c, v in values.items() if len(v) == 2 and c not in discrete]
    if discrete and (discrete[0] in values or len(pairs) != 1 or test in _ACROSS_GROUPS):
        return discrete[0]
    return pairs[0] if discrete else next((c for c, v in values.items() if len(v) >= 2), None)


def _test(  # noqa: PLR0911 - one answer per family of tests, read top to bottom
    test: str, text: str, columns: list[str], resolver: ColumnResolver, base: dict[str, Any]
) -> Intent | None:
    numeric = [c for c in columns if resolver.kind(c) in {"numeric", "boolean"}]
    discrete = [c for c in columns if resolver.kind(c) in _DISCRETE]
    by_groups = (*_ACROSS_GROUPS, "ttest_ind", "welch_ttest", "mannwhitney", "ks_2samp")
    # "with promo ... than those without": the yes/no column is the split, not the measure
    split = split_first(tokenize(text), resolver, numeric, discrete) if test in by_groups else None
    numeric, discrete = split or (numeric, discrete)
    if test in by_groups and not discrete and len(numeric) > 1:
        # "across Pclass": a whole-number column with few values after the measure is a group key
        keys = [c for c in numeric[1:] if _few_whole_numbers(resolver, c)]
        discrete, numeric = keys[:1], [c for c in numeric if c not in keys[:1]]
    values: dict[str, list[Any]] = {
        c: found for c in resolver.names() if (found := _group_values(text, resolver, c))
    }
    for column in numeric[1:] + discrete:
        if column not in values and len(coded := _numeric_group_values(text, resolver, column)) == 2:
            values[column] = list(coded)
    two = test not in _ACROSS_GROUPS  # "between 1985 and 1995": the rows of each year
    listed = listed_values(text, resolver, numeric, discrete, values, two=two) if test in by_groups else {}
    values.update(listed)
    group = _group_column(test, discrete, values)
    options: dict[str, Any] = {"test": test}
    if test == "chi2":
        pair = discrete[:2] if len(discrete) >= 2 else columns[:2]
        return (
            Intent(operation="statistical_test", columns=pair, options=options, **base)
            if len(pair) == 2
            else None
        )
    if not numeric:
        return None
    if test in ("shapiro", "dagostino"):
        return Intent(operation="statistical_test", columns=numeric[:1], options=options, **base)
    if test == "ttest_1samp":
        match = _ONE_SAMPLE_VALUE.search(text)
        options["value"] = float(match.group(1)) if match else 0.0
        return Intent(operation="statistical_test", columns=numeric[:1], options=options, **base)
    if test in ("ttest_rel", "pearson", "spearman", "kendall", "wilcoxon"):
        # "paired t-test by year": the key pairs the rows, it is no measure to compare
        pair = [] if set(numeric[:2]) & set(pairing_keys(text, resolver)) else numeric[:2]
        return (
            Intent(operation="statistical_test", columns=pair, options=options, **base)
            if len(pair) == 2
            else None
        )
    if group is not None:
        chosen = values.get(group, [])
        info = resolver.schema.get(group)
        if test == "ttest_ind" and len(chosen) != 2 and info is not None and info.distinct_count > 2:
            test = options["test"] = "anova"  # a difference across more than two groups
        if (test not in _ACROSS_GROUPS and len(chosen) == 2) or _across_named(test, chosen, group, base):
            options["groups"] = chosen  # named groups only ("across Measles, Mumps and Polio")
        measures = [c for c in numeric if c != group] or numeric  # "with children": the yes/no is the group
        return Intent(
            operation="statistical_test", columns=measures[:1], group_by=[group], options=options, **base
        )
    if test not in _ACROSS_GROUPS and len(numeric) >= 2:
        return Intent(operation="statistical_test", columns=numeric[:2], options=options, **base)
    return None


def read_statistics(
    text: str, resolver: ColumnResolver, method: AnalysisMethod, request: str, *, context: str
) -> Intent | None:
    """The test / shape / regression Intent ``text`` asks for, or None (the general parser reads it).

    ``context`` is the request with its method sentences ("Use a one-way ANOVA ..."): they name the test
    even though they are no part of what is computed.
    """
    low = context.lower()
    columns = mentioned_columns(tokenize(text), resolver)
    if not columns:
        columns = mentioned_columns(tokenize(context), resolver)
    base: dict[str, Any] = {"request": request, "method": method}
    test = _test_name(low)
    if test is None and _SIGNIFICANCE.search(low) and _CORRELATION.search(low):
        test = method.correlation_method or next((m for m in ("spearman", "kendall") if m in low), "pearson")
    if test is None and _SIGNIFICANCE.search(low) and re.search(r"\bdiffer|\bdifference", low):
        test = "ttest_ind"
    if test is not None:  # "paired by state between 1982 and 1988" first (paired_by.py)
        intent = paired_by_id(test, text, columns, resolver, base, context=context)
        intent = intent or _test(test, text, columns, resolver, base)
        correction = correction_option(context, test if intent is None else intent.options["test"])
        if intent is not None and correction is not None:  # "without Yates' continuity correction"
            intent = intent.model_copy(update={"options": {**intent.options, "correction": correction}})
        return intent
    if _SHAPE.search(low):
        numeric = [c for c in columns if resolver.kind(c) == "numeric"]
        correction_option(context, "distribution_shape")  # a correction phrase here: refused
        return Intent(operation="distribution_shape", columns=numeric, **base) if numeric else None
    if _REGRESSION.search(low):
        correction_option(context, "linear_regression")
        return _regression(text, columns, resolver, base)
    return None
