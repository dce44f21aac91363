"""Which tools wrap a check's callable: object identity, decided inside the library's environment.

Run by ``bench_convert_cases.py`` as a sandboxed script (standard library only; it imports the library,
so it never runs on the host). Reads ``{"site_dirs", "checks": [{"id", "call"}], "entries": [{"ref",
"kind", "target", "method"}]}`` on stdin; writes ``matches.json`` to ``$MCPFORGE_OUTPUT_DIR``: per check
``{"function": [ref...], "static": [ref...], "method": [ref...], "constructor": [ref...], "error"}``.

A check's ``call`` is resolved as the benchmark's own runner resolves it: from the top package, an
attribute first, a submodule only when there is no such attribute. An entry (a served tool, a dropped
tool, a skipped or merely analysed callable) is resolved from the ``module:attr`` target convert records
for it. Matching is by identity, so a tool recorded under another public path than the check's
(``humanize.number.intcomma`` for ``humanize.intcomma``) still matches:

- function check: entries of kind function/class that are the same object (``function``), or method
  entries whose attribute on their class is that object (a static method reached through its class,
  ``static``);
- ``pkg.Class(**constructor).method``: method entries named ``method`` whose class is ``Class`` or one
  of its bases (the service calls ``getattr(receiver, method)``, so an inherited method is the same
  call; ``method``), and class entries that are ``Class`` (``constructor``);
- ``pkg.Class.factory(**constructor).method`` (``Protego.parse(**constructor).can_fetch``, as the
  benchmark's runner calls it): the object is built by the factory, so the ``constructor`` entries are the
  ones wrapping that same factory, and the methods are those of the class it builds (a class method's
  class, else the class its return annotation names).
"""

import importlib
import inspect
import json
import os
import site
import sys
import typing
import warnings
from pathlib import Path

CTOR = "(**constructor)."


def resolve_call(dotted):
    parts = dotted.split(".")
    obj = importlib.import_module(parts[0])
    path = parts[0]
    for attr in parts[1:]:
        path = f"{path}.{attr}"
        obj = getattr(obj, attr) if hasattr(obj, attr) else importlib.import_module(path)
    return obj


def resolve_target(target):
    module_name, _, attrs = target.partition(":")
    obj = importlib.import_module(module_name)
    for attr in attrs.split(".") if attrs else []:
        obj = getattr(obj, attr)
    return obj


def unwrap(obj):
    return getattr(obj, "__func__", obj)


def same(a, b):
    return a is b or unwrap(a) is unwrap(b)


def _instance_receiver(obj):
    receiver = getattr(obj, "__self__", None)
    return None if receiver is None or isinstance(receiver, type) or inspect.ismodule(receiver) else receiver


def same_call(a, b):
    """The same callable called as a function: the same function, and, when either is bound to an
    object (``kebab.match``), bound to the same object (``snake.match`` is another call of it)."""
    first, second = _instance_receiver(a), _instance_receiver(b)
    if (first is not None or second is not None) and first is not second:  # identity only: ``==`` may raise
        return False
    return same(a, b)


def built_class(maker):
    """The class whose object ``maker`` builds: the class itself, a class method's class
    (``Protego.parse``), else the class its return annotation names (None when nothing says)."""
    if isinstance(maker, type):
        return maker
    receiver = getattr(maker, "__self__", None)
    if isinstance(receiver, type):
        return receiver
    try:
        returns = typing.get_type_hints(maker).get("return")
    except Exception:
        return None
    return returns if isinstance(returns, type) else None


def match_check(call, resolved):
    found = {"function": [], "static": [], "method": [], "constructor": [], "error": None}
    if CTOR in call:
        class_path, _, method = call.partition(CTOR)
        maker = resolve_call(class_path)
        cls = built_class(maker)
        if cls is None:
            raise TypeError(f"{class_path} builds an object of no class the resolver can name")
        for entry, owner in resolved:
            if _builds_with(entry, owner, maker, cls):
                found["constructor"].append(entry["ref"])
            elif entry["kind"] == "method" and entry["method"] == method and _base_of(owner, cls):
                found["method"].append(entry["ref"])
        return found
    target = resolve_call(call)
    receiver = getattr(target, "__self__", None)
    if receiver is not None and not isinstance(receiver, type) and not inspect.ismodule(receiver):
        # ``Geodesic.WGS84.Inverse``: a method of a ready-made instance, named by its attribute.
        found["instance"] = call.rsplit(".", 2)[-2]
    for entry, owner in resolved:
        if entry["kind"] in {"function", "class"} and same_call(owner, target):
            found["function"].append(entry["ref"])
        elif entry["kind"] == "method" and same(getattr(owner, entry["method"], None), target):
            found["static"].append(entry["ref"])
    return found


def _builds_with(entry, owner, maker, cls):
    """Whether the entry is the check's way in: the class's constructor, or a tool of its factory."""
    if maker is cls:
        return entry["kind"] == "class" and owner is cls
    return entry["kind"] in {"function", "class"} and same_call(owner, maker)


def _base_of(owner, cls):
    return isinstance(owner, type) and isinstance(cls, type) and issubclass(cls, owner)


def main():
    request = json.loads(sys.stdin.read() or "{}")
    for directory in reversed(request.get("site_dirs", [])):
        site.addsitedir(directory)
        if directory in sys.path:
            sys.path.remove(directory)
        sys.path.insert(0, directory)
    warnings.simplefilter("ignore")
    resolved = []
    for entry in request["entries"]:
        try:
            resolved.append((entry, resolve_target(entry["target"])))
        except BaseException:  # an entry that does not resolve cannot match; the others still can
            continue
    out = {}
    for check in request["checks"]:
        try:
            out[check["id"]] = match_check(check["call"], resolved)
        except BaseException as exc:  # the check's callable does not resolve: say so, go on
            out[check["id"]] = {
                "function": [], "static": [], "method": [], "constructor": [],
                "error": f"{type(exc).__name__}: {exc}"[:300],
            }  # fmt: skip
    target = Path(os.environ["MCPFORGE_OUTPUT_DIR"]) / "matches.json"
    target.write_text(json.dumps(out), encoding="utf-8")


if __name__ == "__main__":
    main()
