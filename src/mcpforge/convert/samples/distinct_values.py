"""A further type-based sample where two parameters of one type were given the same value.

``unified_diff(astr: str, bstr: str, filename: str)`` gets ``"a"`` for both texts from its types: the diff
of a text with itself is empty, which proves nothing (run.py drops the tool). The same call with the
later of two equal values made different (``"a"`` and ``"a2"``, ``["a"]`` and ``["a2"]``, 3 and 4) is
tried next: still a value of the parameter's type, never one chosen to make a result come out.
"""

from __future__ import annotations

from typing import Any


def _other(value: Any) -> Any:
    """A value of ``value``'s type that differs from it (None: none is made for this type)."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, str):
        return f"{value}2"
    if isinstance(value, int | float):
        return value + 1
    if isinstance(value, list) and value:
        last = _other(value[-1])
        return None if last is None else [*value[:-1], last]
    return None


def distinct_variant(arguments: dict[str, Any], names: list[str]) -> dict[str, Any] | None:
    """``arguments`` with each of ``names`` (type-based values, in parameter order) that equals an
    earlier one of them made different; None when no two are equal."""
    changed = dict(arguments)
    seen: list[Any] = []
    for name in names:
        value = changed.get(name)
        if value is None or isinstance(value, dict):
            continue  # absent, a handle reference, an object
        if value in seen:
            other = _other(value)
            if other is not None:
                changed[name] = other
                value = other
        seen.append(value)
    return changed if changed != arguments else None
