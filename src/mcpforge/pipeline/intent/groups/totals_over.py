"""``the highest total count across all states``: a total over every value of a column, said again.

A sum or a count over the rows already runs over every state when the reading neither groups by nor
filters on ``state``: "across all states" / "across all of the states" then changes no number, and is taken
out of the words to read and said in the reading ("not used: 'across all states'"). With any other
aggregation the phrase can change the numbers (a mean over every row is not the mean of the per-state
totals; a top row is one state's value, not a total), and with a grouping or a condition on that column it
contradicts the reading: the request is refused naming the phrase, with how to ask. ("over all shops and
years" is read elsewhere, as it was.)
"""

from __future__ import annotations

from dataclasses import dataclass

from mcpforge import _lazy_re as re
from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import Intent
from mcpforge.pipeline.intent.words import ColumnResolver

_PHRASE = re.compile(
    r"\b(?:summed\s+|added\s+up\s+|totall?ed\s+)?across\s+all\s+(?:of\s+)?(?:the\s+)?"
    r"(?P<word>[a-z][\w-]*)\b",
    re.IGNORECASE,
)
_ADDITIVE = frozenset({"sum", "count"})


@dataclass(frozen=True)
class TotalOver:
    """The phrase and the column whose every value it names."""

    phrase: str
    column: str


def _column_named(word: str, resolver: ColumnResolver) -> str | None:
    """The column a plural ("states", "countries") or singular word names, exactly."""
    low = word.lower()
    candidates = [low, low[:-1] if low.endswith("s") else low]
    if low.endswith("ies"):
        candidates.append(low[:-3] + "y")
    if low.endswith("es"):
        candidates.append(low[:-2])
    for candidate in candidates:
        column = resolver.resolve(candidate, fuzzy=False)
        if column is not None and resolver.kind(column) in {"categorical", "text", "numeric", "boolean"}:
            return column
    return None


def find_total_over(text: str, resolver: ColumnResolver) -> tuple[str, TotalOver | None]:
    """``text`` without "across all <column>s", and the phrase (None: none, or no column named)."""
    if "across" not in text.lower():
        return text, None
    for match in _PHRASE.finditer(text):
        column = _column_named(match.group("word"), resolver)
        if column is None:
            continue
        rest = (text[: match.start()] + " " + text[match.end() :]).strip()
        return rest, TotalOver(phrase=match.group(0), column=column)
    return text, None


def keep_total_over(intent: Intent, found: TotalOver) -> Intent:
    """``intent`` naming the phrase as not used, when it changes no number.

    Raises:
        UnmappableRequestError: the reading groups by or filters on the column, or does not sum or count.
    """
    column = found.column
    funcs = {m.func for m in intent.metrics}
    additive = (funcs and funcs <= _ADDITIVE) or (not funcs and intent.operation == "group_count")
    if column in intent.group_by or any(f.column == column for f in intent.filters):
        why = f"the reading groups by or restricts {column!r}"
    elif not additive:
        shown = ", ".join(sorted(funcs)) or intent.operation
        why = (
            f"with {shown} it could mean every row or the totals per {column}; ask for the total "
            f"('total ... per ...') or leave {found.phrase!r} out"
        )
    else:
        return intent.model_copy(update={"unused_words": [*intent.unused_words, found.phrase]})
    raise UnmappableRequestError(
        f"cannot map the request {intent.request!r} onto a data analysis: {found.phrase!r} is not read: "
        f"{why}.",
        understood={"operation": intent.operation, "unknown": [found.phrase]},
    )
