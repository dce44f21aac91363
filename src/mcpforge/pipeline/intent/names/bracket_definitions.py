"""Words before brackets that the brackets define (issue 25): "national polls (state 'U.S.')".

A condition in brackets after the words describing it consumes them: "national polls" is what
``state == 'U.S.'`` is called, not a further condition. Words before a formula in brackets that hold a value
of a column ("the Measles incidence (count / population)") are no name for the formula: taking them as one
drops the condition they state.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.words import ColumnResolver

_RATE_AT_END = re.compile(
    r"\b(?:rate|ratio|proportion)\s+per\s+(?:\d{1,3}(?:,\d{3})+|\d+)\s+[A-Za-z]+\s*$", re.IGNORECASE
)


def not_a_feature_name(head: str, words: str, resolver: ColumnResolver) -> bool:
    """Words before a formula in brackets that do not only name it: with a value of a column ("in California
    (A / B)", "the Measles incidence (A / B)": a condition, which a name would drop), or a rate the formula
    defines ("rate per 100,000 people (A / B * 100000)", read here)."""
    if _RATE_AT_END.search(head):
        return True
    values = {v.strip().lower() for info in resolver.schema.columns for v in info.values}
    return words.strip().lower() in values or any(word.lower() in values for word in words.split())


_CONDITION_BRACKET = re.compile(
    r"(?P<desc>\b[A-Za-z]+(?:\s+[A-Za-z]+)?)\s*\(\s*(?P<column>[A-Za-z_][\w]*)\s*(?:=|==|:|is)?\s*"
    r"(?P<quote>['\"\u2018\u201c])(?P<value>[^'\"\u2019\u201d()]{1,60})['\"\u2019\u201d]\s*\)"
)
_NOT_DESCRIPTION = frozenset({
    "for", "of", "in", "among", "across", "from", "with", "the", "all", "only", "on", "what", "which", "how",
    "is", "are", "was", "were", "where", "and", "or", "to", "mean", "average", "median", "sum", "total",
    "count", "number", "many", "by", "per", "each", "every", "not", "no", "excluding", "except", "without",
})  # fmt: skip


def described_condition(text: str, resolver: ColumnResolver) -> tuple[str, str | None]:
    """ "national polls (state 'U.S.')": the words before a condition in brackets describe it; consumed.

    Returns the text with the description and brackets gone ("state 'U.S.'" left for the filter reader) and
    what was read, or the text unchanged and None.
    """
    for match in _CONDITION_BRACKET.finditer(text):
        column = resolver.resolve(match.group("column"), fuzzy=False)
        info = resolver.schema.get(column) if column else None
        value = match.group("value").strip().lower()
        if info is None or value not in {v.strip().lower() for v in info.values}:
            continue
        words = match.group("desc").split()
        while words and words[0].lower() in _NOT_DESCRIPTION:
            words.pop(0)
        if not words or any(
            w.lower() in _NOT_DESCRIPTION or resolver.resolve(w, fuzzy=False) is not None for w in words
        ):
            continue
        cut = match.start("desc") + match.group("desc").rfind(words[0])
        condition = (
            f"{match.group('column')} {match.group('quote')}{match.group('value')}{match.group('quote')}"
        )
        value_said = match.group("value").strip()
        said = f"{' '.join(words)!r} read as the condition in brackets ({column} = {value_said!r})"
        return text[:cut] + condition + text[match.end() :], said
    return text, None
