"""Words that are grammar or analysis terms, never category values, unless the request quotes them.

Real files have two-letter codes that are also English words (the states IN, OR, ME, OK) and values
that begin analysis terms ("standard" of "standard deviation", "normal" of "normal distribution").
A request saying "the outliers in the price column" or "the standard deviation of the score" does not
filter on them.
"""

from __future__ import annotations

# Closed-class English words (prepositions, conjunctions, pronouns, auxiliaries) of at most four letters.
FUNCTION_WORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "in",
        "on",
        "at",
        "to",
        "by",
        "of",
        "or",
        "and",
        "as",
        "is",
        "it",
        "be",
        "am",
        "are",
        "was",
        "do",
        "does",
        "did",
        "if",
        "me",
        "my",
        "we",
        "us",
        "our",
        "he",
        "she",
        "his",
        "her",
        "him",
        "so",
        "up",
        "no",
        "not",
        "nor",
        "but",
        "for",
        "per",
        "via",
        "off",
        "out",
        "ok",
        "oh",
        "hi",
        "its",
        "who",
        "how",
        "why",
        "what",
        "when",
        "then",
        "than",
        "that",
        "this",
        "with",
        "from",
        "into",
        "onto",
        "each",
        "all",
        "any",
        "some",
        "both",
        "own",
        "also",
        "just",
        "only",
        "very",
        "can",
        "may",
        "will",
        "has",
        "had",
        "have",
        "been",
    ]
)

# Analysis terms whose first word can also be a category value.
_TERMS = frozenset({
    ("standard", "deviation"), ("standard", "deviations"), ("standard", "error"), ("standard", "errors"),
    ("normal", "distribution"), ("normally", "distributed"), ("mean", "absolute"), ("high", "correlation"),
    ("low", "correlation"), ("linear", "regression"), ("test", "size"), ("random", "state"),
    ("random", "seed"),
})  # fmt: skip


def never_value(tokens: list[str], start: int) -> bool:
    """Whether ``tokens[start]`` is grammar or starts an analysis term (so it is no category value)."""
    word = tokens[start]
    if word in FUNCTION_WORDS:
        return True
    return start + 1 < len(tokens) and (word, tokens[start + 1]) in _TERMS
