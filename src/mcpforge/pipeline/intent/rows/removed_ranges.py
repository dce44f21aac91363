"""Rows removed by a comparison: "drop every row before 1965", "remove rows where price is below 2".

A removal verb governs the condition after it: the rows kept are the other ones. The filter reader reads
"before 1965" as ``year < 1965`` whatever verb stands before it, and the removal verbs are set aside as
preparation vocabulary, so "drop every row before 1965" answered over exactly the rows it asked to drop.
Here the condition is written as its complement before anything else reads the text ("for the rows from
1965 onwards"), and the reading says so.

Only one comparison with a number, on rows (no noun, or a noun of rows: rows, observations, records,
entries, years, data): "drop the countries with gas above 5" may mean a country's mean, and "drop rows
before 1965 or after 1975" joins two conditions; neither is rewritten. A removal verb left before a
comparison with a number in its clause is refused by :func:`unread_removal` (it would be read as a filter
keeping the rows it removes); missing values, duplicates and outliers have their own readers.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.rows.removed_rows import removal_read_later

_VERB = (
    r"(?:drop(?:s|ped|ping)?|remov(?:e|es|ed|ing)|exclud(?:e|es|ed|ing)|discard(?:s|ed|ing)?|"
    r"delet(?:e|es|ed|ing)|omit(?:s|ted|ting)?|eliminat(?:e|es|ed|ing)|ignor(?:e|es|ed|ing)|"
    r"skip(?:s|ped|ping)?|(?:leav(?:e|ing)|left|filter(?:ing|ed)?|throw(?:ing|n)?|threw|tak(?:e|ing)|took)\s+out|"
    r"get(?:ting)?\s+rid\s+of|"
    # the same verbs in French, German and Spanish, as the translation leaves them
    r"supprim\w*|retir(?:ez|er|ant)|enlev\w*|exclu(?:ez|re|ant|e)|entfern\w*|streich\w*|l[oö]sch\w*|"
    r"elimin\w*|quit(?:a|ar|ando|en)|descart\w*|borr(?:a|e|ar|ando)|"
    # words that leave rows out the same way: "other than the rows before 1965", "except years after 1975"
    r"other\s+than|except(?:\s+for)?|excepting|apart\s+from|aside\s+from|without|besides|barring|"
    r"(?:leaving|setting|leave|set)\s+aside|not\s+counting)"
)
# comparison → (its complement as the filter reader reads it); the number follows both
_COMPLEMENT = {
    "before": "from {n} onwards",
    "prior to": "from {n} onwards",
    "earlier than": "from {n} onwards",
    "after": "up to {n}",
    "later than": "up to {n}",
    "below": "at least {n}",
    "under": "at least {n}",
    "less than": "at least {n}",
    "lower than": "at least {n}",
    "smaller than": "at least {n}",
    "fewer than": "at least {n}",
    "<": ">= {n}",
    "above": "at most {n}",
    "over": "at most {n}",
    "more than": "at most {n}",
    "greater than": "at most {n}",
    "higher than": "at most {n}",
    "larger than": "at most {n}",
    "exceeding": "at most {n}",
    ">": "<= {n}",
    "at least": "below {n}",
    ">=": "< {n}",
    "at most": "above {n}",
    "<=": "> {n}",
}
_COMPARISON = "|".join(re.escape(word) for word in sorted(_COMPLEMENT, key=len, reverse=True))
_NUMBER = r"-?\d+(?:,\d{3})*(?:\.\d+)?"
_ROW_NOUNS = (
    r"rows?|observations?|records?|entries|entry|lines?|years?|data|cases?|everything|lignes|ann[ée]es|"
    r"donn[ée]es|zeilen|jahre|beobachtungen|daten|filas|a[ñn]os|observaciones|registros|datos"
)
_DETERMINER = (
    r"(?:every|all|any|the|all\s+the|those|les|toutes\s+les|die|alle|alle\s+die|las|los|todas\s+las|"
    r"todos\s+los)"
)
_REMOVAL = re.compile(
    rf"\b(?:after\s+|once\s+|by\s+)?(?P<verb>{_VERB})\s+(?:{_DETERMINER}\s+)?(?P<noun>(?:{_ROW_NOUNS})\s+)?"
    r"(?P<link>(?:where|with|whose|in\s+which|for\s+which|that\s+(?:are|is|were|was|have|has|had)|"
    r"which\s+(?:are|is|were|was|have|has))\s+)?"
    r"(?P<rest>(?:(?!\d)[\w'%()-]+\s+){0,5}?)"
    rf"(?P<cmp>{_COMPARISON})\s*(?P<n>{_NUMBER})(?![\d.,]*\d)",
    re.IGNORECASE,
)
# a second condition joined to the first: its complement is not the complement of the first
_JOINED = re.compile(rf"\s*(?:,\s*)?(?:and|or|,)\s+(?:(?!\d)[\w'-]+\s+){{0,4}}?(?:{_COMPARISON})\s*\d", re.I)
_LINK_WORD = re.compile(r"\b(?:with|where|whose|which|that|the|every|all)\b", re.IGNORECASE)
_CLAUSE = re.compile(r"[^;:.!?]*?(?:[;:!?]|\.(?!\d)|$)")
_HANDLED_ELSEWHERE = re.compile(
    r"\b(?:outliers?|missing|nulls?|nan|blank|empty|duplicates?|duplicated|percentiles?|quantiles?|iqr|"
    r"z-?scores?|\|?z\|?|standard\s+deviations?|sd|sigma)\b",
    re.IGNORECASE,
)


_STEMS = (
    "drop", "remov", "exclu", "discard", "delet", "omit", "elimin", "ignor", "skip", " out", "rid of",
    "supprim", "retir", "enlev", "entfern", "streich", "losch", "lösch", "quit", "descart", "borr",
    "other than", "except", "apart", "aside", "without", "besides", "barring", "not counting",
)  # fmt: skip


def _may_remove(text: str) -> bool:
    """A cheap test before any pattern is compiled: most requests remove nothing."""
    low = text.lower()
    return any(stem in low for stem in _STEMS)


@dataclass
class Kept:
    """The text with each removal written as the condition of the rows kept, and what the reading says."""

    text: str
    notes: list[str] = field(default_factory=list)


def _clause_end(text: str, start: int) -> int:
    match = _CLAUSE.match(text, start)
    return match.end() if match else len(text)


def keep_the_rest(text: str) -> Kept:
    """``text`` with "drop every row before 1965" written as "for the rows from 1965 onwards"."""
    notes: list[str] = []
    if not _may_remove(text):
        return Kept(text=text)

    def rewrite(match: re.Match[str]) -> str:
        clause = text[match.start() : _clause_end(text, match.start())]
        if _HANDLED_ELSEWHERE.search(clause) or _JOINED.match(text, match.end()):
            return match.group(0)
        rest, link = match.group("rest"), match.group("link") or ""
        if rest and (not link or _LINK_WORD.search(rest)):  # "drop the countries with gas above 5"
            return match.group(0)
        kept = _COMPLEMENT[match.group("cmp").lower()].format(n=match.group("n"))
        notes.append(
            f"'{match.group(0).strip()}' read as keeping the other rows: {rest}{kept}".replace("  ", " ")
        )
        return f"for the rows {link}{rest}{kept}"

    written = _REMOVAL.sub(rewrite, text)
    return Kept(text=written, notes=notes)


# Verbs that take rows away by a condition after them ("drop the rows where sex is male", "remove rows with
# a negative latitude"): no reader turns such a condition round unless it is a comparison with a number
# (above) or an exclusion ("except", "without", "exclude": rows/exclusions.py), so the filter reader would
# read it as the rows to keep.
_TAKING_AWAY = re.compile(
    r"(?:drop(?:s|ped|ping)?|remov(?:e|es|ed|ing)|delet(?:e|es|ed|ing)|discard(?:s|ed|ing)?|"
    r"omit(?:s|ted|ting)?|eliminat(?:e|es|ed|ing)|(?:throw(?:ing|n)?|threw|tak(?:e|ing)|took|"
    r"filter(?:ing|ed)?)\s+out|get(?:ting)?\s+rid\s+of|supprim\w*|entfern\w*|l[oö]sch\w*|descart\w*|"
    r"borr(?:a|e|ar|ando))",
    re.IGNORECASE,
)
_CONDITION = re.compile(r"\b(?:where|with|whose|which|that|when|if|having|whenever)\b", re.IGNORECASE)


def unread_removal(text: str) -> str | None:
    """The removal verb still standing before a condition no reader turns round, if any: a comparison with
    a number, or any condition ("where", "with", "whose") after a verb that takes rows away."""
    if not _may_remove(text):
        return None
    for match in re.finditer(rf"\b{_VERB}\b", text, re.IGNORECASE):
        clause = text[match.end() : _clause_end(text, match.end())]
        if _HANDLED_ELSEWHERE.search(clause):
            continue
        if re.search(rf"(?:^|[\s(])(?:{_COMPARISON})\s*{_NUMBER}", clause, re.IGNORECASE):
            return match.group(0)
        if _TAKING_AWAY.fullmatch(match.group(0)) and _CONDITION.search(clause):
            if removal_read_later(text, match.start()):
                continue  # "after removing days with zero precipitation": rows/removed_rows.py
            return match.group(0)
    return None
