"""``Apart from the national polls (U.S.), which state ...``: a value left out of the rows, said in words.

"except X", "excluding X", "other than X" before a value of a column already read as ``column != X``.
Two ways of writing the same were not: "apart from X" / "aside from X" (the word "apart" was left over and
the value read as ``== X``, refused only by luck), and an exclusion whose value is given in brackets after a
description of it ("excluding the national polls (U.S.)", read as ``state == U.S.``). Both are rewritten to
"except X", the form the filter reader negates; the description is said in the reading as not used
("not used: 'national polls'"), since the value in brackets is what it describes.

An aggregate row of a table ("World" among countries) is left out in many more ways: "leave out the World
row", "omitting World", "(World excluded)", "World not counted", "with the World row left out". Each,
when its word is a value of the data, is written "except World" too; the row noun ("row", "line",
"entry") goes with it.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.words import ColumnResolver

_APART = re.compile(r"\b(?:apart|aside)\s+from\b", re.IGNORECASE)
_EXCLUDING = r"except(?:\s+for)?|excluding|exclude|other\s+than|besides|not\s+counting|leaving\s+out|without"
# "except the national polls (U.S.)": a description of up to four words, then the value in brackets
_DESCRIBED = re.compile(
    rf"\b(?P<word>{_EXCLUDING})\s+(?:the\s+|all\s+|any\s+)?(?P<description>[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){{0,3}})"
    r"\s*\(\s*(?P<value>[^()]{1,40}?)\s*\)",
    re.IGNORECASE,
)


_ROW = r"(?:\s+(?:row|rows|line|lines|entry|entries|record|records))?"
_VALUE = r"(?P<value>[^\W\d][\w.'-]*(?:\s+[^\W\d][\w.'-]*){0,2}?)"
_LEAVE_OUT = r"(?:leave|leaving|leaves)\s+out|omit|omitting|omits|ignore|ignoring|drop|dropping|skip|skipping"
# "leave out the World row", "omitting World", "ignore the line World"
_LEFT_OUT_BEFORE = re.compile(
    rf"\b(?:{_LEAVE_OUT})\s+(?:the\s+)?(?:(?:row|line|entry)\s+)?{_VALUE}{_ROW}\b", re.IGNORECASE
)
# "(World excluded)", "World not counted", "with the World row left out", "leave the World row out"
_GONE = r"excluded|not\s+counted|not\s+included|left\s+out|omitted|removed|dropped"
_LEFT_OUT_AFTER = re.compile(
    rf"(?:\bwith\s+)?(?:\bthe\s+)?\b{_VALUE}{_ROW}\s+(?:(?:is|are|being)\s+)?(?:{_GONE})\b", re.IGNORECASE
)
_LEAVE_X_OUT = re.compile(rf"\b(?:leave|leaving)\s+(?:the\s+)?{_VALUE}{_ROW}\s+out\b", re.IGNORECASE)
_LEFT_OUT_WORDS = (
    "leav",
    "omit",
    "ignor",
    "drop",
    "skip",
    "exclud",
    "counted",
    "included",
    "left",
    "removed",
)


def _left_out(text: str, resolver: ColumnResolver) -> tuple[str, list[str]]:
    """``text`` with a value left out in other words written "except <value>", and a note each."""
    notes: list[str] = []

    def rewrite(match: re.Match[str]) -> str:
        value = match.group("value")
        if not _is_value(value, resolver):
            return match.group(0)
        notes.append(f"{match.group(0).strip()!r} read as 'except {value}'")
        return f"except {value}"

    for pattern in (_LEFT_OUT_BEFORE, _LEAVE_X_OUT, _LEFT_OUT_AFTER):
        text = pattern.sub(rewrite, text)
    return text, notes


def _is_value(word: str, resolver: ColumnResolver) -> bool:
    low = word.strip().lower()
    return any(
        info.kind == "categorical" and any(v.strip().lower() == low for v in info.values)
        for info in resolver.schema.columns
    )


def _described_value(match: re.Match[str], resolver: ColumnResolver) -> bool:
    """The brackets hold a value of the data and the description names no column."""
    if not _is_value(match.group("value"), resolver):
        return False
    return all(resolver.resolve(w, fuzzy=False) is None for w in match.group("description").split())


def exclusion_words(text: str, resolver: ColumnResolver) -> tuple[str, list[str]]:
    """``text`` with its exclusions written as "except X", and the descriptions it set aside."""
    low = text.lower()
    if any(word in low for word in _LEFT_OUT_WORDS):
        text, _ = _left_out(text, resolver)
    if "apart" not in low and "aside" not in low and "(" not in low:
        return text, []  # no pattern compiled for most requests (a quick path)
    text = _APART.sub("except", text)
    described: list[str] = []

    def rewrite(match: re.Match[str]) -> str:
        if not _described_value(match, resolver):
            return match.group(0)
        described.append(match.group("description"))
        return f"except {match.group('value')}"

    return _DESCRIBED.sub(rewrite, text), described
