"""From the pieces found in a request to one catalogue operation and its Intent."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from mcpforge import _lazy_re as re
from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import Aggregation, Intent
from mcpforge.pipeline.intent.conditions import FilterResult, date_column
from mcpforge.pipeline.intent.groups.group_sizes import apply_group_size
from mcpforge.pipeline.intent.parse import SHARE_WORDS, SUPERLATIVE_COLUMNS, AggFunc, Phrases, percentiles_in
from mcpforge.pipeline.intent.quantities.share_among import share_among
from mcpforge.pipeline.intent.quantities.share_within import share_within
from mcpforge.pipeline.intent.rows.asked_label import ranked_measure
from mcpforge.pipeline.intent.rows.superlatives import known_keys
from mcpforge.pipeline.intent.words import ColumnResolver

_DEFAULT_SUM_WORDS = ("revenue", "sales", "amount", "units", "quantity", "qty", "casualt", "total", "cost",
                      "profit", "vehicles", "hours", "visits", "orders", "fatalities", "injur")  # fmt: skip
_DISCRETE = {"categorical", "boolean", "text"}


@dataclass(kw_only=True)
class Parsed:
    """Everything the scanners found in one request."""

    request: str
    low: str
    resolver: ColumnResolver
    tokens: list[str]
    phrases: Phrases
    filters: FilterResult
    mentioned: list[str]
    ops: list[str]
    subject: str | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def share(self) -> bool:
        """The request asks for shares / percentages."""
        return bool(SHARE_WORDS.search(self.low))

    def numeric(self, columns: list[str]) -> list[str]:
        """The numeric columns among ``columns``, in order, without repeats."""
        return list(dict.fromkeys(c for c in columns if self.resolver.kind(c) == "numeric"))

    def metric_columns(self) -> list[str]:
        """Columns named in the metrics."""
        return [m.column for m in self.phrases.metrics if m.column]

    def base(self) -> dict[str, Any]:
        """Fields every Intent of this request carries."""
        fields: dict[str, Any] = {
            "request": self.request,
            "filters": self.filters.filters,
            "notes": self.notes,
        }
        if self.phrases.top_n is not None or self.phrases.sort_order:
            fields["top_n"] = self.phrases.top_n
            fields["sort_descending"] = self.phrases.descending
        return fields


def default_func(column: str) -> AggFunc:
    """Sum for additive-sounding columns (revenue, units, casualties), mean for the rest."""
    return "sum" if any(word in column.lower() for word in _DEFAULT_SUM_WORDS) else "mean"


def _default_metrics(p: Parsed, metrics: list[Aggregation], numeric: list[str]) -> list[Aggregation]:
    if metrics:
        return metrics
    if not numeric:
        return [Aggregation(column=None, func="count")]
    per_row = p.phrases.per_row
    out = [
        Aggregation(
            column=c, func="sum" if c in p.phrases.additive else "mean" if per_row else default_func(c)
        )
        for c in numeric
    ]
    p.notes.extend(f"no aggregation named for {m.column!r}; used {m.func}" for m in out)
    return out


def choose_operation(p: Parsed) -> str | None:
    """The one catalogue operation the request asks for (keywords first, then its shape)."""
    phrases, metrics, group_by = p.phrases, p.phrases.metrics, p.phrases.group_by
    has_group = bool(group_by) or (p.subject is not None and p.resolver.kind(p.subject) in _DISCRETE)
    skip = {
        "distinct_count": has_group or (any(m.func == "nunique" for m in metrics) and len(metrics) > 1),
        "value_distribution": (has_group and len(group_by) > 1)
        or bool(metrics and metrics[0].func != "count"),
        "missing_values": any(f.op in {"is null", "not null"} for f in p.filters.filters),
        "summary_stats": has_group,
    }
    keyword = next((op for op in p.ops if not skip.get(op, False)), None)
    only_counts = all(m.func == "count" and m.column is None for m in metrics)
    superlative = phrases.top_word in SUPERLATIVE_COLUMNS
    share_of_value = p.share and not has_group and only_counts and _equality_filter(p) is not None
    extra_numeric = p.numeric([c for c in p.mentioned if c not in group_by])
    rules: list[tuple[bool, str]] = [
        (phrases.grain in {"weekday", "hour"} or phrases.part is not None, "date_part_group"),
        (phrases.grain is not None, "time_resample"),
        (has_group and only_counts and not (phrases.sort_column or extra_numeric), "group_count"),
        (has_group, "group_aggregate"),
        (
            phrases.top_n is not None
            and bool(phrases.sort_column or extra_numeric or p.subject or superlative),
            "top_n_rows",
        ),
        (share_of_value, "value_distribution"),
        (bool(metrics), "aggregate"),
        (bool(p.filters.filters), "filter_rows"),
    ]
    return keyword or next((op for matched, op in rules if matched), None)


def _equality_filter(p: Parsed) -> str | None:
    """The column of the first ``column == category`` (or ``== number``: "have 4 Cylinders") filter."""
    kinds = {"categorical", "numeric"}
    found = (f.column for f in p.filters.filters if f.op == "==" and p.resolver.kind(f.column) in kinds)
    return next(found, None)


def _crosstab(p: Parsed, base: dict[str, Any]) -> Intent | None:
    group_by = p.phrases.group_by
    cols = group_by + [c for c in p.mentioned if c not in group_by]
    if len(cols) < 2:
        return None
    if p.share:
        base["as_percentage"] = True
        norm = "index" if re.search(r"\bwithin each|\brows?\b|\bper row|\beach row", p.low) else "all"
        norm = "columns" if re.search(r"\bcolumn percent|\bper column|\beach column", p.low) else norm
        base["options"] = {"normalize": norm}
    return Intent(operation="crosstab", group_by=[cols[0]], columns=[cols[1]], **base)


def _pivot(p: Parsed, base: dict[str, Any]) -> Intent | None:
    group_by = p.phrases.group_by
    keys = list(
        dict.fromkeys(c for c in group_by + p.mentioned if p.resolver.kind(c) != "numeric" or c in group_by)
    )
    if p.phrases.grain:
        rows, columns = [base["time_column"]], [k for k in keys if k != base["time_column"]][:1]
    else:
        rows, columns = keys[:1], keys[1:2]
    if not rows or not columns:
        return None
    metrics = _default_metrics(p, list(p.phrases.metrics), p.numeric(p.mentioned)[:1])
    return Intent(
        operation="pivot_table",
        group_by=rows,
        columns=columns,
        metrics=metrics[:1],
        time_grain=p.phrases.grain,
        **base,
    )


def _correlation(p: Parsed, base: dict[str, Any]) -> Intent | None:
    cols = p.numeric(p.phrases.group_by + p.mentioned + p.metric_columns())
    method = next((m for m in ("spearman", "kendall", "pearson") if m in p.low), "pearson")
    return Intent(operation="correlation", columns=cols, options={"method": method}, **base)


def _outliers(p: Parsed, base: dict[str, Any]) -> Intent | None:
    cols = p.numeric(p.mentioned + p.phrases.group_by + p.metric_columns())
    if not cols:
        return None
    zscore = bool(re.search(r"z[- ]?scores?|standard deviations?|\bsigma\b|\bstd\b", p.low))
    threshold = re.search(r"(?:threshold(?: of)?|above|beyond|more than|over|>)\s*(\d+(?:\.\d+)?)", p.low)
    options: dict[str, Any] = {"method": "zscore" if zscore else "iqr"}
    options["threshold"] = float(threshold.group(1)) if threshold else (3.0 if zscore else 1.5)
    return Intent(operation="outliers", columns=[cols[0]], options=options, **base)


def _percentiles(p: Parsed, base: dict[str, Any]) -> Intent | None:
    cols = p.numeric(p.mentioned + p.metric_columns())
    if not cols or any(m.func not in {"median", "count"} for m in p.phrases.metrics):
        return None  # "the 90th percentile and the mean": percentiles alone would drop the mean unsaid
    pct = percentiles_in(p.low)
    options = {"percentiles": pct} if pct else {}
    return Intent(operation="percentiles", columns=cols, group_by=p.phrases.group_by, options=options, **base)


def _column_report(operation: str) -> Callable[[Parsed, dict[str, Any]], Intent | None]:
    def build(p: Parsed, base: dict[str, Any]) -> Intent | None:
        cols = list(dict.fromkeys(p.mentioned + p.metric_columns()))
        if operation == "summary_stats":
            cols = p.numeric(cols)
        return Intent(operation=operation, columns=cols, group_by=p.phrases.group_by, **base)

    return build


def _distribution(p: Parsed, base: dict[str, Any]) -> Intent | None:
    named = list(dict.fromkeys(p.phrases.group_by + p.mentioned))
    if len(named) > 1:
        # "value counts of region and product": the rows per combination, as pandas' value_counts
        # gives them; never the distribution of the first column named with the others dropped.
        if p.numeric(named):
            return None  # a distribution of several numbers is several answers: which one is not said
        p.notes.append(f"counted per combination of {', '.join(map(repr, named))}")
        return Intent(operation="group_count", group_by=named, **base)
    cols = named + ([p.subject] if p.subject else [])
    share_of = _equality_filter(p)
    if share_of is not None and (not cols or (p.share and not p.phrases.group_by and cols == [share_of])):
        return _share_of_value(p, base, share_of)  # "are in category Toys": the word names the value's column
    if cols and p.share and (within := share_within(cols[0], list(p.filters.filters), base, p.notes)):
        return within  # "what percentage of the women have degree bachelor": not a distribution all one value
    return Intent(operation="value_distribution", columns=[cols[0]], **base) if cols else None


def _share_of_value(p: Parsed, base: dict[str, Any], column: str) -> Intent:
    """ "what percentage of airports are in AK": one row, the share of rows where ``column`` holds the value.

    The whole distribution of ``column`` answers another question (one number was asked). With any other
    condition the parser cannot tell the part from the whole ("what fraction of Ideal diamonds cost over
    1000" vs "... of diamonds over 1000 are Ideal"), so it refuses instead of guessing.
    """
    among = share_among(p.tokens, list(p.filters.filters), base, p.notes)  # "Among X, what share Y"
    if among is not None:
        return among
    if len(p.filters.filters) != 1:
        conditions = " and ".join(f"{f.column} {f.op} {f.value!r}" for f in p.filters.filters)
        raise UnmappableRequestError(
            f"cannot map the request {p.request!r}: a share of rows under several conditions ({conditions}) "
            "does not say which condition is the part and which the whole; ask for one condition "
            "(e.g. 'what percentage of rows have <column> <value>') or filter the rows first",
            understood={"filters": [f.model_dump() for f in p.filters.filters]},
        )
    value = p.filters.filters[0].value
    base = {k: v for k, v in base.items() if k not in {"top_n", "sort_descending"}}
    base["filters"] = []
    p.notes.append(f"share read as the percent of all rows where {column!r} = {value!r}")
    return Intent(operation="group_ratio", group_by=[], as_percentage=True,
                  metrics=[Aggregation(func="count"), Aggregation(func="count")],
                  options={"numerator_filters": [{"column": column, "op": "==", "value": value}]},
                  **base)  # fmt: skip


def _time(operation: str) -> Callable[[Parsed, dict[str, Any]], Intent | None]:
    def build(p: Parsed, base: dict[str, Any]) -> Intent | None:
        if p.phrases.group_by:
            return None  # "monthly mean per weather": the time templates have no key; dropping it is wrong
        metrics = _default_metrics(p, list(p.phrases.metrics), p.numeric(p.mentioned))
        options = {"part": p.phrases.part} if p.phrases.part else {}
        return Intent(
            operation=operation,
            time_grain=p.phrases.grain,
            metrics=metrics,
            group_by=p.phrases.group_by,
            options=options,
            **base,
        )

    return build


def _groups(p: Parsed) -> list[str]:
    group_by = list(p.phrases.group_by)
    if p.subject and p.subject not in group_by and p.resolver.kind(p.subject) != "numeric":
        group_by.insert(0, p.subject)
    return group_by


def _group_count(p: Parsed, base: dict[str, Any]) -> Intent | None:
    return Intent(operation="group_count", group_by=_groups(p), as_percentage=p.share, **base)


def _group_aggregate(p: Parsed, base: dict[str, Any]) -> Intent | None:
    group_by = _groups(p)
    metrics = list(p.phrases.metrics)
    sort = p.phrases.sort_column
    if not metrics and "summary_stats" in p.ops:
        stats: list[AggFunc] = ["count", "mean", "std", "min", "median", "max"]
        numeric = p.numeric([c for c in p.mentioned if c not in group_by])
        metrics = [Aggregation(column=c, func=f) for c in numeric for f in stats]
    if sort and not any(m.column == sort for m in metrics):
        metrics.insert(0, Aggregation(column=sort, func=default_func(sort)))
        p.notes.append(f"ranked by the {metrics[0].func} of {sort!r}")
    metrics = _default_metrics(p, metrics, p.numeric([c for c in p.mentioned if c not in group_by]))
    if p.share and metrics and metrics[0].func in {"sum", "count"}:
        base["as_percentage"] = True  # "what share of revenue comes from each category"
        p.notes.append(f"each group's percent of the total {metrics[0].func} shown")
    return Intent(operation="group_aggregate", group_by=group_by, metrics=metrics, **base)


def _top_rows(p: Parsed, base: dict[str, Any]) -> Intent | None:
    subject = p.subject if p.subject and p.resolver.kind(p.subject) == "numeric" else None
    numeric = p.numeric(p.mentioned + p.metric_columns())
    measure = ranked_measure(p.tokens, p.phrases.top_subject, subject, numeric)  # "which date was X highest"
    if measure is not None and not p.phrases.sort_column:
        p.notes.append(f"ranked by {measure!r}; {subject!r} is the label asked for")
    sort = p.phrases.sort_column or measure or subject or next(iter(numeric), None)
    word = p.phrases.top_word
    if sort is None and word in SUPERLATIVE_COLUMNS:
        sort = p.resolver.resolve(SUPERLATIVE_COLUMNS[word], fuzzy=False)
        if sort is None and SUPERLATIVE_COLUMNS[word] == "date":
            sort = next((c for c in p.resolver.names() if p.resolver.kind(c) == "datetime"), None)
    if sort is None:
        return None
    dropped = [
        m for m in p.phrases.metrics if m.column not in (None, sort) and m.func not in {"count", "nunique"}
    ]
    if dropped:  # "the 3 counties with the highest mean crime rate" ranked by the county column itself
        said = ", ".join(f"the {m.func} of {m.column!r}" for m in dropped)
        raise UnmappableRequestError(
            f"cannot map the request {p.request!r}: it ranks by {said}, but the rows would be ranked by "
            f"{sort!r}; say which column holds the groups to rank (e.g. 'the 3 <column> values with the "
            "highest mean <measure>')",
            understood={"top_n": p.phrases.top_n, "sort": sort},
        )
    base.setdefault("top_n", 10)
    return Intent(operation="top_n_rows", columns=[sort, *(c for c in p.mentioned if c != sort)], **base)


BUILDERS: dict[str, Callable[[Parsed, dict[str, Any]], Intent | None]] = {
    "crosstab": _crosstab,
    "pivot_table": _pivot,
    "correlation": _correlation,
    "outliers": _outliers,
    "percentiles": _percentiles,
    "missing_values": _column_report("missing_values"),
    "summary_stats": _column_report("summary_stats"),
    "distinct_count": _column_report("distinct_count"),
    "value_distribution": _distribution,
    "time_resample": _time("time_resample"),
    "date_part_group": _time("date_part_group"),
    "group_count": _group_count,
    "group_aggregate": _group_aggregate,
    "top_n_rows": _top_rows,
    "aggregate": lambda p, base: Intent(operation="aggregate", metrics=p.phrases.metrics, **base),
    "filter_rows": lambda p, base: Intent(operation="filter_rows", columns=_shown_columns(p), **base),
}


def _compare_values(p: Parsed) -> None:
    """``compare casualties between urban and rural`` → also group by the compared column."""
    if not re.search(r"\b(compare|comparing|comparison|vs|versus|between)\b", p.low):
        return
    for f in p.filters.filters:
        if (
            f.op == "in"
            and isinstance(f.value, list)
            and len(f.value) >= 2
            and f.column not in p.phrases.group_by
        ):
            p.phrases.group_by.insert(0, f.column)
            p.notes.append(f"compared {f.column!r} values side by side")
            return


def _promote_subject(p: Parsed) -> None:
    """``top 5 hours``: a numeric subject with few distinct values is a group key, not a sort column; so is
    a whole-number one ranked by a stated aggregate of another column ("the 3 counties with the highest
    mean crime rate": each county's mean, never the rows with the highest county number)."""
    info = p.resolver.schema.get(p.subject) if p.subject else None
    ranked_by_aggregate = any(
        m.column not in (None, p.subject) and m.func not in {"count", "nunique"} for m in p.phrases.metrics
    )
    few = (
        info is not None
        and info.kind == "numeric"
        and info.is_integer
        and (0 < info.distinct_count <= 50 or ranked_by_aggregate)
    )
    if p.subject and few and not p.phrases.sort_column and p.subject not in p.phrases.group_by:
        p.phrases.group_by.insert(0, p.subject)


def _shown_columns(p: Parsed) -> list[str]:
    """Columns a row listing should show: those named right after show / list / display, or the value a
    question asks of the rows it names (:func:`_looked_up`)."""
    match = re.search(
        r"\b(?:show|list|display|select|return|give me)\s+(?:me\s+)?(?:only\s+)?(?:the\s+)?(\w+)", p.low
    )
    if match is None or p.resolver.resolve(match.group(1), fuzzy=False) is None:
        return _looked_up(p)
    return p.mentioned


def _looked_up(p: Parsed) -> list[str]:
    """ "What was Ireland's gdpPercap in 2007?": a question asking the value of a number column in the
    rows its conditions name (no aggregation, no groups) shows those rows: the columns of its equality
    conditions, then the number, when a condition names a few rows. Otherwise nothing (the named column
    is left unused, and refused)."""
    if not re.match(r"\s*(?:what|which)(?:\s+(?:is|was|were|are)\b|['\u2019]s\b)", p.low):
        return []
    keys = list(dict.fromkeys(f.column for f in p.filters.filters if f.op == "=="))
    asked = [c for c in p.numeric(p.mentioned) if c not in keys]
    return [*keys, *asked] if asked and any(_names_few_rows(p, key) for key in keys) else []


_KEY_VALUES = 50  # a condition on a column of this many values names a few rows (a country), not a class


def _names_few_rows(p: Parsed, column: str) -> bool:
    """Whether ``column == value`` names a few rows: a category of many values ("Ireland" of 142
    countries), not one of a handful ("Ideal" of 5 cuts, whose rows a question about "the price" would
    more likely average)."""
    info = p.resolver.schema.get(column)
    return info is not None and info.kind == "categorical" and info.distinct_count >= _KEY_VALUES


def _sized_groups(p: Parsed) -> None:
    """ "Among islands with more than 60 rows, which has the highest mean mass?": the groups ranked are
    the ones the size condition names, when nothing else says which groups."""
    size = p.filters.group_size
    if size is None or size.key is None or p.phrases.group_by or p.phrases.top_n is None or p.subject:
        return
    p.phrases.group_by.append(size.key)
    p.notes.append(f"the groups ranked read as the {size.key!r} groups of the condition")


def assemble(p: Parsed) -> Intent | None:
    """The Intent for the parsed request, or None when the pieces do not make an analysis."""
    _compare_values(p)
    _promote_subject(p)
    _sized_groups(p)
    operation = choose_operation(p)
    if operation is None:
        return None
    base = p.base()
    if operation in {"time_resample", "date_part_group"} or (operation == "pivot_table" and p.phrases.grain):
        time_column = date_column(p.resolver, p.tokens)
        if time_column is None:
            return None
        base["time_column"] = time_column
    intent = BUILDERS[operation](p, base)
    intent = apply_group_size(intent, p.filters.group_size, p.phrases.used, p.tokens)  # "with >= 20 rows"
    return known_keys(intent, p.resolver) if intent is not None else None
