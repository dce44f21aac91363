"""Adjectives written after their noun in French and Spanish, moved before it as English expects.

"Population totale moyenne" → "average Population totale", "espérance de vie minimale et maximale" →
"minimum and maximum life expectancy", "la población media más baja" → "the lowest average población".
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.language.function_words import FUNCTION_WORDS
from mcpforge.pipeline.intent.language.spans import Span

# Aggregation adjectives written after their noun in French and Spanish ("prix médian", "peso medio"):
# moved before the noun phrase, where the English reading expects them.
POSTPOSED = frozenset({"average", "median", "total", "maximum", "minimum", "distinct", "the highest",
                        "the lowest", "the largest", "the smallest"})  # fmt: skip


def move_postposed(spans: list[Span], out: dict[int, str], keep: set[int], concepts: set[int]) -> None:
    """``Population totale moyenne`` → ``average Population totale``: the adjective before its noun.

    Two adjectives joined by "et"/"y" move together ("espérance de vie (life_expectancy) minimale et
    maximale" → "minimum and maximum life expectancy (life_expectancy)"); a bracket after the noun is part
    of its phrase.
    """
    moved: set[int] = set()
    phrase: set[int] = set()  # a noun phrase with its adjective moved: a superlative may follow it
    for i in sorted(out):
        if i in moved or out[i] not in POSTPOSED:
            continue
        last = _joined(i, out)  # "minimale et maximale", "le plus haut et le plus bas"
        ranked = out[i].startswith("the ")  # "población media más baja"; never "totale moyenne"
        j = _noun_start(i, spans, out, keep, concepts | phrase if ranked else concepts)
        if j is None:
            continue
        words = " ".join(out[k] for k in range(i, last + 1) if out.get(k))
        if words.startswith("the ") and out.get(j - 1) == "the":  # "l'espérance … la plus élevée"
            words = words.removeprefix("the ")
        noun = out.get(j, "\x00")  # \x00: the noun's first word as written
        out.update(dict.fromkeys(range(i, last + 1), ""))
        out[j] = f"{words} {noun}"
        moved.update(range(i, last + 1))
        phrase.update(range(j, last + 1))


def _joined(i: int, out: dict[int, str]) -> int:
    """The last index of the adjective at ``i`` and one joined to it by and / or (a phrase's other words
    are dropped, so they are skipped)."""
    after = [k for k in sorted(out) if k > i and out[k]][:2]
    if len(after) == 2 and out[after[0]] in {"and", "or"} and out[after[1]] in POSTPOSED:
        return after[1]
    return i


def _noun_start(
    i: int, spans: list[Span], out: dict[int, str], keep: set[int], concepts: set[int]
) -> int | None:
    """Where the noun phrase before the postposed adjective at ``i`` starts (None: no noun before it)."""
    k = i - 1
    if k > 0 and spans[k].word == ")":
        opening = next((m for m in range(k - 1, -1, -1) if spans[m].word in "()"), None)
        if opening is None or spans[opening].word != "(":
            return None
        k = opening
        if not _content(k - 1, spans, out, keep, concepts):
            return k
    elif k < 0 or not _content(k, spans, out, keep, concepts):
        return None
    while k > 0 and _content(k - 1, spans, out, keep, concepts):
        k -= 1
    return k


def _content(k: int, spans: list[Span], out: dict[int, str], keep: set[int], concepts: set[int]) -> bool:
    """A word of the noun phrase before a postposed adjective: a name, a concept's noun, or a word
    nobody translated."""
    if k < 0:
        return False
    if k in keep or k in concepts:
        return True
    if k in out or not re.fullmatch(r"[a-z][a-z'\-]*", spans[k].word):
        return False
    return spans[k].word not in FUNCTION_WORDS
