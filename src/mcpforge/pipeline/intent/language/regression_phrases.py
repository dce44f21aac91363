"""A linear regression said in French, Spanish or German, put in the English the regression reader knows.

"Pendiente de la regresión lineal por mínimos cuadrados de la tasa de robos sobre la densidad", "pente de
la régression linéaire (moindres carrés) de Y sur X", "Steigung der linearen Regression (kleinste
Quadrate) von Y auf X" → "slope of the linear regression by least squares of Y on X". "Least squares" is
the method of a linear regression: it changes nothing the reading computes, and the English reader names
it. Only in a request that names a regression: there the preposition of "Y on X" ("sobre", "sur", "auf")
is the regression's own, while elsewhere "sobre 100" may mean "above 100" and stays as written (the word
check then asks or refuses). Any other word stays as written.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re

_REGRESSION = re.compile(r"\b(?:r[ée]gressions?|regresi[óo]n|regresiones|regression(?:en)?)\b", re.I)
_PHRASES: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"\br[ée]gressions?\s+lin[ée]aires?\b", re.I), "linear regression"),
    (re.compile(r"\bregresi[óo]n\s+lineal\b", re.I), "linear regression"),
    (re.compile(r"\blinearen?\s+regression\b|\blineare\s+regression\b", re.I), "linear regression"),
    (re.compile(r"\b(?:r\u00e9gression|regresi[óo]n)\b", re.I), "regression"),
    (re.compile(r"\b(?:(?:par|por|nach|mit)\s+)?(?:la\s+m[ée]thode\s+des\s+|el\s+m[ée]todo\s+de\s+|"
                r"(?:der|die)\s+methode\s+der\s+|methode\s+der\s+|les\s+|los\s+|des\s+)?(?:moindres\s+carr[ée]s|m[íi]nimos\s+cuadrados|kleinsten?\s+quadrate)"
                r"(?:\s+(?:ordinaires|ordinarios))?\b", re.I), "by least squares"),
    (re.compile(r"\b(?:pendiente|pente|steigung)\b", re.I), "slope"),
    (re.compile(r"\b(?:ordenada\s+en\s+el\s+origen|intercepto|ordonn[ée]e\s+[àa]\s+l'origine|"
                r"achsenabschnitt)\b", re.I), "intercept"),
    (re.compile(r"\b(?:sobre|sur|auf)\b", re.I), "on"),
]  # fmt: skip
_HINTS = ("regres", "r\u00e9gres")
# A regression other than ordinary least squares (logistic, weighted, polynomial, robust, quantile ...):
# its words stay as written, so the request is refused or asked, never read as a linear fit.
_OTHER_FIT = re.compile(
    r"log[ií]sti|logit|probit|poisson|pond[ée]r|ponderad|gewicht|polin[óo]m|polyn[oô]m|robust|quantil|"
    r"cuantil|ridge|lasso|no\s+lineal|non\s+lin[ée]aire|nichtline|exponen|multiv|m[úu]ltiple|multiple",
    re.I,
)


def english_regression_words(text: str) -> tuple[str, list[str]]:
    """``text`` with a regression's words of another language in English, and the phrases put so."""
    found: list[str] = []
    if not any(hint in text.lower() for hint in _HINTS) or not _REGRESSION.search(text):
        return text, found
    if _OTHER_FIT.search(text):
        return text, found

    for pattern, english in _PHRASES:
        found += [match.group(0).strip() for match in pattern.finditer(text)]
        text = pattern.sub(english, text)
    return text, found
