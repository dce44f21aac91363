"""Whose share? "percentage of orders over 500 by region" has two readings the data both supports.

Either how the orders over 500 split across regions (the percents add up to 100), or, in each region,
the share of its orders that are over 500. The catalogue computes the first; reading it silently when the
person meant the second gives numbers that look validated and answer another question. So the parser
asks (key ``share``); an answer of ``within`` is refused with what to do instead.
"""

from __future__ import annotations

from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import Filter, Intent
from mcpforge.pipeline.intent.clarify import Answers, ask

KEY = "share"


def _condition(filters: list[Filter]) -> str:
    return " and ".join(f"{f.column} {f.op} {f.value!r}" for f in filters)


def settle_share_scope(intent: Intent, given: Answers) -> Intent:
    """``intent`` with the person's answer on whose share it is (asks when not answered yet).

    Raises:
        NeedsClarificationError: a share per group over filtered rows, not answered yet.
        UnmappableRequestError: the answer asks for each group's own share (not in the catalogue).
    """
    if intent.operation != "group_count" or not intent.as_percentage or not intent.filters:
        return intent
    condition = _condition(intent.filters)
    keys = ", ".join(intent.group_by)
    choices = {
        "split": f"how the rows where {condition} split across {keys} (the percents add up to 100)",
        "within": f"in each {keys}, the share of its own rows where {condition}",
    }
    answer = (given.get(KEY) or "").lower()
    if answer == "split":
        return intent.model_copy(update={"notes": [*intent.notes, f"share read as {choices['split']}"]})
    if answer == "within":
        raise UnmappableRequestError(
            f"cannot map the request {intent.request!r}: {choices['within']} is not in the catalogue yet; "
            f"ask for the rows per {keys} with and without the condition (e.g. a crosstab of {keys} "
            "against a yes/no column), or let a model write it (--engine local)",
            understood={
                "group_by": list(intent.group_by),
                "filters": [f.model_dump() for f in intent.filters],
            },
        )
    return ask(KEY, "Whose share do you mean?", choices, request=intent.request)
