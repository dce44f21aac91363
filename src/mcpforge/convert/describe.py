"""The ToolSpec of a converted tool: description and the four sections of the seed 001 docstring form."""

from __future__ import annotations

from mcpforge.convert.select import ToolPlan
from mcpforge.models import ToolSpec


def _first_sentence(text: str) -> str:
    text = " ".join(text.split())
    for end in (". ", "? ", "! "):
        if end in text:
            return text.split(end, 1)[0] + end.strip()
    return text


def tool_spec(plan: ToolPlan, library: str) -> ToolSpec:
    """The ToolSpec (input and output schemas, WHEN / WHAT / RETURNS / PREREQUISITES) for ``plan``."""
    api = plan.api
    summary = _first_sentence(api.summary) or f"Call {plan.public_path}."
    required = plan.input_schema.get("required", [])
    handles = [p["name"] for p in plan.params if p["adapter"].get("kind") == "handle"]
    if plan.kind == "class":
        what = f"Creates a {plan.public_path} object inside the service and returns a handle id for it."
        returns = (
            "A handle record {handle, type, text}; pass `handle` to the method tools, free it with `release`."
        )
    elif plan.kind == "method":
        what = f"Calls the {plan.public_path.rsplit('.', 1)[-1]} method of the object named by `handle`."
        returns = api.returns_doc or "The method's result as JSON (library objects as handle records)."
    else:
        what = f"Calls {plan.public_path} from {library} with the given arguments, in the sandbox."
        returns = api.returns_doc or "The function's result as JSON (library objects as handle records)."
    prerequisites = "None."
    if handles:
        prerequisites = (
            f"For {', '.join(handles)}: a handle id from a tool that returns such an object (or a JSON "
            "value the library accepts in its place)."
        )
    parameters = [
        {
            "name": name,
            "type": schema.get("type", "any"),
            "required": name in required,
            "description": schema.get("description", ""),
        }
        for name, schema in plan.input_schema.get("properties", {}).items()
    ]
    return ToolSpec(
        tool_name=plan.name,
        description=summary[:300],
        input_schema=plan.input_schema,
        output_schema=plan.output_schema,
        parameters=parameters,
        return_type="object",
        when_to_use=f"When you need {library}'s {plan.public_path.rsplit('.', 1)[-1]}: {summary}"[:400],
        what_it_does=what,
        returns=" ".join(returns.split())[:400],
        prerequisites=prerequisites,
        assumptions=[f"{library} {plan.public_path} as installed in the service environment"],
        limitations=["runs in the mcpforge sandbox: no network, reads only allowed directories"],
    )
