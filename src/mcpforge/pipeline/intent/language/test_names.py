"""Names of statistical tests and their pairing, said in French, Spanish or German, put in English.

"test des rangs signés de Wilcoxon" / "prueba de rangos con signo de Wilcoxon" / "Wilcoxon-Vorzeichen-
Rang-Test" → "Wilcoxon signed-rank test"; "test t apparié" / "prueba t pareada" / "gepaarter t-Test" →
"paired t-test"; "Kolmogorov-Smirnov à deux échantillons" → "two-sample Kolmogorov-Smirnov"; "apparié
par État" / "emparejado por estado" / "gepaart nach Staat" → "paired by État". In a request that names a
test, the comparison around it is put in English too: "diffèrent-ils de ceux de 1982" → "differ from
those of 1982" (a verb's question ending "-ils" / "-t-elle" is grammar, not a word of the analysis).
Only these phrases: any other word stays as written for the word check.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re

_SIGNED = "Wilcoxon signed-rank test"
_PHRASES: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"\btests?\s+(?:des\s+)?rangs\s+sign[ée]s\s+de\s+wilcoxon\b", re.I), _SIGNED),
    (re.compile(r"\bpruebas?\s+de\s+(?:los\s+)?rangos\s+con\s+signos?\s+de\s+wilcoxon\b", re.I), _SIGNED),
    (re.compile(r"\bwilcoxon[- ]vorzeichen[- ]?rang[- ]?tests?\b", re.I), _SIGNED),
    (re.compile(r"\btests?\s+de\s+wilcoxon\s+(?:des\s+)?rangs\s+sign[ée]s\b", re.I), _SIGNED),
    (re.compile(r"\btests?\s+t\s+(?:de\s+student\s+)?(?:pour\s+(?:des\s+)?[ée]chantillons\s+)?"
                r"appari[ée]s?\b", re.I), "paired t-test"),
    (re.compile(r"\bpruebas?\s+t\s+(?:de\s+student\s+)?(?:para\s+muestras\s+)?(?:pareadas?|emparejadas?|"
                r"relacionadas?)\b", re.I), "paired t-test"),
    (re.compile(r"\bgepaarte[rn]?\s+t[- ]tests?\b", re.I), "paired t-test"),
    # "test t de Welch", "prueba t de Student", "test t" (after the paired forms above took theirs)
    (re.compile(r"\b(?:tests?|pruebas?)\s+t\s+de\s+welch\b", re.I), "Welch t-test"),
    (re.compile(r"\b(?:tests?|pruebas?)\s+t(?:\s+de\s+student)?\b(?![-'])", re.I), "t-test"),
    (re.compile(r"\b(?:[àa]\s+deux\s+[ée]chantillons|de\s+dos\s+muestras|f[üu]r\s+zwei\s+stichproben)\b",
                re.I), "two-sample"),
    (re.compile(r"\b(?:appari[ée]e?s?|emparejad[oa]s?|pareado?s?|gepaart)\s+(?:par|por|nach)\b", re.I),
     "paired by"),
]  # fmt: skip
_NAMES_A_TEST = re.compile(r"wilcoxon|kolmogorov|\bt[- ]test|\btest\s+t\b|\bprueba\s+t\b|paired", re.I)
# "diffèrent-ils de ceux de 1982", "a-t-elle changé": the verb's question ending, and "those of"
_AROUND: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"\bdiff[èée]re(?:nt)?(?:-t)?-(?:ils?|elles?)\b", re.I), "differ"),
    (re.compile(r"\b(?:ceux|celles)\s+de\b", re.I), "those of"),
]


# "diffère-t-il d'un pays à l'autre", "varía de un estado a otro", "unterscheidet sich von Land zu Land":
# the groups compared are the values of that column, as English "across countries"
_ONE_TO_ANOTHER = re.compile(
    r"\b(?:d'une?\s+(?P<fr>[^\W\d]+)\s+[\u00e0a]\s+l'autre|de\s+una?\s+(?P<es>[^\W\d]+)\s+a\s+otr[oa]|"
    r"von\s+(?P<de>[^\W\d]+)\s+zu\s+(?P=de))\b",
    re.IGNORECASE,
)


# Every phrase above holds one of these (lower case): a cheap test before any pattern is compiled.
_HINTS = ("wilcoxon", "appari", "parea", "empareja", "gepaar", "kolmogorov", " t ", "zwei stichproben",
          "deux", "dos muestras", "test t", "tests t", "prueba t", "pruebas t", "autre", "otr",
          " zu ")  # fmt: skip


def english_test_names(text: str) -> tuple[str, list[str]]:
    """``text`` with the test names and pairing phrases of another language in English, and those put so."""
    found: list[str] = []
    low = text.lower()
    if not any(hint in low for hint in _HINTS):
        return text, found

    def put(pattern: re.Pattern[str], english: str, words: str) -> str:
        def say(match: re.Match[str]) -> str:
            found.append(match.group(0).strip())
            return english

        return pattern.sub(say, words)

    for pattern, english in _PHRASES:
        text = put(pattern, english, text)
    if _ONE_TO_ANOTHER.search(text):
        text = _ONE_TO_ANOTHER.sub(lambda m: _across(m, found), text)
    if found and _NAMES_A_TEST.search(text):
        for pattern, english in _AROUND:
            text = put(pattern, english, text)
    return text, found


def _across(match: re.Match[str], found: list[str]) -> str:
    found.append(match.group(0))
    return f"across {match.group('fr') or match.group('es') or match.group('de')}"
