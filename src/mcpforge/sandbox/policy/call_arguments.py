"""Calls the static policy refuses for their arguments, whatever the function is called through.

``ndarray(shape, dtype, buffer, offset, strides)`` and the ``buffer=``/``strides=`` keywords lay an array
over memory it does not own; ``type(name, bases, namespace)``, or calling what ``type(x)`` returned, builds
a class from a dict whose ``__annotations__`` pydantic evaluates; ``df.agg("_mgr")`` makes pandas look a
string up as an attribute. Names bound to ``ndarray`` or to a ``type(...)`` result are followed, so that
``A = np.ndarray; A(shape, dtype, buf)`` is seen as the call it is.
"""

from __future__ import annotations

import ast

from mcpforge.sandbox.policy.rules import (
    ALLOWED_DUNDERS,
    ATTRIBUTE_READERS,
    RAW_MEMORY_ATTRIBUTES,
    RAW_MEMORY_CONSTRUCTORS,
    RAW_MEMORY_HOOKS,
    RAW_MEMORY_KEYWORDS,
    STRING_DISPATCH,
    Rule,
)

Found = tuple[ast.AST, Rule, str]
_NDARRAY_POSITIONAL = 2  # shape and dtype; buffer, offset and strides follow


def name_of(node: ast.AST | None) -> str:
    """The last name of a ``Name`` or ``Attribute``, else ``""``."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def _is_type_call(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "type"


def constructor_aliases(tree: ast.AST) -> dict[str, str]:
    """Names bound to ``ndarray`` (kind ``"ndarray"``) or to a ``type(...)`` result (kind ``"type"``)."""
    found: dict[str, str] = {}
    size = -1
    while size != len(found):
        size = len(found)
        for node in ast.walk(tree):
            if not isinstance(node, (ast.Assign, ast.AnnAssign, ast.NamedExpr)) or node.value is None:
                continue
            value = node.value
            if _is_type_call(value):
                kind = "type"
            elif name_of(value) in RAW_MEMORY_CONSTRUCTORS:
                kind = "ndarray"
            else:
                kind = found.get(value.id, "") if isinstance(value, ast.Name) else ""
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            found.update({target.id: kind for target in targets if kind and isinstance(target, ast.Name)})
    return found


def call_problems(node: ast.Call, constructors: dict[str, str]) -> list[Found]:
    """Every problem of ``node`` that its arguments make, in the order found."""
    func = node.func
    name = name_of(func)
    kind = constructors.get(func.id, "") if isinstance(func, ast.Name) else ""
    found = _keyword_problems(node)
    if (name in RAW_MEMORY_CONSTRUCTORS or kind == "ndarray") and (
        len(node.args) > _NDARRAY_POSITIONAL or any(kw.arg in {"offset", None} for kw in node.keywords)
    ):
        found.append((node, "raw-memory", "ndarray() over a buffer, offset or strides is a raw-memory view"))
    if (_is_type_call(node) and (len(node.args) != 1 or node.keywords)) or kind == "type":
        found.append((node, "dynamic-class", "type() may only be asked for the type of one object"))
    if _is_type_call(func):
        found.append((node, "dynamic-class", "the result of type() may not be called"))
    if name in STRING_DISPATCH and isinstance(func, ast.Attribute):
        found += _dispatch_strings(node)
    if name not in {"isinstance", "issubclass"}:
        for arg in [*node.args, *(kw.value for kw in node.keywords)]:
            found += type_as_value(arg)
    return found


def _keyword_problems(node: ast.Call) -> list[Found]:
    found: list[Found] = []
    for kw in node.keywords:
        if kw.arg in RAW_MEMORY_KEYWORDS:
            found.append((kw.value, "raw-memory", f"keyword {kw.arg!r} places an array over given memory"))
        elif kw.arg in RAW_MEMORY_HOOKS:
            found.append((kw.value, "raw-memory", f"keyword {kw.arg!r} describes raw memory by address"))
        elif kw.arg and kw.arg.startswith("__") and kw.arg not in ALLOWED_DUNDERS:
            found.append((kw.value, "dunder-attribute", f"dunder keyword {kw.arg!r} is not allowed"))
        elif kw.arg in ATTRIBUTE_READERS:
            found.append((kw.value, "dynamic-attribute", f"keyword {kw.arg!r} reads attributes by name"))
    return found


def _dispatch_strings(node: ast.Call) -> list[Found]:
    """``df.agg("_mgr")``: pandas looks a string argument up as an attribute of the frame."""
    found: list[Found] = []
    for arg in [*node.args, *(kw.value for kw in node.keywords)]:
        for item in ast.walk(arg):
            if not (isinstance(item, ast.Constant) and isinstance(item.value, str)):
                continue
            if item.value.startswith("_"):
                found.append((item, "private-attribute", f"{item.value!r} names a private attribute"))
            elif item.value in RAW_MEMORY_ATTRIBUTES:
                found.append((item, "raw-memory", f"{item.value!r} gives raw-address access"))
    return found


def type_as_value(value: ast.AST | None) -> list[Found]:
    """``type`` handed on (``f = type``, ``partial(type, ...)``) can later build a class from a dict."""
    if isinstance(value, ast.Name) and value.id == "type":
        return [(value, "dynamic-class", "'type' may not be passed on as a value")]
    if isinstance(value, (ast.List, ast.Tuple, ast.Set)):
        return [item for elt in value.elts for item in type_as_value(elt)]
    if isinstance(value, ast.Dict):
        return [item for elt in value.values for item in type_as_value(elt)]
    return []


def model_config_problems(value: ast.expr) -> list[Found]:
    """pydantic settings spelled out, so that ``from_attributes`` cannot hide behind a computed key."""
    if isinstance(value, ast.Dict):
        spelled = all(isinstance(key, ast.Constant) for key in value.keys)
    else:
        spelled = (
            isinstance(value, ast.Call)
            and all(kw.arg is not None for kw in value.keywords)
            and not any(isinstance(arg, ast.Starred) for arg in value.args)
        )
    return [] if spelled else [(value, "dynamic-attribute", "model_config must spell out its keys")]
