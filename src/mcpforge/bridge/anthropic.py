"""MCP tool definitions → Anthropic tool use: ``{"name", "description", "input_schema"}``.

Anthropic accepts JSON Schema as MCP servers write it, so the schema keeps its keywords (``default``
included); defaults and enum values are also written into descriptions, as for OpenAI, because models
follow them more reliably there. Names are made valid (``^[a-zA-Z0-9_-]{1,64}$``) and unique.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mcpforge.bridge._tooldef import ToolLike, as_tool_definition, unique_definitions
from mcpforge.bridge.naming import assign_names, function_name
from mcpforge.bridge.schema_walk import SchemaContext, fold_default_and_enum, walk_schema


def _anthropic_node(node: dict[str, Any], ctx: SchemaContext) -> dict[str, Any]:
    node = fold_default_and_enum(node, drop_default=False)
    if ctx.depth == 0:
        node.pop("$schema", None)
        node.setdefault("type", "object")  # Anthropic requires an object input_schema
    return node


def anthropic_input_schema(schema: Mapping[str, Any]) -> dict[str, Any]:
    """The ``input_schema`` for Anthropic from an MCP ``inputSchema`` (input is not modified)."""
    return walk_schema(schema, _anthropic_node)


def to_anthropic_tool(tool: ToolLike, *, name: str | None = None) -> dict[str, Any]:
    """One MCP tool (SDK ``Tool``, JSON dict or ToolDefinition) as an Anthropic tool definition."""
    definition = as_tool_definition(tool)
    return {
        "name": name or function_name(definition.name),
        "description": definition.description,
        "input_schema": anthropic_input_schema(definition.input_schema),
    }


def to_anthropic_tools(tools: Sequence[ToolLike]) -> list[dict[str, Any]]:
    """Several MCP tools as Anthropic tool definitions, with unique valid names (order kept)."""
    definitions = unique_definitions(tools)
    names = assign_names((d.name for d in definitions), function_name)
    return [to_anthropic_tool(d, name=names[d.name]) for d in definitions]
