"""Rule-based fixes inside the run step: a sample the library refused, read with the library's answer.

A call that fails inside the library often says what it missed: ``scattering calculation needs density``
names an optional parameter the sample left out; ``KeyError: 'a'`` for an expression ``"a + 1"`` means
the expression's names must come from a dictionary parameter (``local_dict``); a function that takes
"velocity, or time_of_fall and gravity" says in its docstring which of its ``None``-defaulted parameters
it needs. The follow-up sample is the same call with those parameters filled from the library's own
values (its doctests' arguments, its defaults elsewhere) or, failing that, from their documentation and
type. A refusal that lists the accepted values (``the supported modes are [...]``) gives the refused
argument the first of them (follow_up_choices.py); one that states the valid range of a refused number
gives it a value inside (follow_up_ranges.py). It is proven like any other sample: a meaningful
value, through the MCP client.
"""

from __future__ import annotations

import ast
import re
from typing import Any

from mcpforge.convert.samples.follow_up_choices import choice_fix
from mcpforge.convert.samples.follow_up_ranges import range_fix
from mcpforge.convert.samples.steps import Sample, Step
from mcpforge.convert.samples.typed_values import typed_value
from mcpforge.convert.select import ToolPlan

MAX_FOLLOW_UPS = 3
_MISSING_NAME = re.compile(r"KeyError: '([A-Za-z_]\w*)'|name '([A-Za-z_]\w*)' is not defined")
_SECTION = re.compile(
    r"^\s*(?:parameters|other parameters|args|arguments|keyword args|returns?|raises|examples?|notes)"
    r"\s*:?\s*$|^\s*:param",
    re.IGNORECASE | re.M,
)
_DICT_WORDS = re.compile(r"dict|mapping|namespace|variables", re.IGNORECASE)


def _optional_params(plan: ToolPlan, given: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        p
        for p in plan.params
        if not p.get("required")
        and p.get("role") != "self"
        and p["name"] not in given
        and not p.get("varargs")
    ]


def _value_for(plan: ToolPlan, param: dict[str, Any], pool: dict[str, Any]) -> Any:
    schema = {
        k: v
        for k, v in plan.input_schema.get("properties", {}).get(param["name"], {}).items()
        if k != "default"
    }
    if isinstance(schema.get("anyOf"), list):
        schema["anyOf"] = [o for o in schema["anyOf"] if o != {"type": "null"}]
    docs = {p.name: (p.doc, p.doc_type) for p in plan.api.params}
    doc, doc_type = docs.get(param.get("python_name", param["name"]), ("", ""))
    return typed_value(param["name"], schema, False, doc=doc, doc_type=doc_type, pool=pool)


def _expression_names(arguments: dict[str, Any], missing: str) -> list[str]:
    """The free names of the string argument that uses ``missing`` (names that are not called)."""
    for value in arguments.values():
        if not isinstance(value, str) or not re.search(rf"\b{re.escape(missing)}\b", value):
            continue
        try:
            tree = ast.parse(value, mode="eval")
        except SyntaxError:
            continue
        called = {id(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)}
        names = [n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and id(n) not in called]
        return list(dict.fromkeys(names))
    return []


LONGER_LIST = 64  # a board of 8 x 8, a year of weeks: past the short lists a sample guesses


def _longer_lists(arguments: dict[str, Any], message: str) -> dict[str, Any] | None:
    """A call given short lists that fails with ``IndexError: list index out of range``: the same lists,
    repeated to ``LONGER_LIST`` items (the library indexes further than the guess reached)."""
    if "IndexError" not in message:
        return None
    longer = {
        name: (value * (LONGER_LIST // len(value) + 1))[:LONGER_LIST]
        for name, value in arguments.items()
        if isinstance(value, list) and 0 < len(value) < LONGER_LIST
    }
    return longer or None


def follow_up(plan: ToolPlan, sample: Sample, error: str, pool: dict[str, Any]) -> Sample | None:
    """The sample to try after ``sample`` failed inside the library with ``error``; None when the
    error and the docstring suggest nothing more."""
    if not error.lstrip().startswith("[call]"):
        return None  # refused by the schema, or a preparing call failed: not this call's arguments
    arguments = dict(sample.final.arguments)
    message = error.split("[call]", 1)[1]
    # "the supported modes are [...]": the first accepted value instead; "(0.5) is outside the range
    # ... (10) to (1e+07)": a value inside it.
    choice = (
        choice_fix(arguments, message) or range_fix(arguments, message) or _longer_lists(arguments, message)
    )
    if choice is not None:
        final = Step(tool=sample.final.tool, arguments={**arguments, **choice}, bind=sample.final.bind)
        return Sample(source=sample.source, steps=[*sample.steps[:-1], final], expected=None)
    optional = _optional_params(plan, arguments)
    if not optional:
        return None
    added: dict[str, Any] = {}
    missing = _MISSING_NAME.search(error)
    if missing:
        names = _expression_names(arguments, missing.group(1) or missing.group(2))
        holder = next(
            (
                p
                for p in optional
                if _DICT_WORDS.search(p["name"])
                or "object" in str(plan.input_schema.get("properties", {}).get(p["name"], {}))
            ),
            None,
        )
        if names and holder is not None:
            added[holder["name"]] = dict.fromkeys(names, 2.0)
    if not added:
        named = [p for p in optional if re.search(rf"\b{re.escape(p['python_name'])}\b", message)]
        for param in named[:2]:
            added[param["name"]] = _value_for(plan, param, pool)
    if not added:
        # "if velocity is given": the docstring names the None-defaulted parameter the call needs.
        # The prose before the first section: every parameter is named in its own entry.
        body = _SECTION.split(plan.api.doc, maxsplit=1)[0]
        documented = {
            p.name for p in plan.api.params if p.default.get("present") and p.default.get("value") is None
        }
        for param in optional:
            python_name = param.get("python_name", param["name"])
            if python_name in documented and re.search(rf"\b{re.escape(python_name)}\b", body):
                added[param["name"]] = _value_for(plan, param, pool)
                break
    if not added or any(value is None for value in added.values()):
        return None
    final = Step(tool=sample.final.tool, arguments={**arguments, **added}, bind=sample.final.bind)
    return Sample(source=sample.source, steps=[*sample.steps[:-1], final], expected=None)
