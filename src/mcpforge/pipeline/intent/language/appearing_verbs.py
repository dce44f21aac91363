"""Verbs of being in the data in French, German and Spanish, put in English as "appear" (folded words).

"¿Cuántos estados distintos aparecen?", "combien d'entreprises distinctes apparaissent / figurent dans les
données ?", "wie viele verschiedene Staaten kommen vor / erscheinen?": the verb says only that the counted
things are in the file, as English "how many distinct states appear?". The English reading treats "appear"
as a word that restates the question's subject (named in the reading as not used) and keeps its rules:
where such a verb picks the rows ("how many penguins appear on Biscoe"), it stays content and is asked
or refused. Only verb forms are here; the noun "figure" (a chart) is not.
"""

from __future__ import annotations

_APPEAR = "appear"
# the separable verb around the place ("kommen in den Daten vor"): the place is the data itself
_AROUND_THE_DATA = tuple(
    f"{verb} {place} {tail}"
    for verb, tail in (("kommen", "vor"), ("kommt", "vor"), ("tauchen", "auf"), ("taucht", "auf"))
    for place in ("in den daten", "im datensatz", "in der datei", "in der tabelle", "in diesen daten")
)
_VERBS: dict[str, tuple[str, ...]] = {
    "es": ("aparece", "aparecen", "aparecia", "aparecian", "aparecio", "aparecieron", "figuran",
           "figuraban", "constan"),
    "fr": ("apparait", "apparaissent", "apparaissait", "apparaissaient", "figurent", "figuraient",
           "figurait"),
    "de": ("erscheinen", "erscheint", "erschienen", "kommen vor", "kommt vor", "vorkommen", "tauchen auf",
           "taucht auf", "auftauchen", *_AROUND_THE_DATA),
}  # fmt: skip


def appearing_verbs(language: str) -> dict[str, str]:
    """Folded verb form of ``language`` → "appear"."""
    return dict.fromkeys(_VERBS.get(language, ()), _APPEAR)
