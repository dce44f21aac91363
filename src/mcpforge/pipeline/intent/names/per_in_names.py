"""A column whose own name says "per" ("Ingresos por hora", "Einkommen pro Stunde", "revenue per hour").

"ingreso medio por hora" splits that name around its statistic: the word before "per" and the word after it
both name the same column, so "per" here is a word of the name, not a ratio of two columns nor a group key.
"""

from __future__ import annotations

from mcpforge.pipeline.intent.words import ColumnResolver, norm

# "per" in the languages a header may be written in (a header is never translated).
_PER_WORDS = frozenset({"per", "por", "pro", "je", "par", "pour"})


def per_of_own_name(tokens: list[str], i: int, column: str, resolver: ColumnResolver) -> bool:
    """``tokens[i]`` is a "per" between two words that both name ``column``, whose name has a "per" inside."""
    if i == 0:
        return False
    left = resolver.match_at(tokens, i - 1)
    if left is None or left[0] != column:
        return False
    inner = norm(column).split()[1:-1]
    return any(word in _PER_WORDS for word in inner)
