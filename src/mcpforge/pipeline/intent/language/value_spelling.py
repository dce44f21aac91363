"""A category value written with or without its hyphen or space: "high-school" or "high school" for the
value ``highschool``, "e-commerce" for ``ecommerce``, "highschool" for ``high school``.

Such spellings differ in nothing but the joining marks between letters, so the written words are the value
once those marks are dropped on both sides. Only spellings of six letters or more compare this way (a short
"a road" is no value ``aroad``), and only where no spelling of a value matched as written; the value must
be one value of one column, else the usual scan (and the accounting after it) decides as before.
"""

from __future__ import annotations

_JOINING = frozenset(" \t-_/.'")
_MIN_LETTERS = 6


def squashed(text: str) -> str:
    """``text`` without its joining marks (spaces, hyphens, underscores, slashes, dots, apostrophes)."""
    return "".join(ch for ch in text.lower() if ch not in _JOINING)


def squashed_table(
    table: dict[tuple[str, ...], list[tuple[str, str]]],
) -> dict[str, list[tuple[str, str]]]:
    """The value table keyed by each spelling without its joining marks; spellings of two or more values
    of different columns are dropped (a squashed spelling must name one value)."""
    out: dict[str, list[tuple[str, str]]] = {}
    for words, entries in table.items():
        key = squashed(" ".join(words))
        if len(key) >= _MIN_LETTERS and key.isalnum():
            out.setdefault(key, []).extend(entries)
    return {key: entries for key, entries in out.items() if len(set(entries)) == 1}


def written_apart(
    tokens: list[str], i: int, width: int, table: dict[str, list[tuple[str, str]]]
) -> list[tuple[str, str]]:
    """The value ``tokens[i:i + width]`` spell with other joining marks ("high-school", "high school")."""
    words = tokens[i : i + width]
    if width == 1 and "-" not in words[0]:
        return []  # one plain word is matched as written
    if not all(word[:1].isalnum() and squashed(word).isalnum() for word in words):
        return []
    return table.get(squashed(" ".join(words)), [])
