"""Tokenization and n-gram BLEU of code (requirements 4.7.1)."""

from __future__ import annotations

import math
import re
from collections import Counter
from typing import TypedDict

# One pass over the source: strings (kept whole), comments (dropped), decorators, numbers, names,
# operator runs and punctuation.
_TOKEN = re.compile(
    r"""
    (?P<string>[rRbBuUfF]{0,2}(?:\"\"\"[\s\S]*?\"\"\"|'''[\s\S]*?'''|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'))
    |(?P<comment>\#[^\n]*)
    |(?P<newline>\n)
    |(?P<decorator>@\w+)
    |(?P<number>\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)
    |(?P<name>\w+)
    |(?P<operator>[+\-*/%=<>!&|^~@]+)
    |(?P<punct>[()\[\]{}:,.;])
    """,
    re.VERBOSE,
)
_TRIPLE_QUOTE = re.compile(r"[rRbBuU]{0,2}(\"\"\"|''')")

DEFAULT_MAX_N = 4


def tokenize_code(code: str) -> list[str]:
    """Python code as a list of tokens, without comments and docstrings.

    A triple-quoted string that starts a line is a docstring (or an equally inert string statement) and is
    dropped, as the requirements do; other string literals stay one token each.
    """
    tokens: list[str] = []
    line_start = True
    for match in _TOKEN.finditer(code):
        kind = match.lastgroup
        text = match.group()
        if kind == "newline":
            line_start = True
            continue
        if kind == "comment":
            continue
        if kind == "string" and line_start and _TRIPLE_QUOTE.match(text):
            line_start = False
            continue
        line_start = False
        tokens.append(text)
    return tokens


def ngram_counts(tokens: list[str], n: int) -> Counter[tuple[str, ...]]:
    """Counts of the n-grams of ``tokens``."""
    return Counter(zip(*(tokens[offset:] for offset in range(n)), strict=False))


def calculate_ngram_precision(candidate_tokens: list[str], reference_tokens: list[str], n: int) -> float:
    """Clipped n-gram precision of the candidate.

    When the candidate has no n-grams of order n (it is shorter than n tokens) the precision is 1.0 if the
    reference has none either (nothing to disagree about) and 0.0 otherwise.
    """
    candidate = ngram_counts(candidate_tokens, n)
    reference = ngram_counts(reference_tokens, n)
    total = sum(candidate.values())
    if total == 0:
        return 1.0 if not reference else 0.0
    matches = sum(min(count, reference[gram]) for gram, count in candidate.items())
    return matches / total


def brevity_penalty(candidate_length: int, reference_length: int) -> float:
    """BLEU's penalty for candidates shorter than the reference: ``exp(1 - r/c)``, 1.0 when not shorter."""
    if candidate_length >= reference_length:
        return 1.0
    if candidate_length == 0:
        return 0.0
    return math.exp(1.0 - reference_length / candidate_length)


class BleuResult(TypedDict):
    """``ngram_precision`` and ``bleu_score`` as in the requirements, plus the brevity penalty."""

    ngram_precision: dict[int, float]
    bleu_score: float
    brevity_penalty: float


def bleu_from_tokens(
    candidate_tokens: list[str], reference_tokens: list[str], max_n: int = DEFAULT_MAX_N
) -> BleuResult:
    """BLEU of two token lists (see :func:`calculate_bleu`)."""
    precisions = {
        n: calculate_ngram_precision(candidate_tokens, reference_tokens, n) for n in range(1, max_n + 1)
    }
    penalty = brevity_penalty(len(candidate_tokens), len(reference_tokens))
    if any(value == 0.0 for value in precisions.values()):
        # One order without a shared n-gram makes the geometric mean 0; no log(0) is taken.
        score = 0.0
    else:
        score = penalty * math.exp(math.fsum(math.log(value) for value in precisions.values()) / max_n)
    return BleuResult(ngram_precision=precisions, bleu_score=min(1.0, score), brevity_penalty=penalty)


def calculate_bleu(candidate_code: str, reference_code: str, max_n: int = DEFAULT_MAX_N) -> BleuResult:
    """BLEU of code: geometric mean of clipped 1..max_n-gram precisions times the brevity penalty.

    Identical code scores 1.0; code sharing no n-gram of some order scores 0.0.
    """
    return bleu_from_tokens(tokenize_code(candidate_code), tokenize_code(reference_code), max_n)
