"""Parsing code for the structural metrics."""

from __future__ import annotations

import ast
import textwrap


def parse_code(code: str) -> ast.Module | None:
    """The module AST of ``code`` (dedented first, so an indented snippet parses), or None if invalid."""
    try:
        return ast.parse(textwrap.dedent(code))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        # ValueError: NUL bytes; RecursionError/MemoryError: absurdly nested input. All mean "no AST".
        return None
