"""Parsing code for the structural metrics."""

from __future__ import annotations

import ast
import textwrap
from collections.abc import Iterator


def parse_code(code: str) -> ast.Module | None:
    """The module AST of ``code`` (dedented first, so an indented snippet parses), or None if invalid."""
    try:
        return ast.parse(textwrap.dedent(code))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        # ValueError: NUL bytes; RecursionError/MemoryError: absurdly nested input. All mean "no AST".
        return None


def preorder(tree: ast.AST) -> Iterator[tuple[ast.AST, int]]:
    """Every node with its depth, parents before children in source order.

    Expression contexts (Load/Store/Del) are skipped: they follow from the position of their parent and
    would otherwise be a third of all nodes. Iterative, so deeply nested code cannot overflow the stack.
    """
    stack: list[tuple[ast.AST, int]] = [(tree, 0)]
    node_type = ast.AST
    while stack:
        node, depth = stack.pop()
        yield node, depth
        children: list[tuple[ast.AST, int]] = []
        for field in node._fields:
            if field == "ctx":
                continue
            value = getattr(node, field, None)
            if isinstance(value, list):
                children.extend((item, depth + 1) for item in value if isinstance(item, node_type))
            elif isinstance(value, node_type):
                children.append((value, depth + 1))
        children.reverse()
        stack.extend(children)
