"""Tense auxiliaries and verbs of recording in French, German and Spanish, put in English (folded words).

"En quelle année le taux moyen *a-t-il été* le plus élevé ?": the inverted "a-t-il été" is the tense of
"was", no column "été" (summer); "Quel État *a enregistré* le plus de décès ?" asks which State *had* the
most. They carry no number, column or condition, so the auxiliaries are dropped (the English reading needs
no "was" to rank) and the verbs of recording read as "had". "été" alone may be the season and is not here:
only the forms bound to an auxiliary ("a été", "ont-ils été") are read as grammar.
"""

from __future__ import annotations

_AUXILIARIES: dict[str, dict[str, str]] = {
    "fr": {
        "a-t-il ete": "", "a-t-elle ete": "", "ont-ils ete": "", "ont-elles ete": "", "a ete": "",
        "ont ete": "", "avait ete": "", "avaient ete": "", "etait": "", "etaient": "",
        "a enregistre": "had", "ont enregistre": "had", "enregistre": "had", "enregistrent": "had",
        "a-t-il enregistre": "had", "a-t-elle enregistre": "had", "a connu": "had", "ont connu": "had",
    },
    "es": {
        "ha sido": "", "han sido": "", "fue": "", "fueron": "", "eran": "",
        "registraron": "had", "ha registrado": "had", "han registrado": "had",
        "tuvo": "had", "tuvieron": "had",
        # the impersonal passive "se registró" ("en qué año se registró la media más alta": was recorded)
        "se registro": "", "se registraron": "", "se observo": "", "se observaron": "",
    },
    "de": {
        "war": "", "waren": "", "wurde": "", "wurden": "", "gewesen": "",
        "verzeichnete": "had", "verzeichneten": "had", "registrierte": "had", "registrierten": "had",
        "hatte": "had", "hatten": "had",
    },
}  # fmt: skip


def auxiliaries(language: str) -> dict[str, str]:
    """Folded phrase → English ("" drops it): the tense auxiliaries and recording verbs of ``language``."""
    return dict(_AUXILIARIES.get(language, {}))
