"""A column's multi-word name written with one word inflected: "des Wechselkurses Britisches Pfund".

German (and French or Spanish) requests inflect the words of a column's name: a genitive "-es" / "-s", a
plural or case ending "-en" / "-n" / "-e" / "-er" / "-em", also in place of the name's own ending
("persönlichem" for ``persönliches``). The name written that way is no exact match,
and a single inflected word could then match another column loosely ("Wechselkurses" is a close spelling
of ``Wechselkurs Yen``): the wrong column, with numbers that look right. Here each word of a phrase of
two or more words may drop one such ending, so the whole phrase names its column exactly
(``Wechselkurs Britisches Pfund``) before any single word is matched loosely.
"""

from __future__ import annotations

from collections.abc import Iterator

_ENDINGS = ("es", "en", "ns", "er", "em", "s", "n", "e")
_MIN_STEM = 4
_MAX_ENDING = 3


def may_be_inflected(words: list[str], name_words: frozenset[str]) -> bool:
    """Every word but one is a word of a column name (``name_words``), and that one is such a word with an
    ending: the only phrases worth trying without their endings (most phrases are not, and stay fast)."""
    odd = [word for word in words if word not in name_words]
    return len(odd) == 1 and any(inflects(odd[0], part) or same_stem(odd[0], part) for part in name_words)


def same_stem(word: str, part: str) -> bool:
    """``word`` and ``part`` are one stem with two endings ("persönlichem" / "persönliches")."""
    stems = {word[: -len(e)] for e in _ENDINGS if word.endswith(e) and len(word) - len(e) >= _MIN_STEM}
    return any(part.endswith(e) and part[: -len(e)] in stems for e in _ENDINGS)


def uninflected(words: list[str]) -> Iterator[list[str]]:
    """``words`` with one word's inflection ending dropped, each way it can be (none when too short)."""
    for k, word in enumerate(words):
        for ending in _ENDINGS:
            if word.endswith(ending) and len(word) - len(ending) >= _MIN_STEM:
                yield [*words[:k], word[: -len(ending)], *words[k + 1 :]]


def inflects(word: str, part: str) -> bool:
    """``word`` is ``part`` (a word of a column name, singular) or ``part`` with an ending ("-es", "-en")."""
    return len(part) >= _MIN_STEM and word.startswith(part) and len(word) - len(part) <= _MAX_ENDING


def shared_word(word: str, keys: list[str]) -> bool:
    """``word`` is a word of two or more column names (``keys``, their words space-separated, singular),
    written whole or with an ending: "Wechselkurses" over ``Wechselkurs Yen`` and ``Wechselkurs D-Mark``
    names none of them, so no close spelling may pick one."""
    return sum(any(inflects(word, part) for part in key.split()) for key in keys) >= 2
