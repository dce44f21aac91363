"""Phrases that restrict the rows, in French, German and Spanish, put in English (folded words).

"Pour l'année 87 uniquement", "en ne gardant que l'année 87", "en se limitant à la région west",
"solo para 1985", "quedándose con los estados del sur", "nur im Jahr 1985": each says that the analysis runs
on the rows of one condition. The phrase becomes the English restriction word ("only",
"for") and the English reading reads the condition after it; the restriction word itself carries no
condition. An English "only" with no condition read is still refused (``accounting``: "a restriction the
reading does not use"), so a phrase translated here never hides a condition the reading missed.

"Pour cent" / "por ciento" are "percent", not a restriction ("pour" alone is "for").
"""

from __future__ import annotations

_ONLY = "only"
_RESTRICTED = "only"  # "limited to X", "en se limitant à X": only X
_KEEP_FR = ("gardant", "conservant", "retenant", "garder", "conserver", "retenir")
_TAKE_FR = ("prenant", "considerant", "selectionnant", "prendre", "considerer", "selectionner")
_KEEP_ES = ("conservando", "manteniendo")
_TAKE_ES = ("considerando", "tomando", "seleccionando", "usando", "utilizando")

_RESTRICTIONS: dict[str, dict[str, str]] = {
    "fr": {
        **dict.fromkeys(("uniquement", "seulement", "exclusivement"), _ONLY),
        # "en ne gardant que X", "en gardant uniquement X": keep only X ("en gardant les valeurs
        # manquantes" alone keeps rows, it takes none away: no restriction)
        **{phrase: _ONLY
           for verb in (*_KEEP_FR, *_TAKE_FR)
           for phrase in (f"en ne {verb} que", f"ne {verb} que")},
        **{f"en {verb} {only}": _ONLY
           for verb in (*_KEEP_FR, *_TAKE_FR)
           for only in ("uniquement", "seulement")},
        **{f"en {pronoun} {verb} {to}": f"{_RESTRICTED}{the}"
           for to, the in (("a", ""), ("au", " the"), ("aux", " the"))
           for pronoun in ("se", "nous", "vous")
           for verb in ("limitant", "restreignant", "cantonnant")},
        **{f"{verb} {to}": f"{_RESTRICTED}{the}"
           for to, the in (("a", ""), ("au", " the"), ("aux", " the"))
           for verb in ("limite", "limitee", "limites", "limitees", "restreint", "restreinte", "restreints",
                        "restreintes", "limiter", "restreindre")},
        "pour": "for",
        "pour cent": "percent",
    },
    "es": {
        **dict.fromkeys(("solo", "solamente", "unicamente", "exclusivamente"), _ONLY),
        # "quedándose con X", "conservando solo X", "tomando solo X": only X ("manteniendo los valores
        # faltantes" alone keeps rows, it takes none away: no restriction)
        **{f"{verb} con": _ONLY for verb in ("quedandose", "quedandonos", "quedarse", "quedarnos")},
        **{f"{verb} {only} con": _ONLY
           for verb in ("quedandose", "quedandonos", "quedarse", "quedarnos")
           for only in ("solo", "solamente", "unicamente")},
        **{f"{verb} {only}": _ONLY
           for verb in (*_KEEP_ES, *_TAKE_ES)
           for only in ("solo", "solamente", "unicamente")},
        **{f"{verb} {to}": f"{_RESTRICTED}{the}"
           for to, the in (("a", ""), ("al", " the"))
           for verb in ("limitandose", "limitandonos", "restringiendose", "restringiendonos", "limitado",
                        "limitada", "limitados", "limitadas", "restringido", "restringida", "restringidos",
                        "restringidas", "limitar", "restringir")},
        "para": "for",
        "por ciento": "percent",
    },
    "de": {
        **dict.fromkeys(("nur", "ausschliesslich", "lediglich"), _ONLY),
        **{f"{verb} auf": _RESTRICTED
           for verb in ("beschrankt", "eingeschrankt", "begrenzt", "beschranken", "einschranken",
                        "begrenzen")},
        "fur": "for",
    },
}  # fmt: skip


def restriction_table(language: str) -> dict[str, str]:
    """Folded phrase → English, for the phrases of ``language`` that restrict the rows to a condition."""
    return dict(_RESTRICTIONS.get(language, {}))
