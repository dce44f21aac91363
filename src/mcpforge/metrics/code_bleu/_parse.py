"""Parsing code for the structural metrics, and the one tree walk they share."""

from __future__ import annotations

import ast
import textwrap
from collections.abc import Iterator

# Fields that never hold child nodes (identifiers, flags, expression contexts); skipping them is most of
# what makes this walk faster than ast.iter_child_nodes.
_NOT_CHILDREN = frozenset(
    {
        "ctx",
        "id",
        "arg",
        "attr",
        "name",
        "module",
        "type_comment",
        "kind",
        "level",
        "conversion",
        "is_async",
        "simple",
        "tag",
    }
)
_child_fields: dict[type[ast.AST], tuple[str, ...]] = {}


def parse_code(code: str) -> ast.Module | None:
    """The module AST of ``code`` (dedented first, so an indented snippet parses), or None if invalid."""
    first = next((line for line in code.splitlines() if line.strip()), "")
    source = textwrap.dedent(code) if first[:1] in {" ", "\t"} else code
    try:
        return ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        # ValueError: NUL bytes; RecursionError/MemoryError: absurdly nested input. All mean "no AST".
        return None


def _fields(kind: type[ast.AST]) -> tuple[str, ...]:
    fields = _child_fields.get(kind)
    if fields is None:
        fields = _child_fields[kind] = tuple(name for name in kind._fields if name not in _NOT_CHILDREN)
    return fields


def preorder(tree: ast.AST) -> Iterator[tuple[ast.AST, int]]:
    """Every node with its depth, parents before children in source order.

    Expression contexts (Load/Store/Del) are skipped: they follow from the position of their parent and
    would otherwise be a third of all nodes. Iterative, so deeply nested code cannot overflow the stack.
    """
    node_type = ast.AST
    stack: list[tuple[ast.AST, int]] = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        yield node, depth
        depth += 1
        children: list[ast.AST] = []
        for field in _fields(type(node)):
            value = getattr(node, field, None)
            if type(value) is list:
                children.extend(item for item in value if isinstance(item, node_type))
            elif isinstance(value, node_type):
                children.append(value)
        stack.extend((child, depth) for child in reversed(children))
