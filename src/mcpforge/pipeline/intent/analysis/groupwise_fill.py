"""Missing values filled per group ("with the median seatbelt of the same state", "with the mean per class").

A fill step fills from the whole column; read without its group, "fill with the median per state, then the
mean" would fill with the overall median and take the mean per state: a number, but another one. Until a
fill per group is supported, such a request is refused with the group words named.

The group is also said as the statistic *of a category column*: "with the median of Grupo de educación",
which is what "con la mediana de su grupo de educación" and "par la médiane de leur groupe" become once
the possessive is dropped in English, and "the median of the respective (jeweiligen) group". The median of
a column of categories is no number to fill with: it is the group's, so the request is refused the same way
(it was read as the whole column's median, a wrong answer).
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.exceptions import UnmappableRequestError
from mcpforge.pipeline.intent.words import ColumnResolver, tokenize

_GROUPWISE = re.compile(
    r"\b(?:fill(?:ing)?(?:\s+in)?|imput(?:e|ing)|replac(?:e|ing))\b[^.;,]{0,80}?\b(?:with|using)\s+"
    r"(?:the\s+|its\s+|their\s+)?(?:[\w-]+\s+)?(?:mean|average|median|mode|most\s+frequent)"
    r"(?:\s+(?:value\s+|of\s+)?[\w-]+)?\s+(?P<group>(?:per|by|within|for\s+each|in\s+each|grouped\s+by|"
    r"of\s+(?:the\s+same|its|their|each|that))\s+[\w-]+)",
    re.IGNORECASE,
)


# "with the median of Grupo de educación", "with the mean of the respective region": the statistic of what
_OF_WHAT = re.compile(
    r"\b(?:fill(?:ing)?|imput(?:e|ing|a|ar|ez|er|iere)|replac(?:e|ing)|rellen(?:a|ar|e)|remplac\w*|"
    r"ersetz\w*|f\u00fclle|fuelle)\b[^.;]{0,100}?\b(?:with|using|by|per|par|durch|con|mit)\s+(?:the\s+|its\s+|"
    r"their\s+)?(?:mean|average|median|mode|most\s+frequent(?:\s+value)?)\s+(?:of\s+|in\s+|for\s+)?"
    r"(?:the\s+|its\s+|their\s+)?(?P<what>(?:respective|jeweiligen|jeweilige|jeweils|respectif|respectivo)\b|"
    r"[^.;,()]{1,80})",
    re.IGNORECASE,
)
_RESPECTIVE = frozenset({"respective", "jeweiligen", "jeweilige", "jeweils", "respectif", "respectivo"})
_CATEGORY_KINDS = frozenset({"categorical", "boolean", "text"})


def groupwise_fill(text: str, resolver: ColumnResolver | None = None) -> str | None:
    """The words that make a fill per group ("of the same state", "of <a category column>"), else None."""
    low = text.lower()
    if not any(verb in low for verb in ("fill", "imput", "replac", "rellen", "remplac", "ersetz", "füll")):
        return None
    found = _GROUPWISE.search(text)
    if found:
        return found.group("group")
    of = _OF_WHAT.search(text)
    return _of_a_group(of.group("what").strip(), resolver) if of else None


def _of_a_group(what: str, resolver: ColumnResolver | None) -> str | None:
    """``what`` after "with the median of" when it is a group: "the respective", or a category column."""
    if what.lower() in _RESPECTIVE:
        return what
    hit = resolver.match_at(tokenize(what), 0) if resolver is not None else None
    if hit is None or resolver is None or resolver.kind(hit[0]) not in _CATEGORY_KINDS:
        return None
    return f"of {hit[0]}"


def refuse_groupwise_fill(request: str, text: str, resolver: ColumnResolver | None = None) -> None:
    """Refuse a request that fills missing values per group (the fill step fills from the whole column)."""
    said = groupwise_fill(text, resolver)
    if said is not None:
        raise UnmappableRequestError(
            f"cannot map the request {request!r} onto a data analysis: missing values filled per group "
            f"({said!r}) are not supported: a fill uses the whole column's value",
            understood={"unknown": [said]},
        )
