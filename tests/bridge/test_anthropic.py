"""MCP → Anthropic conversion: name, description, input_schema; JSON Schema kept, defaults also described."""

from __future__ import annotations

from mcpforge.bridge.anthropic import to_anthropic_tool, to_anthropic_tools


def test_a_tool_converts_to_name_description_and_input_schema() -> None:
    tool = {
        "name": "search.web",
        "description": "Search the web",
        "inputSchema": {
            "$schema": "http://json-schema.org/draft-07/schema#",
            "type": "object",
            "properties": {"q": {"type": "string"}, "n": {"type": "integer", "default": 5, "enum": [5, 10]}},
            "required": ["q"],
        },
    }
    assert to_anthropic_tool(tool) == {
        "name": "search_web",
        "description": "Search the web",
        "input_schema": {
            "type": "object",
            "properties": {
                "q": {"type": "string"},
                "n": {"type": "integer", "default": 5, "enum": [5, 10],
                      "description": "Default: 5. Allowed values: 5, 10."},
            },
            "required": ["q"],
        },
    }  # fmt: skip


def test_several_tools_keep_their_order() -> None:
    names = [t["name"] for t in to_anthropic_tools([{"name": "b"}, {"name": "a"}])]
    assert names == ["b", "a"]
