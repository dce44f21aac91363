"""An outlier rule restated in words is the rule: "below Q1 - 1.5 IQR or above Q3 + 1.5 IQR", "|z| > 3 in
absolute value", "a z-score above 3 or below -3".

People name the rule and then say what it means, or say only what it means. The restatement is no condition
on a column ("below", "above" would otherwise be comparisons the reading does not use, or a row filter on
some column): it is rewritten into the rule's plain name ("by the 1.5 IQR rule", "|z| > 3"), which the
method reader (:mod:`methods`) reads into the outlier rule and threshold. Rewritten only when the request is
about outliers and the restatement agrees with itself (the same factor on both fences, the same threshold on
both sides) and with any rule the request names elsewhere; otherwise it is left as written, and its words
are reported.
"""

from __future__ import annotations

from typing import NoReturn

from mcpforge import _lazy_re as re
from mcpforge.exceptions import UnmappableRequestError

_NUM = r"\d+(?:\.\d+)?"
_TIMES = r"\s*(?:[*\u00d7x\u00b7]|times)?\s*(?:the\s+)?"
_IQR = r"(?:iqr|inter-?\s?quartile\s+range)"
_Q1 = r"(?:q1|the\s+(?:first|lower)\s+quartile|the\s+25(?:th)?\s+percentile)"
_Q3 = r"(?:q3|the\s+(?:third|upper)\s+quartile|the\s+75(?:th)?\s+percentile)"
_MINUS = r"\s*(?:-|\u2212|\u2013|minus)\s*"
_PLUS = r"\s*(?:\+|plus)\s*"
_BELOW = r"(?:below|under|less\s+than|smaller\s+than|lower\s+than|<=?)"
_ABOVE = r"(?:above|over|greater\s+than|larger\s+than|more\s+than|higher\s+than|>=?)"
_LOW_FENCE = rf"{_Q1}{_MINUS}(?P<{{k}}>{_NUM}){_TIMES}{_IQR}"
_HIGH_FENCE = rf"{_Q3}{_PLUS}(?P<{{k}}>{_NUM}){_TIMES}{_IQR}"
_OR = r"\s*,?\s*(?:or|and|,)\s+"
_FENCES = re.compile(
    r"\(?\s*(?:(?:i\.?e\.?|that\s+is|meaning)\s*,?\s*)?(?:(?:values?|points?|observations?|rows?)\s+)?"
    r"(?:"
    + rf"{_BELOW}\s*{_LOW_FENCE.format(k='a')}{_OR}{_ABOVE}\s*{_HIGH_FENCE.format(k='b')}"
    + rf"|{_ABOVE}\s*{_HIGH_FENCE.format(k='c')}{_OR}{_BELOW}\s*{_LOW_FENCE.format(k='d')}"
    + r"|outside\s+(?:of\s+)?(?:the\s+)?(?:range\s+|interval\s+|fences\s+)?[\[(]?\s*"
    + _LOW_FENCE.format(k="e")
    + rf"\s*(?:,|to|and|\.\.)\s*{_HIGH_FENCE.format(k='f')}\s*[\])]?"
    + r")\s*\)?",
    re.IGNORECASE,
)
_NAMED_IQR = re.compile(rf"(?P<k>{_NUM}){_TIMES}{_IQR}", re.IGNORECASE)
_Z = r"(?:\|\s*z(?:[- ]?scores?)?\s*\||(?:the\s+|an?\s+)?(?:absolute\s+)?z(?:[- ]?scores?)?)"
# "a z-score above 3 or below -3", "z > 3 or z < -3": both sides, one threshold.
_Z_SIDES = re.compile(
    rf"{_Z}\s*{_ABOVE}\s*\+?(?P<a>{_NUM})\s*(?:,?\s*or\s+(?:{_Z}\s*)?){_BELOW}\s*(?:-|\u2212)\s*(?P<b>{_NUM})",
    re.IGNORECASE,
)
# "z-scores beyond ±3", "a z-score outside +/- 2.5": both sides at once.
_Z_PLUS_MINUS = re.compile(
    rf"{_Z}\s*(?:{_ABOVE}|beyond|outside(?:\s+of)?)\s*(?:\u00b1|\+/-|\+-)\s*(?P<z>{_NUM})", re.IGNORECASE
)
# "|z| greater than 3 in absolute value": the absolute value said twice.
_IN_ABSOLUTE = re.compile(r"\s*,?\s*\(?\s*in\s+absolute\s+(?:value|terms)\s*\)?", re.IGNORECASE)
_OUTLIER_STEMS = ("outlier", "anomal", "extreme", "unusual")  # checked before any pattern is compiled
_OUTLIERS = re.compile(r"\boutlier|\banomal|\bextreme\s+values?|\bunusual", re.IGNORECASE)


def _same(*numbers: str | None) -> str | None:
    given = {float(n) for n in numbers if n is not None}
    return f"{given.pop():g}" if len(given) == 1 else None


def _refuse(request: str, said: str, why: str) -> NoReturn:
    raise UnmappableRequestError(
        f"cannot map the request {request!r} onto a data analysis: the outlier rule {said!r} {why}; the "
        "catalogue's rules are symmetric (|z| > t, or beyond Q1 - k IQR and Q3 + k IQR with one k): "
        "state one",
        understood={"operation": "outliers", "rule": said},
    )


def restate_rules(text: str, request: str) -> tuple[str, list[str]]:
    """``text`` with restated outlier rules in the rule's plain name, and notes that say so.

    Raises:
        UnmappableRequestError: the restatement disagrees with itself or with the rule named elsewhere
            ("the 3*IQR rule (below Q1 - 1.5 IQR ...)", "a z-score above 2.5 or below -3"): read as it
            stands, one side would become a row filter on the column.
    """
    low = text.lower()
    if not any(word in low for word in _OUTLIER_STEMS) or not _OUTLIERS.search(text):
        return text, []
    notes: list[str] = []
    match = _FENCES.search(text)
    if match is not None:
        k = _same(*match.groupdict().values())
        rest = text[: match.start()] + " " + text[match.end() :]
        named = {f"{float(m.group('k')):g}" for m in _NAMED_IQR.finditer(rest)}
        if k is None or not named <= {k}:
            _refuse(
                request, match.group(0).strip(), "has two different factors, or another than the rule named"
            )
        said = "" if named else f" by the {k} IQR rule "
        text = text[: match.start()] + said + text[match.end() :]
        notes.append(f"read {match.group(0).strip()!r} as the {k} x IQR rule")
    match = _Z_SIDES.search(text)
    if match is not None:
        z = _same(match.group("a"), match.group("b"))
        if z is None:
            _refuse(request, match.group(0).strip(), "has a different threshold on each side")
        text = text[: match.start()] + f" |z| > {z} " + text[match.end() :]
        notes.append(f"read {match.group(0).strip()!r} as |z| > {z}")
    match = _Z_PLUS_MINUS.search(text)
    if match is not None:
        text = text[: match.start()] + f" |z| > {match.group('z')} " + text[match.end() :]
        notes.append(f"read {match.group(0).strip()!r} as |z| > {match.group('z')}")
    below = re.search(rf"{_Z}\s*{_BELOW}\s*(?:-|\u2212)?\s*{_NUM}", text, re.IGNORECASE)
    if below is not None:  # "a z-score below -3": one side; read as it stands, a row filter on the column
        _refuse(request, below.group(0).strip(), "bounds one side only")
    if re.search(rf"{_Z}\s*{_ABOVE}\s*{_NUM}", text, re.IGNORECASE):
        text = _IN_ABSOLUTE.sub(" ", text)
    return text, notes
