"""Values written in a doctest, read with the AST and never executed: literals, arithmetic over numbers,
``np.array([...])``-style wrappers around a literal, and pint-style quantities (``10 * units('m/s')``)."""

from __future__ import annotations

import ast
from functools import lru_cache
from typing import Any


@lru_cache(maxsize=8192)
def parsed(statement: str) -> ast.Module | None:
    """``statement`` parsed once (every tool's samples read the same examples; never mutated)."""
    try:
        return ast.parse(statement)
    except (SyntaxError, ValueError):
        return None


@lru_cache(maxsize=8192)
def calls_in(statement: str) -> tuple[tuple[ast.stmt, tuple[ast.Call, ...]], ...]:
    """Each top-level statement of ``statement`` with the calls inside it, outermost first (as
    ``ast.walk``); empty when it does not parse."""
    tree = parsed(statement)
    return tuple(
        (node, tuple(n for n in ast.walk(node) if isinstance(n, ast.Call)))
        for node in (tree.body if tree else [])
    )


class NotUsable(Exception):  # noqa: N818 - control flow inside the interpreter
    pass


def json_literal(value: Any) -> Any:
    """A doctest literal as JSON (sets and tuples as lists); Ellipsis, bytes and the like are unusable."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, complex):
        return {"real": value.real, "imag": value.imag}
    if isinstance(value, list | tuple | set | frozenset):
        return [json_literal(item) for item in value]
    if isinstance(value, dict) and all(isinstance(k, str) for k in value):
        return {k: json_literal(v) for k, v in value.items()}
    raise NotUsable


def _unit_text(node: ast.expr) -> str | None:
    """``units('m/s')`` / ``units.Quantity`` style unit references → the unit text."""
    if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        if name in {"units", "Unit", "ureg"} and isinstance(node.args[0].value, str):
            return node.args[0].value
    if (
        isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id in {"units", "ureg", "u"}
    ):
        return node.attr
    return None


def quantity_text(node: ast.expr) -> str | None:
    """``10 * units('m/s')``, ``units.Quantity(10, 'm/s')`` (pint, as in metpy's examples) → ``"10 m/s"``."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
        for number, unit in ((node.left, node.right), (node.right, node.left)):
            text = _unit_text(unit)
            if (
                text is not None
                and isinstance(number, ast.Constant)
                and isinstance(number.value, int | float)
            ):
                return f"{number.value} {text}"
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "Quantity"
        and len(node.args) == 2
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[1], ast.Constant)
    ):
        return f"{node.args[0].value!s} {node.args[1].value!s}"
    return None


# ``np.array([...])``, ``numpy.asarray(...)``, ``tuple(...)``: the literal inside is the value (it travels as
# JSON and the tool's adapter builds the array again).
_LITERAL_WRAPPERS = frozenset(
    {"array", "asarray", "asanyarray", "tuple", "list", "float64", "int64", "float"}
)


def _wrapped_literal(node: ast.expr) -> Any:
    if (
        isinstance(node, ast.Call)
        and len(node.args) == 1
        and not node.keywords
        and (
            (isinstance(node.func, ast.Attribute) and node.func.attr in _LITERAL_WRAPPERS)
            or (isinstance(node.func, ast.Name) and node.func.id in _LITERAL_WRAPPERS)
        )
    ):
        try:
            return json_literal(ast.literal_eval(node.args[0]))
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            pass
    raise NotUsable


_ARITHMETIC = {
    ast.Add: float.__add__,
    ast.Sub: float.__sub__,
    ast.Mult: float.__mul__,
    ast.Div: float.__truediv__,
}


def _number(node: ast.expr) -> float:
    """``42.+(15./60.)``: arithmetic over number literals, folded (nothing else is evaluated)."""
    if (
        isinstance(node, ast.Constant)
        and isinstance(node.value, int | float)
        and not isinstance(node.value, bool)
    ):
        return float(node.value)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -_number(node.operand)
    if isinstance(node, ast.BinOp) and type(node.op) in _ARITHMETIC:
        try:
            return float(_ARITHMETIC[type(node.op)](_number(node.left), _number(node.right)))
        except ZeroDivisionError:
            raise NotUsable from None
    raise NotUsable


def literal(node: ast.expr, *, fold: bool = True) -> Any:
    """A doctest value written as a literal, as arithmetic over numbers (``fold``: not for an
    expression library, where ``1/3`` is exact), or as an array constructor over a literal."""
    try:
        return json_literal(ast.literal_eval(node))
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        pass
    if isinstance(node, ast.BinOp | ast.UnaryOp):
        if not fold:
            raise NotUsable
        return _number(node)
    return _wrapped_literal(node)
