"""A function applied to a column ("log10(gdpPercap)", "the natural log of x", "x squared") is never dropped.

The reading has no transformed columns: a derived column is safe arithmetic only (``derived.py``). A
function word beside a column changes every number, so a reading without it answers about the column
itself, a different question. Before any scanner runs, such a request is refused naming the word and how
to rephrase. Two forms are caught:

- the call form, a name glued to a bracketed column with no space ("log10(gdpPercap)", "pct_change(x)"):
  any name but an aggregation or operation the reading computes ("mean(price)") and any column name;
  a label before a bracketed name is written with a space ("Peso (Weight_in_lbs)", ``languages.py``);
- the word forms of the usual transforms, right before or after a column ("the log of x", "sqrt x",
  "log-transformed x", "x squared", "x on a log scale").
"""

from __future__ import annotations

from dataclasses import dataclass

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.parse import AGG_WORDS, detect_operations
from mcpforge.pipeline.intent.words import ColumnResolver, norm, tokenize

_CALL = re.compile(r"(?<![\w.])([A-Za-z_][A-Za-z0-9_]*)\(\s*([^()]{1,80}?)\s*\)")
_READ_FUNCTIONS = frozenset({word for words in AGG_WORDS for word in words if len(words) == 1})
# Words that apply a function before a column: "log x", "the log of x", "square root of x".
_BEFORE = frozenset({
    "log", "log10", "log2", "log1p", "ln", "logarithm", "logarithms", "logarithmic", "logs",
    "log-transformed", "log-transform", "sqrt", "abs", "exp", "exponential", "reciprocal", "reciprocals",
    "inverse", "square-root", "cube-root",
})  # fmt: skip
_BEFORE_PHRASES = (("natural", "log"), ("square", "root"), ("cube", "root"), ("absolute", "value"),
                   ("absolute", "values"), ("percent", "change"), ("percentage", "change"),
                   ("percentile", "rank"), ("rank", "of"))  # fmt: skip
# Words after a column: "x squared", "x cubed", "x on a log scale", "x in logs".
_AFTER = frozenset({"squared", "cubed", "log-transformed", "logged"})
_SCALE = re.compile(r"\bon (?:a |the )?(?:log|log10|logarithmic|log-?scale)\b(?: scale)?|\bin logs\b")
_LINK = frozenset({"of", "the", "a", "each", "(", "base", "10", "2", "e"})


@dataclass(frozen=True, kw_only=True)
class ColumnFunction:
    """A function word and the column it is applied to."""

    word: str
    column: str

    def reason(self) -> str:
        return (
            f"{self.word!r} applies a function to the column {self.column!r}; this reading computes no "
            f"transformed columns, and answering about {self.column!r} itself would give other numbers. "
            f"Ask about {self.column!r} without {self.word!r}, or add a column holding the transformed "
            "values to the data and name that column"
        )


def column_function(request: str, resolver: ColumnResolver) -> ColumnFunction | None:
    """The first function applied to a column in ``request``, or None.

    "percentage change of X between 1977 and 1999" names two periods: the change between them
    (``period_change.py``), not the row-to-row percent change of X.
    """
    found = _call_form(request, resolver) or _word_form(tokenize(request), resolver)
    if found is not None and found.word.endswith(" change") and _TWO_PERIODS.search(request):
        return None
    return found


_TWO_PERIODS = re.compile(
    r"\b(?:from|between|entre|zwischen|von|de|desde)\s+(?:the\s+years?\s+)?\d{4}\s+"
    r"(?:to|and|until|through|y|et|und|bis|a|à|hasta|al)\s+\d{4}\b",
    re.IGNORECASE,
)


def _call_form(request: str, resolver: ColumnResolver) -> ColumnFunction | None:
    for match in _CALL.finditer(request):
        name, inside = match.group(1), match.group(2)
        low = name.lower()
        if low in _READ_FUNCTIONS or detect_operations(low):
            continue
        if _a_column_name(low, resolver) or (low not in _BEFORE and resolver.resolve(name) is not None):
            continue  # "price(USD)": a column and its unit
        words = tokenize(inside.split(",")[0])
        hit = resolver.match_at(words, 0) if words else None
        if hit is not None and hit[1] == len(words):
            return ColumnFunction(word=low, column=hit[0])
    return None


def _a_column_name(word: str, resolver: ColumnResolver) -> bool:
    """A column called ``log`` or ``exp``: the word is its name, not a function."""
    return any(norm(name) == word for name in resolver.names())


def _column_after(tokens: list[str], k: int, resolver: ColumnResolver) -> str | None:
    while k < len(tokens) and tokens[k] in _LINK:
        k += 1
    hit = resolver.match_at(tokens, k) if k < len(tokens) else None
    return hit[0] if hit is not None else None


def _word_form(tokens: list[str], resolver: ColumnResolver) -> ColumnFunction | None:
    for i, token in enumerate(tokens):
        for phrase in _BEFORE_PHRASES:
            if tuple(tokens[i : i + len(phrase)]) == phrase:
                column = _column_after(tokens, i + len(phrase), resolver)
                if column is not None:
                    return ColumnFunction(word=" ".join(phrase), column=column)
        if token in _BEFORE and not _a_column_name(token, resolver):
            column = _column_after(tokens, i + 1, resolver)
            if column is not None and norm(column).split()[:1] != [token]:
                return ColumnFunction(word=token, column=column)  # "log of X", not "log X" for `Log X`
        hit = resolver.match_at(tokens, i)
        if hit is None:
            continue
        rest = tokens[i + hit[1] :]
        if rest and rest[0] in _AFTER:
            return ColumnFunction(word=rest[0], column=hit[0])
        scale = _SCALE.match(" ".join(rest))
        if scale is not None:
            return ColumnFunction(word=scale.group().strip(), column=hit[0])
    return None
