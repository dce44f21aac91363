"""The reading: one plain sentence, generated from an Intent, of what the tool computes.

Validation proves that the code computes the reading; only the reading, shown first, lets the person
check it against their words (ARCHITECTURE §5). So the sentence names every field that changes the
answer: the operation, aggregations and their columns, group keys, filters with their values, derived
columns, top N and order, time column and grain, percentages and the operation's options.

The sentence is built from the operation's own arguments (the call the tool makes), not only from the
Intent: a field the operation does not use is therefore never claimed.

How to extend: a new operation gets a head in ``_HEADS`` (and lists the option keys it states in
``_STATED_OPTIONS``); a new Intent field that changes the answer gets a clause function in ``_CLAUSES``
(each takes the :class:`_Context` and returns a fragment or None). Unknown option keys are listed
generically, so nothing is silently left out of the sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from mcpforge import _lazy_re as re
from mcpforge.exceptions import InvalidArgumentError, MCPForgeError
from mcpforge.models import Filter, Intent, PreparationStep
from mcpforge.pipeline.intent.analysis.relative_thresholds import relative_step_text
from mcpforge.pipeline.intent.analysis.value_step_text import value_step_text

# Re-exported (explicitly, for mypy): the one way data is quoted in markdown lives in mcpforge.shown_text.
from mcpforge.shown_text import code_span as code_span  # noqa: PLC0414
from mcpforge.shown_text import inline_text as inline_text  # noqa: PLC0414

_PLAIN_VALUE = re.compile(r"^[\w][\w.:/@+-]*$")
_OPERATORS = {"==": "=", "!=": "≠", ">": ">", ">=": "≥", "<": "<", "<=": "≤"}
FUNCTION_WORDS = {
    "count": "count", "sum": "sum", "mean": "mean", "median": "median", "min": "minimum",
    "max": "maximum", "std": "standard deviation", "nunique": "number of distinct values",
    "pstd": "population standard deviation", "cv": "coefficient of variation",
    "var": "sample variance (ddof=1)", "pvar": "population variance (ddof=0)",
}  # fmt: skip
_STAT_NAMES = "count, missing, mean, standard deviation, minimum, quartiles and maximum"


def join_words(items: Sequence[str], last: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def columns_text(columns: Sequence[str]) -> str:
    """Column names as code spans joined in words."""
    return join_words([code_span(column) for column in columns])


def value_text(value: Any) -> str:
    """A filter value as the person would write it: numbers plainly, words bare, other text quoted."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return f"{value:g}" if abs(value) < 1e15 else str(value)
    if value is None:
        return "empty"
    text = str(value)
    if _PLAIN_VALUE.match(text):
        return inline_text(text)
    return f"“{inline_text(text)}”"


def condition_text(condition: Filter) -> str:  # noqa: PLR0911 - one return per kind of operator
    """One filter in words: ``status`` = completed, ``age`` is between 18 and 65."""
    column, op, value = code_span(condition.column), condition.op, condition.value
    if op in _OPERATORS:
        return f"{column} {_OPERATORS[op]} {value_text(value)}"
    if op in ("in", "not in"):
        values = value if isinstance(value, list | tuple | set) else [value]
        listed = join_words([value_text(v) for v in values], "or")
        return f"{column} is {'not ' if op == 'not in' else ''}one of {listed}"
    if op == "between" and isinstance(value, list | tuple) and len(value) == 2:
        return f"{column} is between {value_text(value[0])} and {value_text(value[1])}"
    if op == "contains":
        return f"{column} contains {value_text(value)}"
    if op == "is null":
        return f"{column} is empty"
    if op == "not null":
        return f"{column} is not empty"
    return f"{column} {inline_text(op)} {value_text(value)}"


def scope_text(conditions: Sequence[str], rows: int | None) -> str:
    """``over all 2,000 rows`` / ``over the 1,083 rows where …`` (conditions already in words)."""
    count = f" {rows:,}" if rows is not None else ""
    if not conditions:
        return f"over all{count} rows"
    return f"over the{count} rows where {join_words(list(conditions))}"


def metric_text(func: str, column: str | None) -> str:
    """``mean of `amount```, ``count of rows``, ``number of distinct values of `id```."""
    if not column:
        return "count of rows"
    return f"{FUNCTION_WORDS.get(func, inline_text(func))} of {code_span(column)}"


def ordinal(number: float) -> str:
    """``90th``, ``1st``, ``22nd``, ``97.5th``."""
    if not float(number).is_integer():
        return f"{number:g}th"
    whole = int(number)
    suffix = "th" if 10 <= whole % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(whole % 10, "th")
    return f"{whole}{suffix}"


@dataclass(frozen=True, kw_only=True)
class _Context:
    """What the clauses read: the intent, the operation's arguments and the rows the tool used."""

    intent: Intent
    arguments: dict[str, Any]
    rows: int | None
    stated_options: frozenset[str] = field(default_factory=frozenset)

    def arg(self, name: str, default: Any = None) -> Any:
        return self.arguments.get(name, default)


def _metrics_text(metrics: Sequence[dict[str, Any]]) -> str:
    return join_words([metric_text(str(m.get("func")), m.get("column")) for m in metrics]) or "count of rows"


def _keys(context: _Context) -> list[str]:
    return [str(k) for k in context.arg("group_by_columns") or []]


def _ranked(context: _Context, what: str) -> str:
    top, descending = context.arg("top_n"), context.arg("sort_descending", True)
    if top:
        return f", {'top' if descending else 'bottom'} {top:,} by {what}"
    return "" if descending else ", smallest first"


def _having(context: _Context, what: str, reading: str) -> str:
    """A condition on each group: "Number of `city` groups whose count of rows > 5" or the groups kept."""
    op = context.arg("having_op")
    if op is None:
        return reading
    condition = f"{what} {op} {float(context.arg('having_value')):g}"
    keys = columns_text(_keys(context))
    if context.arg("count_groups"):
        return f"Number of {keys} groups whose {condition} (a missing key is not counted)"
    return f"{reading}, only the groups whose {condition}"


_SIZE_WORDS = {">": "more than", ">=": "at least", "<": "fewer than", "<=": "at most", "==": "exactly"}


def _sized(context: _Context, reading: str) -> str:
    """A condition on each group's number of rows, applied first: "…, only `town` groups with at least 20
    rows (after the row filters)"."""
    op = context.arg("group_size_op")
    if op is None:
        return reading
    size = f"{_SIZE_WORDS.get(str(op), str(op))} {float(context.arg('group_size_value')):g} rows"
    return f"{reading}, only {columns_text(_keys(context))} groups with {size} (after the row filters)"


def _group_count(context: _Context) -> str:
    share = " and share (%)" if context.arg("as_percentage") else ""
    reading = f"Count{share} of rows per {columns_text(_keys(context))}{_ranked(context, 'count')}"
    return _having(context, "count of rows", _sized(context, reading))


def _group_aggregate(context: _Context) -> str:
    metrics = context.arg("metrics") or []
    first = metric_text(str(metrics[0].get("func")), metrics[0].get("column")) if metrics else "count"
    reading = f"{_metrics_text(metrics)} per {columns_text(_keys(context))}{_ranked(context, first)}"
    return _having(context, first, _sized(context, reading))


def _aggregate(context: _Context) -> str:
    return _metrics_text(context.arg("metrics") or [])


def _value_distribution(context: _Context) -> str:
    top = context.arg("top_n")
    most = f", the {top:,} most frequent" if top else ""
    return f"Count and share (%) of rows for each value of {code_span(context.arg('column'))}{most}"


def _shown(columns: Sequence[str], limit: Any, verb: str = "shown") -> str:
    which = f"columns {columns_text(columns)}" if columns else "all columns"
    return f"{which}; at most {limit:,} {verb}" if isinstance(limit, int) else which


def _filter_rows(context: _Context) -> str:
    return f"The rows themselves ({_shown(context.arg('columns') or [], context.arg('max_rows'))})"


def _top_n_rows(context: _Context) -> str:
    top, column = context.arg("top_n"), code_span(context.arg("sort_column"))
    highest = "highest" if context.arg("sort_descending", True) else "lowest"
    others = [c for c in context.arg("columns") or [] if c != context.arg("sort_column")]
    shown = [context.arg("sort_column"), *others] if others else []
    return f"The {top:,} rows with the {highest} {column} ({_shown(shown, None)})"


def _of_columns(context: _Context, noun: str = "every numeric column") -> str:
    columns = context.arg("columns") or []
    return columns_text(columns) if columns else noun


def _summary_stats(context: _Context) -> str:
    return f"Summary statistics ({_STAT_NAMES}) of {_of_columns(context)}"


def _percentiles(context: _Context) -> str:
    points = [ordinal(float(p)) for p in context.arg("percentiles") or []]
    noun = "percentile" if len(points) == 1 else "percentiles"
    keys = _keys(context)
    per = f" per {columns_text(keys)}" if keys else ""
    return _sized(context, f"The {join_words(points)} {noun} of {_of_columns(context)}{per}")


def _correlation(context: _Context) -> str:
    method = str(context.arg("method", "pearson")).capitalize()
    columns = context.arg("columns") or []
    if len(columns) == 2:
        return f"{method} correlation between {columns_text(columns)}"
    return f"{method} correlation matrix of {_of_columns(context)}"


_PART_WORDS = {"month": "month of the year", "day": "day of the month", "hour": "hour of the day"}


def _time_resample(context: _Context) -> str:
    metrics = context.arg("metrics") or []
    first = metric_text(str(metrics[0].get("func")), metrics[0].get("column")) if metrics else "count"
    grain, column = context.arg("grain", "month"), code_span(context.arg("time_column"))
    ranked = _ranked(context, first) if context.arg("top_n") else ""
    return f"{_metrics_text(metrics)} per {grain} of {column}{ranked}"


def _date_part_group(context: _Context) -> str:
    part = str(context.arg("part", "weekday"))
    metrics = _metrics_text(context.arg("metrics") or [])
    return f"{metrics} per {_PART_WORDS.get(part, part)} of {code_span(context.arg('time_column'))}"


def _pivot_table(context: _Context) -> str:
    metric = metric_text(str(context.arg("aggregation", "count")), context.arg("value_column"))
    rows, columns = code_span(context.arg("index_column")), code_span(context.arg("pivot_column"))
    return f"{metric} for each {rows} (rows) and {columns} (columns)"


def _crosstab(context: _Context) -> str:
    rows, columns = code_span(context.arg("row_column")), code_span(context.arg("column_column"))
    normalize = context.arg("normalize", "none")
    if normalize == "index":
        return f"Share (%) of each {columns} within each {rows} (rows: {rows}, columns: {columns})"
    if normalize == "columns":
        return f"Share (%) of each {rows} within each {columns} (rows: {rows}, columns: {columns})"
    what = "Share (%) of all rows" if normalize == "all" else "Count of rows"
    return f"{what} for each combination of {rows} (rows) and {columns} (columns)"


def _missing_values(context: _Context) -> str:
    return f"Missing values (count and %) of {_of_columns(context, 'every column')}"


def _outliers(context: _Context) -> str:
    column, threshold = code_span(context.arg("column")), context.arg("threshold")
    listed = _shown([], context.arg("max_rows"), "listed").removeprefix("all columns; ")
    if context.arg("method") == "zscore":
        rule = f"lies more than {threshold:g} standard deviations from its mean"
    else:
        rule = f"lies more than {threshold:g} times the IQR beyond the quartiles"
    if context.arg("count_only"):
        return f"Number of outliers: the rows whose {column} {rule}, with the bounds"
    return f"Outliers: the rows whose {column} {rule} ({listed})"


def _distinct_count(context: _Context) -> str:
    columns = context.arg("columns") or []
    combined = " and of their combinations" if len(columns) > 1 else ""
    return f"Number of distinct values of {columns_text(columns)}{combined}"


_GROUP_TESTS = frozenset({"ttest_ind", "welch_ttest", "mannwhitney"})


def _statistical_test(context: _Context) -> str:
    from mcpforge.catalogue.operations.hypothesis import test_label

    test = str(context.arg("test"))
    label = test_label(test)
    columns = [str(c) for c in context.arg("columns") or []]
    group, groups = context.arg("group_column"), context.arg("groups") or []
    pair = context.arg("pair_column")
    if pair and group:  # paired by an id column (analysis/paired_by.py)
        compared = join_words([value_text(g) for g in groups])
        what = (
            f"of {columns_text(columns)} at {code_span(group)} = {compared}, "
            f"paired by {code_span(pair)} (one pair per {code_span(pair)} with both values; others dropped)"
        )
    elif test in ("anova", "kruskal", "levene") and group:
        what = f"of {columns_text(columns)} across the groups of {code_span(group)}"
        what += f" ({join_words([value_text(g) for g in groups])} only)" if groups else ""
    elif test in _GROUP_TESTS and group:
        between = (
            f"{code_span(group)} = {join_words([value_text(g) for g in groups])}"
            if groups
            else (f"the two groups of {code_span(group)}")
        )
        what = f"of {columns_text(columns)} between {between}"
    elif test == "ttest_1samp":
        what = f"of {columns_text(columns)} against a mean of {value_text(context.arg('value', 0))}"
    else:
        what = f"of {columns_text(columns)}"
    if test == "chi2":  # scipy's default corrects a 2x2 table; the request may turn it off
        corrected = context.arg("correction", True) is not False
        what += " (Yates' correction on a 2x2 table)" if corrected else ", without Yates' correction"
    alpha = context.arg("alpha", 0.05)
    return f"{label[:1].upper()}{label[1:]} {what}, with its p-value, decided at significance level {alpha:g}"


def _linear_regression(context: _Context) -> str:
    target, features = code_span(context.arg("target")), columns_text(context.arg("features") or [])
    test_size, seed = context.arg("test_size"), context.arg("seed")
    held = (
        f", {float(test_size):.0%} of rows held out for scoring (seed {seed})"
        if test_size
        else ", fitted and scored on the same rows"
    )
    return f"Linear regression of {target} on {features} (coefficients, R², RMSE){held}"


def _distribution_shape(context: _Context) -> str:
    kind = "Population" if context.arg("population") else "Sample"
    return f"{kind} skewness and kurtosis of {_of_columns(context)}"


def _group_outliers(context: _Context) -> str:
    head = _outliers(context)
    return f"{head}, judged within each {code_span(context.arg('group_column'))}"


def _ratio_part(metric: dict[str, Any]) -> str:
    func, column = str(metric.get("func")), metric.get("column")
    if func == "count" and not column:
        return "the number of rows"
    if func == "nunique":
        return f"the number of distinct {code_span(column)}"
    return f"the {metric_text(func, column)}"


def _group_ratio(context: _Context) -> str:
    top, bottom = context.arg("numerator") or {}, context.arg("denominator") or {}
    keys = _keys(context)
    per = f" per {columns_text(keys)}" if keys else ""
    conditions = [condition_text(Filter.model_validate(f)) for f in context.arg("numerator_filters") or []]
    if conditions and top == bottom:
        what = "Share (%)" if context.arg("as_percentage") else "Share"
        of = "rows" if top.get("func") == "count" and not top.get("column") else _ratio_part(top)
        head = f"{what} of {of} where {join_words(conditions)}{per}"
        return head + _ranked(context, "that share")
    where = f" where {join_words(conditions)}" if conditions else ""
    percent = " in percent" if context.arg("as_percentage") else ""
    head = f"Ratio of {_ratio_part(top)}{where} to {_ratio_part(bottom)}{percent}{per}"
    return head + _ranked(context, "that ratio")


def _period_change(context: _Context) -> str:
    combine, grain = str(context.arg("combine", "single")), str(context.arg("grain", "value"))
    what = {
        "sum": "the total of ", "mean": "the average of ", "median": "the median of ",
        "min": "the minimum of ", "max": "the maximum of ", "count": "the number of values of ",
    }.get(combine, "")  # fmt: skip
    time = code_span(context.arg("time_column"))
    if combine == "count" and context.arg("value_column") == context.arg("time_column"):
        what = "the number of rows"  # the time column's own values counted: the rows of each period
    periods = time if grain == "value" else f"{grain} of {time}"
    single = ", one row per period" if combine == "single" else ""
    keys = _keys(context)
    per = f" per {columns_text(keys)}" if keys else ""
    start, end = str(context.arg("start")), str(context.arg("end"))
    if grain == "value" and not (start.isdigit() and end.isdigit()):  # two groups (group_change.py)
        measure = what if what == "the number of rows" else f"{what}{code_span(context.arg('value_column'))}"
        return (
            f"Difference in {measure} between {time} = {start} and "
            f"{end}{per}: the value of each, the difference ({end} minus {start}) and the percent difference"
        )
    measure = what if what == "the number of rows" else f"{what}{code_span(context.arg('value_column'))}"
    return (
        f"Change in {measure} from {context.arg('start')} to "
        f"{context.arg('end')} ({periods}{single}){per}: start value, end value, change and percent change"
    )


_HEADS: dict[str, Callable[[_Context], str]] = {
    "group_count": _group_count, "group_aggregate": _group_aggregate, "aggregate": _aggregate,
    "value_distribution": _value_distribution, "filter_rows": _filter_rows, "top_n_rows": _top_n_rows,
    "summary_stats": _summary_stats, "percentiles": _percentiles, "correlation": _correlation,
    "time_resample": _time_resample, "date_part_group": _date_part_group, "pivot_table": _pivot_table,
    "crosstab": _crosstab, "missing_values": _missing_values, "outliers": _outliers,
    "distinct_count": _distinct_count, "statistical_test": _statistical_test,
    "linear_regression": _linear_regression, "distribution_shape": _distribution_shape,
    "group_outliers": _group_outliers, "group_ratio": _group_ratio, "period_change": _period_change,
}  # fmt: skip
# Option keys each head already states (any other option key is listed generically).
_STATED_OPTIONS: dict[str, frozenset[str]] = {
    "correlation": frozenset({"method"}), "outliers": frozenset({"method", "threshold", "count"}),
    "percentiles": frozenset({"percentiles", "group_size"}), "crosstab": frozenset({"normalize"}),
    "date_part_group": frozenset({"part"}),
    "group_count": frozenset({"having", "count_groups", "group_size"}),
    "group_aggregate": frozenset({"having", "count_groups", "group_size"}),
    "statistical_test": frozenset(
        {"test", "groups", "alpha", "value", "group_column", "correction", "pair_by"}
    ),
    "linear_regression": frozenset({"target", "features", "test_size", "seed"}),
    "distribution_shape": frozenset({"population"}), "group_outliers": frozenset({"method", "threshold"}),
    "group_ratio": frozenset({"numerator_filters"}),
    "period_change": frozenset({"grain", "start", "end", "combine"}),
}  # fmt: skip


def _generic_head(context: _Context) -> str:
    intent = context.intent
    parts = [f"The {inline_text(intent.operation.replace('_', ' '))} analysis"]
    if intent.metrics:
        parts.append(f"of {join_words([metric_text(m.func, m.column) for m in intent.metrics])}")
    elif intent.columns:
        parts.append(f"of {columns_text(intent.columns)}")
    if intent.group_by:
        parts.append(f"per {columns_text(intent.group_by)}")
    if intent.time_column:
        grain = f"{intent.time_grain} of " if intent.time_grain else ""
        parts.append(f"over {grain}{code_span(intent.time_column)}")
    if intent.top_n:
        parts.append(f"({'top' if intent.sort_descending else 'bottom'} {intent.top_n:,})")
    if intent.as_percentage:
        parts.append("as a percentage")
    return " ".join(parts)


def _derived_clause(context: _Context) -> str | None:
    from mcpforge.catalogue.expressions import derived_pairs

    try:
        pairs = list(derived_pairs(context.arg("derived_columns")).items())
    except InvalidArgumentError:
        pairs = []
    pairs = pairs or [(d.name, d.expression) for d in context.intent.derived]
    if not pairs:
        return None
    return "with " + join_words([f"{code_span(name)} = {code_span(expr)}" for name, expr in pairs])


def _step_text(step: PreparationStep) -> str:
    columns = columns_text(step.columns)
    if step.kind == "drop_missing":
        return (
            f"after dropping rows with missing {join_words([code_span(c) for c in step.columns], 'or')}"
            if step.columns
            else ("after dropping rows with any missing value")
        )
    if step.kind == "fill_missing":
        how = (
            f"their {step.strategy}"
            if step.strategy in {"mean", "median", "mode"}
            else value_text(step.value)
        )
        return f"after filling missing {columns or 'values'} with {how}"
    if step.kind == "deduplicate":
        return "after removing duplicate rows" + (f" (judged on {columns})" if step.columns else "")
    if step.kind == "bin":
        ranges = "quantiles" if step.strategy == "quantile" else "equal-width ranges"
        names = columns_text([f"{c}_bin" for c in step.columns])
        return f"with {columns} binned into {step.bins} {ranges} ({names})"
    if step.strategy == "zscore":
        return f"with {columns} rescaled to z-scores"
    return f"with {columns} min-max normalised to [0, 1]"


def _preparation_clause(context: _Context) -> str | None:
    steps = context.intent.preparation
    # value_step_text: outliers dropped, capped, log (issue 25)
    texts = (value_step_text(step) or relative_step_text(step) or _step_text(step) for step in steps)
    return ", ".join(texts) if steps else None


def _method_clause(context: _Context) -> str | None:
    method, parts = context.intent.method, []
    if method.population and context.intent.operation != "distribution_shape":
        parts.append("population statistics")
    if method.round_digits is not None:
        parts.append(f"rounded to {method.round_digits} decimal{'s' if method.round_digits != 1 else ''}")
    return ", ".join(parts) if parts else None


def _options_clause(context: _Context) -> str | None:
    left = {k: v for k, v in context.intent.options.items() if k not in context.stated_options}
    if not left:
        return None
    return "options: " + ", ".join(f"{inline_text(k)} = {value_text(v)}" for k, v in sorted(left.items()))


def _scope_clause(context: _Context) -> str | None:
    raw = context.arg("filters")
    filters = [Filter.model_validate(f) for f in raw] if isinstance(raw, list) else context.intent.filters
    conditions = [condition_text(f) for f in filters]
    if context.arg("group_size_op") is None:
        return scope_text(conditions, context.rows)
    count = f" {context.rows:,}" if context.rows is not None else ""  # the rows of the groups kept only
    return (
        f"over the{count} rows{' where ' + join_words(conditions) if conditions else ''} of the groups kept"
    )


def _part_clause(context: _Context) -> str | None:
    """Which sheet of the workbook / table of the SQLite file is read, when the file has several."""
    intent = context.intent
    if intent.sheet is not None:
        return f"from the sheet {code_span(intent.sheet)}"
    if intent.table is not None:
        return f"from the table {code_span(intent.table)}"
    return None


def _time_clause(context: _Context) -> str | None:
    """The time column the request named ("treat year as time"), once the reading uses it so."""
    named = [note[len(_TIME_NOTE) :] for note in context.intent.notes if note.startswith(_TIME_NOTE)]
    return f"time: {code_span(named[0])}, as asked" if named else None


_TIME_NOTE = "time column as asked: "  # time/as_time.py writes it


def _stated_clause(context: _Context) -> str | None:
    """Method words the reading computes anyway, said back ("linear interpolation (the default)")."""
    stated = [note[len(_STATED_NOTE) :] for note in context.intent.notes if note.startswith(_STATED_NOTE)]
    return ", ".join(inline_text(words) for words in dict.fromkeys(stated)) if stated else None


_STATED_NOTE = "as stated: "  # analysis/method_words.py writes it


def _unused_clause(context: _Context) -> str | None:
    """The request's words of discourse the reading did not use ("not used: 'pandas', 'weigh'")."""
    words = context.intent.unused_words
    return "not used: " + ", ".join(f"'{inline_text(word)}'" for word in words) if words else None


def _rows_clause(context: _Context) -> str | None:
    """What the request called the rows ("rows: counties"), when a noun of the request was read as them."""
    named = [m.group(1) for note in context.intent.notes if (m := _ROWS_NOTE.match(note))]
    return "rows: " + ", ".join(inline_text(word) for word in dict.fromkeys(named)) if named else None


_ROWS_NOTE = re.compile(r"read as (?:rows|a row) \((.+?)\)")
_CLAUSES: tuple[Callable[[_Context], str | None], ...] = (
    _derived_clause, _preparation_clause, _options_clause, _method_clause, _scope_clause, _part_clause,
    _rows_clause, _time_clause, _stated_clause, _unused_clause,
)  # fmt: skip


def _arguments(intent: Intent) -> dict[str, Any] | None:
    """The operation's arguments for ``intent`` (the tool's call), or None for no catalogue operation."""
    from mcpforge.catalogue import CATALOGUE
    from mcpforge.catalogue.expressions import derived_argument

    operation = CATALOGUE.get(intent.operation)
    if operation is None:
        return None
    try:
        arguments = dict(operation.arguments(intent))
    except (MCPForgeError, ValueError, TypeError, KeyError, IndexError):
        return None
    arguments.setdefault("filters", [f.model_dump(mode="json") for f in intent.filters])
    if intent.derived:
        arguments.setdefault(
            "derived_columns", derived_argument({d.name: d.expression for d in intent.derived})
        )
    return arguments


def reading_sentence(
    intent: Intent, *, rows: int | None = None, arguments: dict[str, Any] | None = None
) -> str:
    """One plain sentence of what the tool for ``intent`` computes.

    Args:
        intent: the reading of the request.
        rows: the rows the analysis ran over (after filters), when known from a run.
        arguments: the tool's actual call (e.g. a reused tool's arguments); default: the operation's
            arguments for ``intent``.

    Example: "Mean of `amount` per `region`, over the 1,083 rows where `status` = completed."
    """
    args = arguments if arguments is not None else _arguments(intent)
    head = _HEADS.get(intent.operation) if args is not None else None
    context = _Context(
        intent=intent,
        arguments=args or {},
        rows=rows,
        stated_options=_STATED_OPTIONS.get(intent.operation, frozenset()) if head else frozenset(),
    )
    text = head(context) if head is not None else _generic_head(context)
    clauses = [clause(context) for clause in _CLAUSES]
    sentence = ", ".join([text, *(c for c in clauses if c)])
    return sentence[:1].upper() + sentence[1:] + "."


# Aggregations with no value over no rows: a mean, median, spread or extreme of 0 rows is not a number.
_UNDEFINED_OVER_NO_ROWS = frozenset({"mean", "median", "min", "max", "std", "pstd", "cv", "var", "pvar"})


def empty_scope(intent: Intent, footer: dict[str, Any] | None) -> str | None:
    """Why a run that kept 0 rows of the person's data is no answer, naming the conditions; else None.

    "the average per year for the years 2010 through 2013" whose window went to another date column kept
    0 rows and answered an empty table that had passed every check. A count (or a sum) of no rows is 0,
    an answer; a mean, median, extreme or spread of no rows is not.
    """
    rows = (footer or {}).get("rows_matched")
    if rows != 0 or isinstance(rows, bool) or not intent.filters:
        return None
    if not any(m.func in _UNDEFINED_OVER_NO_ROWS for m in intent.metrics):
        return None
    conditions = join_words([condition_text(f) for f in intent.filters])
    return (
        f"no row of your data meets the conditions ({conditions}): the {intent.metrics[0].func} asked for "
        "has no value over 0 rows. Check the conditions (the column and the values), or rephrase the "
        "request naming the column to restrict"
    )
