"""MCP tool definitions → OpenAI function calling (seed 002 §4), with an opt-in strict mode.

```python
{"type": "function", "function": {"name": ..., "description": ..., "parameters": {...}}}
```

``default`` is removed at every depth and written into the description, enum values are listed in
the description, names are made valid (``^[a-zA-Z0-9_-]{1,64}$``) and unique. With ``strict=True``
the parameters are rewritten for OpenAI's strict function calling (see ``_strict``) and the
definition carries ``"strict": true``; a schema that cannot be made strict raises
:class:`~mcpforge.bridge.errors.StrictModeError` naming the tool and the JSON pointer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mcpforge.bridge._strict import make_strict
from mcpforge.bridge._tooldef import ToolLike, as_tool_definition, unique_definitions
from mcpforge.bridge.errors import StrictModeError
from mcpforge.bridge.naming import assign_names, function_name
from mcpforge.bridge.schema_walk import SchemaContext, fold_default_and_enum, walk_schema

_ROOT_DROPPED = ("$schema", "$id")


def _openai_node(node: dict[str, Any], ctx: SchemaContext) -> dict[str, Any]:
    node = fold_default_and_enum(node, drop_default=True)
    if ctx.depth == 0:
        for key in _ROOT_DROPPED:
            node.pop(key, None)
        node.setdefault("type", "object")
        node.setdefault("properties", {})  # OpenAI rejects an object parameters schema without properties
    return node


def openai_parameters(schema: Mapping[str, Any], *, strict: bool = False) -> dict[str, Any]:
    """The ``parameters`` schema for OpenAI from an MCP ``inputSchema`` (input is not modified).

    Raises:
        StrictModeError: ``strict`` is set and a part of the schema cannot be made strict.
    """
    parameters = walk_schema(schema, _openai_node)
    return make_strict(parameters) if strict else parameters


def to_openai_tool(tool: ToolLike, *, strict: bool = False, name: str | None = None) -> dict[str, Any]:
    """One MCP tool (SDK ``Tool``, JSON dict or ToolDefinition) as an OpenAI tool definition.

    Args:
        tool: The MCP tool definition.
        strict: Produce a strict-mode schema and mark the function ``strict``.
        name: The function name to use (default: the tool's name made valid).

    Raises:
        StrictModeError: ``strict`` is set and the schema cannot be made strict.
    """
    definition = as_tool_definition(tool)
    try:
        parameters = openai_parameters(definition.input_schema, strict=strict)
    except StrictModeError as exc:
        raise exc.for_tool(definition.name) from None
    function: dict[str, Any] = {
        "name": name or function_name(definition.name),
        "description": definition.description,
        "parameters": parameters,
    }
    if strict:
        function["strict"] = True
    return {"type": "function", "function": function}


def to_openai_tools(tools: Sequence[ToolLike], *, strict: bool = False) -> list[dict[str, Any]]:
    """Several MCP tools as OpenAI tool definitions, with unique valid names (order kept).

    Raises:
        StrictModeError: ``strict`` is set and one of the schemas cannot be made strict (the first).
    """
    definitions = unique_definitions(tools)
    names = assign_names((d.name for d in definitions), function_name)
    return [to_openai_tool(d, strict=strict, name=names[d.name]) for d in definitions]


def to_strict_openai_tools(
    tools: Sequence[ToolLike],
) -> tuple[list[dict[str, Any]], list[StrictModeError]]:
    """The strict definitions of the tools that can be made strict, and why each other one cannot.

    Names are assigned over all the tools, so a tool keeps its name whether or not another was skipped.
    """
    definitions = unique_definitions(tools)
    names = assign_names((d.name for d in definitions), function_name)
    converted: list[dict[str, Any]] = []
    skipped: list[StrictModeError] = []
    for definition in definitions:
        try:
            converted.append(to_openai_tool(definition, strict=True, name=names[definition.name]))
        except StrictModeError as exc:
            skipped.append(exc)
    return converted, skipped
