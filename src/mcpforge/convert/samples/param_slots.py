"""Which of a tool's parameters a written call's positional values fill.

A doctest or README call ``Composition("LiFePO4")`` passes its value by position; in
``Composition(*args, strict=False)`` that value belongs to ``*args``, never to ``strict``: a parameter after
``*args`` or after a bare ``*`` is keyword-only. The library's own signature (the analysis records each
parameter's kind) says which parameters take positions; a parameter whose kind is unknown takes one only
when it comes before ``*args``.

An object parameter that also takes a plain value (``Template(source: str | nodes.Template)``, "Wavelet
object or name") gets that plain value: what the library's doctests pass for it, else what its
description names, else a name.
"""

from __future__ import annotations

from typing import Any

from mcpforge.convert.samples.typed_values import NAMED_STRINGS, described_string, fits, name_match
from mcpforge.convert.select import ToolPlan

_POSITIONAL_KINDS = frozenset({"POSITIONAL_ONLY", "POSITIONAL_OR_KEYWORD"})


def positional_slots(plan: ToolPlan) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """The parameters positional values fill, in order, and the ``*args`` parameter that takes the rest
    (None: the call takes no more)."""
    kinds = {param.name: param.kind for param in plan.api.params}
    slots: list[dict[str, Any]] = []
    for param in plan.params:
        if param.get("role") == "self":
            continue
        if param.get("varargs"):
            return slots, param
        kind = kinds.get(str(param.get("python_name", param["name"])))
        if kind is None or kind in _POSITIONAL_KINDS:
            slots.append(param)
    return slots, None


def plain_value(
    param: dict[str, Any], schema: dict[str, Any], pool: dict[str, Any], text: str = "", *, guess: bool = True
) -> Any:
    """A plain value for a handle parameter (``Formula initializer``, ``Wavelet object or name``): what
    the library's doctests pass for it, else what its description says (a chemical formula), else
    (``guess``) a name when its schema takes a plain string; None when none of these."""
    value = pool.get(param["name"])
    if value is not None and not (isinstance(value, str) and value.startswith("h$")) and fits(value, schema):
        return value
    options = schema.get("anyOf", [schema])
    if any(isinstance(o, dict) and o.get("type") == "string" and "pattern" not in o for o in options):
        described = described_string(text)
        if described is not None or guess:
            return described or name_match(param["name"], NAMED_STRINGS) or "a"
    return None


def plain_values(
    plan: ToolPlan, handles: list[dict[str, Any]], pool: dict[str, Any], *, guess: bool
) -> dict[str, Any] | None:
    """Plain values for every handle parameter of ``plan`` (none: an empty dict), or None when one
    has none."""
    properties = plan.input_schema.get("properties", {})
    docs = {p.name: f"{p.doc_type} {p.doc}" for p in plan.api.params}
    values = {
        p["name"]: plain_value(
            p, properties.get(p["name"], {}), pool, docs.get(p.get("python_name", p["name"]), ""), guess=guess
        )
        for p in handles
    }
    return values if all(v is not None for v in values.values()) else None
