"""Method sentences read out of a request before its columns are looked for.

"Use the Pearson correlation coefficient.", "Round the answer to two decimal places.", "Use a significance
level of 0.05.", "Consider values more than 3 standard deviations from the mean as outliers.", "Use the
population standard deviation." say HOW to compute, not WHAT: they become an
:class:`~mcpforge.models.AnalysisMethod`, and are removed from the text so that none of their words
("should", "formula", "calculations") is taken for a column name or a category value.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mcpforge.models import AnalysisMethod

_NUMBER_WORDS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_DIGITS = r"(?P<places>\d+|zero|one|two|three|four|five|six)"
_VERBS = r"round(?:ed|ing)?|give|report|express|present|provide|answer|show"
_PLACES = (
    rf"{_DIGITS}\s*(?:decimal(?:\s+places?|\s+points?|\s+digits?|s)?|dp|d\.p\.|"
    rf"digits?\s+after\s+the\s+decimal(?:\s+point)?)"
)
# The verb nearest the places ("report the mean and median of X, rounded to 2 decimals" is "rounded ..."):
# what sits between a verb other than "round" and the places is the question ("give me the median X, to
# two decimal places"), so only the places are cut from it.
_ROUND = re.compile(
    rf"[,;]?\s*\(?\b(?:and\s+)?(?:please\s+)?(?P<verb>{_VERBS})\b"
    rf"(?P<mid>(?:(?!\b(?:{_VERBS})\b)[^.;?!]){{0,60}}?)"
    rf"(?P<tail>,?\s*\b(?:to|with|in|at)\s+(?:the\s+nearest\s+)?{_PLACES})\)?",
    re.IGNORECASE,
)
# ", 3 decimals" / "(2 dp)" with no verb at all.
_ROUND_BARE = re.compile(rf"(?:[,;]|\()\s*(?:to\s+)?{_PLACES}\s*\)?", re.IGNORECASE)
_FILLER = frozenset({"it", "the", "answer", "answers", "result", "results", "value", "values", "your", "all",
                     "them", "numbers", "number", "final", "me", "each", "every", "figures", "output", "this",
                     "that", "these", "those", "us", "please"})  # fmt: skip


def _cut_rounding(match: re.Match[str]) -> str:
    verb, mid = match.group("verb").lower(), match.group("mid")
    if verb.startswith("round") or set(re.findall(r"[a-z]+", mid.lower())) <= _FILLER:
        return " "
    return match.group(0)[: match.start("tail") - match.start()] + " "


_ROUND_INTEGER = re.compile(
    r"[,;]?\s*\b(?:round(?:ed)?|give|report)\b[^.;?!]{0,40}?\bto\s+the\s+nearest\s+(?:integer|whole\s+number)",
    re.IGNORECASE,
)
_ALPHA = re.compile(
    r"[,;]?\s*\b(?:(?:using|use|with|at|assume|assuming)\s+)?(?:a|an|the)?\s*"
    r"(?:significance\s+level|level\s+of\s+significance|alpha(?:\s+level)?|\u03b1)\s*(?:of|=|is|:)?\s*"
    r"(0?\.\d+|\d+(?:\.\d+)?\s*%)",
    re.IGNORECASE,
)
_ALPHA_AT = re.compile(
    r"\bat\s+(?:the|a)\s+(\d+(?:\.\d+)?\s*%|0?\.\d+)\s+(?:significance\s+)?level\b", re.IGNORECASE
)
_SIGMA = re.compile(
    r"(?:more\s+than|greater\s+than|above|beyond|exceed(?:s|ing)?|over|outside(?:\s+of)?|>)\s*"
    r"(\d+(?:\.\d+)?)\s*(?:standard\s+deviations?|std|sigmas?|\u03c3)",
    re.IGNORECASE,
)
_ZSCORE = re.compile(
    r"z[- ]?scores?\s*(?:\(absolute\)\s*)?(?:of\s+)?"
    r"(?:above|greater\s+than|more\s+than|over|exceeding|beyond|>|>=)\s*"
    r"(\d+(?:\.\d+)?)|(?:absolute\s+)?z[- ]?scores?\s+threshold\s+(?:of\s+)?(\d+(?:\.\d+)?)",
    re.IGNORECASE,
)
_IQR = re.compile(
    r"(\d+(?:\.\d+)?)\s*(?:times|x|\u00d7)\s*(?:the\s+)?(?:iqr|interquartile\s+range)|\biqr\b", re.IGNORECASE
)
_POPULATION = re.compile(
    r"\bpopulation\s+(?:standard\s+deviation|variance|std|statistics?)|\bddof\s*=\s*0\b", re.IGNORECASE
)
_SAMPLE = re.compile(
    r"\bsample\s+(?:standard\s+deviation|variance|std|statistics?)|\bddof\s*=\s*1\b", re.IGNORECASE
)
_KIND_WORD = re.compile(r"\b(?:population|sample)\s+(?=standard\s+deviation|variance|std\b)", re.IGNORECASE)
_CORRELATION = re.compile(r"\b(pearson|spearman|kendall)", re.IGNORECASE)
# A sentence that opens with one of these and carries a method is an instruction, dropped whole.
_INSTRUCTION_OPENING = re.compile(
    r"^\s*(?:please\s+)?(?:use|using|round|consider|assume|apply|treat|report|set|take|employ|express|"
    r"give|provide|present|do\s+not|don't|make\s+sure|ensure|note|the\s+answer|answers?\s+should|"
    r"your\s+answer|define|outliers?\s+are|values?\s+(?:more|greater)|only|with)\b",
    re.IGNORECASE,
)
# "Report the mean Age to 2 decimals.": a sentence that opens like an instruction but asks for something.
_QUESTION_OPENING = re.compile(r"^\s*(?:please\s+)?(?:give|report|provide|present|express|show)\b", re.I)
_NOT_ASKED = _FILLER | {"give", "report", "provide", "present", "express", "show", "the", "a", "an", "and",
                        "of", "to", "in", "with", "as", "for", "rounded", "round", "decimal", "decimals",
                        "places", "place"}  # fmt: skip


def _asks_something(rest: str) -> bool:
    return bool(set(re.findall(r"[a-z][a-z'-]*", rest.lower())) - _NOT_ASKED)


_SENTENCE_END = re.compile(r"(?<=[.?!])\s+")


@dataclass(frozen=True, kw_only=True)
class MethodReading:
    """The method read from a request and the request without its method sentences."""

    method: AnalysisMethod
    text: str
    notes: list[str]


def _alpha(raw: str) -> float:
    raw = raw.strip()
    return float(raw.rstrip("% ")) / 100 if raw.endswith("%") else float(raw)


def _read(sentence: str) -> dict[str, object]:
    found: dict[str, object] = {}
    if match := _ROUND.search(sentence) or _ROUND_BARE.search(sentence):
        word = match.group("places").lower()
        found["round_digits"] = _NUMBER_WORDS.get(word) if word in _NUMBER_WORDS else int(word)
    elif _ROUND_INTEGER.search(sentence):
        found["round_digits"] = 0
    if (match := _ALPHA.search(sentence) or _ALPHA_AT.search(sentence)) is not None:
        found["significance"] = _alpha(match.group(1))
    if (match := _SIGMA.search(sentence)) is not None:
        found.update(outlier_rule="zscore", outlier_threshold=float(match.group(1)))
    elif (match := _ZSCORE.search(sentence)) is not None:
        found.update(outlier_rule="zscore", outlier_threshold=float(match.group(1) or match.group(2)))
    elif (match := _IQR.search(sentence)) is not None:
        found["outlier_rule"] = "iqr"
        if match.group(1):
            found["outlier_threshold"] = float(match.group(1))
    if _POPULATION.search(sentence):
        found["population"] = True
    elif _SAMPLE.search(sentence):
        found["population"] = False
    if (match := _CORRELATION.search(sentence)) is not None:
        found["correlation_method"] = match.group(1).lower()
    return found


def read_methods(text: str) -> MethodReading:
    """Method instructions of ``text``; instruction sentences removed, inline rounding/alpha cut out."""
    sentences = [s for s in _SENTENCE_END.split(text) if s.strip()]
    kept: list[str] = []
    found: dict[str, object] = {}
    notes: list[str] = []
    for sentence in sentences:
        read = _read(sentence)
        found.update({k: v for k, v in read.items() if k not in found})
        rest = _ROUND_BARE.sub(" ", _ROUND.sub(_cut_rounding, sentence))
        for pattern in (_ROUND_INTEGER, _ALPHA, _ALPHA_AT, _KIND_WORD):
            rest = pattern.sub(" ", rest)
        asks = _QUESTION_OPENING.match(sentence) is not None and _asks_something(rest)
        if read and _INSTRUCTION_OPENING.match(sentence) and len(sentences) > 1 and not asks:
            notes.append(f"method instruction: {sentence.strip()!r}")
            continue
        kept.append(rest)
    remaining = " ".join(s.strip() for s in kept).strip() or text
    return MethodReading(method=AnalysisMethod.model_validate(found), text=remaining, notes=notes)
