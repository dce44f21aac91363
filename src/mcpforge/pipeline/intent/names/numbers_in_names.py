"""A number written inside a column's name: "presos por 100.000 habitantes", "deaths per 100,000".

A column may carry a number in its name ("Presos por 100.000 habitantes", "rate_per_1000"). When the
request writes that number (with any thousands separator: 100.000, 100,000, 100 000, 100000) beside a
content word of the same column's name (not "de", "por", "per"), the number is a word of the name, not a
quantity of the request: it is read with the name (and said in the reading), so it is neither an unused
number nor a filter's value. A number beside no word of the name ("presos above 100000") keeps its
reading.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.language.function_words import FUNCTION_WORDS
from mcpforge.pipeline.intent.words import ColumnResolver, norm

_SHORT = 3  # "por", "per", "de": a short word of a name is no sign the number belongs to it
_SEPARATORS = re.compile(r"[.,'\u00a0 _]")
_NUMBER = re.compile(r"\d[\d.,']*\d|\d")
_NAME_NUMBER = re.compile(r"\d[\d.,'\u00a0 ]*\d|\d")


def numbers_in_names(tokens: list[str], resolver: ColumnResolver) -> tuple[list[str], list[str]]:
    """``tokens`` without each number that is written inside a column's name beside its words, and a
    note each."""
    out: list[str] = []
    notes: list[str] = []
    for j, token in enumerate(tokens):
        column = _named_with(tokens, j, resolver) if _NUMBER.fullmatch(token) else None
        if column is None:
            out.append(token)
            continue
        notes.append(f"'{token}' read as part of the name {column!r}")
    return out, notes


def _digits(text: str) -> str:
    return _SEPARATORS.sub("", text)


def _named_with(tokens: list[str], j: int, resolver: ColumnResolver) -> str | None:
    """The one column whose name holds the number ``tokens[j]`` and a word beside it."""
    beside = {tokens[k] for k in (j - 1, j + 1) if 0 <= k < len(tokens)}
    found = []
    for column in resolver.schema.column_names:
        numbers = {_digits(n) for n in _NAME_NUMBER.findall(column)}
        words = set(norm(column).split())
        content = {w for w in words if not w.isdigit() and len(w) > _SHORT and w not in FUNCTION_WORDS}
        if _digits(tokens[j]) in numbers and beside & content:
            found.append(column)
    return found[0] if len(found) == 1 else None
