"""The safe arithmetic language of derived columns: its tokenizer and recursive-descent parser.

Used twice: at render time (``expressions.parse_expression`` rejects anything outside the language
before a tool is written) and inside the tools, where the code below the ``INLINE`` marker is copied
verbatim, before the evaluator (``expression_evaluator``). Plain Python: rendering a tool loads neither
numpy nor pandas for it (issue 28). Nothing is ever passed to ``eval``.

Grammar (usual precedence, ``**`` binds tighter than unary minus on its left and is right-associative)::

    sum     := product (("+" | "-") product)*
    product := unary (("*" | "/" | "//" | "%") unary)*
    unary   := ("-" | "+") unary | power
    power   := atom ("**" unary)?
    atom    := NUMBER | NAME | `quoted name` | FUNC "(" sum ("," sum)* ")" | "(" sum ")"

Names are column names; ``abs``, ``round``, ``min`` and ``max`` are the only functions.
"""

import re
from typing import Any

from mcpforge.exceptions import InvalidArgumentError

# ---- INLINE ----
_EXPR_TOKEN = re.compile(
    r"\s*(?:(?P<num>(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)|(?P<name>[A-Za-z_][A-Za-z0-9_]*)"
    r"|`(?P<quoted>[^`]+)`|(?P<op>\*\*|//|[-+*/%(),]))"
)
_EXPR_FUNCTIONS: dict[str, tuple[int, int]] = {"abs": (1, 1), "round": (1, 2), "min": (2, 8), "max": (2, 8)}
_EXPR_MAX_LENGTH = 500
_EXPR_MAX_DEPTH = 40
_ExprNode = tuple[Any, ...]


def _expr_tokens(text: str) -> list[tuple[str, str]]:
    """Split an expression into (kind, text) tokens; any other character is an error."""
    if len(text) > _EXPR_MAX_LENGTH:
        raise InvalidArgumentError(
            f"expression longer than {_EXPR_MAX_LENGTH} characters", argument="derived_columns"
        )
    tokens: list[tuple[str, str]] = []
    position, end = 0, len(text.rstrip())
    while position < end:
        match = _EXPR_TOKEN.match(text, position)
        if match is None or match.lastgroup is None:
            bad = text[position:end].strip()[:1]
            raise InvalidArgumentError(
                f"character {bad!r} is not allowed in expression {text!r}", argument="derived_columns"
            )
        tokens.append((match.lastgroup, match.group(match.lastgroup)))
        position = match.end()
    return tokens


class _ExprParser:
    """Recursive-descent parser producing nested tuples: num, col, neg, bin, call."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = _expr_tokens(text)
        self.index = 0
        self.depth = 0

    def fail(self, why: str) -> InvalidArgumentError:
        return InvalidArgumentError(f"invalid expression {self.text!r}: {why}", argument="derived_columns")

    def peek(self) -> tuple[str, str]:
        return self.tokens[self.index] if self.index < len(self.tokens) else ("end", "")

    def take(self, text: str | None = None) -> tuple[str, str]:
        token = self.peek()
        if token[0] == "end" or (text is not None and token[1] != text):
            raise self.fail(f"expected {text or 'a value'!r}, found {token[1] or 'the end'!r}")
        self.index += 1
        return token

    def parse(self) -> _ExprNode:
        if not self.tokens:
            raise self.fail("it is empty")
        node = self.sum()
        if self.peek()[0] != "end":
            raise self.fail(f"unexpected {self.peek()[1]!r}")
        return node

    def sum(self) -> _ExprNode:
        self.depth += 1
        if self.depth > _EXPR_MAX_DEPTH:
            raise self.fail("too deeply nested")
        node = self.product()
        while self.peek() in (("op", "+"), ("op", "-")):
            node = ("bin", self.take()[1], node, self.product())
        self.depth -= 1
        return node

    def product(self) -> _ExprNode:
        node = self.unary()
        while self.peek()[0] == "op" and self.peek()[1] in ("*", "/", "//", "%"):
            node = ("bin", self.take()[1], node, self.unary())
        return node

    def unary(self) -> _ExprNode:
        if self.peek() in (("op", "-"), ("op", "+")):
            sign = self.take()[1]
            operand = self.unary()
            return ("neg", operand) if sign == "-" else operand
        node = self.atom()
        if self.peek() == ("op", "**"):
            self.take()
            node = ("bin", "**", node, self.unary())
        return node

    def atom(self) -> _ExprNode:
        kind, text = self.take()
        if kind == "num":
            return ("num", float(text))
        if kind == "quoted":
            return ("col", text)
        if kind == "name" and self.peek() == ("op", "("):
            return self.call(text)
        if kind == "name":
            return ("col", text)
        if text == "(":
            node = self.sum()
            self.take(")")
            return node
        raise self.fail(f"unexpected {text!r}")

    def call(self, name: str) -> _ExprNode:
        if name not in _EXPR_FUNCTIONS:
            raise self.fail(f"function {name!r} is not allowed (only {', '.join(_EXPR_FUNCTIONS)})")
        self.take("(")
        args = [self.sum()]
        while self.peek() == ("op", ","):
            self.take()
            args.append(self.sum())
        self.take(")")
        low, high = _EXPR_FUNCTIONS[name]
        if not low <= len(args) <= high:
            raise self.fail(f"{name}() takes {low} to {high} arguments, got {len(args)}")
        return ("call", name, args)


def _expr_columns(node: _ExprNode) -> list[str]:
    """Column names an expression reads, in order of appearance."""
    if node[0] == "col":
        return [node[1]]
    children: list[_ExprNode] = (
        node[2] if node[0] == "call" else [part for part in node[1:] if isinstance(part, tuple)]
    )
    return [name for child in children for name in _expr_columns(child)]


def _derived_map(derived: list[dict[str, Any]] | dict[str, Any] | None) -> dict[str, str]:
    """Derived columns as name -> expression, in order, from the list of {name, expression} objects.

    The earlier form, one {name: expression} object, is still read: tools approved before the list
    form keep being called with it, and a client may send either.
    """
    if isinstance(derived, dict):
        return {str(name): str(expression) for name, expression in derived.items()}
    pairs: dict[str, str] = {}
    for item in derived or []:
        if not isinstance(item, dict) or not str(item.get("name") or "").strip():
            raise InvalidArgumentError(
                f"each derived column is an object {{name, expression}}, not {item!r}",
                argument="derived_columns",
            )
        pairs[str(item["name"])] = str(item.get("expression") or "")
    return pairs
