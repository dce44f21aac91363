"""A grammar word of the request's language written in small letters is grammar, not a category value.

"Quelle est la moyenne ... par Région ?" on a file whose ``Région`` has the value ``Est`` (east): the
"est" of "quelle est" is the verb, and reading it as the value filtered every answer to the east (a wrong
answer that looks right). Likewise Spanish "es", "la", German "die", "des" against values spelled with a
capital. A value written with its capital ("la région Est"), or quoted, stays a value; a word of a column's
name stays protected.
"""

from __future__ import annotations

from mcpforge.pipeline.intent.language.spans import Span
from mcpforge.pipeline.intent.words import ColumnResolver, norm


def _split(words: str) -> frozenset[str]:
    return frozenset(words.split())


_GRAMMAR: dict[str, frozenset[str]] = {
    "fr": _split("est sont le la les de du des et ou en au aux un une a"),
    "de": _split("ist sind der die das den dem des und oder im in ein eine von"),
    "es": _split("es son el la los las de del y o en al un una"),
}


def grammar_as_values(
    text: str, spans: list[Span], keep: set[int], language: str, resolver: ColumnResolver
) -> set[int]:
    """Positions in ``keep`` that are lowercase grammar words of ``language`` matched only as a value."""
    grammar = _GRAMMAR.get(language, frozenset())
    if not grammar:
        return set()
    in_names = _name_positions(spans, resolver)
    return {
        i
        for i in keep
        if i not in in_names
        and spans[i].raw in grammar
        and text[spans[i].start : spans[i].end].islower()
        and not _quoted(text, spans[i])
    }


def _quoted(text: str, span: Span) -> bool:
    before, after = text[span.start - 1 : span.start], text[span.end : span.end + 1]
    return (
        bool(before)
        and before in "'\"\u00ab\u201e\u201c\u2018`"
        and bool(after)
        and after in "'\"\u00bb\u201c\u201d\u2019`"
    )


def _name_positions(spans: list[Span], resolver: ColumnResolver) -> set[int]:
    """Positions of a column's whole name, brackets aside: "du" in "Diplômés du secondaire (%)"."""
    words = [s.word for s in spans]
    at = [i for i, word in enumerate(words) if word not in {"(", ")"}]
    found: set[int] = set()
    for name in resolver.names():
        target = [word for word in norm(name).split() if word not in {"(", ")"}]
        for k in range(len(at) - len(target) + 1):
            if [words[i] for i in at[k : k + len(target)]] == target:
                found.update(range(at[k], at[k + len(target) - 1] + 1))
    return found
