"""MCP → OpenAI conversion: the seed's example, strict mode rewrites, and strict mode refusals."""

from __future__ import annotations

from typing import Any

import pytest

from mcpforge.bridge.errors import StrictModeError
from mcpforge.bridge.openai import openai_parameters, to_openai_tool, to_openai_tools
from mcpforge.exceptions import InvalidArgumentError

GAPFILL = {
    "name": "gapfill_model",
    "description": "Gapfill a metabolic model to enable growth on a specified media.",
    "inputSchema": {
        "type": "object",
        "properties": {
            "model_id": {"type": "string", "description": "Model identifier with .gf suffix"},
            "media_id": {"type": "string", "description": "Media identifier or predefined name"},
            "target_reaction": {
                "type": "string",
                "description": "Target reaction to enable",
                "default": "bio1",
            },
            "minimum_fraction": {"type": "number", "description": "Minimum growth fraction", "default": 0.01},
        },
        "required": ["model_id", "media_id"],
    },
}


def test_the_seed_example_converts_with_defaults_in_descriptions() -> None:
    assert to_openai_tool(GAPFILL) == {
        "type": "function",
        "function": {
            "name": "gapfill_model",
            "description": "Gapfill a metabolic model to enable growth on a specified media.",
            "parameters": {
                "type": "object",
                "properties": {
                    "model_id": {"type": "string", "description": "Model identifier with .gf suffix"},
                    "media_id": {"type": "string", "description": "Media identifier or predefined name"},
                    "target_reaction": {
                        "type": "string",
                        "description": 'Target reaction to enable. Default: "bio1".',
                    },
                    "minimum_fraction": {
                        "type": "number",
                        "description": "Minimum growth fraction. Default: 0.01.",
                    },
                },
                "required": ["model_id", "media_id"],
            },
        },
    }


def test_strict_mode_requires_everything_and_makes_optional_values_nullable() -> None:
    assert to_openai_tool(GAPFILL, strict=True)["function"] == {
        "name": "gapfill_model",
        "description": "Gapfill a metabolic model to enable growth on a specified media.",
        "parameters": {
            "type": "object",
            "properties": {
                "model_id": {"type": "string", "description": "Model identifier with .gf suffix"},
                "media_id": {"type": "string", "description": "Media identifier or predefined name"},
                "target_reaction": {"type": ["string", "null"],
                                    "description": 'Target reaction to enable. Default: "bio1".'},
                "minimum_fraction": {"type": ["number", "null"],
                                     "description": "Minimum growth fraction. Default: 0.01."},
            },
            "required": ["model_id", "media_id", "target_reaction", "minimum_fraction"],
            "additionalProperties": False,
        },
        "strict": True,
    }  # fmt: skip


def test_strict_mode_inlines_refs_with_siblings_and_rewrites_one_of() -> None:
    schema = {
        "type": "object",
        "$defs": {"Unit": {"type": "string", "enum": ["m", "ft"]}},
        "properties": {
            "unit": {"$ref": "#/$defs/Unit", "description": "Length unit"},
            "value": {"oneOf": [{"type": "number"}, {"type": "string", "maxLength": 10}]},
        },
        "required": ["unit", "value"],
    }
    assert openai_parameters(schema, strict=True)["properties"] == {
        "unit": {"type": "string", "enum": ["m", "ft"], "description": "Length unit"},
        "value": {
            "anyOf": [{"type": "number"}, {"type": "string", "description": "Constraints: maxLength 10."}]
        },
    }


def test_recursive_refs_with_a_description_stay_refs() -> None:
    schema = {
        "type": "object",
        "$defs": {"Node": {"type": "object", "required": ["children"],
                           "properties": {"children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}}}},
        "properties": {"tree": {"$ref": "#/$defs/Node", "description": "Root node"}},
        "required": ["tree"],
    }  # fmt: skip
    assert openai_parameters(schema, strict=True)["properties"]["tree"] == {
        "description": "Root node",
        "anyOf": [{"$ref": "#/$defs/Node"}],
    }


@pytest.mark.parametrize(
    ("prop", "pointer"),
    [
        ({"type": "object"}, "/properties/p"),
        ({"type": "object", "additionalProperties": {"type": "string"}}, "/properties/p"),
        ({"type": "object", "patternProperties": {"^x": {"type": "string"}}}, "/properties/p"),
        ({"type": "array"}, "/properties/p"),
        ({"type": "array", "prefixItems": [{"type": "string"}]}, "/properties/p"),
        ({"description": "anything"}, "/properties/p"),
        (
            {"type": "array", "items": {"type": "object", "properties": {"q": {}}}},
            "/properties/p/items/properties/q",
        ),
        ({"allOf": [{"type": "string"}, {"minLength": 2}]}, "/properties/p"),
        ({"$ref": "https://example.com/schema.json"}, "/properties/p"),
    ],
)
def test_strict_mode_refuses_what_it_cannot_express_naming_the_pointer(
    prop: dict[str, Any], pointer: str
) -> None:
    tool = {"name": "t", "inputSchema": {"type": "object", "properties": {"p": prop}, "required": ["p"]}}
    with pytest.raises(StrictModeError) as info:
        to_openai_tool(tool, strict=True)
    assert (info.value.tool, info.value.pointer) == ("t", pointer)
    to_openai_tool(tool)  # the non-strict conversion still works


def test_strict_mode_refuses_a_root_that_is_not_a_plain_object() -> None:
    with pytest.raises(StrictModeError) as info:
        openai_parameters({"anyOf": [{"type": "object", "properties": {}}, {"type": "null"}]}, strict=True)
    assert info.value.pointer == ""


def test_strict_mode_refuses_schemas_over_openai_limits() -> None:
    many = {"type": "object", "properties": {"e": {"type": "string", "enum": [f"v{i}" for i in range(1001)]}},
            "required": ["e"]}  # fmt: skip
    with pytest.raises(StrictModeError):
        openai_parameters(many, strict=True)


def test_tool_lists_get_unique_valid_names_and_refuse_duplicates() -> None:
    tools = [
        {"name": "a.b", "inputSchema": {"type": "object"}},
        {"name": "a_b", "inputSchema": {"type": "object"}},
    ]
    names = [tool["function"]["name"] for tool in to_openai_tools(tools)]
    assert names[1] == "a_b"
    assert names[0].startswith("a_b_")
    with pytest.raises(InvalidArgumentError):
        to_openai_tools([tools[0], tools[0]])


def test_a_tool_without_input_schema_gets_an_empty_object() -> None:
    assert to_openai_tool({"name": "ping"})["function"]["parameters"] == {"type": "object", "properties": {}}
