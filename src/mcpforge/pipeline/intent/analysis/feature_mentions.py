"""A defined feature mentioned again in other words: "Define income per household member as income
divided by size. What is the mean of this per-member income?".

The later mention of a defined name is found when it is written the same way. Written with a pointing
word ("this", "that", "these", "the new", "the defined") and words all taken from the name, in another
order or with a hyphen ("per-member income" for "income per household member"), it is the same feature:
nothing else in the request could be meant by "this". Replaced by the feature's placeholder, the
mention is read as the feature; any other wording is left for the accounting.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re

_POINTING = re.compile(
    r"\b(?:this|that|these|those|the\s+(?:new|defined|derived|computed))\s+"
    r"(?P<words>[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*){0,4})",
    re.IGNORECASE,
)
_SMALL = frozenset({"of", "per", "the", "a", "an", "in", "for", "by"})


def _words(text: str) -> list[str]:
    return [w for w in re.split(r"[\s\-]+", text.lower()) if w]


def pointed_mention(after: str, name: str, word: str) -> tuple[str, int]:
    """``after`` with "this <words of name>" replaced by ``word`` (the feature's placeholder), and how
    many were replaced (0 or 1)."""
    known = set(_words(name))
    for match in _POINTING.finditer(after):
        said = _words(match.group("words"))
        while said and said[-1] not in known:  # "this per-member income, rounded": the name's words only
            said.pop()
        content = [w for w in said if w not in _SMALL]
        if not content or not set(said) <= known:
            continue
        taken = match.group("words")
        end = match.start("words")
        for part in re.finditer(r"[^\s\-]+", taken):
            if part.group(0).lower() == said[-1]:
                end = match.start("words") + part.end()
        return f"{after[: match.start()]}{word}{after[end:]}", 1
    return after, 0
