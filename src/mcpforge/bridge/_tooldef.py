"""One shape for an MCP tool definition, whatever it came from (SDK model, dict from JSON, fetch)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from mcpforge.exceptions import InvalidArgumentError


@dataclass(frozen=True, kw_only=True)
class ToolDefinition:
    """An MCP tool as listed by a server: name, description and JSON Schemas.

    ``server`` names the server it came from (empty when unknown); ``remote_name`` is the name the
    server knows the tool by when ``name`` was changed (e.g. prefixed after a clash between servers).
    """

    name: str
    description: str = ""
    input_schema: Mapping[str, Any] = field(default_factory=lambda: {"type": "object", "properties": {}})
    output_schema: Mapping[str, Any] | None = None
    server: str = ""
    remote_name: str = ""

    @property
    def server_name(self) -> str:
        """The name to send in ``tools/call``."""
        return self.remote_name or self.name


ToolLike = ToolDefinition | Mapping[str, Any] | Any


def as_tool_definition(tool: ToolLike, *, server: str = "") -> ToolDefinition:
    """Normalize an ``mcp_types.Tool``, a JSON dict (``inputSchema`` or ``input_schema``) or a ToolDefinition.

    Raises:
        InvalidArgumentError: the value has no name or its input schema is not an object.
    """
    if isinstance(tool, ToolDefinition):
        return tool
    if isinstance(tool, Mapping):
        name = tool.get("name")
        description = tool.get("description")
        schema = tool.get("inputSchema", tool.get("input_schema"))
        output = tool.get("outputSchema", tool.get("output_schema"))
    else:  # an SDK model (mcp_types.Tool) or anything shaped like it
        name = getattr(tool, "name", None)
        description = getattr(tool, "description", None)
        schema = getattr(tool, "input_schema", None)
        output = getattr(tool, "output_schema", None)
    if not isinstance(name, str) or not name:
        raise InvalidArgumentError(f"tool definition has no name: {tool!r}"[:300], argument="name")
    if schema is None:
        schema = {"type": "object", "properties": {}}
    if not isinstance(schema, Mapping):
        raise InvalidArgumentError(
            f"tool {name!r}: input schema is not a JSON object", argument="inputSchema"
        )
    return ToolDefinition(
        name=name,
        description=description if isinstance(description, str) else "",
        input_schema=schema,
        output_schema=output if isinstance(output, Mapping) else None,
        server=server,
    )


def unique_definitions(tools: Iterable[ToolLike]) -> list[ToolDefinition]:
    """Normalize ``tools``; a name listed twice is a mistake of the caller (prefix per server first).

    Raises:
        InvalidArgumentError: two tools share a name.
    """
    definitions = [as_tool_definition(tool) for tool in tools]
    seen: set[str] = set()
    for definition in definitions:
        if definition.name in seen:
            raise InvalidArgumentError(f"tool name {definition.name!r} is listed twice", argument="tools")
        seen.add(definition.name)
    return definitions
