"""``re`` whose patterns compile at their first use, not at import (issue 28: a refusal in ≤ 0.3 s).

The request reader (``pipeline/intent``) holds about 120 module-level patterns; compiling them all at
import was the largest part of its import, while a request uses a few of them (a poem request 5, a
question about counting about 60). A module imports this one in place of ``re``::

    from mcpforge import _lazy_re as re

and keeps writing ``re.compile(...)``, ``re.IGNORECASE``, ``re.sub(...)``: :func:`compile` returns a
pattern that compiles on its first use (its ``pattern`` text is there without compiling), and the
module-level functions accept such a pattern as ``re``'s accept a compiled one. Behaviour is ``re``'s:
a bad pattern raises ``re.error`` at its first use instead of at import (the reader's tests use them).

A process that forks a fresh child per request (the warm ask process, ``cli/warm_ask_zygote.py``) wants the
opposite: every pattern compiled once, before the fork, rather than again in every child. It calls
:func:`remember_patterns` before its imports and :func:`compile_remembered` after them.
"""

from __future__ import annotations

import re as _re
from collections.abc import Callable, Iterator
from re import (
    ASCII,
    DOTALL,
    IGNORECASE,
    MULTILINE,
    UNICODE,
    VERBOSE,
    A,
    I,
    M,
    Match,
    Pattern,
    S,
    U,
    X,
    error,
    escape,
    purge,
)
from typing import Any, cast

__all__ = [
    "ASCII",
    "DOTALL",
    "IGNORECASE",
    "MULTILINE",
    "UNICODE",
    "VERBOSE",
    "A",
    "I",
    "M",
    "Match",
    "Pattern",
    "S",
    "U",
    "X",
    "compile",
    "error",
    "escape",
    "findall",
    "finditer",
    "fullmatch",
    "match",
    "purge",
    "search",
    "split",
    "sub",
    "subn",
]

Replacement = str | Callable[[Match[str]], str]
_remembered: list[_LazyPattern] | None = None  # the patterns made since remember_patterns(), if asked


class _LazyPattern:
    """A compiled pattern in waiting: any attribute but ``pattern`` compiles it (once) and answers."""

    __slots__ = ("_compiled", "_flags", "pattern")

    def __init__(self, pattern: str, flags: int) -> None:
        self.pattern = pattern
        self._flags = flags
        self._compiled: Pattern[str] | None = None

    def compiled(self) -> Pattern[str]:
        compiled = self._compiled
        if compiled is None:
            compiled = self._compiled = _re.compile(self.pattern, self._flags)
        return compiled

    def __getattr__(self, name: str) -> Any:
        return getattr(self.compiled(), name)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, _LazyPattern):
            return (self.pattern, self._flags) == (other.pattern, other._flags)
        return self.compiled() == other

    def __hash__(self) -> int:
        return hash(self.compiled())

    def __repr__(self) -> str:
        return repr(self.compiled())


def compile(pattern: str, flags: int = 0) -> Pattern[str]:
    """``re.compile``, compiled at the first use of the result."""
    made = _LazyPattern(pattern, int(flags))
    if _remembered is not None:
        _remembered.append(made)
    return cast("Pattern[str]", made)


def remember_patterns() -> None:
    """From now on keep every pattern made, for :func:`compile_remembered` (a process that forks)."""
    global _remembered  # noqa: PLW0603 - one list per process, off unless asked for
    if _remembered is None:
        _remembered = []


def compile_remembered() -> int:
    """Compile every pattern made since :func:`remember_patterns` and stop keeping them; how many.

    A pattern that does not compile stays lazy: it raises ``re.error`` at its first use, as before."""
    global _remembered
    made, _remembered = _remembered or [], None
    compiled = 0
    for pattern in made:
        try:
            pattern.compiled()
        except _re.error:
            continue
        compiled += 1
    return compiled


def _real(pattern: str | Pattern[str]) -> str | Pattern[str]:
    return pattern.compiled() if isinstance(pattern, _LazyPattern) else pattern


def search(pattern: str | Pattern[str], string: str, flags: int = 0) -> Match[str] | None:
    return _re.search(_real(pattern), string, flags)


def match(pattern: str | Pattern[str], string: str, flags: int = 0) -> Match[str] | None:
    return _re.match(_real(pattern), string, flags)


def fullmatch(pattern: str | Pattern[str], string: str, flags: int = 0) -> Match[str] | None:
    return _re.fullmatch(_real(pattern), string, flags)


def findall(pattern: str | Pattern[str], string: str, flags: int = 0) -> list[Any]:
    return _re.findall(_real(pattern), string, flags)


def finditer(pattern: str | Pattern[str], string: str, flags: int = 0) -> Iterator[Match[str]]:
    return _re.finditer(_real(pattern), string, flags)


def split(pattern: str | Pattern[str], string: str, maxsplit: int = 0, flags: int = 0) -> list[str | Any]:
    return _re.split(_real(pattern), string, maxsplit=maxsplit, flags=flags)


def sub(pattern: str | Pattern[str], repl: Replacement, string: str, count: int = 0, flags: int = 0) -> str:
    return _re.sub(_real(pattern), repl, string, count=count, flags=flags)


def subn(
    pattern: str | Pattern[str], repl: Replacement, string: str, count: int = 0, flags: int = 0
) -> tuple[str, int]:
    return _re.subn(_real(pattern), repl, string, count=count, flags=flags)
