"""Literal arguments the library's own doctests pass, by parameter name, and the defaults it declares."""

from __future__ import annotations

import ast
from typing import Any

from mcpforge.convert.samples.doctest_literals import NotUsable, json_literal, literal
from mcpforge.convert.samples.param_slots import positional_slots
from mcpforge.convert.select import ToolPlan


def keyword_pool(  # noqa: PLR0912 - one pass over the doctest calls
    tools: dict[str, ToolPlan],
) -> dict[str, Any]:
    """Literal arguments the library's doctests pass, by parameter name (``unit='mi'``, ``ndigits=2``,
    and positional strings and arrays by the parameter they fill: ``dwt(x, 'db1')`` gives ``wavelet``):
    what its authors consider an ordinary value of that parameter."""
    pool: dict[str, Any] = {}
    seen: set[str] = set()
    by_short = {t.public_path.rsplit(".", 1)[-1]: t for t in tools.values() if t.kind != "method"}
    for tool in tools.values():
        for statement in [*tool.api.examples, *tool.extra.get("owner_examples", [])]:
            if statement in seen:
                continue
            seen.add(statement)
            try:
                tree = ast.parse(statement)
            except SyntaxError:
                continue
            for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call)):
                func = call.func
                callee = by_short.get(
                    func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                )
                names = [p["name"] for p in (positional_slots(callee)[0] if callee else [])]
                for name, arg in zip(names, call.args, strict=False):
                    # A name the library knows (``'db1'``) or an array of the right shape (``[[2, 2]]``); a
                    # positional number says little (``f(2)`` with ``x``: a symbol, in sympy).
                    try:
                        value = literal(arg, fold=False)
                    except NotUsable:
                        continue
                    if name not in pool and isinstance(value, str | list | dict):
                        pool[name] = value
                for keyword in call.keywords:
                    if keyword.arg is None or keyword.arg in pool:
                        continue
                    try:
                        pool[keyword.arg] = json_literal(ast.literal_eval(keyword.value))
                    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError, NotUsable):
                        continue
    for tool in tools.values():
        # Then the default another callable of the library declares for a parameter of that name.
        for param in tool.api.params:
            default = param.default
            if default.get("present") and default.get("json") and default.get("value") is not None:
                pool.setdefault(param.name, default["value"])
    return pool
