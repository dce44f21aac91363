"""The two labels a paired test compares within one column: "does General Electric's investment differ
from Westinghouse's, matching the same years?".

A paired test of one measure between two labels of a category column (two firms, two countries) compares
the measure of the first label with that of the second, one pair per value of the key the request names
("matching the same years", "paired by year"). The labels are found as the file spells them, a possessive
"'s" after them allowed; only a column of which the text names exactly two labels is read so: labels of
several columns, or one label, are no pair (the word check then names what is left).
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.language.function_words import FUNCTION_WORDS
from mcpforge.pipeline.intent.words import ColumnResolver


def _spot(text: str, label: str) -> int | None:
    flags = 0 if label.lower() in FUNCTION_WORDS else re.IGNORECASE
    match = re.search(rf"(?<![\w-]){re.escape(label)}(?:'s|')?(?![\w-])", text, flags)
    return match.start() if match else None


def two_named_labels(text: str, resolver: ColumnResolver, measure: str) -> tuple[str, list[str]] | None:
    """The one category column of which ``text`` names exactly two labels, and those in the order named."""
    found: list[tuple[str, list[str]]] = []
    for info in resolver.schema.columns:
        if info.name == measure or info.kind != "categorical":
            continue
        spots = sorted(
            (spot, value)
            for value in info.values
            if len(value.strip()) >= 2 and (spot := _spot(text, value.strip())) is not None
        )
        if spots:
            found.append((info.name, [value for _, value in spots]))
    if len(found) != 1 or len(found[0][1]) != 2:
        return None
    return found[0]
