"""``which day of the week had the most stops``: the one weekday (or hour, or month of the year) ranked first.

A question of "which" part of the time with a superlative asks for the top one, not the table of every
weekday in calendar order: read as the table, the first row (Monday) looked like the answer. The ranking
of groups (``parse._which_most``) leaves time words to the time readers, which read the grouping by the
part; here the superlative said with it keeps the top group of that grouping, largest (or smallest)
first, and the reading says so.
"""

from __future__ import annotations

from mcpforge.models import Intent
from mcpforge.pipeline.intent.words import tokenize

_PARTS = frozenset({"weekday", "day", "hour", "month", "weekdays", "days", "hours", "months"})
_SUPERLATIVES = {"most": True, "highest": True, "largest": True, "biggest": True, "greatest": True,
                 "busiest": True, "fewest": False, "least": False, "lowest": False, "smallest": False,
                 "quietest": False}  # fmt: skip
_BETWEEN = frozenset({"the", "of", "a", "calendar", "week", "year", "had", "has", "have", "saw", "was",
                      "were", "is", "are", "with", "recorded", "did", "shows", "showed"})  # fmt: skip


def _ranked(tokens: list[str]) -> tuple[str, bool] | None:
    """The superlative of "which <part> ... <superlative>" and whether it ranks largest first."""
    for i, token in enumerate(tokens):
        if token not in {"which", "what"}:
            continue
        part = next((k for k in range(i + 1, min(len(tokens), i + 4)) if tokens[k] in _PARTS), None)
        if part is None or any(t not in _BETWEEN for t in tokens[i + 1 : part]):
            continue
        for k in range(part + 1, min(len(tokens), part + 8)):
            if tokens[k] in _SUPERLATIVES:
                return tokens[k], _SUPERLATIVES[tokens[k]]
            if tokens[k] not in _BETWEEN and tokens[k] not in _PARTS:
                break
    return None


def rank_time_parts(request: str, intent: Intent) -> Intent:
    """``intent`` keeping the top part when the request asks which part ranks first (see the module)."""
    if intent.operation != "date_part_group" or intent.top_n is not None:
        return intent
    found = _ranked(tokenize(request.lower()))
    if found is None:
        return intent
    word, descending = found
    note = f"'which ... {word}' read as the top 1 {intent.time_grain or intent.options.get('part') or 'part'}"
    return intent.model_copy(
        update={"top_n": 1, "sort_descending": descending, "notes": [*intent.notes, note]}
    )
