"""Verbs of reporting in French, German and Spanish, put in English as "reported" (folded words).

"Wie viele Personen ... haben mindestens eine Affäre angegeben?", "combien de personnes ont déclaré au
moins une liaison", "cuántas personas declararon ...": the verb says the value was answered in a survey,
not what it is; the English reading treats "reported" as a word that restates the question (named in the
reading as not used) and reads the condition around it as it would in English ("reported at least one
affair"). Only the forms of reporting and declaring are here: never a word that compares or selects.
"""

from __future__ import annotations

_REPORTED = "reported"
_VERBS: dict[str, tuple[str, ...]] = {
    "de": ("angegeben", "angeben", "gaben an", "gab an", "geben an", "gibt an", "berichtet",
           "berichteten", "gemeldet", "meldeten", "genannt", "nannten", "erklart", "erklarten"),
    "fr": ("declare", "declaree", "declares", "declarees", "declarent", "declaraient", "declarait",
           "signale", "signalee", "signales", "signalees", "signalent", "rapporte", "rapportee",
           "rapportes", "rapportees", "rapportent"),
    "es": ("declarado", "declarada", "declarados", "declaradas", "declararon", "declaran", "declaro",
           "reportado", "reportada", "reportados", "reportadas", "reportaron", "reportan", "informado",
           "informada", "informados", "informadas", "informaron", "informan"),
}  # fmt: skip


def reporting_verbs(language: str) -> dict[str, str]:
    """Folded verb form of ``language`` → "reported"."""
    return dict.fromkeys(_VERBS.get(language, ()), _REPORTED)
