"""Percentiles named in French, German or Spanish, put as the English ordinals the parser reads.

"le 90e centile" → "the 90th percentile"; "das 5. und das 95. Perzentil" → "das 5th und das 95th
percentile"; "el percentil 90" → "el 90th percentile". Only a number written as an ordinal of a
percentile word is changed: "5." elsewhere in a German sentence stays as written.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re

_FRENCH = re.compile(
    r"\b(?P<n>\d{1,2})\s*(?:e|\u00e8me|eme|\u00e8|i\u00e8me)\s+(?P<word>(?:per)?centiles?)\b", re.IGNORECASE
)
_GERMAN_WORD = re.compile(r"\bperzentil(?P<plural>e|en|s)?\b", re.IGNORECASE)
# "5." right before the percentile word, or before "und"/"," and another such ordinal ("das 5. und das 95.")
_GERMAN_ORDINAL = re.compile(
    r"\b(?P<n>\d{1,2})\.(?=\s+(?:(?:und|oder|sowie|,)\s+(?:das\s+|dem\s+|den\s+)?\d{1,2}\.|perzentil))",
    re.IGNORECASE,
)
_SPANISH = re.compile(
    r"\b(?:(?P<before>\d{1,2})\s*(?:\u00ba|\u00b0|o)?\s+)?(?P<word>percentiles?)\b"
    r"(?:\s+(?P<after>\d{1,2})\b(?!\s*,\s*\d|\s+and\s+\d))?",  # a list stays: "percentiles 25, 50 and 75"
    re.IGNORECASE,
)


# "percentiles 25, 50 y 75", "les centiles 10 et 90", "Perzentile 5 und 95": several percentiles, numbers
# after the word, put as the English list "percentiles 25, 50 and 75" (one answer with a column each)
_LISTED = re.compile(
    r"\b(?:per)?(?:centiles?|perzentile?n?)\s+(?P<list>\d{1,2}(?:\s*,\s*\d{1,2})*\s*,?\s*"
    r"(?P<last>y|e|et|und|and)\s+\d{1,2})\b(?![.,]\d)",
    re.IGNORECASE,
)


def _listed(match: re.Match[str]) -> str:
    words = match.group("list")
    at = match.start("last") - match.start("list")
    return f"percentiles {words[:at]}and{words[at + len(match.group('last')) :]}"


def _ordinal(number: str) -> str:
    n = int(number)
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _spanish(match: re.Match[str]) -> str:
    number = match.group("before") or match.group("after")
    if number is None:
        return match.group(0)
    plural = "s" if match.group("word").lower().endswith("s") else ""
    return f"{_ordinal(number)} percentile{plural}"


def english_percentiles(text: str, language: str) -> tuple[str, list[str]]:
    """``text`` with percentile ordinals of ``language`` ("fr", "de", "es") in English, and what was put."""
    before = text
    text = _LISTED.sub(_listed, text)
    if language == "fr":
        text = _FRENCH.sub(
            lambda m: f"{_ordinal(m.group('n'))} percentile{'s' if m.group('word').endswith('s') else ''}",
            text,
        )
    elif language == "de" and _GERMAN_WORD.search(text):
        text = _GERMAN_ORDINAL.sub(lambda m: _ordinal(m.group("n")), text)
        text = _GERMAN_WORD.sub(
            lambda m: "percentiles" if m.group("plural") in {"e", "en"} else "percentile", text
        )
    elif language == "es":
        text = _SPANISH.sub(_spanish, text)
    return text, ([f"percentile ordinals ({LANGUAGE_WORDS[language]})"] if text != before else [])


LANGUAGE_WORDS = {"fr": "centile", "de": "Perzentil", "es": "percentil"}
