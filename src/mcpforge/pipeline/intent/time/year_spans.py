"""A span of years written with its ends joined: ``Jahr 1990 through 2002``, ``in 1990 until 2002``.

"for years 1990 through 2002" was already read as the range; the same span written after the time
column's own name in another language ("Jahr 1990 through 2002"), after a bare preposition ("in 1990
through 2002", "for 1990 to 2002") or with a Spanish/French/German joint ("1990 hasta 2002",
"1990 jusqu'à 2002") was read as two conditions, ``year == 1990`` and ``year <= 2002``: one year, a
wrong number that looked validated. Every such span is rewritten "from 1990 to 2002", the form every
reader takes as the range with both ends included.

Only two year-like numbers in increasing order, over a file with a time column a year can restrict.
"through", "thru", "until", "till" and the foreign joints say a span on their own; "to", "à", "a" only
after a lead (a preposition of time or the year's name): "compare 1990 to 2002" names two years and is
left as written.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.conditions import year_target
from mcpforge.pipeline.intent.words import ColumnResolver, tokenize

_Y = r"(?:1[89]|20)\d{2}"
_SPAN_JOINTS = r"through|thru|until|till|hasta|jusqu'à|jusqu'a|jusqu'en|bis"
_LEAD_JOINTS = r"to|à|a|al|-|\u2013"
_LEADS = r"in|during|for|of|from|within|throughout|en|de|desde|von|im|in\s+den\s+jahren"
_YEAR_NOUNS = r"years?|jahre?n?|ann[ée]es?|a[ñn]os?|anni|anno|yrs?"
_GRAIN = frozenset({"per", "by", "each", "every", "par", "pro", "por", "je"})


def _pattern(names: list[str]) -> re.Pattern[str]:
    nouns = "|".join([_YEAR_NOUNS, *(re.escape(n) for n in names)])
    lead = (
        rf"(?P<lead>(?:(?:{_LEADS})\s+)?(?:the\s+|l'|el\s+|los\s+|les\s+|das\s+|den\s+)?(?:(?:{nouns})\s+)?)"
    )
    return re.compile(
        rf"(?<![\w-]){lead}(?P<low>{_Y})\s*(?P<joint>{_SPAN_JOINTS}|{_LEAD_JOINTS})\s*"
        rf"(?:(?:the\s+)?end\s+of\s+|incl(?:uding|usive)?\s+|einschlie(?:ß|ss)lich\s+)?(?P<high>{_Y})(?![\w-])",
        re.IGNORECASE,
    )


def _word_before(text: str, start: int) -> str:
    words = text[:start].split()
    return words[-1].lower() if words else ""


def year_spans(text: str, resolver: ColumnResolver) -> str:
    """``text`` with each joined span of years written "from A to B" (see the module), or as it was."""
    if sum(c.isdigit() for c in text) < 8:  # two four-digit years at least
        return text
    target = year_target(resolver, tokenize(text.lower()))
    if target is None:
        return text

    def span(m: re.Match[str]) -> str:
        low, high, joint, lead = m.group("low"), m.group("high"), m.group("joint").lower(), m.group("lead")
        if int(low) >= int(high):
            return m.group(0)
        led = bool(lead.strip())
        if not led and not re.fullmatch(_SPAN_JOINTS, joint):
            return m.group(0)  # "compare 1990 to 2002": two years
        before = _word_before(m.string, m.start())
        if before in {"between", "entre", "zwischen"}:
            return m.group(0)
        noun = re.search(rf"(?:{_YEAR_NOUNS}|{re.escape(target)})\s*$", lead.strip(), re.IGNORECASE)
        if before in _GRAIN and noun is not None and lead.strip() == noun.group(0):
            return f"{lead}from {low} to {high}"  # "per year 1990 through 2002": per year, that span
        return f"from {low} to {high}"

    return _pattern([target]).sub(span, text)
