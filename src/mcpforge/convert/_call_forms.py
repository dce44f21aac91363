"""The call form a compiled callable documents when Python cannot give its signature (issue 26).

C functions, pybind11/nanobind functions and the ``__init__`` of a compiled class often have no
``__text_signature__``; their docstrings say how to call them instead:

- the CPython / pybind11 convention ``name(a, b: int, c=1.0) -> float`` (overloads numbered ``1. name(...)``,
  optional arguments in brackets ``name(a[, b])``);
- a line of typed names, pyswisseph's ``:Args: int year, int month, float hour=12.0, int cal=GREG_CAL``
  (``--`` for none).

Each form is parsed with ``ast`` (never evaluated). A default that names a constant of the callable's
module (``GREG_CAL``, ``FLG_SWIEPH|FLG_SPEED``) becomes that constant's value. Runs inside the analysis
sandbox, shipped next to ``_analysis_script.py`` (see ``analyse.py``), so stdlib only.
"""

from __future__ import annotations

import ast
import operator
import re
import sys
from typing import Any

_SKIPPED = {"self", "cls", "/", "*"}
_ARGS_LINE = re.compile(r"^\s*:?(?:Args|Arguments):[ \t]*(\S.*)$", re.M)
_ARG_DOC = re.compile(r"^\s*-\s*([A-Za-z_][\w, ]*):\s*(.+)$")
# Types as C docstrings write them → the words the docstring-type adapter knows.
_TYPE_WORDS = {"double": "float", "seq": "sequence", "sequence": "sequence", "unicode": "str"}
_C_TYPES = {
    "int",
    "float",
    "double",
    "str",
    "bytes",
    "bool",
    "seq",
    "sequence",
    "list",
    "tuple",
    "dict",
    "object",
    "complex",
    "unicode",
    "long",
    "char",
    "callable",
    "iterable",
    "None",
}
_NUMERIC_PROTOCOLS = (("SupportsFloat", "float"), ("SupportsInt", "int"), ("SupportsIndex", "int"))
_OPERATORS: dict[type, Any] = {
    ast.BitOr: operator.or_,
    ast.BitAnd: operator.and_,
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.LShift: operator.lshift,
}
_PLAIN = (bool, int, float, str)


class _UnknownValueError(Exception):
    """A default that is neither a literal nor a constant of the module."""


def call_form_params(obj: Any, *, is_class: bool = False) -> list[dict[str, Any]] | None:
    """Parameter records (as ``_analysis_script`` writes them) from ``obj``'s documented call form;
    None when its docstring gives none. A class's call form is its own or its ``__init__``'s."""
    module = sys.modules.get(getattr(obj, "__module__", "") or "")
    name = getattr(obj, "__name__", "") or ""
    docs = [(getattr(obj, "__doc__", None) or "", name)]
    if is_class:
        docs.append((getattr(getattr(obj, "__init__", None), "__doc__", None) or "", "__init__"))
    for doc, label in docs:
        if not isinstance(doc, str) or not label:
            continue
        params = _named_forms(doc, label, module)
        if params is None:
            params = _args_line(doc, module)
        if params is not None:
            return params
    return None


def _named_forms(doc: str, name: str, module: Any) -> list[dict[str, Any]] | None:
    """``name(a, b=1) -> float`` lines; of several overloads the first that names its parameters, with
    what the shortest form leaves out optional (``PropsSI(a, b, c, d, e, f)`` and ``PropsSI(a, b)``)."""
    pattern = rf"^\s*(?:\d+\.\s*)?{re.escape(name)}\("
    forms = [f for f in (_inside(doc, m.end()) for m in re.finditer(pattern, doc, re.M)) if f is not None]
    parsed = [p for p in (_parse_form(f, module) for f in forms) if p is not None]
    named = [p for p in parsed if not (p and all(q.get("variadic") for q in p))]
    if not named:
        return [] if parsed else None  # only ``(*args, **kwargs)``: takes anything, documents nothing
    shortest = min(sum(1 for q in p if not q.get("variadic")) for p in named)
    params = [q for q in named[0] if not q.get("variadic")]
    for index, param in enumerate(params):
        if index >= shortest and not param["default"]["present"]:
            param["default"] = {"present": True, "json": False, "repr": "(another call form)"}
    return params


def _inside(doc: str, start: int) -> str | None:
    """The text up to the parenthesis that closes the one just before ``start`` (on that line)."""
    depth = 1
    for index in range(start, min(len(doc), start + 2000)):
        char = doc[index]
        if char == "\n":
            return None
        depth += char in "([{"
        depth -= char in ")]}"
        if depth == 0:
            return doc[start:index]
    return None


def _parse_form(text: str, module: Any) -> list[dict[str, Any]] | None:
    """The parameters of one ``(a, b: int = 1, *, c)`` text, or None when it does not parse."""
    text = re.sub(r"<[^<>\n]*>", "...", text)  # pybind11 writes an enum default as ``<Kind.A: 1>``
    optional_from = None
    if re.search(r"\w\s*\[\s*,", text) and "=" not in text.split("[", 1)[0]:
        # ``a[, b[, c]]``: everything after the first bracket is optional.
        optional_from = text.split("[", 1)[0].count(",") + (1 if text.split("[", 1)[0].strip() else 0)
        text = text.replace("[", "").replace("]", "")
    try:
        tree = ast.parse(f"def _f({text}): pass")
    except SyntaxError:
        return _lenient(text, module)
    function = tree.body[0]
    if not isinstance(function, ast.FunctionDef):
        return None
    args = function.args
    positional = [*args.posonlyargs, *args.args]
    defaults: list[ast.expr | None] = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
    params: list[dict[str, Any]] = []
    for index, (arg, default) in enumerate(zip(positional, defaults, strict=True)):
        if index == 0 and arg.arg in _SKIPPED:
            continue
        record = _record(arg.arg, _annotation(arg.annotation), default, module, "POSITIONAL_ONLY")
        if optional_from is not None and index >= optional_from and default is None:
            record["default"] = {"present": True, "json": False, "repr": "(optional)"}
        params.append(record)
    for arg, kw_default in zip(args.kwonlyargs, args.kw_defaults, strict=True):
        params.append(_record(arg.arg, _annotation(arg.annotation), kw_default, module, "KEYWORD_ONLY"))
    for star in (args.vararg, args.kwarg):
        if star is not None:
            params.append({"name": star.arg, "variadic": True})
    return params


def _lenient(text: str, module: Any) -> list[dict[str, Any]] | None:
    """A form Python's grammar does not take (Cython's ``f(str name, int n=3)``): piece by piece."""
    params: list[dict[str, Any]] = []
    for index, piece in enumerate(_split_top_level(text)):
        label = piece.split(":")[0].split("=")[0].strip()
        if piece in {"/", "*"} or (index == 0 and label in _SKIPPED):
            continue
        if piece.startswith("*"):
            params.append({"name": label.lstrip("*"), "variadic": True})
        else:
            params.append(_typed_piece(piece, len(params), module))
    return params


def _args_line(doc: str, module: Any) -> list[dict[str, Any]] | None:
    """``:Args: int year, float hour=12.0, int or str body`` (``--``: no parameters)."""
    match = _ARGS_LINE.search(doc)
    if match is None:
        return None
    line = match.group(1).strip()
    if line.strip("- ") == "":
        return []
    described = _described(doc[match.end() :])
    params: list[dict[str, Any]] = []
    for piece in _split_top_level(line):
        words = piece.partition("=")[0].split()
        if not words or not re.fullmatch(r"[A-Za-z_]\w*", words[-1]) or not _type_words(words[:-1]):
            return None  # not a list of typed names (prose): no call form
        record = _typed_piece(piece, len(params), module)
        record["doc"] = described.get(record["name"], "")
        params.append(record)
    return params


def _typed_piece(piece: str, index: int, module: Any) -> dict[str, Any]:
    """``int year``, ``hour=12.0``, ``x: float``, C-typed ``double x=0``: one parameter, read leniently
    (a name that is not an identifier becomes ``arg<index>``, a default that does not parse stays text)."""
    head, default_text = _top_level_partition(piece, "=")
    head, annotation = _top_level_partition(head, ":")
    words = head.split()
    name = words[-1] if words and re.fullmatch(r"[A-Za-z_]\w*", words[-1]) else f"arg{index}"
    type_text = annotation.strip() or " ".join(words[:-1])
    default: ast.expr | None = None
    if default_text.strip():
        try:
            default = ast.parse(default_text.strip(), mode="eval").body
        except SyntaxError:
            default = ast.Name(id=f"({default_text.strip()[:100]})")  # kept as text: never a value
    return _record(name, type_text, default, module, "POSITIONAL_ONLY")


def _type_words(words: list[str]) -> bool:
    """``int``, ``int or str``, ``seq``, ``numpy.ndarray``, ``Grid``: type words, not prose."""
    return len(words) <= 4 and all(w in _C_TYPES or w == "or" or "." in w or w[:1].isupper() for w in words)


def _described(text: str) -> dict[str, str]:
    """`` - year, month, day: the date`` lines under an ``:Args:`` line, until the next section."""
    found: dict[str, str] = {}
    for line in text.splitlines()[:30]:
        if re.match(r"^\s*:?(?:Return|Returns):", line):
            break
        match = _ARG_DOC.match(line)
        if match:
            for name in match.group(1).split(","):
                found.setdefault(name.strip(), match.group(2).strip()[:400])
    return found


def _top_level_partition(text: str, separator: str) -> tuple[str, str]:
    """``text`` split at its first ``separator`` outside brackets (``a: ndarray[dtype=float64] = x``)."""
    depth = 0
    for index, char in enumerate(text):
        depth += char in "([{"
        depth -= char in ")]}"
        if char == separator and depth == 0:
            return text[:index], text[index + 1 :]
    return text, ""


def _split_top_level(text: str) -> list[str]:
    pieces, depth, current = [], 0, ""
    for char in text:
        depth += char in "([{"
        depth -= char in ")]}"
        if char == "," and depth == 0:
            pieces.append(current.strip())
            current = ""
        else:
            current += char
    if current.strip():
        pieces.append(current.strip())
    return pieces


def _annotation(node: ast.expr | None) -> str:
    return ast.unparse(node) if node is not None else ""


def _record(name: str, type_text: str, default: ast.expr | None, module: Any, kind: str) -> dict[str, Any]:
    words = normalised_type(type_text)
    described = _default(default, module)
    if not words and described.get("json") and isinstance(described["value"], _PLAIN):
        words = type(described["value"]).__name__  # ``scale=1.0``: a float
    return {
        "name": name,
        "kind": kind,
        "type": {"kind": "text", "text": words} if words else {"kind": "any"},
        "default": described,
        "doc_type": "",
        "doc": "",
    }


def normalised_type(text: str) -> str:
    """``double`` → ``float``, ``seq`` → ``sequence``, pybind11's
    ``typing.SupportsFloat | typing.SupportsIndex`` → ``float``; other text is kept as written."""
    text = text.strip().strip("'\"")
    for protocol, word in _NUMERIC_PROTOCOLS:
        if protocol in text:
            return word
    words = [_TYPE_WORDS.get(w, w) for w in text.split()]
    return " ".join(words)


def _default(node: ast.expr | None, module: Any) -> dict[str, Any]:
    if node is None:
        return {"present": False}
    try:
        value = _value(node, module)
    except _UnknownValueError:
        return {"present": True, "json": False, "repr": ast.unparse(node)[:200]}
    if isinstance(value, bytes):
        return {"present": True, "json": False, "repr": repr(value)[:200]}
    return {"present": True, "json": True, "value": value, "repr": repr(value)[:200]}


def _value(node: ast.expr, module: Any) -> Any:
    """A literal, a constant of ``module`` or an operation on those (``FLG_SWIEPH|FLG_SPEED``)."""
    if isinstance(node, ast.Constant) and (node.value is None or isinstance(node.value, (*_PLAIN, bytes))):
        return node.value
    if isinstance(node, ast.Name) and module is not None:
        value = getattr(module, node.id, _UnknownValueError)
        if isinstance(value, _PLAIN):
            return value
    if isinstance(node, ast.Attribute) and module is not None:
        # ``swe.GREG_CAL`` / ``module.CONST``: the last name, looked up on the module.
        value = getattr(module, node.attr, _UnknownValueError)
        if isinstance(value, _PLAIN):
            return value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        operand = _value(node.operand, module)
        if isinstance(operand, (int, float)) and not isinstance(operand, bool):
            return -operand
    if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
        left, right = _value(node.left, module), _value(node.right, module)
        if isinstance(left, int) and isinstance(right, int) and not isinstance(left, bool):
            return _OPERATORS[type(node.op)](left, right)
    if isinstance(node, (ast.Tuple, ast.List)):
        return [_value(item, module) for item in node.elts]
    raise _UnknownValueError
