"""A feature named first and defined after it: "Compute the real price as avgprs divided by cpi for every row.
What is the mean real price?", "Let density be pop / area", "Define the margin = revenue - cost, then ...".

The verb (compute, calculate, create, define, derive, let, make, add) and "as" / "be" / "=" / "equal to"
frame a name of one to four words and a definition: arithmetic over numeric columns and numbers in symbols
or words (:mod:`features` reads it). The definition becomes a derived column named after the words, the
definition itself leaves the text, and each later mention of the name ("the mean real price") stands for
the new column, so the question reads as usual and the reading says "real_price = avgprs / cpi". A
definition naming anything but numeric columns and numbers is no definition: the words stay, and are
reported.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.models import DerivedColumn
from mcpforge.pipeline.intent.analysis.feature_mentions import pointed_mention
from mcpforge.pipeline.intent.analysis.features import Aliases, _expression, add_feature
from mcpforge.pipeline.intent.words import ColumnResolver

_DEFINITION = re.compile(
    r"(?:^|(?<=[.;:!?,])\s*|\b(?:first|then|and)\s+)\s*"
    r"(?P<verb>compute|calculate|create|define|derive|make|add|build|construct|let)\s+"
    r"(?:a\s+|an\s+|the\s+)?(?:new\s+)?(?:(?:column|feature|variable|field|measure|quantity)\s+)?"
    r"(?:(?:called|named)\s+)?[\"'`]?(?P<name>[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,3}?)[\"'`]?\s*"
    r"(?:\bas\b|\bto\s+be\b|\bbe\b|\bequal\s+to\b|:?=)\s*(?:the\s+)?(?P<body>[^,;?!]+?)"
    r"(?P<each>\s+(?:for|in|on)\s+(?:each|every|all(?:\s+the)?)\s+(?:single\s+)?(?:rows?|records?|observations?|"
    r"entries|entry)|\s+(?:per|by)\s+row|\s+row[- ]wise)?"
    r"(?=\s*(?:[,;?!]|\.(?:\s|$)|$|\bthen\b|\band\s+then\b))",
    re.IGNORECASE,
)
_VERBS = frozenset({"compute", "calculate", "create", "define", "derive", "make", "add", "build", "construct",
                    "let"})  # fmt: skip
_NOT_A_NAME = frozenset({"it", "this", "that", "them", "the", "mean", "average", "median", "sum", "total",
                         "count", "number", "correlation", "percentage", "percent"})  # fmt: skip


_SPACE = r"\s+"


def read_named_definitions(
    text: str, resolver: ColumnResolver, aliases: Aliases, *, placeholder: str
) -> tuple[str, list[DerivedColumn]]:
    """``text`` without each "compute <name> as <arithmetic>" and with the name's later mentions replaced by a
    placeholder word for the new column; the new columns (registered in ``resolver`` as numeric)."""
    derived: list[DerivedColumn] = []
    if not {word.strip(".,;:!?()") for word in text.lower().split()} & _VERBS:
        return text, derived  # no verb of defining: no pattern compiled
    pos = 0
    while (match := _DEFINITION.search(text, pos)) is not None:
        pos = match.end()
        words = match.group("name").strip()
        if words.lower() in _NOT_A_NAME or resolver.resolve(words, fuzzy=False) is not None:
            continue  # "compute the mean as ...", a column the file has: no new feature
        expression = _expression(match.group("body"), resolver)
        if expression is None:
            continue
        word = add_feature(words, expression, resolver, aliases, derived, placeholder=placeholder)
        spelled = _SPACE.join(map(re.escape, words.split()))
        mention = re.compile(rf"(?<![\w-]){spelled}(?![\w-])", re.IGNORECASE)
        before, after = text[: match.start("verb")], text[match.end() :]
        later, mentioned = mention.subn(f" {word} ", after)
        if not mentioned:  # "this per-member income" for "income per household member"
            later, mentioned = pointed_mention(later, words, f" {word} ")
        text = before + ("" if mentioned else f" {word} ") + later
        pos = len(before)
    return text, derived
