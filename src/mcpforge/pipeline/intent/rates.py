"""Rates and shares over a yes/no column: "readmission rate by department", "share of remote staff".

A rate is the share of rows where a yes/no column holds yes, within each group. It is read as a
crosstab of the group key against the yes/no column with row percentages (each group's yes and no add
to 100 %), or, without a group, as the distribution of the yes/no column. The yes/no column is found as
a filter the request states ("share of orders returned") or as a word that shares its stem ("conversion"
→ ``converted``, "readmission" → ``readmitted``, "passing" → ``passed``).
"""

from __future__ import annotations

import re

from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import Intent
from mcpforge.pipeline.intent.assemble import Parsed

_RATE = re.compile(r"\b(rate|rates|share|shares|percentage|percent|proportion|fraction)\b|%")
_MIN_STEM = 4


def _stem_match(word: str, column: str) -> bool:
    name = column.lower()
    common = 0
    for a, b in zip(word, name, strict=False):
        if a != b:
            break
        common += 1
    return common >= _MIN_STEM and common >= 0.6 * min(len(word), len(name))


def _boolean_column(p: Parsed) -> str | None:
    booleans = [c for c in p.resolver.names() if p.resolver.kind(c) == "boolean"]
    stated = [f.column for f in p.filters.filters if f.column in booleans and f.op == "=="]
    if len(set(stated)) == 1:
        return stated[0]
    near = {c for c in booleans for word in p.tokens if len(word) >= _MIN_STEM and _stem_match(word, c)}
    return near.pop() if len(near) == 1 else None


def rate_reading(p: Parsed, base: dict[str, object]) -> Intent | None:
    """The rate reading of the request, or None when it asks for no rate over a yes/no column."""
    if not _RATE.search(p.low) or (p.phrases.metrics and any(m.column for m in p.phrases.metrics)):
        return None
    column = _boolean_column(p)
    if column is None:
        return None
    filters = [f for f in p.filters.filters if f.column != column]
    rest = {k: v for k, v in base.items() if k not in {"filters", "notes", "request"}}
    notes = [*p.notes, f"rate read as the share of rows per value of {column!r}"]
    keys = list(p.phrases.group_by)
    if p.phrases.top_n is not None or p.subject is not None:
        raise UnmappableRequestError(
            f"cannot map the request {p.request!r}: ranking groups by the rate of {column!r} is not "
            "supported yet; ask for the rate per group (e.g. 'rate of "
            f"{column} by ...') and read the ranking",
            understood={"rate_of": column, "group_by": keys},
        )
    p.phrases.used.update(
        i for i, word in enumerate(p.tokens) if _RATE.fullmatch(word) or _stem_match(word, column)
    )
    if not keys:
        return Intent(request=p.request, operation="value_distribution", columns=[column], filters=filters,
                      notes=notes, **rest)  # fmt: skip
    if len(keys) > 1:
        return None
    return Intent(request=p.request, operation="crosstab", group_by=keys, columns=[column], filters=filters,
                  as_percentage=True, options={"normalize": "index"}, notes=notes, **rest)  # fmt: skip
