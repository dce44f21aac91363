"""Literal arguments the library's own doctests pass, by parameter name, and the defaults it declares."""

from __future__ import annotations

import ast
from typing import Any

from mcpforge.convert.samples.doctest_literals import NotUsable, calls_in, json_literal, literal, parsed
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
    readme: list[str] = next(
        (t.extra["readme_examples"] for t in tools.values() if t.extra.get("readme_examples")), []
    )
    # Literal calls of each tool in the README, docs and tests (``getInflection('watch', tag='VBD')``):
    # read like the README, strings only.
    usage: list[str] = [s for t in tools.values() for s in t.extra.get("usage_examples", [])]
    assigned: dict[str, Any] = {}  # ``range_ = '~1.2.3'`` earlier in the same examples
    for statements in [
        *([*t.api.examples, *t.extra.get("owner_examples", [])] for t in tools.values()),
        readme,
        usage,
    ]:
        assigned.clear()
        for statement in statements:
            if statement in seen:
                continue
            seen.add(statement)
            tree = parsed(statement)
            if tree is None:
                continue
            _remember(tree, assigned)
            for call in (c for _node, calls in calls_in(statement) for c in calls):
                func = call.func
                callee = by_short.get(
                    func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                )
                names = [p["name"] for p in (positional_slots(callee)[0] if callee else [])]
                for name, arg in zip(names, call.args, strict=False):
                    # A name the library knows (``'db1'``) or an array of the right shape (``[[2, 2]]``); a
                    # positional number says little (``f(2)`` with ``x``: a symbol, in sympy).
                    try:
                        value = assigned[arg.id] if isinstance(arg, ast.Name) else literal(arg, fold=False)
                    except (NotUsable, KeyError):
                        continue
                    # From the README only a string (a name, a range): its arrays are one call's data
                    # (``from_latlon(np.array([51.2, 49.0]), ...)``), not what a same-named scalar takes.
                    kinds = str if statements is readme or statements is usage else str | list | dict
                    if name not in pool and isinstance(value, kinds):
                        pool[name] = value
                for keyword in call.keywords:
                    if keyword.arg is None or keyword.arg in pool:
                        continue
                    if isinstance(keyword.value, ast.Name) and keyword.value.id in assigned:
                        pool[keyword.arg] = assigned[keyword.value.id]
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


def _remember(tree: ast.Module, assigned: dict[str, Any]) -> None:
    """``name = literal`` statements, for the calls that pass ``name`` later."""
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            try:
                assigned[node.targets[0].id] = literal(node.value, fold=False)
            except NotUsable:
                assigned.pop(node.targets[0].id, None)
