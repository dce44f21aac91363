"""Runs inside the sandbox, imported by ``_analysis_script.py``: module-level objects of a public
library class, each its own tools.

textcase's public face is ``snake = Case(delimiter="_", ...)``, ``kebab = Case(...)``: a user calls
``snake("Hello, world!")`` and ``kebab.match("hello-world")``. One ``Case.match`` tool would have to be
told which object to use, and called on a default ``Case()`` it answers for another style (a wrong
value). So each such object's ``__call__`` is a function tool named after it (target ``module:snake``)
and each public method one bound to it (``module:kebab.match``, public path ``pkg.kebab.match``). Their
documentation is the string literal the authors wrote under the assignment (an attribute docstring,
only in the source), which holds the examples. Stdlib only; shipped next to the script under
``_mcpforge_analysis_instances`` (see ``analyse.py``).
"""

from __future__ import annotations

import ast
import inspect
from collections.abc import Callable
from typing import Any

MAX_INSTANCE_RECORDS = 150  # records made from module-level objects, in all


def attribute_docs(module: Any) -> dict[str, str]:
    """``name`` → the string literal that follows ``name = ...`` at the top level of ``module``'s
    source (the attribute docstring Sphinx and IDEs show); empty when the source is unavailable."""
    try:
        tree = ast.parse(inspect.getsource(module))
    except (OSError, TypeError, SyntaxError, ValueError):
        return {}
    docs: dict[str, str] = {}
    for node, following in zip(tree.body, tree.body[1:], strict=False):
        if not (
            isinstance(following, ast.Expr)
            and isinstance(following.value, ast.Constant)
            and isinstance(following.value.value, str)
        ):
            continue
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AnnAssign):
            targets = [node.target]
        for target in targets:
            if isinstance(target, ast.Name):
                docs[target.id] = inspect.cleandoc(following.value.value)
    return docs


def _own_call(obj: Any, package: str) -> bool:
    """Whether calling ``obj`` runs the library's own ``__call__`` (not a wrapper's from elsewhere)."""
    for cls in type(obj).__mro__:
        if "__call__" in vars(cls):
            return (getattr(cls, "__module__", "") or "").startswith(package)
    return False


def _mentioning(lines: list[str], name: str) -> list[str]:
    return [line for line in lines if name in line]


def instance_records(
    obj: Any,
    module_name: str,
    name: str,
    *,
    package: str,
    doc: str,
    methods: list[tuple[str, Any]],
    record_of: Callable[..., dict[str, Any]],
    examples_of: Callable[[str], list[str]],
    outputs_of: Callable[[str], dict[str, str]],
) -> list[dict[str, Any]]:
    """The function records of one module-level object ``module_name.name``: its call (when its class
    defines one) and its public ``methods``, each bound to it; ``doc`` is its attribute docstring."""
    path = f"{module_name}.{name}"
    examples = examples_of(doc) if doc else []
    outputs = outputs_of(doc) if doc else {}
    records: list[dict[str, Any]] = []
    if callable(obj) and _own_call(obj, package):
        record = record_of(obj, path, "function")
        call_doc = inspect.getdoc(type(obj).__call__) or ""
        _document(record, doc, call_doc, [e for e in examples if f"{name}(" in e], outputs)
        records.append(record)
    for method, _raw in methods:
        bound = getattr(obj, method, None)
        if bound is None or not callable(bound):
            continue
        record = record_of(bound, f"{path}.{method}", "function", owner=path)
        own = _mentioning(examples, f"{name}.{method}(")
        _document(record, doc, record.get("doc", ""), own, outputs)
        records.append(record)
    for record in records:
        record["bound_to"] = name
    return records


def _document(
    record: dict[str, Any], doc: str, own_doc: str, examples: list[str], outputs: dict[str, str]
) -> None:
    """The object's attribute docstring first (it says which object this is), then the callable's own;
    the object's examples that call this callable first."""
    if not doc:
        return
    record["doc"] = f"{doc}\n\n{own_doc}".strip()[:2500]
    record["summary"] = doc.split("\n\n", maxsplit=1)[0].replace("\n", " ")[:300]
    record["examples"] = [*examples, *[e for e in record.get("examples", []) if e not in examples]][:60]
    record["example_outputs"] = {
        **record.get("example_outputs", {}),
        **{e: outputs[e] for e in examples if e in outputs},
    }
