"""Runs inside the sandbox, imported by ``_analysis_script.py``: the strings a function's own code
accepts for a parameter.

``describe_change(initial_value, final_value, operation: str)`` begins ``if operation not in
COMPUTATION_FUNCTIONS: raise ValueError(...)`` (blind7 numerical-expressions): any other string fails, and
nothing else documents the names. When the code guards a parameter with membership in a module-level
collection of strings that refuses every other value (``if x not in NAMES: raise``, ``assert x in
NAMES``), those strings are its values: the parameter becomes an enumeration (a caller is told the
choices, the sample uses one of them). Only the function's own source is read (the AST, nothing
run). Stdlib only; shipped next to the script under ``_mcpforge_analysis_choices`` (see ``analyse.py``).
"""

from __future__ import annotations

import ast
import inspect
import textwrap
from typing import Any

MAX_CHOICES = 40


def _strings(value: Any) -> list[str] | None:
    if not isinstance(value, (dict, list, tuple, set, frozenset)):
        return None
    keys = list(value)
    if not keys or len(keys) > MAX_CHOICES or not all(isinstance(k, str) for k in keys):
        return None
    return sorted(keys) if isinstance(value, (set, frozenset)) else keys


def _membership(test: ast.expr, operator: type) -> tuple[str, str] | None:
    """``(param, COLLECTION)`` when ``test`` is ``param <operator> COLLECTION``."""
    if (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], operator)
        and isinstance(test.left, ast.Name)
        and isinstance(test.comparators[0], ast.Name)
    ):
        return test.left.id, test.comparators[0].id
    return None


def _guards(tree: ast.AST) -> list[tuple[str, str]]:
    """Membership checks that refuse every other value: ``if x not in NAMES: raise ...`` and ``assert x
    in NAMES``. A test that only branches (``if word in IRREGULAR: return ...``) accepts other strings
    too, so it is no guard."""
    found: list[tuple[str, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and any(isinstance(s, ast.Raise) for s in node.body):
            pair = _membership(node.test, ast.NotIn)
        elif isinstance(node, ast.Assert):
            pair = _membership(node.test, ast.In)
        else:
            pair = None
        if pair is not None:
            found.append(pair)
    return found


def checked_choices(fn: Any) -> dict[str, list[str]]:
    """Parameter name → the strings ``fn``'s code checks it against (empty when there is no such check
    or no source)."""
    target = getattr(fn, "__func__", fn)
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(target)))
        names = set(inspect.signature(target).parameters)
    except (OSError, TypeError, ValueError, SyntaxError):
        return {}
    module_globals = getattr(target, "__globals__", {})
    found: dict[str, list[str]] = {}
    for param, collection in _guards(tree):
        if param in names and collection in module_globals and param not in found:
            values = _strings(module_globals[collection])
            if values is not None:
                found[param] = values
    return found
