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


# One letter per sex, by the pair a column holds (0 female, 1 male): English/French/German M/F, French H/F,
# German M/W, Spanish H/M. Only where the column is named a sex: "H"/"M" is also High/Medium.
_LETTER_PAIRS: dict[frozenset[str], dict[str, int]] = {
    frozenset("mf"): {"f": 0, "m": 1},
    frozenset("hf"): {"f": 0, "h": 1},
    frozenset("mw"): {"w": 0, "m": 1},
    frozenset("hm"): {"m": 0, "h": 1},
}
_SEX_COLUMNS = frozenset({"sex", "gender", "sexe", "genre", "geschlecht", "sexo", "genero"})


def gender_forms(value: str, column_values: Iterable[str], column: str | None = None) -> tuple[str, ...]:
    """Every word the sex ``value`` stands for; () for other values and for a column that is not a sex
    column (each of its values one of the two sexes or "other"/"unknown": a clothing ``department`` with
    ``Women``, ``Men`` and ``Kids`` is not one, and "female customers" there must not pick ``Women``).
    A one-letter value ("M", "F") stands for a sex only in a column named for it (``column``: "Sexe")
    whose letters are one of the usual pairs."""
    low = _fold(value.strip())
    if len(low) == 1:
        return _letter_forms(low, column_values, column)
    if low not in _SIDES[0] and low not in _SIDES[1]:
        return ()  # the common case: not a word of either sex
    if not all(_fold(str(other).strip()) in _SIDES[0] | _SIDES[1] | _OTHER for other in column_values):
        return ()
    for side in _SIDES:
        if low in side:
            return tuple(sorted(side - {low}))
    return ()


def _letter_forms(letter: str, column_values: Iterable[str], column: str | None) -> tuple[str, ...]:
    named = column is not None and any(
        word in _SEX_COLUMNS for word in _fold(column).replace("_", " ").split()
    )
    letters = frozenset(_fold(str(v).strip()) for v in column_values) - _OTHER
    pair = _LETTER_PAIRS.get(letters) if named else None
    return tuple(sorted(_SIDES[pair[letter]])) if pair is not None and letter in pair else ()


def has_sex_column(columns: Iterable[tuple[str, Iterable[str]]]) -> bool:
    """Whether one of the (name, values) ``columns`` holds a sex: named for it, or all its values the two
    sexes' words. A file of men only (no such column) may call its rows "men"; a file with one may not."""
    for name, values in columns:
        listed = list(values)
        if any(word in _SEX_COLUMNS for word in _fold(name).replace("_", " ").split()):
            return True
        if listed and all(gender_forms(str(v), listed) or _fold(str(v).strip()) in _OTHER for v in listed):
            return True
    return False


# Nouns of a woman by their ending: German "Läuferin(nen)", French "coureuse", "gagnante" is left out
# (French plurals of both), Spanish "corredora(s)".
_FEMININE_ENDINGS = ("erin", "erinnen", "euse", "euses", "rice", "rices", "ienne", "iennes", "ora", "oras")


def says_a_sex(word: str) -> bool:
    """``word`` names people of one sex ("women", "Mann", "Läuferin", "coureuse"): a row noun that
    restricts the rows, never one to read as "any row"."""
    low = _fold(word)
    return low in _SIDES[0] or low in _SIDES[1] or (len(low) > 5 and low.endswith(_FEMININE_ENDINGS))
