"""Symbols inside a column's written name (issue 25): the "%" of "Sous le seuil de pauvreté (%)".

A header such as ``Part blanche (%)`` or ``Prix (€)`` carries its unit in brackets. Written out in a
request, the symbol is part of the name, not a share to compute or a bracket to read: a bracketed symbol
right after the last word of a column the reading uses, whose header ends in that same bracket, is that
header's unit. A symbol anywhere else ("the share (%) of ...", a "%" after a column whose header has none)
is left for the accounting to judge.
"""

from __future__ import annotations

from collections.abc import Iterable

from mcpforge.pipeline.intent.words import fold


def _ending(column: str) -> tuple[str, str] | None:
    """("pauvrete", "%") for "Sous le seuil de pauvreté (%)": the last word and the bracketed symbol."""
    name = fold(column).lower().rstrip()
    if not name.endswith(")") or "(" not in name:
        return None
    head, _, symbol = name[:-1].rpartition("(")
    symbol = symbol.strip()
    words = head.split()
    if not symbol or not words or any(ch.isalnum() for ch in symbol):
        return None
    return words[-1], symbol


def symbols_in_read_names(tokens: list[str], used: set[int], columns: Iterable[str]) -> set[int]:
    """The positions of "(", "%", ")" after a word that ends a read column's header "… pauvreté (%)"."""
    endings = {ending for column in columns if (ending := _ending(column)) is not None}
    found: set[int] = set()
    if not endings:
        return found
    for i in range(1, len(tokens) - 2):
        if tokens[i] != "(" or not any(ch.isalnum() for ch in tokens[i - 1]):
            continue
        close = next((k for k in range(i + 1, min(len(tokens), i + 4)) if tokens[k] == ")"), None)
        if close is None or close == i + 1:
            continue
        if (tokens[i - 1], "".join(tokens[i + 1 : close])) in endings:
            found.update(k for k in range(i, close + 1) if k not in used)
    return found
