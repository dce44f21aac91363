"""Tool names that other systems accept, with collisions resolved the same way every time.

OpenAI and Anthropic accept function names matching ``^[a-zA-Z0-9_-]{1,64}$``; CodeAct namespaces need
Python identifiers. A name already valid is kept as it is; any other name is rewritten and, when two
names would end up the same (or a rewritten name is too long), suffixed with a short hash of the
original name — so the mapping depends only on the set of names, never on their order.
"""

from __future__ import annotations

import hashlib
import keyword
import re
from collections.abc import Callable, Iterable

FUNCTION_NAME_PATTERN = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")
MAX_FUNCTION_NAME = 64
_HASH_LENGTH = 8


def short_hash(text: str) -> str:
    """Eight hex characters of sha256: enough to tell apart the names of one tool list."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:_HASH_LENGTH]


def _with_suffix(base: str, original: str, limit: int) -> str:
    suffix = "_" + short_hash(original)
    return base[: limit - len(suffix)] + suffix


def function_name(name: str) -> str:
    """``name`` made valid for OpenAI/Anthropic function calling (characters and length)."""
    if FUNCTION_NAME_PATTERN.match(name):
        return name
    cleaned = re.sub(r"[^a-zA-Z0-9_-]+", "_", name).strip("_") or "tool"
    if len(cleaned) > MAX_FUNCTION_NAME:
        # Truncated names of one family would collide; the hash of the full name keeps them apart.
        return _with_suffix(cleaned, name, MAX_FUNCTION_NAME)
    return cleaned


def python_identifier(name: str) -> str:
    """``name`` made a valid, non-keyword Python identifier (ASCII)."""
    cleaned = re.sub(r"[^a-zA-Z0-9_]+", "_", name).strip("_") or "tool"
    if cleaned[0].isdigit():
        cleaned = "_" + cleaned
    if keyword.iskeyword(cleaned) or keyword.issoftkeyword(cleaned):
        cleaned += "_"
    if len(cleaned) > MAX_FUNCTION_NAME:  # also used as a function-calling name, which has the same limit
        return _with_suffix(cleaned, name, MAX_FUNCTION_NAME)
    return cleaned


def assign_names(
    originals: Iterable[str], convert: Callable[[str], str], *, limit: int = 64
) -> dict[str, str]:
    """Map each original name to a unique converted name, independent of input order.

    Args:
        originals: Names to convert (duplicates are ignored).
        convert: Makes one name valid (``function_name`` or ``python_identifier``).
        limit: Maximum length of a converted name.

    Returns:
        ``{original: converted}`` with all converted names distinct.
    """
    unique = sorted(set(originals))
    converted = {name: convert(name) for name in unique}
    by_target: dict[str, list[str]] = {}
    for name, target in converted.items():
        by_target.setdefault(target, []).append(name)
    result: dict[str, str] = {}
    for target, names in by_target.items():
        for name in names:
            keep = len(names) == 1 or name == target  # an already-valid name keeps its spelling
            result[name] = target if keep else _with_suffix(target, name, limit)
    if len(set(result.values())) != len(result):  # pragma: no cover - needs a sha256 prefix collision
        raise ValueError("tool names could not be made unique")
    return result
