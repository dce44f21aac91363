"""``In which year was the average income across countries highest?``: "across" is the scope, not a key.

A question for one key ("which year", "what country") ranked by a superlative asks for a value of that
key. "Across countries" there says over what the statistic runs, like "across all countries"; read as a
second grouping it made the answer the top (year, country) pair: a country's value, not the year asked
for. The phrase is written "across all <noun>", which ``groups/totals_over.py`` reads: a sum or a count
over every country changes no number and is answered; another statistic is refused with how to ask.
"Across" after no such question ("mean price across regions") stays the grouping it has always been.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.words import ColumnResolver

_QUESTION = re.compile(r"\b(?:which|what)\s+(?:(?:the|one)\s+)?(?P<key>[^\W\d][\w-]*)", re.IGNORECASE)
_ACROSS = re.compile(r"\bacross\s+(?!all\b|every\b|each\b)(?:the\s+)?(?P<noun>[^\W\d][\w-]*)", re.IGNORECASE)
_SUPERLATIVE = re.compile(
    r"\b(?:highest|lowest|most|least|largest|smallest|biggest|greatest|top|peak(?:ed)?|max(?:imum)?|"
    r"min(?:imum)?|best|worst)\b",
    re.IGNORECASE,
)


def _column(word: str, resolver: ColumnResolver) -> str | None:
    low = word.lower()
    for candidate in (low, low.removesuffix("s"), low.removesuffix("es"), low.removesuffix("ies") + "y"):
        column = resolver.resolve(candidate, fuzzy=False)
        if column is not None:
            return column
    return None


def across_is_scope(text: str, resolver: ColumnResolver) -> str:
    """``text`` with "across <noun>" written "across all <noun>" under a "which <key> … highest" question."""
    if "across" not in text.lower() or not _SUPERLATIVE.search(text):
        return text
    question = _QUESTION.search(text)
    if question is None:
        return text
    key = _column(question.group("key"), resolver)
    if key is None:
        return text
    for match in _ACROSS.finditer(text, question.end()):
        scope = _column(match.group("noun"), resolver)
        if scope is not None and scope != key:
            return text[: match.start()] + "across all " + text[match.start("noun") :]
    return text
