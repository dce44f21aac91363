"""``Apart from the national polls (U.S.), which state ...``: a value left out of the rows, said in words.

"except X", "excluding X", "other than X" before a value of a column already read as ``column != X``.
Two ways of writing the same were not: "apart from X" / "aside from X" (the word "apart" was left over and
the value read as ``== X``, refused only by luck), and an exclusion whose value is given in brackets after a
description of it ("excluding the national polls (U.S.)", read as ``state == U.S.``). Both are rewritten to
"except X", the form the filter reader negates; the description is said in the reading as not used
("not used: 'national polls'"), since the value in brackets is what it describes.
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
