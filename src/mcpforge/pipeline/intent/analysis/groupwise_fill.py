"""Missing values filled per group ("with the median seatbelt of the same state", "with the mean per class").

A fill step fills from the whole column; read without its group, "fill with the median per state, then the
mean" would fill with the overall median and take the mean per state: a number, but another one. Until a
fill per group is supported, such a request is refused with the group words named.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.exceptions import UnmappableRequestError

_GROUPWISE = re.compile(
    r"\b(?:fill(?:ing)?(?:\s+in)?|imput(?:e|ing)|replac(?:e|ing))\b[^.;,]{0,80}?\b(?:with|using)\s+"
    r"(?:the\s+|its\s+|their\s+)?(?:[\w-]+\s+)?(?:mean|average|median|mode|most\s+frequent)"
    r"(?:\s+(?:value\s+|of\s+)?[\w-]+)?\s+(?P<group>(?:per|by|within|for\s+each|in\s+each|grouped\s+by|"
    r"of\s+(?:the\s+same|its|their|each|that))\s+[\w-]+)",
    re.IGNORECASE,
)


def groupwise_fill(text: str) -> str | None:
    """The words that make a fill per group ("of the same state"), else None."""
    low = text.lower()
    if not any(verb in low for verb in ("fill", "imput", "replac")):
        return None
    found = _GROUPWISE.search(text)
    return found.group("group") if found else None


def refuse_groupwise_fill(request: str, text: str) -> None:
    """Refuse a request that fills missing values per group (the fill step fills from the whole column)."""
    said = groupwise_fill(text)
    if said is not None:
        raise UnmappableRequestError(
            f"cannot map the request {request!r} onto a data analysis: missing values filled per group "
            f"({said!r}) are not supported: a fill uses the whole column's value",
            understood={"unknown": [said]},
        )
