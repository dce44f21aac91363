"""``with <yes/no column> and without it``: the same split as "with and without <column>".

"entre estados con la ley y sin la ley", "con ley de portación de armas y sin ella", "avec la loi et sans
elle", "mit Gesetz und ohne Gesetz" (put in English by languages.py as "with the ley and without the ley")
name the yes/no column once or twice around "and without": the rows with it and the rows without it,
the two groups of a test, exactly as "with and without <column>" (with_without.py). Only when the column
is named right after "with" (an article aside) and again, or as a pronoun, right after "and without" (or
nothing follows it: French "elle" is dropped as a function word);
any other words stay for the word check.
"""

from __future__ import annotations

from mcpforge.pipeline.intent.words import ColumnResolver

_ARTICLES = frozenset({"the", "a", "an"})
# "it" said in the request's language (languages.py leaves pronouns as written)
_PRONOUNS = frozenset({"it", "them", "ella", "ellas", "ello", "elle", "elles", "lui", "sie", "ihn", "es"})


def _after_article(tokens: list[str], k: int) -> int:
    return k + 1 if k < len(tokens) and tokens[k] in _ARTICLES else k


def column_with_and_without(tokens: list[str], group: str, resolver: ColumnResolver) -> set[int]:
    """Positions of "with [the] <group> and without [the] <group> | it", or an empty set."""
    for i, word in enumerate(tokens):
        if word != "with":
            continue
        start = _after_article(tokens, i + 1)
        hit = resolver.match_at(tokens, start) if start < len(tokens) else None
        if hit is None or hit[0] != group:
            continue
        k = start + hit[1]
        if tokens[k : k + 2] != ["and", "without"]:
            continue
        if k + 2 == len(tokens) or not tokens[k + 2].isalnum():  # "avec la loi et sans (elle)."
            return set(range(i, k + 2))
        again = _after_article(tokens, k + 2)
        if again < len(tokens) and tokens[again] in _PRONOUNS and again == k + 2:
            return set(range(i, again + 1))
        second = resolver.match_at(tokens, again) if again < len(tokens) else None
        if second is not None and second[0] == group:
            return set(range(i, again + second[1]))
    return set()
