"""Runs inside the sandbox, imported by ``_analysis_script.py``: the library's README and the text of
its own examples, docs and tests, and the literal calls written there (samples its authors wrote).

Stdlib only; shipped next to the script under ``_mcpforge_analysis_usage`` (see ``analyse.py``).
"""

from __future__ import annotations

import ast
import itertools
import re
from pathlib import Path
from typing import Any

_USAGE_DIRS = (
    "examples",
    "example",
    "docs",
    "doc",
    "tests",
    "test",
    "testsuite",
    "demo",
    "demos",
    "notebooks",
)
_USAGE_SUFFIXES = {".py", ".rst", ".md", ".txt", ".ipynb"}
_MAX_USAGE_FILES = 400
_MAX_USAGE_BYTES = 6 * 1024 * 1024
_README_SHIPPED = 60_000
_BESIDE_GLOBS = ("test_*.py", "*_test.py", "tests.py", "example*.py", "demo*.py")


def _readme(package: str) -> str:
    """The distribution's long description (its README on PyPI), when the metadata has one."""
    try:
        from importlib import metadata

        names = metadata.packages_distributions().get(package, []) or [package]
        for dist in names:
            try:
                meta = metadata.metadata(dist)
            except Exception:
                continue
            text = meta.get_payload() if hasattr(meta, "get_payload") else ""
            text = text or (meta.get_all("Description") or [""])[0] or ""
            if text:
                return str(text)[:200_000]
    except Exception:
        pass
    return ""


def _local_readme(top: Any, source_dir: str = "") -> str:
    """A source tree's README beside the package (a repository not installed from an index), or at the
    top of the source a local project was built from (``source_dir``)."""
    parents = [Path(entry).parent for entry in list(getattr(top, "__path__", []) or [])[:1]]
    parents = [p for p in parents if p.name not in {"site-packages", "dist-packages"}]
    for parent in [*parents, *([Path(source_dir)] if source_dir else [])]:
        for path in sorted(parent.glob("README*")):
            try:
                return path.read_text(encoding="utf-8", errors="replace")[:200_000]
            except OSError:
                continue
    return ""


def _usage_text(top: Any, source_dir: str = "") -> str:
    """Text of the library's own examples, docs and tests: inside the installed package, beside it
    when the package is a source tree (``repo/pkg`` next to ``repo/examples``), and in the source a
    local project was built from (``source_dir``)."""
    roots: list[Path] = [Path(source_dir)] if source_dir else []
    for entry in list(getattr(top, "__path__", []) or [])[:2]:
        package_dir = Path(entry)
        roots.append(package_dir)
        parent = package_dir.parent
        if parent.name not in {"site-packages", "dist-packages"} and (
            (parent / "setup.py").exists() or (parent / "pyproject.toml").exists()
        ):
            roots.append(parent)
    module_file = getattr(top, "__file__", None)
    beside: list[Path] = []
    if module_file and not getattr(top, "__path__", None):
        roots.append(Path(module_file).parent)
        if roots[-1].name not in {"site-packages", "dist-packages"}:
            # A one-module repository's tests and examples sit beside it (``pacecalc_test.py``).
            beside = sorted(p for glob in _BESIDE_GLOBS for p in roots[-1].glob(glob))
    folders = [root / name for root in roots for name in _USAGE_DIRS if (root / name).is_dir()]
    package_dirs = [Path(entry) for entry in list(getattr(top, "__path__", []) or [])[:2]]
    folders += [f for f in _nested_test_folders(package_dirs) if f not in folders]
    chunks: list[str] = _main_blocks(getattr(top, "__name__", ""))
    size = sum(len(chunk) for chunk in chunks)
    # Round robin over the folders, so that the budget is not spent on the first of many test suites
    # (``sklearn/metrics/tests`` is as much the library's usage as ``sklearn/cluster/tests``).
    spread = (
        p for group in itertools.zip_longest(*(sorted(f.rglob("*")) for f in folders)) for p in group if p
    )
    for path in itertools.chain(beside, spread):
        if len(chunks) >= _MAX_USAGE_FILES or size >= _MAX_USAGE_BYTES:
            break
        if path.suffix not in _USAGE_SUFFIXES or not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8", errors="replace")[:200_000]
        except OSError:
            continue
        chunks.append(text)
        size += len(text)
    return "\n".join(chunks)


_MAX_MAIN_BLOCKS = 60


def _main_blocks(package: str) -> list[str]:
    """The ``if __name__ == "__main__":`` demos of the library's imported modules (bank_card_tools's
    ``print(bankCard.luhn("4417123456789113"))``): calls its authors wrote and ran, in the module itself."""
    import sys

    blocks: list[str] = []
    for name, module in sorted(sys.modules.items()):
        if len(blocks) >= _MAX_MAIN_BLOCKS:
            break
        if not package or (name != package and not name.startswith(package + ".")):
            continue
        path = Path(getattr(module, "__file__", "") or "")
        if path.suffix != ".py":
            continue
        try:
            source = path.read_text(encoding="utf-8", errors="replace")
        except (OSError, ValueError):
            continue
        if "__main__" not in source or len(source) > 400_000:
            continue
        try:
            tree = ast.parse(source)
        except (SyntaxError, ValueError):
            continue
        blocks += [ast.get_source_segment(source, node) or "" for node in tree.body if _is_main_guard(node)]
    return [block for block in blocks if block]


def _is_main_guard(node: ast.stmt) -> bool:
    if not isinstance(node, ast.If) or not isinstance(node.test, ast.Compare):
        return False
    sides = [node.test.left, *node.test.comparators]
    names = {s.id for s in sides if isinstance(s, ast.Name)}
    texts = {s.value for s in sides if isinstance(s, ast.Constant)}
    return names == {"__name__"} and texts == {"__main__"}


_NESTED_TEST_DIRS = ("tests", "test", "testsuite")
_NESTED_DEPTH = 3


def _nested_test_folders(roots: list[Path]) -> list[Path]:
    """Test suites shipped inside the package's subpackages (``numpy/linalg/tests``, ``pint/testsuite``):
    the calls the library's own authors make most."""
    found: list[Path] = []
    for root in roots:
        level = [root]
        for _ in range(_NESTED_DEPTH):
            level = [d for parent in level for d in _subfolders(parent)]
            found += [d for d in level if d.name in _NESTED_TEST_DIRS and d.parent != root]
            level = [d for d in level if d.name not in _NESTED_TEST_DIRS and d.name != "__pycache__"]
    return found


def _subfolders(folder: Path) -> list[Path]:
    try:
        return sorted(d for d in folder.iterdir() if d.is_dir() and not d.name.startswith("."))
    except OSError:
        return []


_LITERAL_ARGS = r"(?:[^()\n]|\([^()\n]*\))*"


def _constants(text: str) -> dict[str, Any]:
    """Names assigned a plain literal at the start of a line, once in the whole text (``FLUID = 'Water'``)."""
    import ast

    seen: dict[str, list[Any]] = {}
    for match in re.finditer(r"^([A-Za-z_]\w*)\s*=\s*([^\n#]+?)\s*$", text, re.M):
        try:
            value = ast.literal_eval(match.group(2))
        except Exception:
            value = None
        seen.setdefault(match.group(1), []).append(value)
    return {k: v[0] for k, v in seen.items() if len(v) == 1 and isinstance(v[0], (str, int, float))}


def _literal_calls(text: str, names: set[str]) -> dict[str, list[str]]:
    """Calls of the library's names, on one line, whose arguments are all literals (``PropsSI('D', 'T',
    298.15, 'P', 101325, 'Water')`` in a README or a test): samples its authors wrote."""
    import ast

    found: dict[str, list[str]] = {}
    constants = _constants(text)
    # A lookahead, so that a call inside another (``print(get_description("* 2 3 * *"))``) is seen too.
    # The call keeps the names before it (``hebrew.monthcalendar(5775, 8)``): which module's function it
    # is, when several modules have one of that name (the sample reader matches the whole dotted name).
    pattern = rf"(?=(?<![\w.])((?:[A-Za-z_]\w*\.)*)([A-Za-z_][A-Za-z0-9_]*)\(({_LITERAL_ARGS})\))"
    for match in re.finditer(pattern, text):
        qualifier, name, arguments = match.groups()
        if name not in names or len(found.get(name, [])) >= 4 or len(arguments) > 290:
            continue
        call = f"{qualifier}{name}({arguments})"
        try:
            node = ast.parse(call, mode="eval").body
        except SyntaxError:
            continue
        if not isinstance(node, ast.Call) or not (node.args or node.keywords):
            continue
        if any(isinstance(a, ast.Name) and a.id in constants for a in node.args):
            # ``PropsSI(_FLUID, 'Tmin')`` with ``_FLUID = 'Water'`` set once in that file.
            node.args = [
                ast.Constant(constants[a.id]) if isinstance(a, ast.Name) and a.id in constants else a
                for a in node.args
            ]
            call = ast.unparse(node)
        try:
            for arg in [*node.args, *(k.value for k in node.keywords)]:
                ast.literal_eval(arg)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            continue
        if call not in found.setdefault(name, []):
            found[name].append(call)
    return found


_MAX_FORWARDED = 4


def forwarded_calls(usage: dict[str, list[str]], functions: dict[str, str]) -> dict[str, list[str]]:
    """Calls of the library's functions that a function with a literal usage call makes with its own
    parameters, those literals put in: ``create_message("10k", "in", "1:00:00")`` in a test, and
    ``calculate_pace(distance=first_unit, time=second_unit)`` in its body, give
    ``calculate_pace(distance='10k', time='1:00:00')``: the values its authors pass on to a helper nobody
    calls directly. ``functions``: the library's plain functions' public paths by short name. Only
    samples to try (the call proves them or not); they come after the calls written in the usage text."""
    found: dict[str, list[str]] = {}
    for caller, calls in usage.items():
        body = _function_node(functions[caller]) if caller in functions else None
        if body is None:
            continue
        for call in calls:
            bound = _bound_literals(body, call)
            if bound is None:
                continue
            for node in ast.walk(body):
                if not isinstance(node, ast.Call):
                    continue
                callee = _short_name(node.func)
                if callee is None or callee == caller or callee not in functions:
                    continue
                text = _with_literals(node, callee, bound)
                known = found.setdefault(callee, [])
                if (
                    text
                    and text not in known
                    and text not in usage.get(callee, [])
                    and len(known) < _MAX_FORWARDED
                ):
                    known.append(text)
    return found


_RECEIVED_SECONDS = 2.0


def received_calls(usage: dict[str, list[str]], functions: dict[str, str]) -> dict[str, list[str]]:
    """Calls of a function no text of the library writes, made with the literals its body passes on
    unchanged to a function that has a written call: ``checkCardNumber(cardNumber)`` returns
    ``bankCard.luhn(cardNumber) % 10 == 0`` and the module's demo calls ``luhn("4417123456789113")``, so
    ``checkCardNumber(cardNumber='4417123456789113')``. Every required parameter must be passed on so;
    one the body reassigns is not (it may hold something else by then). Samples the call proves or not,
    never expected values. ``functions``: the library's functions (static methods too) by short name."""
    import time

    found: dict[str, list[str]] = {}
    if not any(usage.get(name) for name in functions):
        return found
    started = time.perf_counter()
    with_calls = {name for name, calls in usage.items() if calls}
    for caller, path in functions.items():
        if time.perf_counter() - started > _RECEIVED_SECONDS:
            break  # reading every function's source of a large library costs more than it gives
        if caller in with_calls or not _names_used(_function_object(path)) & with_calls:
            continue  # written itself, or its code names no function with a written call
        node = _function_node(path)
        if node is None:
            continue
        required = _required_params(node) - _reassigned(node)
        if not required or len(_required_params(node)) != len(required):
            continue
        values: dict[str, ast.expr] = {}
        for call in (n for n in ast.walk(node) if isinstance(n, ast.Call)):
            callee = _short_name(call.func)
            if callee is None or callee == caller or callee not in functions or not usage.get(callee):
                continue
            callee_node = _function_node(functions[callee])
            written = _bound_literals(callee_node, usage[callee][0]) if callee_node is not None else None
            if written is None:
                continue
            assert callee_node is not None
            slots = _positional_names(callee_node)
            passed = [(slots[i] if i < len(slots) else None, a) for i, a in enumerate(call.args)]
            passed += [(k.arg, k.value) for k in call.keywords]
            for slot, arg in passed:
                if isinstance(arg, ast.Name) and arg.id in required and slot in written:
                    values.setdefault(arg.id, written[slot])
        if required <= set(values):
            keywords = [ast.keyword(arg=name, value=values[name]) for name in sorted(required)]
            made = ast.Call(func=ast.Name(id=caller, ctx=ast.Load()), args=[], keywords=keywords)
            found[caller] = [ast.unparse(made)]
    return found


def _positional_names(function: ast.FunctionDef) -> list[str]:
    names = [a.arg for a in [*function.args.posonlyargs, *function.args.args]]
    return names[1:] if names[:1] in (["self"], ["cls"]) else names


def _required_params(function: ast.FunctionDef) -> set[str]:
    spec = function.args
    positional = _positional_names(function)
    required = positional[: len(positional) - len(spec.defaults)] if spec.defaults else positional
    return {*required, *(a.arg for a, d in zip(spec.kwonlyargs, spec.kw_defaults, strict=True) if d is None)}


def _reassigned(function: ast.FunctionDef) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(function):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
    return names


def _names_used(function: Any) -> set[str]:
    """The global and attribute names a function's code (and the code nested in it) uses: a cheap
    test before its source is read and parsed."""
    import inspect

    try:
        codes = [inspect.unwrap(function).__code__]
    except Exception:
        return set()
    names: set[str] = set()
    while codes:
        code = codes.pop()
        names.update(code.co_names)
        codes += [c for c in code.co_consts if hasattr(c, "co_names")]
    return names


def _function_object(public_path: str) -> Any:
    import importlib

    parts = public_path.split(".")
    try:
        # ``pkg.mod.func``, or a class's static method ``bankCard.bankCard.luhn``: the longest module.
        depth = next(d for d in range(len(parts) - 1, 0, -1) if _importable(".".join(parts[:d])))
        function: Any = importlib.import_module(".".join(parts[:depth]))
        for attr in parts[depth:]:
            function = getattr(function, attr)
    except Exception:  # an alias, a lazy attribute: nothing
        return None
    return function


def _function_node(public_path: str) -> ast.FunctionDef | None:
    import inspect
    import textwrap

    function = _function_object(public_path)
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    except Exception:  # any failure (C code, no source): no forwarded calls from it
        return None
    node = tree.body[0] if tree.body else None
    return node if isinstance(node, ast.FunctionDef) else None


def _importable(module_name: str) -> bool:
    import importlib

    try:
        importlib.import_module(module_name)
    except Exception:
        return False
    return True


def _bound_literals(function: ast.FunctionDef, call: str) -> dict[str, ast.expr] | None:
    """The function's parameters bound to the literal arguments of ``call`` (defaults for the rest)."""
    try:
        node = ast.parse(call, mode="eval").body
    except SyntaxError:
        return None
    if not isinstance(node, ast.Call) or any(isinstance(a, ast.Starred) for a in node.args):
        return None
    spec = function.args
    positional = [a.arg for a in [*spec.posonlyargs, *spec.args]]
    with_defaults = positional[len(positional) - len(spec.defaults) :]
    bound: dict[str, ast.expr] = dict(zip(with_defaults, spec.defaults, strict=True))
    bound |= {a.arg: d for a, d in zip(spec.kwonlyargs, spec.kw_defaults, strict=True) if d is not None}
    if len(node.args) > len(positional):
        return None
    bound |= dict(zip(positional[: len(node.args)], node.args, strict=True))
    for keyword in node.keywords:
        if keyword.arg is None:
            return None
        bound[keyword.arg] = keyword.value
    literals: dict[str, ast.expr] = {}
    for name, value in bound.items():
        try:
            ast.literal_eval(value)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            continue
        literals[name] = value
    return literals


def _short_name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if (
        isinstance(func, ast.Attribute)
        and isinstance(func.value, ast.Name)
        and func.value.id not in {"self", "cls"}
    ):
        return func.attr
    return None


def _with_literals(node: ast.Call, callee: str, bound: dict[str, ast.expr]) -> str | None:
    """``callee(...)`` with every argument a literal or a parameter bound to one; None otherwise."""

    def value(arg: ast.expr) -> ast.expr | None:
        if isinstance(arg, ast.Name):
            return bound.get(arg.id)
        try:
            ast.literal_eval(arg)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            return None
        return arg

    if not (node.args or node.keywords) or any(isinstance(a, ast.Starred) for a in node.args):
        return None
    args = [value(a) for a in node.args]
    keywords = [(k.arg, value(k.value)) for k in node.keywords]
    if any(a is None for a in args) or any(k is None or v is None for k, v in keywords):
        return None
    made = ast.Call(
        func=ast.Name(id=callee, ctx=ast.Load()),
        args=[a for a in args if a is not None],
        keywords=[ast.keyword(arg=k, value=v) for k, v in keywords if v is not None],
    )
    return ast.unparse(made)
