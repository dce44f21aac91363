"""Data words the data does not have: "total profit per region" over a file without a profit column.

No engine should answer such a request: the rules parser refuses it, and a model asked to write the tool
anyway computes something else under the word's name ("profit" as the sum of ``amount``) — a wrong
answer that passes every check. A refusal naming such a word is final for every engine, unless the
request defines the word ("where revenue is units * unit_price"), which a model may implement.

Only plain words in a column's place count: operators, grammar and analysis terms ("minus",
"divided", "number", "over") that a request for an unusual computation leaves unread are not data words.
"""

from __future__ import annotations

import re

from mcpforge.pipeline.intent.accounting import ARITHMETIC_WORDS, RATE_WORDS
from mcpforge.pipeline.intent.function_words import FUNCTION_WORDS
from mcpforge.pipeline.intent.parse import AGG_WORDS, detect_operations

_MIN_LENGTH = 3
_AGGREGATIONS = frozenset(word for words in AGG_WORDS for word in words)
_GRAMMAR = frozenset({"number", "amount", "total", "value", "values", "count", "their", "its", "than",
                      "more", "most", "less", "least", "each", "every", "over", "under", "between",
                      "and", "or", "with", "without", "where", "which", "what", "that", "those",
                      "these", "this", "who", "whose", "all", "any", "same", "other", "others",
                      "overall", "whole"})  # fmt: skip


def _defined(word: str, request: str) -> bool:
    """The request defines ``word`` ("revenue is ...", "revenue = ...", "profit, computed as ...")."""
    definition = r"(?:=|:=|\bis\b|\bare\b|\bmeans\b|,?\s*(?:computed|calculated|defined)\s+as\b)"
    pattern = rf"\b{re.escape(word)}\b\s*{definition}"
    return re.search(pattern, request, re.IGNORECASE) is not None


def missing_data_words(unknown: list[str], request: str) -> list[str]:
    """The words of ``unknown`` that name data the file does not have (and the request does not define)."""
    found: list[str] = []
    for phrase in unknown:
        words = phrase.lower().split()
        if len(words) != 1:
            continue  # a run of unread words is a phrase the parser could not place, not a column name
        word = words[0]
        if len(word) < _MIN_LENGTH or not word.isalpha() or word in FUNCTION_WORDS or word in _GRAMMAR:
            continue
        if word in ARITHMETIC_WORDS or word in RATE_WORDS or word in _AGGREGATIONS or detect_operations(word):
            continue
        if not _defined(word, request):
            found.append(word)
    return found
