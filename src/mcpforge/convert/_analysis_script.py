"""Runs inside the sandbox: import a library and describe its public API as JSON.

Importing third-party code runs it, so this never runs in the mcpforge process. Reads ``{"package": str,
"siblings": [str], "site_dirs": [str], "source_dir": str, "max_modules": int, "budget_seconds": float}``
from stdin and writes
``analysis.json`` into ``$MCPFORGE_OUTPUT_DIR``. Stdlib only, so the library's own dependency versions
(from its environment, put first on ``sys.path``) are the ones it sees.
"""

# ruff: noqa: PLR0911, PLR0912, PLR0915 - introspection of arbitrary code, errors recorded
from __future__ import annotations

import enum
import importlib
import inspect
import json
import os
import pkgutil
import re
import site
import sys
import time
import typing
from pathlib import Path
from typing import Any

if __name__ == "__main__":  # in the sandbox: shipped next to this script (analyse.py)
    import _mcpforge_analysis_choices as _choices  # type: ignore[import-not-found]
    import _mcpforge_analysis_deprecation as _deprecation  # type: ignore[import-not-found]
    import _mcpforge_analysis_instances as _instances  # type: ignore[import-not-found]
    import _mcpforge_call_forms as _call_forms  # type: ignore[import-not-found]
    import _mcpforge_stub_signatures as _stub_signatures  # type: ignore[import-not-found]
    from _mcpforge_analysis_docs import (  # type: ignore[import-not-found]
        _doc_params,
        _example_outputs,
        _examples,
        _jsonable_default,
        _returned_names,
        _returns_doc,
    )
    from _mcpforge_analysis_usage import (  # type: ignore[import-not-found]
        _README_SHIPPED,
        _literal_calls,
        _local_readme,
        _readme,
        _usage_text,
        forwarded_calls,
        received_calls,
    )
else:
    from mcpforge.convert import _analysis_choices as _choices
    from mcpforge.convert import _analysis_deprecation as _deprecation
    from mcpforge.convert import _analysis_instances as _instances
    from mcpforge.convert import _call_forms, _stub_signatures
    from mcpforge.convert._analysis_docs import (
        _doc_params,
        _example_outputs,
        _examples,
        _jsonable_default,
        _returned_names,
        _returns_doc,
    )
    from mcpforge.convert._analysis_usage import (
        _README_SHIPPED,
        _literal_calls,
        _local_readme,
        _readme,
        _usage_text,
        forwarded_calls,
        received_calls,
    )

_SKIP_PARTS = {"tests", "test", "testing", "conftest", "setup", "compat", "externals", "benchmarks", "conf"}
_DOC_LIMIT = 2500
_METHOD_DOC_LIMIT = 300
_MAX_JSON_BYTES = 12 * 1024 * 1024
_MAX_CALLABLES = 2500
_MAX_METHODS = 300
_MAX_TOTAL_METHODS = 5000


def _describe_type(tp: Any, depth: int = 0) -> dict[str, Any]:
    if depth > 6:
        return {"kind": "any"}
    if tp is inspect.Parameter.empty or tp is typing.Any or tp is object:
        return {"kind": "any"}
    if isinstance(tp, str):
        return {"kind": "text", "text": tp}
    if tp is type(None) or tp is None:
        return {"kind": "none"}
    simple = {
        bool: "boolean",
        int: "integer",
        float: "number",
        str: "string",
        complex: "complex",
        bytes: "bytes",
    }
    if tp in simple:
        return {"kind": simple[tp]}
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is typing.Literal:
        return {"kind": "literal", "values": [a for a in args if isinstance(a, (str, int, float, bool))]}
    if origin is typing.Union or type(tp).__name__ == "UnionType":
        return {"kind": "union", "of": [_describe_type(a, depth + 1) for a in args]}
    if origin in (list, set, frozenset) or origin is getattr(typing, "Sequence", None):
        return {"kind": "list", "items": _describe_type(args[0], depth + 1) if args else {"kind": "any"}}
    if origin is tuple:
        return {"kind": "list", "items": _describe_type(args[0], depth + 1) if args else {"kind": "any"}}
    if origin is dict:
        return {
            "kind": "dict",
            "values": _describe_type(args[1], depth + 1) if len(args) == 2 else {"kind": "any"},
        }
    if origin is not None:
        name = getattr(origin, "__name__", str(origin))
        if name == "Iterable" and args and args[0] is str:
            # A string is an ``Iterable[str]`` too (``encode(text: Iterable[str])``): text or a list.
            strings = {"kind": "list", "items": {"kind": "string"}}
            return {"kind": "union", "of": [{"kind": "string"}, strings]}
        if name in {"Sequence", "Iterable", "Collection", "MutableSequence", "list", "set"}:
            return {"kind": "list", "items": _describe_type(args[0], depth + 1) if args else {"kind": "any"}}
        if name in {"Mapping", "MutableMapping", "dict"}:
            return {"kind": "dict", "values": {"kind": "any"}}
        if name == "Annotated" and args:
            return _describe_type(args[0], depth + 1)
        return {"kind": "text", "text": str(tp)}
    if isinstance(tp, type):
        if issubclass(tp, enum.Enum):
            return {
                "kind": "enum",
                "class": f"{tp.__module__}:{tp.__qualname__}",
                "values": [m.name for m in tp],
            }
        full = f"{tp.__module__}.{tp.__qualname__}"
        if full == "numpy.ndarray":
            return {"kind": "ndarray"}
        if full == "pandas.core.frame.DataFrame":
            return {"kind": "dataframe"}
        if tp in (list, tuple, set, frozenset):
            return {"kind": "list", "items": {"kind": "any"}}
        if tp is dict:
            return {"kind": "dict", "values": {"kind": "any"}}
        abstract = _bare_collection(tp)
        if abstract is not None:
            return abstract
        if _string_like(tp):
            return {"kind": "string"}
        return {"kind": "class", "name": full}
    return {"kind": "text", "text": str(tp)}


_TEXT_OR_ITEMS = {"Sequence", "Collection", "Iterable", "Reversible", "Container"}
_ITEMS = {"MutableSequence", "Set", "MutableSet", "AbstractSet"}
_MAPPINGS = {"Mapping", "MutableMapping"}


def _bare_collection(tp: type) -> dict[str, Any] | None:
    """An annotation naming a collection ABC with no item type (``a: Optional[Sequence] = None`` with
    ``Sequence`` from ``collections.abc``, edit-distance's ``SequenceMatcher``): what it accepts, not an
    unknown class (which left the parameter out of the tool). A text is a ``Sequence`` of characters too."""
    if tp.__module__ not in {"collections.abc", "typing"}:
        return None
    items: dict[str, Any] = {"kind": "list", "items": {"kind": "any"}}
    if tp.__name__ in _TEXT_OR_ITEMS:
        return {"kind": "union", "of": [items, {"kind": "string"}]}
    if tp.__name__ in _ITEMS:
        return items
    if tp.__name__ in _MAPPINGS:
        return {"kind": "dict", "values": {"kind": "any"}}
    return None


def _string_like(tp: type) -> bool:
    """A class whose own metaclass takes a plain string as an instance (inflect's ``Word``: "a string
    with at least 1 character"): its values are strings. ABCs and protocols (``Iterable``) are not."""
    import abc

    meta = type(tp)
    if meta is type or issubclass(meta, abc.ABCMeta) or "__instancecheck__" not in vars(meta):
        return False
    try:
        return isinstance("word", tp)
    except Exception:
        return False


def _text_signature_params(obj: Any, *, is_class: bool = False) -> list[dict[str, Any]] | None:
    """A compiled callable without a signature: the call form its docstring (or a compiled class's
    ``__init__``) documents, types from the docstring's parameter section where the form has none."""
    params: list[dict[str, Any]] | None = _call_forms.call_form_params(obj, is_class=is_class)
    if params is None:  # no form in the docstring: the package's type stub (``ciso8601/__init__.pyi``)
        params = _stub_signatures.stub_params(obj, _call_forms._parse_form, is_class=is_class)
    if params:
        doc = inspect.getdoc(obj) or ""
        documented = _doc_params(doc) if doc else {}
        for param in params:
            info = documented.get(param["name"], {})
            param["doc_type"] = param["doc_type"] or info.get("type", "")
            param["doc"] = (param["doc"] or info.get("doc", ""))[:400]
    return params


def _hints(obj: Any) -> dict[str, Any]:
    try:
        return typing.get_type_hints(obj)
    except Exception:
        return {}


def _callable_record(obj: Any, public_path: str, kind: str, owner: str | None = None) -> dict[str, Any]:
    doc = inspect.getdoc(obj) or ""
    record: dict[str, Any] = {
        "public_path": public_path,
        "module": getattr(obj, "__module__", "") or "",
        "kind": kind,
        "owner": owner,
        "summary": doc.strip().split("\n\n")[0].replace("\n", " ")[:300] if doc else "",
        "doc": doc[: _METHOD_DOC_LIMIT if kind == "method" else _DOC_LIMIT],
        "examples": _examples(doc),
        "example_outputs": _example_outputs(doc),
        "returns_doc": _returns_doc(doc) if doc else "",
        "deprecated": _deprecation.deprecation(obj, doc, public_path.rsplit(".", 1)[-1], kind),
        "params": [],
        "returns": {"kind": "any"},
        "error": None,
    }
    if type(obj).__name__ == "ufunc":
        record["params"] = [
            {
                "name": f"x{i + 1}" if obj.nin > 1 else "x",
                "kind": "POSITIONAL_ONLY",
                "type": {"kind": "ndarray"},
                "default": {"present": False},
                "doc_type": "array_like",
                "doc": "",
            }
            for i in range(obj.nin)
        ]
        record["returns"] = {"kind": "ndarray"}
        return record
    try:
        signature = inspect.signature(obj)
    except (TypeError, ValueError) as exc:
        from_doc = _text_signature_params(obj, is_class=kind == "class")  # Cython/pybind11 classes too
        if from_doc is None:
            record["error"] = f"no signature: {exc}; its docstring documents no call form"
        else:
            record["params"] = from_doc
            record["signature_from"] = "docstring"
        return record
    if kind == "class":
        signature = _init_signature(obj, signature)
    hints = _hints(obj.__init__ if kind == "class" else obj)
    doc_params = _doc_params(doc) if doc else {}
    if kind == "class":
        init_doc = inspect.getdoc(obj.__init__) or ""
        if init_doc and init_doc != doc:
            doc_params = {**_doc_params(init_doc), **doc_params}
            record["examples"] = (record["examples"] + _examples(init_doc))[:60]
            record["init_doc"] = init_doc[:_DOC_LIMIT]
            record["example_outputs"] = {**_example_outputs(init_doc), **record["example_outputs"]}
    for name, param in signature.parameters.items():
        annotation = hints.get(name, param.annotation)
        info = doc_params.get(name, {})
        record["params"].append(
            {
                "name": name,
                "kind": param.kind.name,
                "type": _describe_type(annotation),
                "default": _jsonable_default(param.default),
                "doc_type": info.get("type", ""),
                "doc": info.get("doc", "")[:400],
            }
        )
    _documented_keywords(record, doc_params, obj, kind)
    # ``if operation not in COMPUTATION_FUNCTIONS: raise``: the strings its code accepts.
    checked = _choices.checked_choices(obj) if kind != "class" else {}
    for param in record["params"]:
        if param["name"] in checked and param["type"].get("kind") in {"string", "any"}:
            param["type"] = {"kind": "literal", "values": checked[param["name"]]}
    unfounded = [
        p
        for p in record["params"]
        if p["type"].get("kind") == "any"
        and not p["default"].get("present")
        and not p["doc_type"]
        and not p["doc"]
    ]
    if unfounded and kind != "class":
        numbers = _choices.arithmetic_params(obj)
        for param in unfounded:
            if param["name"] in numbers:  # ``(rankine - 491.67) * 11 / 60``: the code's own word
                param["doc"] = _choices.ARITHMETIC_NOTE
    _choices.note_collections_by_use(record, obj)
    ret = hints.get("return", signature.return_annotation)
    record["returns"] = _describe_type(ret)
    return record


def _documented_keywords(
    record: dict[str, Any], doc_params: dict[str, dict[str, str]], obj: Any, kind: str
) -> None:
    """A ``**kwargs`` signature hides parameters its docstring documents or its doctests pass by keyword
    (``Geod(ellps='clrk66')``, ``neutron_sld(*args, **kw)`` documenting ``compound`` and ``density``):
    they become keyword parameters; a ``(*args, **kw)`` wrapper's first documented one is required and
    passed by position (the wrapper may read ``args`` itself)."""
    params = record["params"]
    if not any(p["kind"] == "VAR_KEYWORD" for p in params):
        return
    known = {p["name"] for p in params}
    short = getattr(obj, "__name__", "")
    used: list[str] = []
    for statement in record["examples"]:
        for match in re.finditer(rf"\b{re.escape(short)}\(([^()]*)\)", statement) if short else []:
            used += re.findall(r"(?:^|,)\s*([A-Za-z_]\w*)\s*=(?!=)", match.group(1))
    names = [n for n in dict.fromkeys([*doc_params, *used]) if n not in known and n.isidentifier()]
    names = [n for n in names if n not in {"self", "args", "kwargs", "kw", "kwds"}][:20]
    wrapper = not any(p["kind"] not in {"VAR_POSITIONAL", "VAR_KEYWORD"} for p in params)
    if wrapper and names:
        params[:] = [p for p in params if p["kind"] != "VAR_POSITIONAL"]
    for index, name in enumerate(names):
        info = doc_params.get(name, {})
        params.append(
            {
                "name": name,
                "kind": "POSITIONAL_ONLY" if wrapper and index == 0 else "KEYWORD_ONLY",
                "type": {"kind": "any"},
                "default": {"present": False}
                if wrapper and index == 0
                else {"present": True, "json": True, "value": None},
                "doc_type": info.get("type", ""),
                "doc": info.get("doc", "")[:400],
            }
        )
    record["params"] = sorted(params, key=lambda p: p["kind"] == "VAR_KEYWORD")
    del kind


def _named(signature: inspect.Signature) -> int:
    variadic = (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)
    return sum(1 for p in signature.parameters.values() if p.kind not in variadic)


def _init_signature(cls: type, signature: inspect.Signature) -> inspect.Signature:
    """A generic ``__new__(cls, *args, **kwargs)`` (backend dispatch, caching) hides the real parameters;
    ``__init__`` then names them."""
    try:
        init = inspect.signature(cls.__init__)  # type: ignore[misc]
    except (TypeError, ValueError):
        return signature
    params = list(init.parameters.values())[1:]
    init = init.replace(parameters=params)
    generic = any(p.kind == inspect.Parameter.VAR_POSITIONAL for p in signature.parameters.values())
    better = _named(init) > _named(signature) or (generic and _named(init) >= _named(signature) > 0)
    return init if better else signature


def _public_names(module: Any) -> list[str]:
    names = getattr(module, "__all__", None)
    if isinstance(names, (list, tuple)):
        return [n for n in names if isinstance(n, str) and not n.startswith("_")]
    return [n for n in vars(module) if not n.startswith("_")]


# Callables compiled by pybind11 / nanobind / Cython / C: no ``inspect.isfunction``, often no signature.
_COMPILED = {
    "builtin_function_or_method",
    "method_descriptor",
    "cython_function_or_method",
    "fused_cython_function",
    "nb_func",
    "nb_method",
    "instancemethod",
}


def _is_compiled(obj: Any) -> bool:
    return type(obj).__name__ in _COMPILED and callable(obj)


def _wraps_function(obj: Any) -> bool:
    """A callable object standing for a function it wraps (numpy 2's ``np.mean``, an
    ``_ArrayFunctionDispatcher`` whose ``__wrapped__`` is the Python function): a function, called as
    one, with that function's signature and documentation."""
    if inspect.isclass(obj) or inspect.isfunction(obj) or not callable(obj):
        return False
    try:
        return inspect.isfunction(inspect.unwrap(obj)) and isinstance(getattr(obj, "__name__", None), str)
    except (ValueError, TypeError):  # a __wrapped__ cycle, or an object that refuses the lookup
        return False


def _class_methods(cls: type, package: str) -> list[tuple[str, Any]]:
    methods = []
    for name in sorted(vars(cls)):
        if name.startswith("_"):
            continue
        raw = inspect.getattr_static(cls, name)
        if isinstance(raw, (staticmethod, classmethod, property)):
            continue
        if inspect.isfunction(raw) or _is_compiled(raw):
            methods.append((name, raw))
    for base in cls.__mro__[1:]:
        if not (getattr(base, "__module__", "") or "").startswith(package):
            continue
        for name in sorted(vars(base)):
            raw = inspect.getattr_static(base, name)
            if (
                not name.startswith("_")
                and (inspect.isfunction(raw) or _is_compiled(raw))
                and name not in dict(methods)
            ):
                methods.append((name, raw))
    return methods[:_MAX_METHODS]


def _factories(cls: type) -> list[tuple[str, Any, bool]]:
    """Public class and static methods, called on the class itself; whether each builds an instance
    (``from_*``, ``parse``, or annotated to return the class): a documented way in."""
    found = []
    for name in sorted(vars(cls)):
        if name.startswith("_"):
            continue
        raw = inspect.getattr_static(cls, name)
        if not isinstance(raw, (classmethod, staticmethod)):
            continue
        try:
            bound = getattr(cls, name)
        except Exception:
            continue
        returns = _hints(raw.__func__).get("return")
        builds = (
            name.startswith("from_")
            or name in {"parse", "create", "new"}
            or returns is cls
            or (isinstance(returns, str) and returns.strip("'\"") in {cls.__name__, "Self"})
            or getattr(returns, "__name__", "") == "Self"
            or (returns is None and cls.__name__ in _returned_names(inspect.getdoc(raw.__func__) or ""))
        )
        found.append((name, bound, builds))
    return found[:20]


def _returned_class(fn: Any, package: str) -> type | None:
    """The library class a module-level function builds (``load(text) -> Settings``, or a docstring's
    ``Returns: Settings: ...``): a documented way in to that class's methods, like a ``from_*``."""
    returns = _hints(fn).get("return")
    candidates: list[Any] = [returns] if returns is not None else []
    if returns is None:
        names = getattr(fn, "__globals__", None) or {}  # the names its own module sees
        candidates = [names.get(name) for name in _returned_names(inspect.getdoc(fn) or "")]
    for found in candidates:
        if (
            inspect.isclass(found)
            and (getattr(found, "__module__", "") or "").startswith(package)
            and not issubclass(found, (enum.Enum, BaseException))
        ):
            return found
    return None


def _attach_factories(scan: _Scan) -> None:
    """A module function that builds a class the analysis recorded is one of that class's factories."""
    for record, cls in scan.factories:
        built = scan.classes.get(id(cls))
        if built is not None and not record.get("factory_of"):
            record["factory_of"] = built["public_path"]


def _prominence(
    top: Any, package: str, names: set[str], docs: str = "", source_dir: str = ""
) -> dict[str, Any]:
    """How visible each public name is: exported at the top level, its first place in the README, and
    how often the library's own examples, docs and tests call it."""
    top_names = set(_public_names(top)) | set(getattr(top, "__all__", []) or [])
    # No README shipped (a wheel without a long description, cronex): the package's own docstring is
    # its introduction, often a doctest session of its headline calls.
    readme = _readme(package) or _local_readme(top, source_dir) or (inspect.getdoc(top) or "")
    readme_rank: dict[str, int] = {}
    readme_calls: dict[str, int] = {}
    for match in re.finditer(r"\b([A-Za-z_][A-Za-z0-9_]*)\s*\(", readme):
        name = match.group(1)
        if name in names:
            readme_rank.setdefault(name, len(readme_rank))
            readme_calls[name] = readme_calls.get(name, 0) + 1
    # How often each name is a word of the README (``variogram`` under "Variogram" headings and prose).
    words: dict[str, int] = {}
    for word in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", readme):
        words[word.lower()] = words.get(word.lower(), 0) + 1
    readme_words = {n: words[n.lower()] for n in names if words.get(n.lower())}
    usage: dict[str, int] = {}
    text = _usage_text(top, source_dir)
    if text:
        for match in re.finditer(r"\b([A-Za-z_][A-Za-z0-9_]*)\s*\(", text):
            name = match.group(1)
            if name in names:
                usage[name] = usage.get(name, 0) + 1
    return {
        "top_level": sorted(n for n in top_names if isinstance(n, str) and n in names),
        "readme_rank": readme_rank,
        "readme_calls": readme_calls,
        "readme_words": readme_words,
        "usage_calls": usage,
        # Calls written in its docstrings' prose count too (``Permutation(5, 4, 3, 6, 1, 2)``).
        "usage_examples": _literal_calls(readme + "\n" + text + "\n" + docs, names),
        # Its code examples are read on the host (samples/readme_examples.py), never run here.
        "readme": readme[:_README_SHIPPED],
    }


def _public_path(obj: Any, name: str, module_name: str) -> str:
    """Where the object is documented: its defining module when that is public and no deeper than the
    module it was found in (``Bio.Seq.reverse_complement``, not ``Bio.Align.reverse_complement``)."""
    home = getattr(obj, "__module__", None) or ""
    public = home and not any(part.startswith("_") for part in home.split("."))
    shallow = home.count(".") <= module_name.count(".")
    if public and shallow and getattr(sys.modules.get(home), name, None) is obj:
        return f"{home}.{name}"
    # Defined in a private module (``sklearn.svm._classes``): the public package above it that exports
    # the name (``sklearn.svm.LinearSVC``), not a sibling that imports it for its own use
    # (``sklearn.calibration.LinearSVC``, found first in alphabetical order).
    parts = home.split(".") if home else []
    for depth in range(len(parts) - 1, 0, -1):
        parent = ".".join(parts[:depth])
        if any(part.startswith("_") for part in parts[:depth]) or depth - 1 > module_name.count("."):
            continue
        if getattr(sys.modules.get(parent), name, None) is obj:
            return f"{parent}.{name}"
    return f"{module_name}.{name}"


class _Scan:
    """What the module loop collects besides callables: class records by class, objects that are
    instances of a library class, submodules reached only as attributes (``pkg.linalg``)."""

    def __init__(self, max_modules: int) -> None:
        self.max_modules = max_modules
        self.classes: dict[int, dict[str, Any]] = {}
        self.instances: list[tuple[str, str, int]] = []  # (module, name, id of the instance's class)
        self.objects: dict[tuple[str, str], Any] = {}  # (module, name) → that instance
        self.instance_classes: dict[int, type] = {}  # id → the class of those instances
        self.aliases: dict[str, Any] = {}
        self.factories: list[tuple[dict[str, Any], type]] = []  # module functions that build a class


def _describe(
    module: Any,
    module_name: str,
    name: str,
    *,
    package: str,
    seen: set[int],
    analysis: dict[str, Any],
    scan: _Scan,
) -> None:
    """Record the public name ``name`` of ``module``: a class with its methods and factories, a function,
    or an object that is an instance of a library class (a ready-made handle)."""
    obj = getattr(module, name, None)
    if obj is None or id(obj) in seen:
        return
    owner_module = getattr(obj, "__module__", None) or ""
    is_ufunc = type(obj).__name__ == "ufunc"
    if _is_instance(obj, is_ufunc):
        if (getattr(type(obj), "__module__", "") or "").startswith(package):
            seen.add(id(obj))
            scan.instances.append((module_name, name, id(type(obj))))
            scan.instance_classes[id(type(obj))] = type(obj)
            scan.objects[(module_name, name)] = obj
        return
    if not owner_module.startswith(package) and (
        not is_ufunc or owner_module or _foreign(obj, name, package)
    ):
        return
    public_path = _public_path(obj, name, module_name)
    if inspect.isclass(obj):
        seen.add(id(obj))
        record = _callable_record(obj, public_path, "class")
        if issubclass(obj, (enum.Enum, BaseException)) or getattr(obj, "_is_protocol", False):
            return  # a Protocol is a type, never an object to build
        room = _MAX_TOTAL_METHODS - sum(len(c.get("methods", [])) for c in analysis["callables"])
        record["methods"] = [
            _callable_record(fn, f"{public_path}.{method}", "method", owner=public_path)
            for method, fn in _class_methods(obj, package)[: max(room, 0)]
        ]
        record["instances"] = _ready_made(obj, public_path)
        scan.classes[id(obj)] = record
        analysis["callables"].append(record)
        for method, fn, builds in _factories(obj):
            factory = _callable_record(fn, f"{public_path}.{method}", "function", owner=public_path)
            factory["factory_of"] = public_path if builds else None
            factory["static_of"] = public_path
            analysis["callables"].append(factory)
    elif (
        inspect.isfunction(obj)
        or inspect.isbuiltin(obj)
        or is_ufunc
        or _is_compiled(obj)
        or _wraps_function(obj)
    ):
        seen.add(id(obj))
        record = _callable_record(obj, public_path, "function")
        analysis["callables"].append(record)
        built = _returned_class(obj, package)
        if built is not None:
            scan.factories.append((record, built))


def _foreign(obj: Any, name: str, package: str) -> bool:
    """A ufunc with no home module that another library's loaded module exports under that name
    (``from scipy.special import erf`` in ``pvlib.soiling``, ``numpy.exp`` imported by pint): that
    library's, not this one's."""
    for module_name, module in list(sys.modules.items()):
        if module_name.split(".")[0] == package or module is None:
            continue
        try:
            if getattr(module, name, None) is obj:
                return True
        except Exception:
            continue
    return False


def _is_instance(obj: Any, is_ufunc: bool) -> bool:
    """An object that is neither a class, a module nor a function of any kind: an instance (a callable
    one too, ``snake = Case(...)``, called as ``snake(text)``)."""
    if inspect.isclass(obj) or inspect.ismodule(obj) or is_ufunc or _is_compiled(obj) or _wraps_function(obj):
        return False
    if isinstance(obj, (enum.Enum, BaseException)):
        return False  # a constant of an enumeration, an error object: nothing to call
    return not (inspect.isfunction(obj) or inspect.isbuiltin(obj) or inspect.ismethod(obj))


_MAX_INSTANCES = 12


def _ready_made(cls: type, public_path: str) -> dict[str, str]:
    """Class attributes whose value is an instance of the class (``Geodesic.WGS84``): name → the
    ``module:Class.name`` target, the ones the class's documentation names most first."""
    module, _, attr = public_path.rpartition(".")
    doc = inspect.getdoc(cls) or ""
    found: list[str] = []
    for name, value in list(vars(cls).items()):
        if name.startswith("_") or inspect.isclass(value):
            continue
        try:
            if isinstance(value, cls):
                found.append(name)
        except Exception:
            continue
    found.sort(key=lambda n: -doc.count(n))
    return {name: f"{module}:{attr}.{name}" for name in found[:_MAX_INSTANCES]}


def _attach_instances(analysis: dict[str, Any], scan: _Scan, package: str) -> None:
    """Module-level instances of a public class are tools of their own (_analysis_instances.py); the
    methods of a private class are analysed when the library exposes an instance of it (iso3166's
    ``countries = _CountryLookup()``, the whole public face): its class is recorded with that instance,
    and only the instance is used (select.py builds no constructor tool for a private class)."""
    made = 0
    docs: dict[str, dict[str, str]] = {}
    per_class: dict[int, int] = {}
    for module_name, name, class_id in scan.instances:
        record = scan.classes.get(class_id)
        cls = scan.instance_classes.get(class_id)
        if cls is None:
            continue
        if not cls.__name__.startswith("_"):
            per_class[class_id] = per_class.get(class_id, 0) + 1
            if made >= _instances.MAX_INSTANCE_RECORDS or per_class[class_id] > _MAX_INSTANCES:
                continue
            if module_name not in docs:
                docs[module_name] = _instances.attribute_docs(sys.modules.get(module_name))
            records = _instances.instance_records(
                scan.objects[(module_name, name)],
                module_name,
                name,
                package=package,
                doc=docs[module_name].get(name, ""),
                methods=_class_methods(cls, package),
                record_of=_callable_record,
                examples_of=_examples,
                outputs_of=_example_outputs,
            )
            analysis["callables"].extend(records)
            made += len(records)
            continue
        if record is None:
            record = _callable_record(cls, f"{module_name}.{cls.__name__}", "class")
            record["methods"] = [
                _callable_record(fn, f"{module_name}.{name}.{method}", "method", owner=record["public_path"])
                for method, fn in _class_methods(cls, package)
            ]
            scan.classes[class_id] = record
            analysis["callables"].append(record)
        if record is not None and len(record.setdefault("instances", {})) < _MAX_INSTANCES:
            record["instances"].setdefault(name, f"{module_name}:{name}")


def _attribute_modules(
    module: Any, module_name: str, package: str, queue: list[str], scan: _Scan
) -> list[str]:
    """Public submodules of the library reached only as attributes of ``module`` (``pkg.linalg`` bound
    in ``pkg/__init__.py`` to a module pkgutil does not list): analysed under that public name."""
    found: list[str] = []
    known = set(queue) | {getattr(m, "__name__", "") for m in scan.aliases.values()}
    for name, value in list(vars(module).items()):
        if name.startswith("_") or not inspect.ismodule(value):
            continue
        real = getattr(value, "__name__", "") or ""
        dotted = f"{module_name}.{name}"
        if not real.startswith(package + ".") or dotted in known or real in known:
            continue
        if len(queue) + len(found) >= scan.max_modules:
            break
        scan.aliases[dotted] = value
        found.append(dotted)
    return found


def _walk(top: Any, package: str, started: float, budget: float, errors: dict[str, str]) -> list[str]:
    """Public submodule names, breadth first. Unlike pkgutil.walk_packages, a subpackage whose import
    raises anything (pytest's Skipped, SystemExit, a missing optional dependency) is recorded and skipped."""
    found: list[str] = []
    frontier = [(top.__name__, list(getattr(top, "__path__", [])))]
    while frontier and len(found) < 2000 and time.perf_counter() - started < budget:
        prefix, paths = frontier.pop(0)
        for info in pkgutil.iter_modules(paths, prefix + "."):
            parts = info.name.split(".")
            if len(parts) > 4 or any(p.startswith("_") or p in _SKIP_PARTS for p in parts[1:]):
                continue
            found.append(info.name)
            if info.ispkg:
                try:
                    sub = importlib.import_module(info.name)
                except BaseException as exc:
                    errors[info.name] = f"{type(exc).__name__}: {exc}"[:300]
                    continue
                frontier.append((info.name, list(getattr(sub, "__path__", []))))
    del package
    return found


def main() -> None:
    request = json.loads(sys.stdin.read() or "{}")
    for directory in reversed(request.get("site_dirs", [])):
        site.addsitedir(directory)
        if directory in sys.path:
            sys.path.remove(directory)
        sys.path.insert(0, directory)
    package = request["package"]
    started = time.perf_counter()
    budget = float(request.get("budget_seconds", 60))
    out = Path(os.environ["MCPFORGE_OUTPUT_DIR"]) / "analysis.json"
    analysis: dict[str, Any] = {
        "package": package,
        "version": None,
        "modules": [],
        "module_errors": {},
        "callables": [],
        "import_error": None,
    }
    try:
        top = importlib.import_module(package)
    except BaseException as exc:
        analysis["import_error"] = f"{type(exc).__name__}: {exc}"
        out.write_text(json.dumps(analysis), encoding="utf-8")
        return
    analysis["version"] = str(getattr(top, "__version__", "") or "") or None
    queue = [package, *_walk(top, package, started, budget / 3, analysis["module_errors"])]
    # Curated surfaces first (``pkg.api``, ``pkg.stats.api``), then shallow before deep.
    queue[1:] = sorted(queue[1:], key=lambda n: (n.rsplit(".", 1)[-1] != "api", n.count(".")))
    queue = queue[: int(request.get("max_modules", 150))]
    siblings = [str(name) for name in request.get("siblings", [])]
    queue += [name for name in siblings if name not in queue]
    seen: set[int] = set()
    scan = _Scan(max_modules=int(request.get("max_modules", 150)))
    for module_name in queue:
        if time.perf_counter() - started > budget:
            analysis["module_errors"][module_name] = "analysis time budget exhausted"
            continue
        try:
            module = scan.aliases.get(module_name) or importlib.import_module(module_name)
        except BaseException as exc:
            analysis["module_errors"][module_name] = f"{type(exc).__name__}: {exc}"[:300]
            continue
        analysis["modules"].append(module_name)
        if len(analysis["callables"]) >= _MAX_CALLABLES:
            continue
        for name in _public_names(module):
            try:
                owner = module_name.split(".")[0] if module_name.split(".")[0] in siblings else package
                _describe(module, module_name, name, package=owner, seen=seen, analysis=analysis, scan=scan)
            except BaseException as exc:
                # A lazy attribute whose import fails (a missing optional dependency): that name is
                # skipped and said, the rest of the library is still analysed.
                analysis["module_errors"][f"{module_name}.{name}"] = f"{type(exc).__name__}: {exc}"[:300]
        queue.extend(_attribute_modules(module, module_name, package, queue, scan))
    _attach_instances(analysis, scan, package)
    _attach_factories(scan)
    try:
        short_names = {c["public_path"].rsplit(".", 1)[-1] for c in analysis["callables"]}
        short_names |= {
            m["public_path"].rsplit(".", 1)[-1] for c in analysis["callables"] for m in c.get("methods", [])
        }
        docs = "\n".join(
            f"{c.get('doc', '')}\n{c.get('init_doc', '')}"
            for c in analysis["callables"]
            if c.get("kind") == "class" or not c.get("examples")
        )
        source_dir = str(request.get("source_dir") or "")
        analysis["prominence"] = _prominence(top, package, short_names, docs, source_dir)
        functions = {
            c["public_path"].rsplit(".", 1)[-1]: c["public_path"]
            for c in analysis["callables"]
            if c.get("kind") == "function" and not c.get("owner")
        }
        usage = analysis["prominence"]["usage_examples"]
        for callee, calls in forwarded_calls(usage, functions).items():
            usage.setdefault(callee, []).extend(calls)
        # Static methods too (``bankCard.checkCardNumber``), not the methods of module-level objects.
        callers = {
            c["public_path"].rsplit(".", 1)[-1]: c["public_path"]
            for c in reversed(analysis["callables"])
            if c.get("kind") == "function" and not c.get("bound_to")
        }
        # Kept apart: derived values, never a library's ordinary value of that parameter (keyword_pool.py).
        analysis["prominence"]["received_examples"] = received_calls(usage, callers)
    except Exception as exc:  # a signal for ranking only; never fails the analysis
        analysis["module_errors"]["<prominence>"] = f"{type(exc).__name__}: {exc}"[:300]
    analysis["seconds"] = round(time.perf_counter() - started, 3)
    text = json.dumps(analysis, default=str)
    limit = 2000
    while len(text) > _MAX_JSON_BYTES and limit > 50:
        # Too big for the output cap: shorten every docstring (examples are kept, they are extracted).
        for record in analysis["callables"]:
            for item in [record, *record.get("methods", [])]:
                item["doc"] = item["doc"][:limit]
        limit //= 2
        text = json.dumps(analysis, default=str)
    out.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
