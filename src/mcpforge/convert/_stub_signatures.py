"""The signature a compiled callable's type stub declares (PEP 561), when neither Python nor its
docstring gives one (issue 26).

A C extension such as ``ciso8601`` has no ``__text_signature__`` and a one-line docstring, but ships
``ciso8601/__init__.pyi`` (or ``module.pyi`` next to the ``.so``, or a ``<name>-stubs`` package) with
``def parse_datetime(datetime_string: str) -> datetime: ...``. The stub is parsed with ``ast`` (never
run); the callable is found by its ``__qualname__`` (a class's own ``__init__``, else ``__new__``).
Runs inside the analysis sandbox, shipped next to ``_analysis_script.py`` (see ``analyse.py``), so
stdlib only.
"""

from __future__ import annotations

import ast
import functools
import sys
from pathlib import Path
from typing import Any

_MAX_STUB_BYTES = 2_000_000


def stub_params(obj: Any, parse_form: Any, *, is_class: bool = False) -> list[dict[str, Any]] | None:
    """Parameter records for ``obj`` from its module's stub, through ``parse_form(text, module)`` (the
    call-form parser, so a stub and a docstring form give the same records); None when no stub declares
    it."""
    module_name = getattr(obj, "__module__", "") or ""
    module = sys.modules.get(module_name)
    qualname = getattr(obj, "__qualname__", "") or getattr(obj, "__name__", "") or ""
    if module is None or not qualname:
        return None
    for stub in _stub_files(module):
        function = _find(_parse(stub), qualname.split("."), is_class=is_class)
        if function is not None:
            params: list[dict[str, Any]] | None = parse_form(ast.unparse(function.args), module)
            if params is None:
                return None
            return [p for p in params if not p.get("variadic")]
    return None


def _stub_files(module: Any) -> list[Path]:
    """``name.pyi`` next to the module, ``name/__init__.pyi`` (a stub-only folder beside a ``.so``),
    ``__init__.pyi`` of a package, and a ``<top>-stubs`` package on ``sys.path``."""
    file = getattr(module, "__file__", None)
    parts = (getattr(module, "__name__", "") or "").split(".")
    candidates: list[Path] = []
    if isinstance(file, str) and file:
        path = Path(file)
        base = path.name.split(".", 1)[0]
        if base == "__init__":
            candidates.append(path.parent / "__init__.pyi")
        candidates += [path.parent / f"{base}.pyi", path.parent / base / "__init__.pyi"]
    for entry in sys.path:
        stubs = Path(entry or ".") / f"{parts[0]}-stubs"
        candidates += [
            stubs.joinpath(*parts[1:], "__init__.pyi"),
            stubs.joinpath(*parts[1:]).with_suffix(".pyi"),
        ]
    found: list[Path] = []
    for candidate in candidates:
        try:
            if candidate.is_file() and candidate.stat().st_size <= _MAX_STUB_BYTES and candidate not in found:
                found.append(candidate)
        except OSError:
            continue
    return found


@functools.lru_cache(maxsize=64)
def _parse(stub: Path) -> ast.Module | None:
    try:
        return ast.parse(stub.read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError):
        return None


def _find(tree: ast.Module | None, path: list[str], *, is_class: bool) -> ast.FunctionDef | None:
    """The first ``def`` (of ``@overload`` ones) at ``path``; for a class, its ``__init__``/``__new__``."""
    body: list[ast.stmt] = tree.body if tree is not None else []
    for index, name in enumerate(path):
        last = index == len(path) - 1
        match: ast.stmt | None = None
        for node in _flattened(body):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name == name:
                match = node
                break
        if match is None:
            return None
        if isinstance(match, ast.ClassDef):
            if last and not is_class:
                return None
            body = match.body
            if last:
                return _find_init(body)
        elif last and not is_class and isinstance(match, ast.FunctionDef):
            return match
        else:
            return None
    return None


def _find_init(body: list[ast.stmt]) -> ast.FunctionDef | None:
    for wanted in ("__init__", "__new__"):
        for node in _flattened(body):
            if isinstance(node, ast.FunctionDef) and node.name == wanted:
                return node
    return None


def _flattened(body: list[ast.stmt]) -> list[ast.stmt]:
    """Statements of ``body`` with those under ``if sys.version_info ...:`` blocks (both branches)."""
    out: list[ast.stmt] = []
    for node in body:
        if isinstance(node, ast.If):
            out += _flattened(node.body) + _flattened(node.orelse)
        else:
            out.append(node)
    return out
