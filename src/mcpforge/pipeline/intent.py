"""Step 1a: a request in plain words → an :class:`~mcpforge.models.Intent` over the dataset's real columns.

A deterministic rules parser (no model): it finds derived columns, filters, top-N, time grains, group keys
and metrics in the request, maps every column word onto a real column (case, spacing, plurals, synonyms,
close spellings), picks one catalogue operation and records what it assumed in ``Intent.notes``. A request
it cannot map raises :class:`~mcpforge.exceptions.UnmappableRequestError` saying what it understood.
"""

from __future__ import annotations

import re
from typing import Any

from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import Aggregation, Intent
from mcpforge.pipeline._intent_corrections import apply_corrections
from mcpforge.pipeline._intent_derived import find_derived
from mcpforge.pipeline._intent_filters import FilterResult, date_column, find_filters
from mcpforge.pipeline._intent_parse import (
    SHARE_WORDS,
    Phrases,
    detect_operations,
    find_grain,
    find_groups,
    find_metrics,
    find_top_n,
    percentiles_in,
)
from mcpforge.pipeline._intent_words import ColumnResolver, tokenize
from mcpforge.pipeline.schema import DatasetSchema

__all__ = ["DatasetSchema", "apply_corrections", "extract_intent"]

_REFUSALS: list[tuple[str, str]] = [
    (r"\b(delete|erase|wipe|remove|rm|destroy|overwrite|format|shred|truncate)\b.*\b(files?|folders?|director(y|ies)"
     r"|disk|drive|system|everything|database|repo(sitory)?|home)\b", "it asks to delete or change files"),
    (r"\b(rm -rf|sudo|chmod|shutdown|reboot|kill|install|pip|curl|wget|ssh|shell|terminal|execute|exec)\b",
     "it asks to run system commands"),
    (r"\b(e-?mail|mail|send|post|tweet|upload|slack|message)\b.*\b(results?|it|this|them|report|to|me)\b",
     "it asks to send data somewhere"),
    (r"\b(poem|poetry|story|song|joke|essay|haiku|limerick|novel|lyrics|letter)\b", "it asks for writing, not analysis"),
    (r"\b(hack|password|credentials?|api key|secret)\b", "it asks for credentials or access"),
]  # fmt: skip
_ANALYSIS_CUES = re.compile(
    r"\b(analy[sz]e|analysis|show|list|display|count|breakdown|break down|look at|explore|compare|which|what|how"
    r"|give|find|report|tabulate|table)\b"
)
_METRIC_DEFAULT_SUM = ("revenue", "sales", "amount", "units", "quantity", "qty", "casualt", "total", "cost", "profit",
                       "vehicles", "hours", "visits", "orders", "fatalities", "injur")  # fmt: skip


def _refuse(request: str, reason: str, understood: dict[str, Any], schema: DatasetSchema, unknown: list[str]) -> None:
    parts = [f"cannot map the request {request!r} onto a data analysis: {reason}."]
    known = {k: v for k, v in understood.items() if v}
    parts.append(f" Understood: {known}." if known else " Understood: nothing usable.")
    if unknown:
        parts.append(f" Not understood: {', '.join(repr(u) for u in unknown)}.")
    parts.append(f" Available columns: {', '.join(repr(c) for c in schema.column_names)}.")
    raise UnmappableRequestError("".join(parts), understood={**understood, "unknown": unknown})


def extract_intent(request: str, schema: DatasetSchema) -> Intent:
    """Parse ``request`` against ``schema`` into an Intent.

    Raises:
        UnmappableRequestError: the request is not a data analysis, names columns the data does not have,
            is ambiguous, or asks for nothing the catalogue can do.
    """
    text = re.sub(r"(?i)\bnon-", "non ", request.strip())
    low = text.lower()
    for pattern, reason in _REFUSALS:
        if re.search(pattern, low):
            _refuse(request, reason, {"operation": None}, schema, [])
    resolver = ColumnResolver(schema=schema)
    derived, text = find_derived(text, resolver)
    tokens = tokenize(text)
    phrases = Phrases()
    find_top_n(tokens, phrases)
    find_grain(tokens, resolver, phrases)
    filters = find_filters(tokens, resolver, set(phrases.used))
    reserved = phrases.used | filters.used
    phrases.used |= filters.used
    find_groups(tokens, resolver, phrases)
    find_metrics(tokens, resolver, phrases, reserved)
    mentioned = _remaining_columns(tokens, resolver, phrases)
    ops = detect_operations(text)
    understood: dict[str, Any] = {
        "operation": ops[0] if ops else None,
        "group_by": phrases.group_by,
        "metrics": [m.model_dump() for m in phrases.metrics],
        "filters": [f.model_dump() for f in filters.filters],
        "columns": mentioned,
        "time_grain": phrases.grain,
    }
    unknown = phrases.unknown + filters.unknown
    if filters.ambiguous:
        _refuse(request, "it is ambiguous (" + "; ".join(filters.ambiguous) + ")", understood, schema, unknown)
    if unknown:
        _refuse(request, "it names columns the dataset does not have", understood, schema, unknown)
    intent = _assemble(request, text, schema, resolver, tokens, phrases, filters, mentioned, ops)
    if intent is None:
        _refuse(request, "no analysis (operation, grouping, metric or filter) was recognised", understood, schema, [])
        raise AssertionError("unreachable")  # _refuse always raises; keeps mypy's flow analysis simple
    return intent.model_copy(update={"derived": derived, "data_source": schema.path})


def _remaining_columns(tokens: list[str], resolver: ColumnResolver, phrases: Phrases) -> list[str]:
    found: list[str] = []
    i = 0
    while i < len(tokens):
        if i in phrases.used:
            i += 1
            continue
        hit = resolver.match_at(tokens, i, fuzzy=len(tokens[i]) >= 5)
        if hit is None:
            i += 1
            continue
        if hit[0] not in found:
            found.append(hit[0])
        phrases.used.update(range(i, i + hit[1]))
        i += hit[1]
    return found


def _numeric(columns: list[str], resolver: ColumnResolver) -> list[str]:
    return [c for c in columns if resolver.kind(c) == "numeric"]


def _default_func(column: str) -> str:
    return "sum" if any(word in column.lower() for word in _METRIC_DEFAULT_SUM) else "mean"


def _assemble(
    request: str,
    text: str,
    schema: DatasetSchema,
    resolver: ColumnResolver,
    tokens: list[str],
    phrases: Phrases,
    filters: FilterResult,
    mentioned: list[str],
    ops: list[str],
) -> Intent | None:
    notes = phrases.notes + filters.notes
    low = text.lower()
    share = bool(SHARE_WORDS.search(low))
    metrics = list(phrases.metrics)
    group_by = list(phrases.group_by)
    base: dict[str, Any] = {"request": request, "filters": filters.filters, "notes": notes}
    if phrases.top_n is not None:
        base["top_n"] = phrases.top_n
        base["sort_descending"] = phrases.descending
    subject = _top_subject(tokens, resolver, phrases)
    op = _choose(ops, group_by, metrics, mentioned, phrases, filters, share, subject, resolver)
    if op in {"time_resample", "date_part_group"} or (op == "pivot_table" and phrases.grain):
        time_col = date_column(resolver, tokens)
        if time_col is None:
            return None
        base["time_column"] = time_col
    if op == "crosstab":
        cols = group_by + [c for c in mentioned if c not in group_by]
        if len(cols) < 2:
            return None
        if share:
            base["as_percentage"] = True
            norm = "index" if re.search(r"\bwithin each|\brow\b|\bper row|\beach row", low) else "all"
            norm = "columns" if re.search(r"\bcolumn percent|\bper column|\beach column", low) else norm
            base["options"] = {"normalize": norm}
        return Intent(operation=op, group_by=[cols[0]], columns=[cols[1]], **base)
    if op == "pivot_table":
        return _pivot(group_by, mentioned, metrics, phrases, resolver, base)
    if op == "correlation":
        cols = _numeric(group_by + mentioned + [m.column for m in metrics if m.column], resolver)
        method = next((m for m in ("spearman", "kendall", "pearson") if m in low), "pearson")
        return Intent(operation=op, columns=list(dict.fromkeys(cols)), options={"method": method}, **base)
    if op == "outliers":
        cols = _numeric(mentioned + group_by + [m.column for m in metrics if m.column], resolver)
        if not cols:
            return None
        zscore = bool(re.search(r"z[- ]?scores?|standard deviations?|\bsigma\b|\bstd\b", low))
        threshold = re.search(r"(?:threshold(?: of)?|above|beyond|more than|over|>)\s*(\d+(?:\.\d+)?)", low)
        options: dict[str, Any] = {"method": "zscore" if zscore else "iqr"}
        options["threshold"] = float(threshold.group(1)) if threshold else (3.0 if zscore else 1.5)
        return Intent(operation=op, columns=[cols[0]], options=options, **{**base, "filters": filters.filters})
    if op == "percentiles":
        cols = _numeric(mentioned + [m.column for m in metrics if m.column], resolver)
        if not cols:
            return None
        pct = percentiles_in(low)
        return Intent(operation=op, columns=cols, group_by=group_by, options={"percentiles": pct} if pct else {}, **base)
    if op in {"missing_values", "summary_stats", "distinct_count"}:
        cols = mentioned + [m.column for m in metrics if m.column and m.column not in mentioned]
        if op == "summary_stats":
            cols = _numeric(cols, resolver) or []
        return Intent(operation=op, columns=list(dict.fromkeys(cols)), group_by=group_by, **base)
    if op == "value_distribution":
        cols = group_by + mentioned + ([subject] if subject else [])
        return Intent(operation=op, columns=[cols[0]], **base) if cols else None
    if op in {"time_resample", "date_part_group"}:
        metrics = _default_metrics(metrics, mentioned, resolver, notes)
        options = {"part": phrases.part} if phrases.part else {}
        return Intent(operation=op, time_grain=phrases.grain, metrics=metrics, group_by=group_by, options=options, **base)
    if op in {"group_count", "group_aggregate"}:
        if subject and subject not in group_by:
            group_by.insert(0, subject)
        if op == "group_aggregate":
            if phrases.sort_column and not any(m.column == phrases.sort_column for m in metrics):
                metrics.insert(0, Aggregation(column=phrases.sort_column, func=_default_func(phrases.sort_column)))  # type: ignore[arg-type]
                notes.append(f"ranked by the {metrics[0].func} of {phrases.sort_column!r}")
            metrics = _default_metrics(metrics, _numeric(mentioned, resolver), resolver, notes)
            return Intent(operation=op, group_by=group_by, metrics=metrics, **base)
        return Intent(operation=op, group_by=group_by, as_percentage=share, **base)
    if op == "top_n_rows":
        sort = phrases.sort_column or (subject if subject and resolver.kind(subject) == "numeric" else None)
        sort = sort or next(iter(_numeric(mentioned + [m.column for m in metrics if m.column], resolver)), None)
        if sort is None:
            return None
        extra = [c for c in mentioned if c != sort]
        base.setdefault("top_n", 10)
        return Intent(operation=op, columns=[sort, *extra], **base)
    if op == "aggregate":
        return Intent(operation=op, metrics=metrics, **base)
    if op == "filter_rows":
        return Intent(operation=op, columns=mentioned, **base)
    return None


def _top_subject(tokens: list[str], resolver: ColumnResolver, phrases: Phrases) -> str | None:
    if phrases.top_subject is None or phrases.top_subject >= len(tokens):
        return None
    hit = resolver.match_at(tokens, phrases.top_subject, fuzzy=True)
    return hit[0] if hit else None


def _default_metrics(metrics: list[Aggregation], numeric: list[str], resolver: ColumnResolver, notes: list[str]) -> list[Aggregation]:
    if metrics:
        return metrics
    cols = [c for c in numeric if resolver.kind(c) == "numeric"]
    if not cols:
        return [Aggregation(column=None, func="count")]
    out = [Aggregation(column=c, func=_default_func(c)) for c in cols]  # type: ignore[arg-type]
    notes.extend(f"no aggregation named for {m.column!r}; used {m.func}" for m in out)
    return out


def _pivot(
    group_by: list[str],
    mentioned: list[str],
    metrics: list[Aggregation],
    phrases: Phrases,
    resolver: ColumnResolver,
    base: dict[str, Any],
) -> Intent | None:
    keys = [c for c in group_by + mentioned if resolver.kind(c) != "numeric" or c in group_by]
    keys = list(dict.fromkeys(keys))
    if phrases.grain:
        rows = [base["time_column"]]
        columns = [k for k in keys if k != base["time_column"]][:1]
    else:
        rows, columns = keys[:1], keys[1:2]
    if not rows or not columns:
        return None
    value_metrics = metrics or [
        Aggregation(column=c, func=_default_func(c))  # type: ignore[arg-type]
        for c in _numeric(mentioned, resolver)[:1]
    ] or [Aggregation(column=None, func="count")]
    return Intent(
        operation="pivot_table",
        group_by=rows,
        columns=columns,
        metrics=value_metrics[:1],
        time_grain=phrases.grain,
        **base,
    )


def _choose(
    ops: list[str],
    group_by: list[str],
    metrics: list[Aggregation],
    mentioned: list[str],
    phrases: Phrases,
    filters: FilterResult,
    share: bool,
    subject: str | None,
    resolver: ColumnResolver,
) -> str | None:
    """The one catalogue operation the request asks for."""
    has_group = bool(group_by) or (subject is not None and resolver.kind(subject) in {"categorical", "boolean", "text"})
    for op in ops:
        if op == "distinct_count":
            if has_group or any(m.func == "nunique" for m in metrics) and (has_group or len(metrics) > 1):
                continue
            return op
        if op == "value_distribution" and (has_group and len(group_by) > 1 or metrics and metrics[0].func != "count"):
            continue
        if op == "missing_values" and any(f.op in {"is null", "not null"} for f in filters.filters):
            continue
        if op == "summary_stats" and has_group and metrics:
            continue
        return op
    if phrases.grain in {"weekday", "hour"} or phrases.part:
        return "date_part_group"
    if phrases.grain:
        return "time_resample"
    if has_group:
        if phrases.sort_column and not metrics:
            return "group_aggregate"
        if not metrics or all(m.func == "count" and m.column is None for m in metrics):
            return "group_count"
        return "group_aggregate"
    if phrases.top_n is not None and (phrases.sort_column or _numeric(mentioned, resolver) or subject):
        return "top_n_rows"
    if metrics:
        return "aggregate"
    if filters.filters:
        return "filter_rows"
    del share
    return None
