"""A linear regression said in French, Spanish or German, put in the English the regression reader knows.

"Pendiente de la regresión lineal por mínimos cuadrados de la tasa de robos sobre la densidad", "pente de
la régression linéaire (moindres carrés) de Y sur X", "Steigung der linearen Regression (kleinste
Quadrate) von Y auf X" → "slope of the linear regression by least squares of Y on X". "Least squares" is
the method of a linear regression: it changes nothing the reading computes, and the English reader names
it. Only in a request that names a regression: there the preposition of "Y on X" ("sobre", "sur", "auf")
is the regression's own, while elsewhere "sobre 100" may mean "above 100" and stays as written (the word
check then asks or refuses). Any other word stays as written.

The foreign words are put in English whatever language the request was told to be in: "Regresión de sales
sobre ad_spend" or "Lineare Regression von y auf x" hold too few words of their language to be told, yet
"regresión", "régression" and "lineare Regression" are no English words. The verb that fits ("ajusta",
"ajustez"), "simple" (one feature) and the verb of getting the number ("quelle pente obtient-on") are the
regression's own words and are put in English with them.

Everyday English says a simple regression without naming it: "fit a line of Y against X", "the slope of Y
on X", "how much does Y rise per unit of X", "for each additional X". These are put as "the slope of the
regression of Y on X" (``plain_regression``): the slope of ordinary least squares is what they ask. Only
with a unit of X said ("per", "each", "every", "additional", "unit"): "how much does Y rise with X" stays as
written.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.words import ColumnResolver, tokenize

_REGRESSION = re.compile(r"\b(?:r[ée]gressions?|regresi[óo]n|regresiones|regression(?:en)?)\b", re.I)
# A regression word no English request holds: the phrases apply even when the language was not told.
_FOREIGN = re.compile(
    r"\b(?:r\u00e9gressions?|regresi[óo]n|regresiones|linearen?\s+regression|lineare\s+regression|"
    r"regressionsgerade|pendiente|pente|steigung)\b",
    re.I,
)
_PHRASES: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"\br[ée]gressions?\s+lin[ée]aires?\s+simples?\b", re.I), "simple linear regression"),
    (re.compile(r"\bregresi[óo]n\s+lineal\s+simple\b", re.I), "simple linear regression"),
    (re.compile(r"\beinfachen?\s+linearen?\s+regression\b", re.I), "simple linear regression"),
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
    # "regression de la Y", "regresión del Y", "Regression von Y": the "of" of "regression of Y on X"
    (re.compile(r"\b(regression)\s+(?:de\s+la|de\s+l'|del|de|du|des|von\s+der|von\s+dem|von)\s*", re.I),
     r"\1 of "),
    # the verb that fits the line: "ajusta una regresión", "ajustez une régression"
    (re.compile(r"\b(?:ajust(?:a|e|ar|ez|er|ons|amos)|ajust\u00e9e?)\b", re.I), "fit"),
    # the verb of getting the number: "quelle pente obtient-on ?", "qué pendiente se obtiene"
    (re.compile(r"\s*\b(?:obtient-on|obtenons-nous|on\s+obtient|se\s+obtiene|obtenemos|erh\u00e4lt\s+man|"
                r"ergibt\s+sich)\b", re.I), ""),
]  # fmt: skip
_HINTS = ("regres", "r\u00e9gres")
# A regression other than ordinary least squares (logistic, weighted, polynomial, robust, quantile ...):
# its words stay as written, so the request is refused or asked, never read as a linear fit.
_OTHER_FIT = re.compile(
    r"log[ií]sti|logit|probit|poisson|pond[ée]r|ponderad|gewicht|polin[óo]m|polyn[oô]m|robust|quantil|"
    r"cuantil|ridge|lasso|no\s+lineal|non\s+lin[ée]aire|nichtline|exponen|multiv|m[úu]ltiple|multiple",
    re.I,
)


def english_regression_words(text: str, *, english: bool = False) -> tuple[str, list[str]]:
    """``text`` with a regression's words of another language in English, and the phrases put so.

    ``english``: the request was told to be English; only a regression word no English request holds
    ("regresión", "lineare Regression") puts the phrases in English then."""
    found: list[str] = []
    if not any(hint in text.lower() for hint in _HINTS) or not _REGRESSION.search(text):
        return text, found
    if english and not _FOREIGN.search(text):
        return text, found
    if _OTHER_FIT.search(text):
        return text, found

    for pattern, put in _PHRASES:
        found += [match.group(0).strip() for match in pattern.finditer(text)]
        text = pattern.sub(put, text)
    return text, found


# "fit a (straight / regression / least-squares) line of Y against X"
_FIT_LINE = re.compile(
    r"\bfit(?:s|ted|ting)?\s+(?:an?\s+|the\s+)?"
    r"(?:(?:straight|linear|regression|least[- ]squares|ols|ordinary|simple|trend)\s+)*line\s+(?:of|for)\s+"
    r"(?:the\s+)?(?P<y>[\w .'`-]+?)\s+(?:against|on|versus|vs\.?)\s+",
    re.I,
)
# "the slope of Y on X" (not "the slope of the regression of Y on X": already the reader's words)
_SLOPE_OF = re.compile(
    r"\bslope\s+of\s+(?!(?:the\s+)?(?:linear\s+)?(?:regression|fit|line|ols)\b)(?:the\s+)?"
    r"(?P<y>[\w .'`-]+?)\s+(?:on|against|versus|vs\.?)\s+",
    re.I,
)
# "how much does Y rise per unit of X", "... for each additional X", "... with every one-unit increase in X"
_PER_UNIT = re.compile(
    r"\bhow\s+much\s+(?:does|do|did|will|would)\s+(?:the\s+)?(?P<y>[\w .'`-]+?)\s+"
    r"(?:rise|increase|go\s+up|grow|change|fall|drop|decrease|decline|go\s+down)\s+(?:on\s+average\s+)?"
    r"(?P<unit>(?:for|with|per)\s+(?:(?:each|every|a|an|one|1)\s+)?(?:(?:additional|extra|more|further)\s+)?"
    r"(?:(?:one[- ]|1[- ])?unit\s+(?:(?:increase|rise)\s+)?(?:of|in)\s+)?)(?:the\s+)?(?=\S)",
    re.I,
)
_UNIT_WORDS = re.compile(r"\b(?:per|each|every|additional|extra|unit)\b", re.I)


def plain_regression(text: str, resolver: ColumnResolver | None = None) -> tuple[str, list[str]]:
    """``text`` with everyday English for a simple regression put as "the slope of the regression of Y on
    X", and the phrases put so.

    Only when Y is one numeric column named whole ("the slope of trails on Maui" is no regression), and
    "slope" is put only over data with no column of that name (there it would be read as the column)."""
    low = text.lower()
    if "line" not in low and "slope" not in low and "how much" not in low:  # most requests: nothing compiled
        return text, []
    found: list[str] = []
    slope_named = resolver is not None and resolver.match_at(["slope"], 0) is not None

    def numeric(y: str) -> bool:
        words = [word for word in tokenize(y) if word not in {"the", "a", "an"}]
        hit = resolver.match_at(words, 0) if resolver is not None and words else None
        return resolver is None or (
            hit is not None and hit[1] == len(words) and resolver.kind(hit[0]) == "numeric"
        )

    def put(match: re.Match[str], english: str, *, says_slope: bool = True) -> str:
        if not numeric(match.group("y")) or (says_slope and slope_named):
            return match.group(0)
        found.append(match.group(0).strip())
        return english

    text = _FIT_LINE.sub(lambda m: put(m, f"fit a regression of {m.group('y')} on ", says_slope=False), text)
    text = _SLOPE_OF.sub(lambda m: put(m, f"slope of the regression of {m.group('y')} on "), text)

    def per_unit(match: re.Match[str]) -> str:
        if not _UNIT_WORDS.search(match.group("unit")):
            return match.group(0)  # "how much does Y rise with X": no unit of X said
        return put(match, f"what is the slope of the regression of {match.group('y')} on ")

    return _PER_UNIT.sub(per_unit, text), found
