"""A column's name of several words, written in a French, German or Spanish sentence's small letters,
is given back its own spelling (issue 25).

"En quelle année le *taux de chômage* moyen a-t-il été le plus élevé ?" names ``Taux de chômage``: a
sentence writes it in small letters, as it writes every noun. The English reading takes a name written
as the file spells it as one whole name; written in small letters its words stay loose ("de" then looks
like a State code, and the name pushes "le plus élevé" out of reach of "quelle année"). Only names of
two words or more, written in full, are respelled: one word ("état", "année") may be an ordinary noun.
"""

from __future__ import annotations

from mcpforge.pipeline.intent.language.spans import spans
from mcpforge.pipeline.intent.words import ColumnResolver, norm


def spell_columns(text: str, resolver: ColumnResolver) -> str:
    """``text`` with each full column name of two or more words spelled as the file spells it."""
    found = spans(text)
    words = [s.word for s in found]
    places: dict[int, tuple[int, str]] = {}  # first span → (last span, name); longest name wins
    for name in resolver.names():
        elided = [s.word for s in spans(name)]
        for target in {tuple(norm(name).split()), tuple(elided)}:
            if len(target) < 2:
                continue
            for k in range(len(words) - len(target) + 1):
                if tuple(words[k : k + len(target)]) == target:
                    last = k + len(target) - 1
                    if k not in places or places[k][0] < last:
                        places[k] = (last, name)
    out, until = text, -1
    chosen: list[tuple[int, int, str]] = []
    for k in sorted(places):
        if k > until:
            chosen.append((k, *places[k]))
            until = places[k][0]
    for k, last, name in reversed(chosen):
        out = out[: found[k].start] + name + out[found[last].end :]  # the same name: no note
    return out
