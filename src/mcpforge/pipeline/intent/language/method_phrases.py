"""How to compute, said in French, German or Spanish: rounding, the significance level, interpolation.

"Arrondissez à 3 décimales", "redondea tau a 3 decimales", "gerundet auf 6 Nachkommastellen", "auf 3
Dezimalstellen runden" are put as the English the method reader knows ("rounded to 3 decimals"); "au seuil
de 0,05", "(Signifikanzniveau 0,05)", "nivel de significación del 5 %" as "at a significance level of
0.05"; "interpolation linéaire" / "lineare Interpolation" as "linear interpolation". Only a number followed
by a word for decimal places is a count of decimals ("arrondi à la centaine" stays as written, and is
asked or refused); only a number right after a word for the significance level is an alpha (a decimal
comma read as a point there). "arrondie à l'unité", "redondeada al entero más cercano", "auf ganze Zahlen
gerundet" are "rounded to the nearest integer"; "al 5 %" / "au 5 %" / "at 5%" closing a clause of a request
that names a test is its significance level; "1,5-fach" is "1,5 times" (the IQR factor of a rule).
"""

from __future__ import annotations

from collections.abc import Callable

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.language.percentile_words import english_percentiles
from mcpforge.pipeline.intent.language.regression_phrases import english_regression_words, plain_regression
from mcpforge.pipeline.intent.language.test_names import english_test_names
from mcpforge.pipeline.intent.words import ColumnResolver

_COUNTS = {"une": 1, "un": 1, "una": 1, "uno": 1, "eine": 1, "einer": 1, "deux": 2, "dos": 2, "zwei": 2,
           "trois": 3, "tres": 3, "drei": 3, "quatre": 4, "cuatro": 4, "vier": 4, "cinq": 5, "cinco": 5,
           "funf": 5, "f\u00fcnf": 5, "fuenf": 5, "six": 6, "seis": 6, "sechs": 6}  # fmt: skip
_COUNT = r"(?P<n>\d{1,2}|" + "|".join(sorted(_COUNTS, key=len, reverse=True)) + r")"
_PLACE_WORDS = (
    r"(?:d[\u00e9e]cimales?|chiffres?\s+(?:apr[\u00e8e]s\s+la\s+virgule|d[\u00e9e]cimaux)|decimales|"
    r"cifras?\s+decimales|posiciones\s+decimales|lugares\s+decimales|nachkommastellen?|dezimalstellen?|"
    r"kommastellen?|stellen\s+nach\s+dem\s+komma)"
)
_PLACES = rf"{_COUNT}\s+{_PLACE_WORDS}(?:\s+pr[\u00e8e]s)?\b"
# beside a rounding verb, "Stellen" alone are decimal places ("auf drei Stellen runden")
_VERB_PLACES = rf"{_COUNT}\s+(?:{_PLACE_WORDS}|stellen)(?:\s+pr[\u00e8e]s)?\b"
_TO = r"(?:\u00e0|a|avec|con|auf|mit)"
_VERB = r"(?:arrondi\w*|redonde\w*|gerundet\w*|runde[nt]?)"
# "Arrondissez le résultat à 3 décimales", "Donnez rho arrondi à 3 décimales", "redondea tau a 3 decimales"
_VERB_FIRST = re.compile(
    rf"\b{_VERB}(?P<mid>[^.;:?!()\n]{{0,50}}?)\s*\b{_TO}\s+{_VERB_PLACES}", re.IGNORECASE
)
# "Rho auf 3 Dezimalstellen runden", "auf 2 Nachkommastellen gerundet"
_VERB_LAST = re.compile(rf"\b{_TO}\s+{_VERB_PLACES}\s+(?:gerundet|runden)\b", re.IGNORECASE)
# "(3 décimales)", ", à 2 décimales", "quelle pente ? 3 décimales.": the places alone, after a bracket, a
# comma, a question or "à" / "auf" / "con"
_BARE = re.compile(rf"(?:(?P<mark>[,;(?!:]\s*)|\b{_TO}\s+){_PLACES}", re.IGNORECASE)

_LEVEL = r"(?P<alpha>0[.,]\d+|\d{1,2}(?:[.,]\d+)?\s*%)"
_ALPHA_SIGN = r"(?:(?:\u03b1|alpha)\s*(?:=|:)?\s*)?"
_ALPHA = re.compile(
    r"\b(?:(?:au|avec\s+un|\u00e0\s+un|pour\s+un|auf\s+dem|mit\s+(?:einem|dem)|bei\s+(?:einem|dem)|"
    r"con\s+un|a\s+un|al)\s+)?"
    r"(?:(?:seuil|niveau)(?:\s+de\s+(?:signification|significativit[\u00e9e]|risque))?|"
    r"signifikanzniveau|irrtumswahrscheinlichkeit|"
    r"nivel\s+de\s+(?:significaci[\u00f3o]n|significancia))"
    rf"\s*(?:de\s+|d'|del\s+|von\s+|=\s*|:\s*)?{_ALPHA_SIGN}{_LEVEL}",
    re.IGNORECASE,
)
# "alpha 0,05", Spanish "alfa 0,05" / "alfa = 0.05": a decimal comma or the Spanish spelling put in English
_ALPHA_COMMA = re.compile(
    r"\b(?P<sign>alpha|alfa|\u03b1)(?P<sep>\s*(?:=|:)?\s*)(?P<alpha>0[,.]\d+)\b", re.IGNORECASE
)
# "arrondie à l'unité", "redondeado al entero más cercano", "auf ganze Zahlen gerundet": no decimals
_UNIT = (
    r"(?:[\u00e0a]\s+l'unit[\u00e9e](?:\s+pr[\u00e8e]s)?|[\u00e0a]\s+l'entier(?:\s+le\s+plus\s+proche|\s+pr[\u00e8e]s)?|"
    r"(?:au|[\u00e0a]\s+un)\s+nombre\s+entier(?:\s+le\s+plus\s+proche)?|sans\s+d[\u00e9e]cimales?|"
    r"a\s+la\s+unidad|al\s+(?:n[\u00fau]mero\s+)?entero(?:\s+m[\u00e1a]s\s+(?:cercano|pr[\u00f3o]ximo))?|"
    r"a\s+n[\u00fau]meros?\s+enteros?|sin\s+decimales|auf\s+ganze\s+zahlen?|auf\s+die\s+(?:n[\u00e4a]chste\s+)?"
    r"ganze\s+zahl|ganzzahlig|ohne\s+(?:nachkommastellen|dezimalstellen))"
)
_UNIT_VERB_FIRST = re.compile(rf"\b{_VERB}(?P<mid>[^.;:?!()\n]{{0,50}}?)\s*\b{_UNIT}", re.IGNORECASE)
_UNIT_VERB_LAST = re.compile(rf"\b{_UNIT}\s+(?:gerundet|runden)\b", re.IGNORECASE)
# "Welch-Test au 5 %", "prueba t de Welch al 5 %": a percentage right after "at" in a request that names a
# test, closing its clause, is the significance level (as English "at the 5% level")
_TEST_NAMED = re.compile(
    r"\b(?:t[- ]?tests?|tests?\s+t|pruebas?\s+t|welch|student|chi|khi|mann|wilcoxon|anova|kruskal|shapiro|"
    r"levene)\b",
    re.IGNORECASE,
)
_AT_PERCENT = re.compile(
    r"\b(?:at|al|au|\u00e0|zum|auf\s+dem|bei)\s+(?P<alpha>\d{1,2}(?:[.,]\d+)?\s*%)(?:-?niveau)?"
    r"(?=\s*(?:[?.,;:)]|$))",
    re.IGNORECASE,
)
# "nach der 1,5-fachen IQR-Regel": "1,5-fach" is "1,5 times"
_TIMES = re.compile(r"\b(?P<k>\d+(?:[.,]\d+)?)\s*-?\s*fache[nrs]?\b", re.IGNORECASE)
_LINEAR = re.compile(
    r"\b(?:interpolation\s+lin[\u00e9e]aire|interpolaci[\u00f3o]n\s+lineal|lineare[rn]?\s+interpolation)\b",
    re.IGNORECASE,
)


# Every phrase above holds one of these (lower case): a cheap test before any pattern is compiled.
_HINTS = ("arrondi", "redonde", "gerundet", "runde", "cimal", "stellen", "chiffre", "cifra", "seuil",
          "signifi", "niveau", "nivel", "irrtum", "alpha", "alfa", "\u03b1", "interpol", "ganz", "entier",
          "entero", "unidad", "unit", "%", "fach")  # fmt: skip


def _count(raw: str) -> int:
    low = raw.lower()
    return _COUNTS[low] if low in _COUNTS else int(low)


def _alpha(raw: str) -> str:
    raw = raw.replace(",", ".").strip()
    if raw.endswith("%"):
        return f"{float(raw.rstrip('% ')) / 100:g}"
    return raw


def _english_alpha(say: Callable[[re.Match[str], str], str]) -> Callable[[re.Match[str]], str]:
    """The substitution of an alpha written with a decimal comma or as "alfa" (English stays as written)."""

    def put(m: re.Match[str]) -> str:
        if "," not in m.group("alpha") and m.group("sign").lower() != "alfa":
            return m.group(0)  # "alpha 0.05": already English
        sign = "alpha" if m.group("sign").lower() == "alfa" else m.group("sign")
        return say(m, f"{sign}{m.group('sep')}{_alpha(m.group('alpha'))}")

    return put


def english_methods(text: str) -> tuple[str, list[str]]:
    """``text`` with the method phrases of another language in English, and the phrases put so."""
    found: list[str] = []
    low = text.lower()
    if not any(hint in low for hint in _HINTS):  # most requests: no pattern compiled (refusal speed)
        return text, found

    def say(match: re.Match[str], english: str) -> str:
        found.append(match.group(0).strip())
        return english

    text = _VERB_FIRST.sub(
        lambda m: say(m, f"rounded{m.group('mid')} to {_count(m.group('n'))} decimals"), text
    )
    text = _VERB_LAST.sub(lambda m: say(m, f"rounded to {_count(m.group('n'))} decimals"), text)
    text = _BARE.sub(lambda m: say(m, f"{m.group('mark') or ''}to {_count(m.group('n'))} decimals"), text)
    text = _UNIT_VERB_FIRST.sub(lambda m: say(m, f"rounded{m.group('mid')} to the nearest integer"), text)
    text = _UNIT_VERB_LAST.sub(lambda m: say(m, "rounded to the nearest integer"), text)
    if _TEST_NAMED.search(text):
        text = _AT_PERCENT.sub(
            lambda m: say(m, f"at a significance level of {_alpha(m.group('alpha'))}"), text
        )
    text = _ALPHA.sub(lambda m: say(m, f"at a significance level of {_alpha(m.group('alpha'))}"), text)
    text = _ALPHA_COMMA.sub(_english_alpha(say), text)
    text = _LINEAR.sub(lambda m: say(m, "linear interpolation"), text)
    text = _TIMES.sub(lambda m: say(m, f"{m.group('k')} times"), text)
    return text, found


def english_method_words(
    text: str, language: str, resolver: ColumnResolver | None = None
) -> tuple[str, list[str]]:
    """The method phrases and (outside English) the percentile ordinals of ``text`` put in English."""
    text, found = english_methods(text)
    text, plain = plain_regression(text, resolver)  # "fit a line of Y against X", "rise per unit of X"
    found += plain
    if language != "en":  # "test des rangs signés de Wilcoxon (apparié par État)" (test_names.py)
        text, named = english_test_names(text)
        found += named
    text, regression = english_regression_words(text, english=language == "en")  # "pendiente ... sobre"
    found += regression
    if language == "en":
        return text, [f"read {', '.join(map(repr, found))} as the method words in English"] if found else []
    text, ordinals = english_percentiles(text, language)
    return text, [*found, *ordinals]
