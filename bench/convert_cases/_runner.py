"""Run benchmark checks directly against a library (no mcpforge), inside that library's own venv.

Reads {"checks": [...], "sys_path": [...]} as JSON on stdin and prints one JSON list of
{"id", "result"} or {"id", "error"} on stdout. Standard library only, so that it runs in any
scratch venv. Used by make_expected.py (to compute expected values) and by verify_cases.py.

Call forms:
  "pkg.module.function"                      -> function(**arguments)
  "pkg.module.Class(**constructor).method"   -> Class(**constructor).method(**arguments)
  "pkg.module.obj.method"                    -> attribute chain after the longest importable module
Arguments are given by parameter name, as an MCP tool receives them. A positional-only parameter
(by the signature) is passed by position; a builtin without a signature that refuses keywords is
called with the arguments by position, in the order the check's "positional" list gives. The key "*args" (a list) passes
positional arguments to a variadic signature such as Composition(*args).
"""

from __future__ import annotations

import collections.abc
import contextlib
import datetime
import decimal
import fractions
import importlib
import inspect
import json
import math
import sys
import warnings

CTOR = "(**constructor)."


def resolve(dotted: str):
    """Import the top package, then walk the dotted path: an attribute the package exports wins
    (slugify.slugify is the function the package exports, not its submodule); a submodule is
    imported only when there is no such attribute."""
    parts = dotted.split(".")
    obj = importlib.import_module(parts[0])
    path = parts[0]
    for attr in parts[1:]:
        path = f"{path}.{attr}"
        if hasattr(obj, attr):
            obj = getattr(obj, attr)
        else:
            obj = importlib.import_module(path)
    return obj


def call_with(fn, arguments: dict, positional: list | None = None):
    arguments = dict(arguments)
    varargs = list(arguments.pop("*args", []))
    if varargs:  # a variadic signature (f(*args)): these go first, by position
        return fn(*varargs, **arguments)
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        sig = None
    if sig is not None:
        args = []
        for p in sig.parameters.values():
            if p.kind is inspect.Parameter.POSITIONAL_ONLY and p.name in arguments:
                args.append(arguments.pop(p.name))
        return fn(*args, **arguments)
    try:
        return fn(**arguments)
    except TypeError:
        # a builtin with no signature (pybind11, C) that takes its arguments by position only:
        # the check's "positional" list gives their order (a JSON object's key order means nothing)
        if positional is None:
            raise
        return fn(*(arguments[name] for name in positional))


def normalise(x):
    """The benchmark's JSON normalisation (RULE.md)."""
    if x is None or isinstance(x, bool):
        return x
    mod = type(x).__module__ or ""
    if mod.split(".")[0] == "numpy":
        if hasattr(x, "tolist"):
            return normalise(x.tolist())
    if isinstance(x, int):
        return int(x)
    if isinstance(x, float):
        return float(x)
    if isinstance(x, str):
        return str.__str__(x)
    if isinstance(x, complex):
        return {"real": x.real, "imag": x.imag}
    if isinstance(x, (datetime.datetime, datetime.date, datetime.time)):
        return x.isoformat()
    if isinstance(x, (decimal.Decimal, fractions.Fraction)):
        return str(x)
    if isinstance(x, collections.abc.Mapping):
        out = {}
        for k, v in x.items():
            if isinstance(k, str):
                key = str.__str__(k)
            elif isinstance(k, (datetime.date, datetime.time)):
                key = k.isoformat()
            else:
                key = str(normalise(k)) if not isinstance(normalise(k), str) else normalise(k)
            out[key] = normalise(v)
        return out
    if isinstance(x, (list, tuple)):
        return [normalise(v) for v in x]
    if isinstance(x, (set, frozenset, collections.abc.Set)):
        items = [normalise(v) for v in x]
        return sorted(items, key=lambda v: json.dumps(v, sort_keys=True))
    raise TypeError(f"result of type {type(x).__module__}.{type(x).__qualname__} is not JSON-expressible")


def run_check(check: dict):
    call = check["call"]
    arguments = check.get("arguments", {})
    if CTOR in call:
        cls_path, method = call.split(CTOR, 1)
        obj = call_with(resolve(cls_path), check.get("constructor", {}))
        fn = getattr(obj, method)
    else:
        fn = resolve(call)
    result = normalise(call_with(fn, arguments, check.get("positional")))
    json.dumps(result, allow_nan=False)
    return result


def main() -> int:
    sys.dont_write_bytecode = True  # leave the frozen repos/ tree untouched
    req = json.load(sys.stdin)
    for p in req.get("sys_path", []):
        sys.path.insert(0, p)
    warnings.simplefilter("ignore")
    out = []
    for check in req["checks"]:
        try:
            with contextlib.redirect_stdout(sys.stderr):  # a library's prints must not mix with the JSON
                result = run_check(check)
            out.append({"id": check["id"], "result": result})
        except BaseException as exc:  # noqa: BLE001 - reported, not hidden
            out.append({"id": check["id"], "error": f"{type(exc).__name__}: {exc}"[:500]})
    sys.stdout.write(json.dumps(out, allow_nan=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
