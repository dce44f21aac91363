"""A value for a string parameter whose name says its grammar (a version, a version range, a cron
expression, a URL, a date, a markup or notation: HTML, XML, Markdown, FEN, SQL, CSS), taken from what
the library's own text writes for it.

``satisfies(version, range_)`` has no example of its own, but the README passes ``range_='~1.2.3'`` and
``versions=['1.2.3', ...]`` to ``max_satisfying``: a parameter gets the value its authors pass under a
name of the same grammar (one item of a list for a singular name), else the first string literal of the
library's examples that has that grammar's shape. Nothing is invented: no literal, no value.
"""

from __future__ import annotations

import ast
import re
from functools import lru_cache
from typing import Any

from mcpforge.convert.samples.doctest_literals import parsed
from mcpforge.convert.select import ToolPlan

# grammar → the name parts that say it, and the shape of a literal of it (None: by name only).
_GRAMMARS: dict[str, tuple[str, re.Pattern[str] | None]] = {
    "range": (
        r"range|spec|specifier|constraint|requirement|req",
        re.compile(r"^\s*(?:[~^]|[<>]=?|==?|!=)\s*v?\d[\w.+-]*(?:\s+[<>]=?\s*v?\d[\w.+-]*)?\s*$"),
    ),
    "version": (r"version|ver", re.compile(r"^v?\d+(?:\.\d+){1,3}(?:[-+][0-9A-Za-z.-]+)?$")),
    "cron": (
        r"cron|crontab|schedule",
        re.compile(r"^(?:[\d*/,?LW#A-Z-]+\s+){4,6}[\d*/,?LW#A-Z-]+$"),
    ),
    "expression": (r"expression|expr", None),
    "pattern": (r"pattern|regex|regexp|glob", None),
    "url": (r"url|uri|href|link", re.compile(r"^https?://\S+$")),
    "date": (r"date", re.compile(r"^\d{4}-\d{2}-\d{2}$")),
    # Markup and notations: a literal with that text's shape (``<b>Yay</b>``, a FEN position).
    "html": (r"html|xhtml|markup", re.compile(r"^.*?<[A-Za-z][\w-]*(?:\s[^<>]*)?/?>", re.S)),
    "xml": (r"xml", re.compile(r"^\s*<(?:\?xml|[A-Za-z][\w:.-]*)[^>]*>.*>\s*$", re.S)),
    "markdown": (r"markdown|md", re.compile(r"^(?:#{1,6} |.*\*\*\S|.*\[[^\]]+\]\([^)]+\))", re.S)),
    "fen": (r"fen", re.compile(r"^\s*(?:[pnbrqkPNBRQK1-8]+/){7}[pnbrqkPNBRQK1-8]+(?:\s+\S+){0,5}\s*$")),
    "sql": (r"sql", re.compile(r"^\s*(?:select|insert|update|delete|create|with)\s", re.I)),
    "css": (r"css|stylesheet", re.compile(r"^[^{}]*\{[^{}]*:[^{}]*\}", re.S)),
}


def grammar_of(name: str) -> str | None:
    """The grammar a parameter's name says (``range_``: range; ``versions``: version), if any."""
    words = re.sub(r"([a-z])([A-Z])", r"\1_\2", name).lower()  # ``startingFen``: starting, fen
    parts = [p[:-1] if p.endswith("s") and len(p) > 3 else p for p in re.split(r"[_\d]+", words) if p]
    for grammar, (words, _shape) in _GRAMMARS.items():
        if any(re.fullmatch(words, part) for part in parts):
            return grammar
    return None


def library_strings(tools: dict[str, ToolPlan]) -> list[str]:
    """String literals of the library's doctests and README code, in order, each once."""
    readme: list[str] = next(
        (t.extra["readme_examples"] for t in tools.values() if t.extra.get("readme_examples")), []
    )
    return list(_strings(tuple(s for t in tools.values() for s in t.api.examples) + tuple(readme)))


@lru_cache(maxsize=16)
def _strings(statements: tuple[str, ...]) -> tuple[str, ...]:
    found: dict[str, None] = {}
    for statement in statements:
        tree = parsed(statement)
        for node in ast.walk(tree) if tree is not None else ():
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and len(node.value) <= 200:
                found.setdefault(node.value, None)
    return tuple(found)


def grammar_value(name: str, pool: dict[str, Any], strings: list[str]) -> str | None:
    """A string for parameter ``name`` of a grammar, from the library's own text; None when its name
    says no grammar or the library writes no literal of it."""
    grammar = grammar_of(name)
    if grammar is None:
        return None
    for key, written in pool.items():
        if key == name or grammar_of(key) != grammar:
            continue
        many = isinstance(written, list) and written and all(isinstance(v, str) for v in written)
        value = written[0] if many else written  # ``versions=['1.2.3', ...]`` for a ``version``
        if isinstance(value, str) and value.strip():
            return value
    shape = _GRAMMARS[grammar][1]
    if shape is None:
        return None
    return next((s for s in strings if shape.match(s)), None)
