"""The runtime of a converted service: JSON in, library call, JSON out. Copied into every package.

Shipped verbatim as ``<name>_mcp/_runtime.py``, so it imports nothing of mcpforge: a generated package
runs by itself (``python -m <name>_mcp``) with only FastMCP, jsonschema and the library installed.

Every tool signature stays JSON (seed 004): values that are not JSON cross the boundary as handles.
A tool that returns a library object stores it in the :class:`HandleStore` and returns
``{"handle": id, "type": ..., "text": str(obj)}``; any later argument equal to a live handle id is
replaced by the object; the ``release`` tool frees a handle. Expression strings are parsed only after an
AST check admits nothing but arithmetic over names, numbers and calls of plain names, so a string can
never reach ``eval`` with attribute access, dunders or statements in it.

Bounds: a result whose JSON is larger than ``MCPFORGE_MAX_RESULT_BYTES`` (default 4 MiB) is refused
in this process, before a byte of it is sent ("result of N bytes exceeds the limit of M bytes; ask for
less"). The process keeps module-level state and the handle store between calls of *every* client
of the server that runs it: handle ids carry 128 random bits, so one client cannot name another's
objects without being told the id; at most MAX_HANDLES handles and about MAX_HANDLE_BYTES of array and
frame buffers are kept (the oldest are evicted first); the process memory limit bounds the rest.
"""

# ruff: noqa: PLR0911, PLR0912 - values here are arbitrary library values by design
from __future__ import annotations

import ast
import cmath
import collections
import datetime
import decimal
import importlib
import inspect
import itertools
import json
import math
import os
import re
import secrets
import sys
import time
from collections.abc import Callable, ItemsView, Iterable, KeysView, Mapping, Set, ValuesView
from pathlib import Path
from typing import Any

HANDLE_PREFIX = "h$"
MAX_HANDLES = 2000
MAX_HANDLE_BYTES = 1024 * 1024 * 1024
DEFAULT_MAX_RESULT_BYTES = 4 * 1024 * 1024
MAX_RESULT_BYTES_ENV = "MCPFORGE_MAX_RESULT_BYTES"
MAX_ITEMS = 10_000
MAX_TEXT = 2000
_EXPR_NODES = (
    ast.Expression,
    ast.BinOp,
    ast.UnaryOp,
    ast.Name,
    ast.Load,
    ast.Constant,
    ast.Call,
    ast.Tuple,
    ast.List,
    ast.Compare,
    ast.operator,
    ast.unaryop,
    ast.cmpop,
    ast.keyword,
)
_KEEP_AS_TEXT = {"name", "names", "s", "string", "text", "prefix", "label", "fmt", "format", "sep", "mode"}


class AdapterError(Exception):
    """An argument could not be turned into the value the library expects."""


class HandleStore:
    """Objects that cannot travel as JSON, kept in the service process and named by an unguessable id.

    The store is shared by every client of the process; an id is a capability (128 random bits), so
    only a client that was given it can use it. Bounded by count and by approximate buffer size.
    """

    def __init__(self, *, max_handles: int = MAX_HANDLES, max_bytes: int = MAX_HANDLE_BYTES) -> None:
        self._objects: collections.OrderedDict[str, tuple[Any, int]] = collections.OrderedDict()
        self._bytes = 0
        self.max_handles = max_handles
        self.max_bytes = max_bytes

    def put(self, obj: Any) -> str:
        """Store ``obj``; the least recently used handles are evicted past the count or size bound."""
        handle = f"{HANDLE_PREFIX}{type(obj).__name__}${secrets.token_urlsafe(16)}"
        size = approximate_size(obj)
        self._objects[handle] = (obj, size)
        self._bytes += size
        while len(self._objects) > 1 and (
            len(self._objects) > self.max_handles or self._bytes > self.max_bytes
        ):
            _old, (_obj, old_size) = self._objects.popitem(last=False)
            self._bytes -= old_size
        return handle

    def get(self, handle: str) -> Any:
        """The object named ``handle``; AdapterError when it is unknown or released."""
        if handle not in self._objects:
            raise AdapterError(f"unknown handle {handle!r} (released, evicted or from another session)")
        self._objects.move_to_end(handle)
        return self._objects[handle][0]

    def release(self, handle: str) -> bool:
        """Forget ``handle``; whether it existed."""
        entry = self._objects.pop(handle, None)
        if entry is None:
            return False
        self._bytes -= entry[1]
        return True

    @property
    def approximate_bytes(self) -> int:
        """The summed :func:`approximate_size` of the live handles."""
        return self._bytes

    def __len__(self) -> int:
        return len(self._objects)


def approximate_size(obj: Any) -> int:
    """Cheap size estimate: an array's or frame's buffer (``nbytes`` / ``memory_usage``), else getsizeof."""
    nbytes = getattr(obj, "nbytes", None)
    if isinstance(nbytes, int):
        return nbytes
    usage = getattr(obj, "memory_usage", None)
    if callable(usage) and type(obj).__module__.split(".")[0] == "pandas":
        try:
            return int(usage(deep=False).sum() if hasattr(obj, "columns") else usage(deep=False))
        except (TypeError, ValueError, AttributeError):
            pass
    try:
        return int(sys.getsizeof(obj))
    except (TypeError, ValueError, OverflowError):
        return 0


HANDLES = HandleStore()


# -- arguments -------------------------------------------------------------------------------------------
def check_expression(text: str) -> ast.Expression:
    """Parse ``text`` as an expression made only of arithmetic, names, numbers and calls of plain names."""
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError as exc:
        raise AdapterError(f"{text!r} is not an expression: {exc.msg}") from exc
    for node in ast.walk(tree):
        if not isinstance(node, _EXPR_NODES):
            raise AdapterError(f"{text!r} uses {type(node).__name__}, which expressions may not contain")
        if isinstance(node, ast.Name) and node.id.startswith("_"):
            raise AdapterError(f"{text!r} uses the private name {node.id!r}")
        if isinstance(node, ast.Call) and not isinstance(node.func, ast.Name):
            raise AdapterError(f"{text!r} calls something that is not a plain name")
    return tree


def parse_sympy(text: str) -> Any:
    """A sympy expression from ``text``, after :func:`check_expression` admitted it."""
    check_expression(text)
    sympy = importlib.import_module("sympy")
    parser = importlib.import_module("sympy.parsing.sympy_parser")
    names = {name: getattr(sympy, name) for name in getattr(sympy, "__all__", []) if not name.startswith("_")}
    # Builtins are cut off, so only sympy's public names and fresh Symbols are reachable.
    names["__builtins__"] = {}
    return parser.parse_expr(text, local_dict={}, global_dict=names, evaluate=True)


EXPRESSION_PARSERS: dict[str, Callable[[str], Any]] = {"sympy": parse_sympy}


def _resolve_handles(value: Any) -> Any:
    if isinstance(value, str) and value.startswith(HANDLE_PREFIX):
        return HANDLES.get(value)
    if isinstance(value, dict) and set(value) >= {"handle"} and isinstance(value.get("handle"), str):
        return HANDLES.get(value["handle"])
    if isinstance(value, list):
        return [_resolve_handles(item) for item in value]
    return value


def adapt_argument(name: str, value: Any, adapter: Mapping[str, Any], service: Mapping[str, Any]) -> Any:
    """Turn the JSON ``value`` of parameter ``name`` into what the library takes, per ``adapter``."""
    kind = adapter.get("kind", "json")
    value = _resolve_handles(value)
    if kind == "json" or value is None:
        if kind == "json" and isinstance(value, str) and name not in _KEEP_AS_TEXT:
            parser = EXPRESSION_PARSERS.get(str(service.get("expression_parser") or ""))
            if parser is not None:
                return parser(value)
        return value
    if kind == "expression":
        parser = EXPRESSION_PARSERS.get(str(service.get("expression_parser") or "sympy"))
        return parser(value) if parser is not None and isinstance(value, str) else value
    if kind == "ndarray":
        if isinstance(value, str):
            return value if adapter.get("strings") else _quantity(value, str(service.get("library") or ""))
        np = importlib.import_module("numpy")
        return np.asarray(_complex_in(value))
    if kind == "complex":
        return _complex_in(value)
    if kind == "quantity":
        return _quantity(value, str(service.get("library") or ""), str(adapter.get("system") or "pint"))
    if kind == "tuple":
        return tuple(value) if isinstance(value, list) else value
    if kind == "enum":
        enum_cls = _import_object(str(adapter["class"]))
        try:
            return enum_cls[value]
        except KeyError:
            return enum_cls(value)
    if kind == "dataframe":
        pd = importlib.import_module("pandas")
        if isinstance(value, str):
            return pd.read_csv(_allowed_path(value))
        return pd.DataFrame.from_records(value)
    if kind == "handle":
        # A live handle was resolved above; other JSON goes to the library, which may accept it in
        # place of the object (networkx takes an edge list where it documents a graph).
        return value
    raise AdapterError(f"unknown adapter {kind!r} for parameter {name!r}")


def _unit_registry(library: str) -> Any:
    """The library's pint registry (``<library>.units``), else pint's application registry."""
    try:
        module = importlib.import_module(f"{library}.units")
    except ImportError:
        module = None
    for value in vars(module).values() if module is not None else []:
        if type(value).__name__.endswith("UnitRegistry"):
            return value
    return importlib.import_module("pint").get_application_registry()


def _quantity(value: Any, library: str, system: str = "pint") -> Any:
    """``"10 m/s"`` (or ``{"value": 10, "unit": "m/s"}``) as a pint or astropy quantity."""
    if isinstance(value, dict) and set(value) == {"value", "unit"}:
        value = f"{value['value']} {value['unit']}"
    if isinstance(value, str):
        # Magnitude and unit apart: "35 degC" parsed as one expression would multiply an offset unit.
        match = re.fullmatch(r"\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*(.*?)\s*", value)
        if match is None:
            raise AdapterError(f"{value!r} is not a quantity such as '10 m/s'")
        if system == "astropy":
            units = importlib.import_module("astropy.units")
            return units.Quantity(float(match.group(1)), match.group(2) or "")
        return _unit_registry(library).Quantity(float(match.group(1)), match.group(2) or "dimensionless")
    if isinstance(value, list):
        np = importlib.import_module("numpy")
        return np.asarray(value)
    return value


def _complex_in(value: Any) -> Any:
    if isinstance(value, dict) and set(value) == {"real", "imag"}:
        return complex(value["real"], value["imag"])
    if isinstance(value, list):
        return [_complex_in(item) for item in value]
    return value


def _allowed_path(raw: str) -> str:
    roots = [Path(r).resolve() for r in os.environ.get("MCPFORGE_ALLOWED_ROOTS", "").split(os.pathsep) if r]
    path = Path(raw).expanduser().resolve()
    if not any(path.is_relative_to(root) for root in roots):
        raise AdapterError(f"path {raw!r} is not under an allowed directory (MCPFORGE_ALLOWED_ROOTS)")
    return str(path)


def _import_object(dotted: str) -> Any:
    """``module:attr.path``; a module that is only an attribute of its package (``pkg.linalg`` bound in
    ``pkg/__init__.py``) is reached from the deepest importable parent."""
    module_name, _, attr_path = dotted.partition(":")
    parts = module_name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: Any = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            if cut == 1:
                raise
            continue
        for part in [*parts[cut:], *(attr_path.split(".") if attr_path else [])]:
            obj = getattr(obj, part)
        return obj
    raise ModuleNotFoundError(module_name)


def _receiver(receiver: Any, ready_made: str | None, owner: Any = None) -> Any:
    """A method's object: the handle given, else the ready-made instance chosen; for a tuple-like class
    (:func:`is_items_only`), the list of items a tool answered with stands for the object."""
    if receiver is None and ready_made is not None:
        receiver = _import_object(ready_made)
    if receiver is None:
        raise AdapterError("the handle of the object is missing")
    if isinstance(receiver, list) and isinstance(owner, type) and is_items_only(owner):
        return tuple.__new__(owner, receiver)
    return receiver


def is_items_only(cls: type) -> bool:
    """Whether every object of ``cls`` is its items and nothing else: a tuple subclass whose own classes
    each declare empty ``__slots__`` (``iso639.Lang``, a named tuple) or, in a named tuple's subclass,
    define no ``__init__`` that could keep more (packageurl's ``PackageURL`` only normalises in
    ``__new__``). Such an object answers as the JSON list of its items, and that list rebuilt with
    ``tuple.__new__`` is the same object, so its methods can be called on the list (no handle needed)."""
    if not issubclass(cls, tuple) or cls is tuple:
        return False
    named = isinstance(getattr(cls, "_fields", None), tuple)
    own = [k for k in cls.__mro__ if k not in {tuple, object} and not k.__module__.startswith("typing")]
    return all(
        ("__slots__" in vars(k) and not vars(k)["__slots__"]) or (named and "__init__" not in vars(k))
        for k in own
    )


def _ready_made_target(params: list[Mapping[str, Any]], arguments: Mapping[str, Any]) -> str | None:
    """The target of the ready-made instance the ``instance`` argument names (absent: the first, the
    documented one); None for a tool without ready-made instances."""
    param = next((p for p in params if p.get("role") == "instance"), None)
    if param is None:
        return None
    name = arguments.get(str(param["name"]))
    instances = dict(param.get("adapter", {}).get("instances", {}))
    chosen = next(iter(instances), None) if name is None else name
    if not isinstance(chosen, str) or chosen not in instances:
        raise AdapterError(f"unknown instance {name!r}; one of: {', '.join(instances)}")
    return str(instances[chosen])


# -- results ---------------------------------------------------------------------------------------------
def to_json(value: Any, *, depth: int = 0) -> Any:
    """A JSON value for ``value``; library objects become handle records."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if isinstance(value, complex):
        return {"real": to_json(value.real), "imag": to_json(value.imag)}
    if depth > 20:
        return _handle_record(value)
    module = type(value).__module__.split(".")[0]
    if module == "numpy":
        return _numpy_json(value, depth)
    if module == "pandas" and hasattr(value, "to_dict"):
        return _pandas_json(value)
    if isinstance(value, Mapping):
        return {_key(k): to_json(v, depth=depth + 1) for k, v in itertools.islice(value.items(), MAX_ITEMS)}
    if isinstance(value, (set, frozenset)):  # unordered: sorted, so the same set reads the same every time
        return [to_json(item, depth=depth + 1) for item in sorted(value, key=repr)[:MAX_ITEMS]]
    if isinstance(value, (list, tuple, Set, KeysView, ValuesView, ItemsView)):
        # A library's own set (an ordered set, a set of paths) is its members, in its own order: a value, not
        # a handle nobody can read.
        return [to_json(item, depth=depth + 1) for item in itertools.islice(value, MAX_ITEMS)]
    if inspect.isgenerator(value) or type(value).__name__ in {"map", "filter", "zip"}:
        return [to_json(item, depth=depth + 1) for item in itertools.islice(value, MAX_ITEMS)]
    if isinstance(value, decimal.Decimal):
        return _decimal_json(value)
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)) and depth > 0:
        # Inside a result (a parsed document's dates), ISO 8601 text: what a person reads, and no chain
        # reaches it. A whole result that is a date stays a handle (another tool may take it), its text ISO.
        return value.isoformat()
    number = _as_number(value)
    if number is not None:
        return number
    return _handle_record(value)


def _decimal_json(value: decimal.Decimal) -> int | float | str:
    """A Decimal as a JSON number when that number reads back as the same value, else its exact text: a
    geohash's ``Decimal("70.2994537353515625")`` would print as 70.29945373535156, digits the library
    did not give; ``Decimal("NaN")`` is its text."""
    if not value.is_finite():
        return str(value)
    if value == value.to_integral_value():
        return int(value)
    as_float = float(value)
    return as_float if decimal.Decimal(repr(as_float)) == value else str(value)


def _key(key: Any) -> str:
    return key if isinstance(key, str) else json.dumps(to_json(key), default=str)


def _as_number(value: Any) -> int | float | dict[str, Any] | None:
    """``value`` as a JSON number when it is one (a Fraction, an mpmath float). An object with components
    (indexable: pyquaternion's ``Quaternion``, whose ``float()`` is its scalar part alone) is no number:
    answering 0.707 for ``Quaternion(axis=[0, 0, 1], angle=pi/2)`` would lose its vector part."""
    if isinstance(value, Iterable) or hasattr(value, "__getitem__") or not hasattr(value, "__float__"):
        return None
    try:
        as_float = float(value)
    except (TypeError, ValueError, OverflowError):
        try:
            as_complex = complex(value)
        except (TypeError, ValueError, OverflowError):
            return None
        return {"real": as_complex.real, "imag": as_complex.imag} if cmath.isfinite(as_complex) else None
    if hasattr(value, "__int__"):
        try:
            if int(value) == value:
                return int(value)
        except (TypeError, ValueError, OverflowError):
            pass
    return as_float if math.isfinite(as_float) else None


def _numpy_json(value: Any, depth: int) -> Any:
    if hasattr(value, "tolist"):
        return to_json(value.tolist(), depth=depth + 1)
    return _handle_record(value)


def _pandas_json(value: Any) -> Any:
    if hasattr(value, "columns"):
        return json.loads(value.head(MAX_ITEMS).to_json(orient="records", date_format="iso"))
    return json.loads(value.head(MAX_ITEMS).to_json(orient="split", date_format="iso"))


def _handle_record(value: Any) -> dict[str, Any]:
    try:
        text = (
            value.isoformat()
            if isinstance(value, (datetime.datetime, datetime.date, datetime.time))
            else str(value)
        )
    except Exception as exc:
        text = f"<{type(value).__name__}: str() failed: {exc}>"
    return {
        "handle": HANDLES.put(value),
        "type": f"{type(value).__module__}.{type(value).__qualname__}",
        "text": text[:MAX_TEXT],
    }


# -- calls -----------------------------------------------------------------------------------------------
class ToolFailedError(Exception):
    """A call failed; ``phase`` says where (arguments, call, result) for the review step."""

    def __init__(self, phase: str, exc: BaseException) -> None:
        super().__init__(f"[{phase}] {type(exc).__name__}: {exc}")
        self.phase = phase
        self.error_type = type(exc).__name__


def call(plan: Mapping[str, Any], arguments: Mapping[str, Any], service: Mapping[str, Any]) -> dict[str, Any]:
    """Call the library for one tool: adapt the arguments, call, convert the result to JSON."""
    started = time.perf_counter()
    try:
        target = _import_object(str(plan["target"]))
        params = list(plan.get("params", []))
        check_known_arguments(params, arguments)
        kwargs: dict[str, Any] = {}
        positional: list[Any] = []
        skipped: list[Mapping[str, Any]] = []  # positional parameters not given, so far
        in_order = True  # ``by_position`` parameters go by position until one of them is not given
        receiver = None
        ready_made = _ready_made_target(params, arguments)  # ``Geodesic.WGS84``, when no handle is given
        for param in (p for p in params if p.get("role") != "instance"):
            name = param["name"]
            if param.get("varkw"):
                kwargs.update(_further_keywords(name, arguments.get(name), service))
                continue
            by_position = param.get("role") != "self" and bool(
                param.get("positional_only") or param.get("varargs")
            )
            if name not in arguments:
                skipped += [param] if by_position else []
                in_order = in_order and not param.get("by_position")
                continue
            if by_position and skipped:
                positional.extend(fill_skipped(skipped, name, service))
                skipped = []
            if param.get("varargs"):
                # ``*args`` travels as one array of the positional values; each is adapted alone.
                items = arguments[name] if isinstance(arguments[name], list) else [arguments[name]]
                positional.extend(adapt_argument(name, v, param.get("adapter", {}), service) for v in items)
                continue
            value = adapt_argument(name, arguments[name], param.get("adapter", {}), service)
            if param.get("role") == "self":
                receiver = value
            elif param.get("positional_only") or (param.get("by_position") and in_order and not skipped):
                positional.append(value)
            else:
                kwargs[param.get("python_name", name)] = value
    except Exception as exc:
        raise ToolFailedError("arguments", exc) from exc
    try:
        if plan.get("kind") == "method":
            receiver = _receiver(receiver, ready_made, target)
            value = getattr(receiver, str(plan["method"]))(*positional, **kwargs)
        else:
            value = target(*positional, **kwargs)
    except Exception as exc:
        raise ToolFailedError("call", exc) from exc
    try:
        result = _handle_record(value) if _built_collection(plan, value) else to_json(value)
        check_result_size(json.dumps(result))
    except Exception as exc:
        raise ToolFailedError("result", exc) from exc
    return {"result": result, "duration_ms": round((time.perf_counter() - started) * 1000, 3)}


def _further_keywords(name: str, value: Any, service: Mapping[str, Any]) -> dict[str, Any]:
    """The keyword arguments a ``**kwargs`` parameter's object carries (none when it is not given)."""
    if value is None:
        return {}
    if not isinstance(value, Mapping) or not all(isinstance(k, str) and k.isidentifier() for k in value):
        raise AdapterError(f"{name!r} takes an object of keyword arguments, by name")
    return {k: adapt_argument(f"{name}.{k}", v, {"kind": "json"}, service) for k, v in value.items()}


def _built_collection(plan: Mapping[str, Any], value: Any) -> bool:
    """Whether a constructor built a library object that only presents itself as a mapping (pymatgen's
    ``Composition``, a ``collections.abc.Mapping``): kept under a handle, as the tool promises, so its
    methods can be called; its members would lose the object. A ``dict`` subclass (deepdiff's
    ``DeepDiff``) is its data and still answers with its members."""
    return plan.get("kind") == "class" and isinstance(value, Mapping) and not isinstance(value, dict)


def check_known_arguments(params: list[Mapping[str, Any]], arguments: Mapping[str, Any]) -> None:
    """AdapterError naming every argument the tool has no parameter for: none is silently ignored."""
    known = [str(p["name"]) for p in params]
    unknown = sorted(set(arguments) - set(known))
    if unknown:
        takes = ", ".join(known) or "no arguments"
        raise AdapterError(f"unknown argument(s) {', '.join(unknown)}; this tool takes: {takes}")


def fill_skipped(skipped: list[Mapping[str, Any]], given: str, service: Mapping[str, Any]) -> list[Any]:
    """The values of positional parameters left out before ``given``, which goes by position after them:
    each one's default (from the library's signature), so ``given`` lands in its own slot; AdapterError
    when one has no known default (the caller must pass it too)."""
    values: list[Any] = []
    for param in skipped:
        if param.get("varargs"):
            continue
        if "default" not in param:
            raise AdapterError(
                f"{given!r} is passed by position after {param['name']!r}, whose default is not known; "
                f"pass {param['name']!r} too"
            )
        adapter = param.get("adapter", {})
        default = param["default"]
        values.append(
            default
            if adapter.get("kind", "json") == "json"
            else adapt_argument(param["name"], default, adapter, service)
        )
    return values


class ResultTooLargeError(Exception):
    """A result whose JSON is larger than the service may send."""

    def __init__(self, size: int, limit: int) -> None:
        super().__init__(f"result of {size} bytes exceeds the limit of {limit} bytes; ask for less")
        self.size = size
        self.limit = limit


def max_result_bytes() -> int:
    """The largest result JSON this process sends: ``$MCPFORGE_MAX_RESULT_BYTES``, else 4 MiB."""
    raw = os.environ.get(MAX_RESULT_BYTES_ENV, "").strip()
    return int(raw) if raw.isdigit() and int(raw) > 0 else DEFAULT_MAX_RESULT_BYTES


def check_result_size(encoded: str) -> None:
    """ResultTooLargeError when ``encoded`` (ASCII JSON, so one byte a character) is over the limit."""
    limit = max_result_bytes()
    if len(encoded) > limit:
        raise ResultTooLargeError(len(encoded), limit)


def release(handle: str) -> dict[str, Any]:
    """Free the object named ``handle``."""
    return {"result": {"released": HANDLES.release(handle), "live_handles": len(HANDLES)}}
