"""A statistic named and then defined in words: "the coefficient of variation of perinc (sample standard
deviation divided by the mean)", "the coefficient of variation, i.e. std / mean". ("Relative standard
deviation" is often given in percent: it is not read as this ratio.)

The definition says what the named statistic is. When it is exactly what the catalogue computes for that
name (the coefficient of variation is the sample standard deviation over the mean), the definition leaves
the text and the reading says it ("as stated: coefficient of variation = sample standard deviation / mean").
A definition that says something else (the population standard deviation, "times 100") stays as written:
the population is read as a method and refused for this statistic (instructions._population), any other
word is reported by the word check.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.analysis.method_words import STATED

_CV = re.compile(r"\bcoefficients?\s+of\s+variation\b", re.IGNORECASE)
_STD = r"(?:standard\s+deviation|std|stdev|sd|\u03c3|sigma)"
_DDOF = r"(?:\s*\(?\s*ddof\s*=\s*1\s*\)?)?"
_DEFINITION = re.compile(
    r"\s*,?\s*(?P<open>\()?\s*(?:(?:i\.?\s?e\.?|that\s+is|namely|defined\s+as|computed\s+as|calculated\s+as)\s*,?\s*)?"
    rf"(?:the\s+)?(?:sample\s+)?{_STD}{_DDOF}\s*(?:divided\s+by|over|/|relative\s+to)\s*(?:the\s+)?"
    r"(?:mean|average|\u03bc)(?P<close>\s*\))?"
    r"(?!\s*(?:\*|\u00d7|x\b|times|multiplied))",
    re.IGNORECASE,
)
CV_NOTE = f"{STATED}coefficient of variation = sample standard deviation / mean"


def cut_statistic_definitions(text: str) -> tuple[str, list[str]]:
    """``text`` without the definition that follows a coefficient of variation, and the note that says it."""
    named = _CV.search(text) if "variation" in text.lower() else None
    if named is None:
        return text, []
    match = _DEFINITION.search(text, named.end())
    if match is None or bool(match.group("open")) != bool(match.group("close")):
        return text, []
    between = text[named.end() : match.start()]
    if len(between) > 40 or re.search(r"[.;?!]|\bpopulation\b", between, re.IGNORECASE):
        return text, []  # a definition far from the name, or of the population statistic
    return text[: match.start()] + " " + text[match.end() :], [CV_NOTE]
