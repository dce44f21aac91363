"""A share of two conditions written as one noun phrase: "the share of married women", "la part des femmes
mariées".

With no verb, relative word or "among" after the share word, nothing says which condition is the part
and which the whole: the share of married among women and the share of married women among all rows are
both readings, with different numbers. Such a request is refused with the two readings named, as the
share of several conditions already is (``assemble._share_of_value``). "what share of women are married",
"la part des femmes qui sont mariées" and "among women, the share married" say the whole and stay answered.
"""

from __future__ import annotations

from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import Filter

_SHARE = frozenset({"share", "shares", "percentage", "percent", "proportion", "fraction", "rate", "%"})
# words after the share word that tie the part to the whole: verbs (translated to English), relatives,
# "among"/"within" and their foreign forms the translation keeps
_SAYS_THE_WHOLE = frozenset({
    "are", "is", "were", "was", "be", "been", "being", "have", "has", "had", "having", "who", "whom", "that",
    "which", "whose", "with", "without", "among", "amongst", "within", "where", "qui", "que", "dont",
    "parmi", "ayant", "quienes", "cuales", "entre", "welche", "davon",
})  # fmt: skip
_BEFORE = frozenset({"among", "amongst", "within", "parmi", "entre"})


def refuse_unsaid_whole(request: str, tokens: list[str], rate_column: str, others: list[Filter]) -> None:
    """Refuse a share of ``rate_column``'s yes within ``others`` when the words do not say the whole."""
    if not others:
        return
    start = next((i for i, token in enumerate(tokens) if token in _SHARE), None)
    if start is None:
        return
    if any(token in _SAYS_THE_WHOLE for token in tokens[start + 1 :]):
        return
    if any(token in _BEFORE for token in tokens[:start]):
        return  # "among women, the share married"
    condition = " and ".join(f"{f.column} {f.op} {f.value!r}" for f in others)
    raise UnmappableRequestError(
        f"cannot map the request {request!r}: the share names {rate_column!r} and {condition} together "
        "and does not say which condition is the part and which the whole: the share of "
        f"{rate_column!r} among the rows where {condition}, or the share of rows with both among all rows, "
        "give different numbers; say it (e.g. 'among the rows where <condition>, what share are <part>' "
        "or 'what share of all rows are <part> and <condition>')",
        understood={"rate_of": rate_column, "filters": [f.model_dump() for f in others]},
    )
