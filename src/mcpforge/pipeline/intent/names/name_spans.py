"""Words inside a column's full name are that name, never a category value (issue 25).

"Moyenne du taux de chômage par année" on a file whose ``État`` has the lowercase code ``de``
(Delaware): the "de" of "taux de chômage" is a word of the column's name. Read as the value it filtered
every answer to one State, a wrong answer that looks right. A name written with the file's capitals was
already set aside; written in small letters it must be too.
"""

from __future__ import annotations

from mcpforge.pipeline.intent.words import ColumnResolver


def words_of_named_columns(tokens: list[str], resolver: ColumnResolver) -> set[int]:
    """Positions of ``tokens`` inside a column name of two or more words, written in full."""
    inside: set[int] = set()
    i = 0
    while i < len(tokens):
        hit = resolver.match_at(tokens, i, fuzzy=False)
        if hit is not None and hit[1] >= 2:
            inside.update(range(i, i + hit[1]))
            i += hit[1]
        else:
            i += 1
    return inside
