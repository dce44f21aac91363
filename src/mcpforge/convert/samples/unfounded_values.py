"""Sample values that cannot prove a tool, however the call ends.

A call succeeding proves the tool only when its arguments are values the library could mean. Two kinds
are not, in a sample built from types (the authors' own written calls are left as they are):

- a value whose JSON type disagrees with the parameter's default (``pad_char=1.0`` where the default is
  ``'='``): the library's own text says which kind of value goes there;
- a blind guess: ``typed_value``'s ``BLIND_VALUE`` for a parameter with no type, default or description
  and a name no rule knows (markdownify's ``convert_caption(el=1.0, ...)`` answered ``'hello world'``
  without ever reading ``el``), unless the library's doctests pass that very value under that name.

Constructor steps before the call are held to the same rule (a method proven on an object built blind
proves nothing either).
"""

from __future__ import annotations

from typing import Any

from mcpforge.convert.samples.steps import Sample
from mcpforge.convert.samples.typed_values import BLIND_VALUE, blind_guess
from mcpforge.convert.select import ToolPlan

_WRITTEN_SOURCES = frozenset({"example"})


def _json_kind(value: Any) -> str | None:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return None  # None, objects, handle references: not judged


def _shown(value: Any) -> str:
    return repr(value)[:40]


def _unfounded(plan: ToolPlan, name: str, value: Any, pool: dict[str, Any]) -> str | None:
    param = next((p for p in plan.params if p["name"] == name), None)
    if param is None or param.get("adapter", {}).get("kind") == "handle":
        return None
    python_name = str(param.get("python_name", name))
    api = next((p for p in plan.api.params if p.name == python_name), None)
    if api is None:
        return None
    default = api.default
    if default.get("present") and default.get("json") and default.get("value") is not None:
        wanted, given = _json_kind(default["value"]), _json_kind(value)
        if wanted is not None and given is not None and wanted != given:
            return (
                f"the sample passes {name}={_shown(value)} (a {given}), but the library's default for it "
                f"is {_shown(default['value'])} (a {wanted})"
            )
    schema = plan.input_schema.get("properties", {}).get(name, {})
    if (
        not default.get("present")
        and isinstance(value, float)
        and value == BLIND_VALUE
        and pool.get(name) != value
        and blind_guess(name, schema, api.doc, api.doc_type)
    ):
        return (
            f"nothing in the library says what {name!r} takes (no type, default, description or example), "
            f"so the sample's {name}={_shown(value)} is a guess that proves nothing"
        )
    return None


def unfounded_value(sample: Sample, tools: dict[str, ToolPlan], pool: dict[str, Any]) -> str | None:
    """Why a value of ``sample`` cannot prove its tool (None: every value has a footing). ``tools``:
    the service's tools by name (the sample's preparing calls name theirs); ``pool``: what the library's
    doctests pass by parameter name."""
    if sample.source in _WRITTEN_SOURCES:
        return None
    for step in sample.steps:
        plan = tools.get(step.tool)
        if plan is None:
            continue
        for name, value in step.arguments.items():
            reason = _unfounded(plan, name, value, pool)
            if reason is not None:
                return reason if step is sample.final else f"in the call of {step.tool!r}: {reason}"
    return None
