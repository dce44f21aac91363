"""Derived columns: safe arithmetic expressions such as ``units * unit_price * (1 - discount)``.

Two implementations on purpose:

* the tool language: a tokenizer + recursive-descent parser (``tool_helpers/expression_parser``) and a
  vectorized evaluator (``tool_helpers/expression_evaluator``), copied into generated tools;
  :func:`parse_expression` runs that same parser at render time, so an expression the tool would refuse
  is refused before any code is written;
* the reference evaluator (:func:`evaluate_reference`), used by the operations' reference
  implementations: Python's ``ast`` with a whitelist of node types, evaluated row by row in plain
  Python. Agreement between the two is what functional-correctness validation checks.

Neither ever calls ``eval``/``exec``. Allowed: ``+ - * / // % **``, unary ``-``/``+``, parentheses, numeric
constants, column names (identifiers or ```backticked names```), ``abs``, ``round``, ``min``, ``max``.
Division by zero and other undefined results give a missing value.
"""

from __future__ import annotations

import ast
import math
import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, cast

from mcpforge.catalogue.reference.missing import is_missing
from mcpforge.catalogue.tool_helpers.expression_parser import _derived_map, _expr_columns, _ExprParser
from mcpforge.exceptions import InvalidArgumentError

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "DERIVED_SCHEMA",
    "derived_argument",
    "derived_pairs",
    "evaluate_reference",
    "expression_columns",
    "parse_expression",
    "validate_derived",
]

# A list of {name, expression} objects rather than a {name: expression} map: a map is an open-ended
# object, which OpenAI strict function calling (and every client that needs closed schemas) cannot take.
DERIVED_SCHEMA: dict[str, Any] = {
    "type": "array",
    "items": {
        "type": "object",
        "properties": {
            "name": {"type": "string", "description": "name of the new column"},
            "expression": {"type": "string", "description": "arithmetic over numeric columns"},
        },
        "required": ["name", "expression"],
        "additionalProperties": False,
    },
}

_BACKTICKED = re.compile(r"`([^`]+)`")
_BINARY: dict[type[ast.operator], Callable[[float, float], float]] = {
    ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b,
    ast.Div: lambda a, b: a / b,
    ast.FloorDiv: lambda a, b: a // b,
    ast.Mod: lambda a, b: a % b,
    ast.Pow: lambda a, b: a**b,
}
_FUNCTIONS: dict[str, Callable[..., float]] = {
    "abs": abs,
    "round": lambda x, digits=0: round(x, int(digits)),
    "min": min,
    "max": max,
}


def parse_expression(expression: str) -> tuple[Any, ...]:
    """Parse with the tool's own parser; raises InvalidArgumentError for anything outside the language."""
    parsed: tuple[Any, ...] = _ExprParser(str(expression)).parse()
    return parsed


def expression_columns(expression: str) -> list[str]:
    """Column names an expression reads, without duplicates, in order of appearance."""
    return list(dict.fromkeys(_expr_columns(parse_expression(expression))))


def derived_pairs(derived: Any) -> dict[str, str]:
    """Derived columns as name -> expression from either argument form (list of objects, or the old map).

    Raises:
        InvalidArgumentError: an item of the list is not an object with a name.
    """
    if derived is None or isinstance(derived, dict | list):
        return _derived_map(derived)
    raise InvalidArgumentError(
        f"derived_columns is a list of {{name, expression}} objects, not {type(derived).__name__}",
        argument="derived_columns",
    )


def derived_argument(pairs: Mapping[str, str], schema: Mapping[str, Any] | None = None) -> Any:
    """The ``derived_columns`` argument for a tool whose parameter has ``schema``.

    Tools written before the list form declare an object (a map); they are given the map they expect.
    """
    if isinstance(schema, Mapping) and schema.get("type") == "object":
        return dict(pairs)
    return [{"name": name, "expression": expression} for name, expression in pairs.items()]


def validate_derived(derived: Mapping[str, str]) -> dict[str, str]:
    """Check every derived column (non-empty name, parseable expression); return them as a plain dict."""
    checked: dict[str, str] = {}
    for name, expression in derived.items():
        if not str(name).strip():
            raise InvalidArgumentError("a derived column needs a name", argument="derived_columns")
        parse_expression(expression)
        checked[str(name)] = str(expression)
    return checked


def _to_ast(expression: str) -> tuple[ast.expr, dict[str, str]]:
    names: dict[str, str] = {}

    def placeholder(match: re.Match[str]) -> str:
        key = f"quoted_column_{len(names)}"
        names[key] = match.group(1)
        return key

    tree = ast.parse(_BACKTICKED.sub(placeholder, expression), mode="eval")
    return tree.body, names


def _number(value: Any) -> float | None:
    if is_missing(value):
        return None
    if isinstance(value, bool):
        return float(value)
    return float(value)


def _evaluate(node: ast.expr, row: Mapping[str, Any], aliases: Mapping[str, str]) -> float | None:
    """Evaluate one whitelisted ast node for one row; ``None`` is a missing value and propagates."""
    if (
        isinstance(node, ast.Constant)
        and isinstance(node.value, int | float)
        and not isinstance(node.value, bool)
    ):
        return float(node.value)
    if isinstance(node, ast.Name):
        return _number(row[aliases.get(node.id, node.id)])
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
        operand = _evaluate(node.operand, row, aliases)
        return None if operand is None else (-operand if isinstance(node.op, ast.USub) else operand)
    if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
        left, right = _evaluate(node.left, row, aliases), _evaluate(node.right, row, aliases)
        return None if left is None or right is None else _BINARY[type(node.op)](left, right)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _FUNCTIONS:
        args = [_evaluate(arg, row, aliases) for arg in node.args]
        if node.keywords or any(arg is None for arg in args):
            return None
        return _FUNCTIONS[node.func.id](*args)
    raise InvalidArgumentError(
        f"expression element {ast.dump(node)[:60]!r} is not allowed", argument="derived"
    )


def _finite(value: Any) -> float | None:
    if value is None or isinstance(value, complex):
        return None
    number = float(value)
    return number if math.isfinite(number) else None


def evaluate_reference(df: pd.DataFrame, derived: Mapping[str, str]) -> pd.DataFrame:
    """Reference evaluation of derived columns: ``ast`` + plain Python, one row at a time."""
    import pandas as pd

    validate_derived(derived)
    rows = cast("list[dict[str, Any]]", df.to_dict("records"))
    for name, expression in derived.items():
        node, aliases = _to_ast(expression)
        values: list[float | None] = []
        for row in rows:
            try:
                value = _finite(_evaluate(node, row, aliases))
            except (ZeroDivisionError, OverflowError, ValueError):
                value = None
            row[name] = value
            values.append(value)
        df = df.assign(**{name: pd.Series(values, index=df.index, dtype="float64")})
    return df
