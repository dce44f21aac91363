"""Words for the two values of a sex or gender column: "women" for ``female``, "Männer" for ``male``.

A request names people by sex the way people talk ("men vs women", "among women", "die befragten
Frauen", "las mujeres", "les hommes"), while the file stores ``male``/``female``, ``M``/``F`` spelled out,
``Mann``/``Frau``, ``hombre``/``mujer``... Each word below means one of the two sexes in English, German,
Spanish or French. A word of one side becomes the file's value of that side only when the file has such a
value (one of the same side's words), so it can never pick a value that means something else; the
reading says the value it used ("gender = 'female'").
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable


def _fold(word: str) -> str:
    decomposed = unicodedata.normalize("NFKD", word.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _side(words: str) -> frozenset[str]:
    return frozenset(_fold(word) for word in words.split())


_SIDES = (
    _side(
        "female females woman women girl girls feminine frau frauen weiblich weibliche mujer mujeres"
        " femenino femenina femme femmes feminin feminine fille filles chica chicas madchen"
    ),
    _side(
        "male males man men boy boys masculine mann manner mannlich mannliche hombre hombres varon"
        " varones masculino masculina homme hommes masculin garcon garcons chico chicos"
    ),
)


_OTHER = frozenset(
    {"other", "unknown", "n/a", "na", "none", "diverse", "divers", "otro", "otra", "autre", ""}
)


def gender_forms(value: str, column_values: Iterable[str]) -> tuple[str, ...]:
    """Every word the sex ``value`` stands for; () for other values and for a column that is not a sex
    column (each of its values one of the two sexes or "other"/"unknown": a clothing ``department`` with
    ``Women``, ``Men`` and ``Kids`` is not one, and "female customers" there must not pick ``Women``)."""
    low = _fold(value.strip())
    if low not in _SIDES[0] and low not in _SIDES[1]:
        return ()  # the common case: not a word of either sex
    if not all(_fold(str(other).strip()) in _SIDES[0] | _SIDES[1] | _OTHER for other in column_values):
        return ()
    for side in _SIDES:
        if low in side:
            return tuple(sorted(side - {low}))
    return ()


# Nouns of a woman by their ending: German "Läuferin(nen)", French "coureuse", "gagnante" is left out
# (French plurals of both), Spanish "corredora(s)".
_FEMININE_ENDINGS = ("erin", "erinnen", "euse", "euses", "rice", "rices", "ienne", "iennes", "ora", "oras")


def says_a_sex(word: str) -> bool:
    """``word`` names people of one sex ("women", "Mann", "Läuferin", "coureuse"): a row noun that
    restricts the rows, never one to read as "any row"."""
    low = _fold(word)
    return low in _SIDES[0] or low in _SIDES[1] or (len(low) > 5 and low.endswith(_FEMININE_ENDINGS))
