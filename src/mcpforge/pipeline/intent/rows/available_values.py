"""Rows where a column's value is there: "only rows with seatbelt available", "whose sex is recorded".

"Only rows where X is available" (French "disponible", "renseigné"; Spanish "disponible", "informado";
German "vorhanden", "verfügbar", "angegeben", as the translation leaves them) keeps the rows with a value
of X: the same rows as "dropping rows with missing X", a preparation step every operation reads (the
statistical ones too, which read no row filter). The words were refused ("available", "only"); they are
written as that step and the reading says so.

The name must be one whole column (after "a", "an", "the"), so "only orders with a discount available"
over no ``discount`` column is left as written and still refused. A noun of the rows before the link
("rows", "observations", "penguins") stays where it is; only the condition is rewritten.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.words import ColumnResolver, tokenize

_PRESENT = (
    r"available|disponibles?|verf[uü]gbar|vorhanden|angegeben|bekannt|known|recorded|present|reported|"
    r"non[- ]?missing|renseign[ée]e?s?|informad[oa]s?|conocid[oa]s?|registrad[oa]s?"
)
_AVAILABLE = re.compile(
    r"(?P<only>\b(?:only|just|solely)\s+(?:(?:the|those)\s+)?(?:(?:rows?|observations?|records?|cases?|"
    r"entries|lines?)\s+)?)?"
    r"\b(?P<link>with|where|whose|that\s+have|having|for\s+which)\s+(?:an?\s+|the\s+)?"
    r"(?P<name>(?:(?!(?:is|are|was|were)\b)[^\W\d][\w'%()-]*\s+){0,4}?(?!(?:is|are|was|were)\b)[^\W\d][\w'%()-]*)"
    rf"\s+(?:(?:is|are|was|were)\s+)?(?:(?:a|the)\s+value\s+)?(?P<present>{_PRESENT})\b",
    re.IGNORECASE,
)
# "over the rows that have a year,", "for the records with a price:", "über die Zeilen mit Jahr" (über is
# "above" once in English): the rows that hold a value of that column. The column must end the clause, so
# "rows with a year of 1990" or "rows that have a price above 10" is a comparison, read elsewhere.
_ROWS_HAVING = re.compile(
    r"\b(?:(?P<prep>over|above|for|on|among|across|using|of|in)\s+)?(?:only\s+)?(?:(?:the|those|all)\s+)?"
    r"(?:rows?|observations?|records?|entries|lines?|cases?)\s+"
    r"(?P<link>(?:that\s+|which\s+)?ha(?:ve|s)|having|with)\s+(?P<article>an?\s+|the\s+)?"
    r"(?P<name>[^\W\d][\w'%()-]*(?:\s+[^\W\d][\w'%()-]*){0,3}?)(?=\s*(?:[,;:.?!)]|$))",
    re.IGNORECASE,
)
_STEP_COLON = re.compile(r"^(\s*dropping rows with missing [^:]+?)\s*:")
_BRACKETED_STEP = re.compile(r"\(\s*(dropping rows with missing [^()]+?)\s*\)")
_STEMS = ("availab", "disponib", "verf", "vorhanden", "angegeben", "bekannt", "known", "recorded", "present",
          "reported", "missing", "renseign", "informad", "conocid", "registrad")  # fmt: skip
_ROW_NOUNS = ("row", "observation", "record", "entries", "line", "case")


@dataclass
class Available:
    """The text with each "where X is available" written as a step dropping rows missing X."""

    text: str
    notes: list[str] = field(default_factory=list)


def _one_column(name: str, resolver: ColumnResolver) -> str | None:
    tokens = tokenize(name)
    hit = resolver.match_at(tokens, 0, fuzzy=False)
    return hit[0] if hit is not None and hit[1] == len(tokens) else None


def rows_with_a_value(text: str, resolver: ColumnResolver) -> Available:
    """``text`` with "only rows with X available" written as "dropping rows with missing X"."""
    low = text.lower()
    having = any(noun in low for noun in _ROW_NOUNS)
    if not having and not any(stem in low for stem in _STEMS):
        return Available(text=text)
    notes: list[str] = []

    def rewrite(match: re.Match[str]) -> str:
        if (
            "article" in match.re.groupindex
            and match.group("link").lower() == "with"
            and not (match.group("prep") or match.group("article"))
        ):
            return match.group(0)  # "sort the rows with lat": no rows said to hold a value
        column = _one_column(match.group("name"), resolver)
        if column is None:
            return match.group(0)
        notes.append(f"'{match.group(0).strip()}' read as dropping the rows missing {column!r}")
        return f"dropping rows with missing {column}"

    written = _AVAILABLE.sub(rewrite, text)
    if having:
        written = _ROWS_HAVING.sub(rewrite, written)
        written = _STEP_COLON.sub(
            r"\1,", written
        )  # "über die Zeilen mit Jahr: der Median": a clause of its own
    if notes:  # "(only rows with X available)": the step as a clause of its own, as the step reader reads it
        written = _BRACKETED_STEP.sub(r", \1,", written)
    return Available(text=written, notes=notes)
