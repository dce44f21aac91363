"""A file whose rows already count something: a numeric column named ``count``, ``cases``, ``total``, ``n``.

Over such a file (one row per state, year and disease, with the cases in ``count``) "total number of
Measles in 1960" could count rows or add up ``count``: both give numbers that look right, so the reading
asks once, unless the request says "rows" or "records". A counted noun ("number of Measles cases") is
asked about in ``nouns``; this module holds the count phrase with no noun after it.
"""

from __future__ import annotations

from mcpforge.pipeline.intent.clarify import Answers, ask, exact_column, offered
from mcpforge.pipeline.intent.words import ColumnResolver, find_values, norm, tokenize

TALLY_NAMES = frozenset({"count", "counts", "n", "number", "num", "total", "totals", "cases", "tally",
                         "frequency", "freq", "sum"})  # fmt: skip
COUNT_PHRASES = (("total", "number", "of"), ("the", "number", "of"), ("number", "of"), ("how", "many"),
                 ("total", "count", "of"), ("count", "of"))  # fmt: skip
_NO_NOUN = frozenset({"in", "per", "by", "for", "with", "during", "from", "at", "on", "were", "was",
                      "are", "is", "reported", "recorded", "across", "between", "since", "before",
                      "after"})  # fmt: skip
ROWS = "rows"


def tally_columns(resolver: ColumnResolver) -> list[str]:
    """Numeric columns whose name says each row already counts something (``count``, ``cases``)."""
    numeric = resolver.schema.names_of_kind("numeric")
    return [name for name in numeric if norm(name).replace(" ", "_") in TALLY_NAMES]


def phrase_at(tokens: list[str], start: int) -> tuple[str, ...] | None:
    """The count phrase ("number of", "how many") that starts at ``start``, if one does."""
    return next((p for p in COUNT_PHRASES if tuple(tokens[start : start + len(p)]) == p), None)


def bare_count(
    tokens: list[str], resolver: ColumnResolver, given: Answers, request: str
) -> tuple[list[str], list[str]]:
    """``tokens`` with "number of <values>" (no noun after) read as the rows or as the sum of a tally
    column, as the person says (one question), and a note; unchanged when the file has no tally column."""
    tallies = tally_columns(resolver)
    if not tallies:
        return tokens, []
    valued = {k for hit in find_values(tokens, resolver) for k in range(hit.start, hit.start + hit.width)}
    for start in range(len(tokens)):
        phrase = phrase_at(tokens, start)
        if phrase is None:
            continue
        end = start + len(phrase)
        k = end
        while k < len(tokens) and k in valued:
            k += 1
        if k == end or (k < len(tokens) and tokens[k] not in _NO_NOUN):
            continue  # no value after, or a noun or column follows: read elsewhere
        key = " ".join(tokens[start:k])
        choices = {ROWS: "count rows: each row of the file is one of them"}
        choices |= {column: f"the sum of {column!r}" for column in tallies}
        said = given.get(key)
        answer = offered(said, choices) or exact_column(said, tallies)
        if answer is None:
            question = f"{key!r}: count rows, or add up {', '.join(repr(c) for c in tallies)}?"
            ask(key, question, choices, request=request, rejected=said)
        if answer == ROWS:
            return tokens, [f"{key!r} read as a count of rows (your answer)"]
        out = [*tokens[:start], "total", *tokens[end:k], *tokenize(answer), *tokens[k:]]
        return out, [f"{key!r} read as the sum of {answer!r} (your answer)"]
    return tokens, []
