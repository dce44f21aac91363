"""Rejection notes → a refined Intent (Step 8B): swap a column, add a filter, percentages, another metric."""

from __future__ import annotations

from typing import Any

from mcpforge import _lazy_re as re
from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import Aggregation, Filter, Intent
from mcpforge.pipeline.intent.conditions import find_filters
from mcpforge.pipeline.intent.parse import AGG_WORDS
from mcpforge.pipeline.intent.words import ColumnResolver, tokenize
from mcpforge.pipeline.schema import DatasetSchema

_SWAP_PATTERNS = [
    r"should (?:be|use) (?P<new>[\w ]+?),? (?:and )?not (?:by )?(?P<old>[\w ]+)",
    r"use (?P<new>[\w ]+?) instead of (?P<old>[\w ]+)",
    r"(?P<new>[\w ]+?) instead of (?P<old>[\w ]+)",
    r"replace (?P<old>[\w ]+?) (?:with|by) (?P<new>[\w ]+)",
    r"not (?P<old>[\w ]+?),? (?:but|use) (?P<new>[\w ]+)",
    r"(?:change|switch) (?P<old>[\w ]+?) to (?P<new>[\w ]+)",
]
_FUNC_WORDS = {words[0]: func for words, func in AGG_WORDS.items() if len(words) == 1}


def _clean(phrase: str) -> str:
    words = [
        w for w in tokenize(phrase) if w not in {"the", "a", "column", "columns", "by", "use", "grouping"}
    ]
    return " ".join(words)


def _swap_columns(intent: Intent, old: str, new: str) -> Intent:
    def sw(col: str | None) -> str | None:
        return new if col == old else col

    update: dict[str, Any] = {
        "group_by": [sw(c) for c in intent.group_by],
        "columns": [sw(c) for c in intent.columns],
        "metrics": [m.model_copy(update={"column": sw(m.column)}) for m in intent.metrics],
        "filters": [f.model_copy(update={"column": sw(f.column)}) for f in intent.filters],
        "time_column": sw(intent.time_column),
    }
    return intent.model_copy(update=update)


def _uses(intent: Intent, column: str) -> bool:
    return (
        column in intent.group_by
        or column in intent.columns
        or any(m.column == column for m in intent.metrics)
        or any(f.column == column for f in intent.filters)
        or intent.time_column == column
    )


def apply_corrections(intent: Intent, notes: str, schema: DatasetSchema) -> Intent:
    """Apply a person's rejection notes to ``intent``.

    Raises:
        UnmappableRequestError: nothing in ``notes`` could be applied.
    """
    resolver = ColumnResolver(schema=schema)
    for derived in intent.derived:
        resolver.extra[derived.name] = "numeric"
    low = notes.lower()
    applied: list[str] = []
    current = intent
    for pattern in _SWAP_PATTERNS:
        for match in re.finditer(pattern, low):
            old_words, new_words = _clean(match.group("old")), _clean(match.group("new"))
            old_f, new_f = (
                _FUNC_WORDS.get(old_words.split()[-1] if old_words else ""),
                _FUNC_WORDS.get(new_words.split()[0] if new_words else ""),
            )
            if old_f and new_f and any(m.func == old_f for m in current.metrics):
                metrics = [
                    m.model_copy(update={"func": new_f}) if m.func == old_f else m for m in current.metrics
                ]
                current = current.model_copy(update={"metrics": metrics})
                applied.append(f"{old_f} → {new_f}")
                continue
            numbers = re.findall(r"\d+", match.group("new")), re.findall(r"\d+", match.group("old"))
            if (numbers[0] and "top" in low) or (numbers[0] and current.top_n is not None and numbers[1]):
                current = current.model_copy(update={"top_n": int(numbers[0][0])})
                applied.append(f"top {numbers[0][0]}")
                continue
            old_c = _resolve_phrase(old_words, resolver)
            new_c = _resolve_phrase(new_words, resolver)
            if old_c and new_c and old_c != new_c and _uses(current, old_c):
                current = _swap_columns(current, old_c, new_c)
                applied.append(f"column {old_c!r} → {new_c!r}")
        if applied:
            break
    current = _add_filters(current, notes, resolver, applied)
    current = _flags(current, low, resolver, applied)
    if not applied:
        raise UnmappableRequestError(
            f"could not apply the notes {notes!r}: name a column swap ('should be region not location'), "
            "a filter "
            f"('also filter year > 2023'), 'output as percentages', 'median instead of mean', 'top 10' or "
            f"'group by weather too'; columns: {', '.join(repr(c) for c in schema.column_names)}",
            understood={"operation": intent.operation, "notes": notes},
        )
    added = [f"refined from feedback: {'; '.join(applied)}"]
    return current.model_copy(update={"notes": [*current.notes, *added]})


def _resolve_phrase(phrase: str, resolver: ColumnResolver) -> str | None:
    words = phrase.split()
    for width in range(len(words), 0, -1):
        for start in range(len(words) - width + 1):
            hit = resolver.resolve(" ".join(words[start : start + width]))
            if hit:
                return hit
    return None


def _add_filters(intent: Intent, notes: str, resolver: ColumnResolver, applied: list[str]) -> Intent:
    tokens = tokenize(notes)
    if not re.search(
        r"\b(filter|only|where|exclude|excluding|without|just|limit to|restrict|in|after|before|since)\b",
        notes.lower(),
    ):
        return intent
    found = find_filters(tokens, resolver, set())
    new = [f for f in found.filters if f not in intent.filters]
    if not new:
        return intent
    applied.extend(f"filter {f.column} {f.op} {f.value!r}" for f in new)
    return intent.model_copy(update={"filters": [*intent.filters, *new]})


def _flags(intent: Intent, low: str, resolver: ColumnResolver, applied: list[str]) -> Intent:
    update: dict[str, Any] = {}
    if re.search(r"\b(percent(age)?s?|shares?|proportions?|%)", low) and not intent.as_percentage:
        update["as_percentage"] = True
        applied.append("as percentages")
    top = re.search(r"\b(?:top|first|show|only)\s+(\d+)\b", low)
    if (
        top
        and "top_n" not in update
        and intent.top_n != int(top.group(1))
        and not any("top" in a for a in applied)
    ):
        update["top_n"] = int(top.group(1))
        applied.append(f"top {top.group(1)}")
    if re.search(r"\b(ascending|lowest first|smallest first|bottom)\b", low) and intent.sort_descending:
        update["sort_descending"] = False
        applied.append("ascending order")
    group = re.search(
        r"\b(?:group(?:ed)? by|also by|split by|add(?: a)? group(?:ing)? (?:by|on)?|by)\s+([\w ]+?)"
        r"(?:\s+(?:too|as well|also)\b|$|[,.;])",
        low,
    )
    if group and not any("column" in a for a in applied):
        column = _resolve_phrase(_clean(group.group(1)), resolver)
        if column and column not in intent.group_by:
            update["group_by"] = [*intent.group_by, column]
            if intent.operation == "aggregate":
                update["operation"] = "group_aggregate"
            elif intent.operation in {"filter_rows", "value_distribution"}:
                update["operation"] = "group_count"
            applied.append(f"group by {column!r}")
    func = re.search(r"\buse (?:the )?(median|mean|average|sum|total|max(?:imum)?|min(?:imum)?|count)\b", low)
    if func and intent.metrics and not any("→" in a and "column" not in a for a in applied):
        new_func = _FUNC_WORDS.get(func.group(1), "count")
        if intent.metrics[0].func != new_func:
            first = intent.metrics[0].model_copy(update={"func": new_func})
            update["metrics"] = [first, *intent.metrics[1:]]
            applied.append(f"{intent.metrics[0].func} → {new_func}")
    for method in ("spearman", "kendall", "pearson", "zscore", "iqr"):
        if method in low.replace("z-score", "zscore").replace("z score", "zscore"):
            update["options"] = {**intent.options, "method": method}
            applied.append(f"method {method}")
    if not update:
        return intent
    _ = (Aggregation, Filter)  # re-exported types are part of the notes vocabulary
    return intent.model_copy(update=update)
