"""Runs inside the sandbox, imported by ``_analysis_script.py``: what a function's own code says about
its parameters, when nothing else does.

``describe_change(initial_value, final_value, operation: str)`` begins ``if operation not in
COMPUTATION_FUNCTIONS: raise ValueError(...)`` (blind7 numerical-expressions): any other string fails, and
nothing else documents the names. When the code guards a parameter with membership in a module-level
collection of strings that refuses every other value (``if x not in NAMES: raise``, ``assert x in
NAMES``), those strings are its values: the parameter becomes an enumeration (a caller is told the
choices, the sample uses one of them).

``Rankine.to_newton(rankine)`` returns ``(rankine - 491.67) * 11 / 60`` (test half temp2temp): no type,
default or description, so a sample of it was a blind guess and the tool was dropped. A parameter the
code combines with a number literal (``+ - * / // % **``, ``<`` and the other orderings) or converts
with ``int()`` / ``float()`` (base32-crockford's ``encode(number)``) is a number by the code's own word: its
description says so, which is the footing a sample needs (its schema is left as it was).

Only the function's own source is read (the AST, nothing run). Stdlib only; shipped next to the script
under ``_mcpforge_analysis_choices`` (see ``analyse.py``).
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


_ARITHMETIC = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow)
_NOT_ORDER = (ast.Eq, ast.NotEq, ast.Is, ast.IsNot, ast.In, ast.NotIn)  # ``x == 0`` fits any value
_TO_NUMBER = frozenset({"int", "float"})
ARITHMETIC_NOTE = "a number: the code computes with it"


def _number(node: ast.expr) -> bool:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        node = node.operand
    return isinstance(node, ast.Constant) and type(node.value) in {int, float}


def arithmetic_params(fn: Any) -> set[str]:
    """Parameters ``fn``'s code puts beside a number literal in arithmetic (``rankine - 491.67``)."""
    target = getattr(fn, "__func__", fn)
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(target)))
        names = set(inspect.signature(target).parameters)
    except (OSError, TypeError, ValueError, SyntaxError):
        return set()
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp) and isinstance(node.op, _ARITHMETIC):
            pairs = [(node.left, node.right), (node.right, node.left)]
        elif isinstance(node, ast.Compare) and len(node.ops) == 1 and not isinstance(node.ops[0], _NOT_ORDER):
            pairs = [(node.left, node.comparators[0]), (node.comparators[0], node.left)]  # ``number < 0``
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in _TO_NUMBER
            and len(node.args) == 1
        ):
            pairs = [(node.args[0], ast.Constant(0))]  # ``number = int(number)``
        else:
            continue
        for side, other in pairs:
            if isinstance(side, ast.Name) and side.id in names and _number(other):
                found.add(side.id)
    return found


MAPPING_NOTE = "a mapping: the code reads its keys"
SEQUENCE_NOTE = "a sequence: the code counts or walks its items"
_MAPPING_METHODS = frozenset({"items", "keys", "values"})
_FOLLOW_DEPTH = 2


def collection_params(fn: Any, depth: int = _FOLLOW_DEPTH) -> dict[str, str]:
    """Parameters ``fn``'s code uses as a mapping (``.items()``, ``.keys()``, ``table["name"]``) or as a
    sequence (``len(x)``, ``for v in x``, ``x[0]``, ``x[1:]``), following the names they are assigned to
    (``tables = [((), obj, False)]; name, table, flag = tables.pop(); table.keys()``, blind8 pytoml's
    ``dump``) and the module's own functions they are passed to (``_check_vertices(vertices)`` doing
    ``len(vertices)``, splines). ``"mapping"`` wins over ``"sequence"``: a mapping is iterable too.
    Only the source is read (the AST, nothing run); a class is read through its ``__init__``."""
    target: Any = getattr(fn, "__init__", None) if inspect.isclass(fn) else fn
    target = getattr(target, "__func__", target)
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(target)))
        params = [p for p in inspect.signature(target).parameters if p not in {"self", "cls"}]
    except (OSError, TypeError, ValueError, SyntaxError):
        return {}
    aliases = _aliases(tree, params)
    found: dict[str, str] = {}

    def mark(name: str, kind: str) -> None:
        if found.get(name) != "mapping":
            found[name] = kind

    def carried_by(node: ast.expr) -> str | None:
        return aliases.get(node.id) if isinstance(node, ast.Name) else None

    module_globals = getattr(target, "__globals__", {})
    for node in ast.walk(tree):
        kind, param = _use(node, carried_by)
        if kind and param:
            mark(param, kind)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and depth > 0:
            callee = module_globals.get(node.func.id)
            if inspect.isfunction(callee) and callee is not target:
                _follow(callee, node, carried_by, mark, depth)
    return {p: kind for p, kind in found.items() if p in params}


def _aliases(tree: ast.AST, params: list[str]) -> dict[str, str]:
    """Each name of the body that holds one parameter itself: assigned the parameter, a literal packing
    it (``tables = [((), obj, False)]``), an item of such a name (``tables[0]``, ``tables.pop()``), or
    unpacked from one. A value computed from it (``n = number % 32``, ``int(number)``) is another value."""
    aliases = {p: p for p in params}
    assigns = [n for n in ast.walk(tree) if isinstance(n, ast.Assign)]
    for _ in range(3):
        for assign in assigns:
            carried = _held(assign.value, aliases)
            if carried is None:
                continue
            for target_node in assign.targets:
                for name in ast.walk(target_node):
                    if isinstance(name, ast.Name) and name.id not in params:
                        aliases.setdefault(name.id, carried)
    return aliases


def _held(value: ast.expr, aliases: dict[str, str]) -> str | None:
    """The parameter ``value`` is or holds, if it is one of the shapes ``_aliases`` follows."""
    if isinstance(value, ast.Name):
        return aliases.get(value.id)
    if isinstance(value, ast.Tuple | ast.List):
        held = {h for item in value.elts if (h := _held(item, aliases))}
        return held.pop() if len(held) == 1 else None
    if isinstance(value, ast.Subscript):
        return _held(value.value, aliases)
    if (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr in {"pop", "copy"}
        and isinstance(value.func.value, ast.Name)
    ):
        return aliases.get(value.func.value.id)
    return None


def _use(node: ast.AST, carried_by: Any) -> tuple[str | None, str | None]:
    """(``"mapping"`` or ``"sequence"``, the parameter) when ``node`` uses a parameter as one."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        if node.func.attr in _MAPPING_METHODS:
            return "mapping", carried_by(node.func.value)
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        if node.func.id == "len" and node.args:
            return "sequence", carried_by(node.args[0])
    elif isinstance(node, ast.For | ast.comprehension):
        return "sequence", carried_by(node.iter)
    elif isinstance(node, ast.Subscript):
        index = node.slice
        if isinstance(index, ast.Constant) and isinstance(index.value, str):
            return "mapping", carried_by(node.value)
        if isinstance(index, ast.Slice) or (isinstance(index, ast.Constant) and type(index.value) is int):
            return "sequence", carried_by(node.value)
    return None, None


def _follow(callee: Any, call: ast.Call, carried_by: Any, mark: Any, depth: int) -> None:
    """What the module's own function ``callee`` does with the arguments ``call`` passes it."""
    try:
        names = list(inspect.signature(callee).parameters)
    except (TypeError, ValueError):
        return
    passed: dict[str, str] = {}
    for index, arg in enumerate(call.args):
        if index < len(names) and (param := carried_by(arg)):
            passed[names[index]] = param
    for keyword in call.keywords:
        if keyword.arg and (param := carried_by(keyword.value)):
            passed[keyword.arg] = param
    if not passed:
        return
    for name, kind in collection_params(callee, depth - 1).items():
        if name in passed:
            mark(passed[name], kind)


def note_collections_by_use(record: dict[str, Any], obj: Any) -> None:
    """A required parameter with no type that the code uses as a mapping or a sequence (``obj.items()``,
    ``len(vertices)``, also in the module's functions it is passed to) says so in its description: the
    sample is then that shape, not a number (blind8 pytoml ``dumps(obj)``, splines
    ``CatmullRom(vertices)``)."""
    untyped = [
        p
        for p in record["params"]
        if p["type"].get("kind") == "any"
        and not p["default"].get("present")
        and not p["doc_type"]
        and p["doc"] != ARITHMETIC_NOTE  # a number by the code's own word already
    ]
    if not untyped:
        return
    used = collection_params(obj)
    notes = {"mapping": MAPPING_NOTE, "sequence": SEQUENCE_NOTE}
    for param in untyped:
        note = notes.get(used.get(param["name"], ""))
        if note:
            # The schema stays open: a use in one branch (``for time in t`` when ``t`` is not a scalar)
            # does not make the other values wrong.
            param["doc"] = f"{param['doc']} ({note})".strip() if param["doc"] else note
