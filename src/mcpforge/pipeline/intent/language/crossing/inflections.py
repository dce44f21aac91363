"""Endings a one-word column name takes, per language: "investissent", "investissements" → ``invest``.

A request writes a column's name as its verb or plural ("les entreprises qui *investissent* le plus", "la
somme des *investissements*", "the *investments* of each firm"). A word that is a one-word name of at least
``MIN_STEM`` letters followed by one of its language's endings below names that column, when exactly one
name fits (``crossing.names``). Endings of inflection and of the nouns and verbs made from a name only;
never a word that changes the number (a comparative "-er" in English is not here).
"""

from __future__ import annotations

MIN_STEM = 5  # letters of the name: "age" + "s" is no stem rule's business
_ENDINGS: dict[str, str] = {
    "en": "s es ment ments",  # never "-ed"/"-ing": "weighted" (a method) over a ``weight`` column
    "fr": "s x e es ee ees ent issent issait issaient ir it issement issements ement ements",
    "de": "e en n s es ern ung ungen ition itionen iert ierte ierten",
    "es": "s es a as o os an en ido ida ado ada ion iones imiento imientos",
}


# Endings of a verb's present or past ("qui investissent", "que invierten"): the name is written "that <name>"
_VERB_ENDINGS: dict[str, str] = {
    "fr": "ent issent issait issaient",
    "de": "iert ierte ierten",
    "es": "an en",
}


def verb_endings(language: str) -> frozenset[str]:
    """The endings of ``language`` that make a one-word name a verb (folded)."""
    return frozenset(_VERB_ENDINGS.get(language, "").split())


def endings(language: str) -> frozenset[str]:
    """The endings a one-word name takes in ``language`` (folded)."""
    return frozenset(_ENDINGS.get(language, "").split())
