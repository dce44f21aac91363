"""Method sentences read out of a request before its columns are looked for.

"Use the Pearson correlation coefficient.", "Round the answer to two decimal places.", "Use a significance
level of 0.05.", "Consider values more than 3 standard deviations from the mean as outliers.", "Use the
population standard deviation." say HOW to compute, not WHAT: they become an
:class:`~mcpforge.models.AnalysisMethod`, and are removed from the text so that none of their words
("should", "formula", "calculations") is taken for a column name or a category value.
"""

from __future__ import annotations

from dataclasses import dataclass

from mcpforge import _lazy_re as re
from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import AnalysisMethod

_NUMBER_WORDS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_DIGITS = r"(?P<places>\d+|zero|one|two|three|four|five|six)"
# "I need it to 2 decimal places": need / want / like take the places as the other verbs do
_VERBS = r"round(?:ed|ing)?|give|report|express|present|provide|answer|show|need|want|like"
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
# ", 3 decimals" / "(2 dp)" / "with 2 decimals" / "X to 2 decimals" ("con 2 decimales") with no verb at all.
_ROUND_BARE = re.compile(rf"(?:[,;]|\(|\bwith\s|(?=\bto\s))\s*(?:to\s+)?{_PLACES}\s*\)?", re.IGNORECASE)
# "... earnings? 2 decimal places.": a sentence that is only the places.
_ROUND_SENTENCE = re.compile(rf"^\s*(?:to\s+)?{_PLACES}\s*(?=[.!]?\s*$)", re.IGNORECASE)


def _places_said(sentence: str) -> bool:
    """A plain look for the words of decimal places (most sentences: no pattern compiled)."""
    low = sentence.lower()
    return "decimal" in low or "dp" in low or "d.p." in low


_FILLER = frozenset({"it", "the", "answer", "answers", "result", "results", "value", "values", "your", "all",
                     "them", "numbers", "number", "final", "me", "each", "every", "figures", "output", "this",
                     "that", "these", "those", "us", "please"})  # fmt: skip


def _cut_rounding(match: re.Match[str]) -> str:
    verb, mid = match.group("verb").lower(), match.group("mid")
    if verb.startswith("round") or set(re.findall(r"[a-z]+", mid.lower())) <= _FILLER:
        return " "
    return match.group(0)[: match.start("tail") - match.start()] + " "


# "Round to 4 places": "places" alone after a rounding verb.
_ROUND_PLACES = re.compile(
    rf"[,;]?\s*\bround(?:ed|ing)?\b(?:\s+(?:it|them|all|the\s+\w+))?\s+to\s+{_DIGITS}\s+places\b",
    re.IGNORECASE,
)
_ROUND_INTEGER = re.compile(
    r"[,;]?\s*\b(?:round(?:ed)?|give|report)\b[^.;?!]{0,40}?\bto\s+(?:the\s+nearest\s+(?:integer|whole\s+number|"
    r"(?:whole\s+)?(?:dollar|euro|pound|unit|cent)\b)|an?\s+(?:integer|whole\s+number)|"
    r"(?:integers|whole\s+numbers|whole\s+(?:dollars|euros|pounds|units))\b)",  # "Round to whole dollars"
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
# Decision rules of a test stated with its threshold: "significant at p < 0.05", "non-normal if p < 0.01",
# "is it significant at 0.05?", "significant at the 1% level". The threshold is the test's alpha.
_P_RULE = re.compile(
    r"\(?\s*(?:\bat\s+)?\bp(?:[- ]?values?)?\s*(?:<|\u2264|<=|\bbelow\b|\bunder\b|\bless\s+than\b|"
    r"\bsmaller\s+than\b)\s*(0?\.\d+)\s*\)?",
    re.IGNORECASE,
)
# The decision said whole: "call it non-normal if p < 0.05", "significant when the p-value is below 0.01".
_P_DECISION = re.compile(
    r"[,;]?\s*(?:(?:call|consider|treat|deem|declare|judge)\s+(?:it|them|this|the\s+\w+)\s+(?:as\s+)?)?"
    r"(?:non[- ]?normal|not\s+normal|normal|(?:non[- ]?|not\s+|statistically\s+)?significant|different)\s+"
    r"(?:if|when|whenever|where)\s+(?:the\s+)?"
    + _P_RULE.pattern.replace(r"\(?\s*(?:\bat\s+)?", "", 1).replace(
        r"values?)?\s*(?:<", r"values?)?\s*(?:is\s+)?(?:<", 1
    ),
    re.IGNORECASE,
)
_SIGNIFICANT_AT = re.compile(
    r"(?<=\bsignificant)(?P<at>\s+at\s+(?:the\s+|a\s+)?(0?\.\d+|\d+(?:\.\d+)?\s*%)"
    r"(?:\s+(?:significance\s+)?level)?)",
    re.IGNORECASE,
)
# An outlier rule said as a formula or a named rule: "|z| > 3", "|z-score| above 2.5", "the 1.5 x IQR rule",
# "1.5 IQR fences", "Tukey's fences". Cut out with the words that attach it ("flagging rows with", "by the",
# "under the") when the request is about outliers; the rule becomes the method.
_RULE_LEAD = (
    r"(?:,?\s*\(?\s*(?:(?:flag(?:ging|ged)?|mark(?:ing|ed)?|count(?:ing)?)\s+(?:the\s+)?"
    r"(?:rows?|values?|points?|observations?|records?)\s+)?"
    r"(?:with|by|under|using|via|per|according\s+to|following|based\s+on|where|whose|as|at)\s+"
    r"(?:the\s+|a\s+|an\s+|its\s+)?)?"
)
# "the rule |z| > 3", "the |z| > 3 rule": the word that names it a rule is part of the rule
_Z_RULE = re.compile(
    _RULE_LEAD + r"(?:(?:rule|criterion)\s+)?"
    # "the z-score rule (|z| > 3)": the rule named, then written out
    r"(?:z[- ]?scores?\s+(?:rule|criterion|method)\s*(?:\(\s*|:\s*|,\s*)?)?"
    r"(?:\|\s*z(?:[- ]?scores?)?\s*\||(?:an?\s+)?(?:absolute\s+)?z(?:[- ]?scores?)?)"
    r"\s*(?:>|\bgreater\s+than\b|\bmore\s+than\b|\babove\b|\bover\b|\bexceed(?:s|ing)?\b|\bbeyond\b)"
    r"\s*(?P<z>\d+(?:\.\d+)?)(?:\s+(?:rule|criterion|method))?(?:\s*\))?",
    re.IGNORECASE,
)
_IQR_RULE = re.compile(
    _RULE_LEAD + r"(?:(?:more|further|farther)\s+than\s+)?"
    r"(?:(?P<k>\d+(?:\.\d+)?)\s*(?:\u00d7|\*|x|times)?\s*(?:the\s+)?)?"
    r"(?:\biqr\b|\binter-?\s?quartile\s+range\b|\btukey(?:'s)?)"
    r"(?:\s+(?:rule|method|criterion|fences?|test|bounds?))?"
    # "1.5 x IQR beyond the quartiles"
    r"(?:\s+(?:beyond|outside|past|from|below\s+and\s+above|above\s+and\s+below)\s+(?:the\s+)?"
    r"(?:quartiles|first\s+and\s+third\s+quartiles|q1\s+(?:and|/)\s+q3)"
    # "1.5 x IQR below Q1 or above Q3": the two fences said side by side
    r"|\s+(?:below|under)\s+(?:the\s+)?(?:q1|first\s+quartile)\s*,?\s*(?:or|and)\s+(?:above|over)\s+(?:the\s+)?"
    r"(?:q3|third\s+quartile)|\s+(?:above|over)\s+(?:the\s+)?(?:q3|third\s+quartile)\s*,?\s*(?:or|and)\s+"
    r"(?:below|under)\s+(?:the\s+)?(?:q1|first\s+quartile))?(?:\s*\))?",
    re.IGNORECASE,
)
_OUTLIER_WORDS = re.compile(r"\boutlier|\banomal|\bextreme\s+values?|\bunusual", re.IGNORECASE)
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
# "Take the natural log of invest and run a one-way ANOVA ... (alpha 0.01).": a step, then the analysis.
_TAKES_A_FUNCTION = re.compile(
    r"^\s*(?:please\s+)?(?:take|apply)\s+(?:the\s+|a\s+)?(?:natural\s+log|log|ln\b|square[- ]root|sqrt)", re.I
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


def _significance(sentence: str) -> dict[str, object]:
    """The alpha a sentence states: "a significance level of 0.01", "significant at p < 0.05"."""
    match = (
        _ALPHA.search(sentence) or _ALPHA_AT.search(sentence) or _P_DECISION.search(sentence)
        or _P_RULE.search(sentence)
    )  # fmt: skip
    if match is not None:
        return {"significance": _alpha(match.group(1))}
    if (match := _SIGNIFICANT_AT.search(sentence)) is not None:
        return {"significance": _alpha(match.group(2))}
    return {}


def _iqr_factor(sentence: str) -> float | None:
    """The IQR factor of every IQR rule the sentence names: "the IQR rule (3 x IQR)" is 3, not the
    default 1.5 of its first mention (the rule's words are all cut, so a factor skipped would be lost)."""
    factors = {float(m.group("k")) for m in _IQR_RULE.finditer(sentence) if m.group("k")}
    factors |= {float(m.group(1)) for m in _IQR.finditer(sentence) if m.group(1)}
    if len(factors) > 1:
        said = " and ".join(f"{k:g} x IQR" for k in sorted(factors))
        raise UnmappableRequestError(
            f"cannot map the request onto a data analysis: it states two outlier rules ({said}); "
            "name one IQR factor",
            understood={"outlier_rule": "iqr", "factors": sorted(factors)},
        )
    return factors.pop() if factors else None


def _outlier_rule(sentence: str, *, outliers: bool) -> dict[str, object]:
    """The outlier rule and threshold a sentence states ("|z| > 3", "the 1.5 x IQR rule")."""
    if outliers and (thresholds := {float(m.group("z")) for m in _Z_RULE.finditer(sentence)}):
        if len(thresholds) > 1:  # every |z| rule is cut from the text: two different ones cannot both hold
            raise UnmappableRequestError(
                "cannot map the request onto a data analysis: it states two outlier rules ("
                + " and ".join(f"|z| > {t:g}" for t in sorted(thresholds))
                + "); name one threshold",
                understood={"outlier_rule": "zscore", "thresholds": sorted(thresholds)},
            )
        return {"outlier_rule": "zscore", "outlier_threshold": thresholds.pop()}
    if outliers and (factor := _iqr_factor(sentence)) is not None:
        return {"outlier_rule": "iqr", "outlier_threshold": factor}
    if (match := _SIGMA.search(sentence)) is not None:
        return {"outlier_rule": "zscore", "outlier_threshold": float(match.group(1))}
    if (match := _ZSCORE.search(sentence)) is not None:
        return {"outlier_rule": "zscore", "outlier_threshold": float(match.group(1) or match.group(2))}
    if (match := _IQR.search(sentence)) is not None:
        return {
            "outlier_rule": "iqr",
            **({"outlier_threshold": float(match.group(1))} if match.group(1) else {}),
        }
    return {}


def _read(sentence: str, *, outliers: bool = False) -> dict[str, object]:
    found: dict[str, object] = {}
    if match := (
        _ROUND.search(sentence)
        or _ROUND_BARE.search(sentence)
        or _ROUND_PLACES.search(sentence)
        or (_places_said(sentence) and _ROUND_SENTENCE.search(sentence))
    ):
        word = match.group("places").lower()
        found["round_digits"] = _NUMBER_WORDS.get(word) if word in _NUMBER_WORDS else int(word)
    elif _ROUND_INTEGER.search(sentence):
        found["round_digits"] = 0
    found.update(_significance(sentence))
    found.update(_outlier_rule(sentence, outliers=outliers))
    if _POPULATION.search(sentence):
        found["population"] = True
    elif _SAMPLE.search(sentence):
        found["population"] = False
    if (match := _CORRELATION.search(sentence)) is not None:
        found["correlation_method"] = match.group(1).lower()
    return found


_DEFINED_SUBJECT = re.compile(r"^\s*(?:the\s+)?outliers\s+are\b", re.IGNORECASE)
_REFERS_BACK = re.compile(r"\b(?:there|they|them|these|those|such)\b", re.IGNORECASE)
_ROW_WORDS = re.compile(r"\b(?:rows?|records?|entries)\b", re.IGNORECASE)


def _defines_what_is_asked(sentence: str, sentences: list[str]) -> bool:
    """ "Outliers are samplesize values with |z| > 3. How many are there?": the sentence defines what the
    question refers back to ("there", "them"); dropped as an instruction, the question would count all rows.
    A question with a subject of its own ("How many rows are there? Consider ... as outliers") keeps it."""
    others = [other for other in sentences if other is not sentence]
    if _DEFINED_SUBJECT.match(sentence) is None or any(_OUTLIER_WORDS.search(o) for o in others):
        return False
    return all(_REFERS_BACK.search(o) and not _ROW_WORDS.search(o) for o in others)


def read_methods(text: str) -> MethodReading:
    """Method instructions of ``text``; instruction sentences removed, inline rounding/alpha cut out."""
    sentences = [s for s in _SENTENCE_END.split(text) if s.strip()]
    kept: list[str] = []
    found: dict[str, object] = {}
    notes: list[str] = []
    outliers = _OUTLIER_WORDS.search(text) is not None
    for sentence in sentences:
        read = _read(sentence, outliers=outliers)
        found.update({k: v for k, v in read.items() if k not in found})
        rest = _ROUND_BARE.sub(" ", _ROUND.sub(_cut_rounding, sentence))
        rest = _ROUND_SENTENCE.sub(" ", rest) if _places_said(rest) else rest
        for pattern in (_ROUND_PLACES, _ROUND_INTEGER, _ALPHA, _ALPHA_AT, _KIND_WORD, _P_DECISION, _P_RULE):
            rest = pattern.sub(" ", rest)
        rest = _SIGNIFICANT_AT.sub("", rest)
        if outliers:  # the rule is the method; its words and numbers are no condition on a column
            rest = _IQR_RULE.sub(" ", _Z_RULE.sub(" ", rest))
        asks = _asks_something(rest) and (
            _QUESTION_OPENING.match(sentence) is not None
            or sentence.rstrip().endswith("?")  # "Using Spearman correlation, how strongly is ...?"
            or _defines_what_is_asked(sentence, sentences)  # "Outliers are X values with |z| > 3."
        )
        instruction = read and _INSTRUCTION_OPENING.match(sentence) and len(sentences) > 1 and not asks
        step = instruction and _TAKES_A_FUNCTION.match(sentence) and _asks_something(rest)  # "Take the log"
        if instruction and not step:
            notes.append(f"method instruction: {sentence.strip()!r}")
            continue
        kept.append(rest)
    remaining = " ".join(s.strip() for s in kept).strip() or text
    return MethodReading(method=AnalysisMethod.model_validate(found), text=remaining, notes=notes)
