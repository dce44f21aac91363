"""A small TF-IDF cosine similarity for gap detection (no model, no extra dependency).

Cosine similarity stays in [0, 1] whatever the corpus size, which BM25's raw scores do not; with one tool
in the registry BM25 would need an arbitrary normalisation, TF-IDF cosine does not.
"""

from __future__ import annotations

import functools
import math
import re
from collections import Counter
from collections.abc import Sequence

_WORD = re.compile(r"[a-z][a-z0-9]+")
_STOP = frozenset(
    [
        "the",
        "a",
        "an",
        "of",
        "by",
        "per",
        "for",
        "each",
        "and",
        "or",
        "in",
        "on",
        "to",
        "with",
        "from",
        "is",
        "are",
        "be",
        "as",
        "it",
        "this",
        "that",
        "what",
        "which",
        "how",
        "me",
        "show",
        "give",
        "list",
        "all",
        "data",
        "file",
        "csv",
        "tool",
        "use",
        "when",
        "returns",
        "does",
    ]
)


def terms(text: str) -> list[str]:
    """Lower-case word stems of ``text``; ``snake_case`` names are split into words."""
    words = _WORD.findall(text.lower().replace("_", " "))
    return [_stem(w) for w in words if w not in _STOP]


@functools.lru_cache(maxsize=65536)  # a registry's vocabulary is small; its documents are many
def _stem(word: str) -> str:
    for suffix in ("ies", "es", "s", "ing", "ed"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)] + ("y" if suffix == "ies" else "")
    return word


@functools.lru_cache(maxsize=65536)  # gap detection scores the same tool documents request after request
def _term_counts(text: str) -> tuple[tuple[str, int], ...]:
    return tuple(Counter(terms(text)).items())


def cosine_scores(query: str, documents: Sequence[str]) -> list[float]:
    """TF-IDF cosine similarity of ``query`` against each document, each in [0, 1]."""
    docs = [Counter(dict(_term_counts(doc))) for doc in documents]
    count = len(docs)
    frequency: Counter[str] = Counter()
    for doc in docs:
        frequency.update(doc.keys())

    def idf(term: str) -> float:
        return math.log((count + 1) / (frequency[term] + 1)) + 1.0

    def vector(counts: Counter[str]) -> dict[str, float]:
        return {term: (1 + math.log(n)) * idf(term) for term, n in counts.items()}

    query_vector = vector(Counter(terms(query)))
    query_norm = math.sqrt(sum(v * v for v in query_vector.values()))
    scores: list[float] = []
    for doc in docs:
        doc_vector = vector(doc)
        norm = math.sqrt(sum(v * v for v in doc_vector.values()))
        if not norm or not query_norm:
            scores.append(0.0)
            continue
        dot = sum(weight * doc_vector.get(term, 0.0) for term, weight in query_vector.items())
        scores.append(min(1.0, max(0.0, dot / (norm * query_norm))))
    return scores
