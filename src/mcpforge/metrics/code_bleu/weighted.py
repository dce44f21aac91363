"""Keyword-weighted n-gram match (requirements 4.7.2)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping

from mcpforge.exceptions import InvalidArgumentError
from mcpforge.metrics.code_bleu.ngram import brevity_penalty, tokenize_code

DEFAULT_KEYWORD_WEIGHTS: dict[str, float] = {
    # control flow
    "def": 2.0, "class": 2.0, "return": 1.8,
    "if": 1.5, "else": 1.5, "elif": 1.5,
    "for": 1.7, "while": 1.7,
    # data operations
    "import": 1.6, "from": 1.6,
    "pd": 2.0, "DataFrame": 1.8,
    "groupby": 2.0, "agg": 1.8, "merge": 1.8,
    # MCP
    "@mcp": 2.5, "tool": 2.5, "Annotated": 2.0,
    # error handling
    "try": 1.5, "except": 1.5, "raise": 1.4,
    "__default__": 1.0,
}  # fmt: skip


def keyword_weight_table(keyword_weights: Mapping[str, float] | None = None) -> dict[str, float]:
    """The default weights of the requirements updated with ``keyword_weights``.

    Raises:
        InvalidArgumentError: a weight is negative or not finite.
    """
    table = {**DEFAULT_KEYWORD_WEIGHTS, **(keyword_weights or {})}
    for token, weight in table.items():
        if not (0.0 <= weight < math.inf):
            raise InvalidArgumentError(
                f"keyword weight of {token!r} must be >= 0, got {weight!r}", argument=token
            )
    return table


def weighted_ngram_from_tokens(
    candidate_tokens: list[str], reference_tokens: list[str], weights: Mapping[str, float]
) -> float:
    """Weighted unigram precision of the candidate times the brevity penalty (see the public function)."""
    if not candidate_tokens:
        return 1.0 if not reference_tokens else 0.0
    default = weights.get("__default__", 1.0)
    candidate = Counter(candidate_tokens)
    reference = Counter(reference_tokens)
    total = 0.0
    matched = 0.0
    for token, count in candidate.items():
        weight = weights.get(token, default)
        total += weight * count
        matched += weight * min(count, reference[token])
    if total <= 0.0:
        return 1.0 if candidate == reference else 0.0
    return min(1.0, matched / total) * brevity_penalty(len(candidate_tokens), len(reference_tokens))


def calculate_weighted_ngram_score(
    candidate_code: str, reference_code: str, keyword_weights: Mapping[str, float] | None = None
) -> float:
    """Share of the candidate's tokens, weighted by keyword importance, that the reference also has.

    Follows the requirements (weights of keywords such as ``def``, ``groupby``, ``@mcp``; other tokens
    1.0) with two changes from the original CodeBLEU paper: matches are clipped to the reference's count
    (repeating a matching keyword cannot raise the score) and the BLEU brevity penalty applies (a
    one-line candidate does not score 1.0 against a 300-line reference).

    Args:
        candidate_code: Generated code.
        reference_code: Reference code.
        keyword_weights: Overrides of the default weights; ``"__default__"`` sets the weight of the rest.
    """
    return weighted_ngram_from_tokens(
        tokenize_code(candidate_code), tokenize_code(reference_code), keyword_weight_table(keyword_weights)
    )
