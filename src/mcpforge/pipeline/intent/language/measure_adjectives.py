"""A superlative adjective placed after its noun that names what it ranks by: "les États les plus
peuplés", "los estados más poblados" rank the States by their population (issue 25).

The adjective is the measure's own word, said as a quality: "les cinq États les plus peuplés" are the five
with the highest population. It is read so only when the file has exactly one column that the noun names
(``Population``); otherwise it stays a word the reading has not used, and is asked or refused. Only the
form after the noun ("the X the most populous", as French and Spanish write it) is rewritten, to "the X
with the highest Population": put before a noun ("the most populous States") the column's name would run
into the noun's and could read as another column.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.words import ColumnResolver

_DEGREE = r"(?:(?P<most>plus|m[aá]s)|(?P<least>moins|menos))"
# noun of the measure → the adjectives that say "having much of it" (French, Spanish)
_ADJECTIVES: dict[str, str] = {
    "population": r"peupl[ée]e?s?|populeu(?:x|se|ses)|poblad[oa]s?|populos[oa]s?",
}


def measure_adjectives(text: str, resolver: ColumnResolver) -> tuple[str, list[str]]:
    """``text`` with "the most <adjective>" as "with the highest <column>" ("least": lowest), and notes."""
    notes: list[str] = []
    for noun, adjectives in _ADJECTIVES.items():
        column = resolver.resolve(noun, fuzzy=False)
        if column is None:
            continue
        pattern = re.compile(rf"(?i)\bthe {_DEGREE} (?:{adjectives})\b")

        def one(match: re.Match[str], column: str = column) -> str:
            word = "highest" if match.group("most") else "lowest"
            notes.append(f"{match.group()!r} read as the {word} {column!r}")
            return f"with the {word} {column}"

        text = pattern.sub(one, text)
    return text, notes
