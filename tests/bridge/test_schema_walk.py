"""The one schema walker: visits every subschema (and only subschemas), children first, on a copy."""

from __future__ import annotations

from typing import Any

from mcpforge.bridge.schema_walk import (
    SchemaContext,
    append_sentence,
    fold_default_and_enum,
    iter_schema,
    resolve_pointer,
    walk_schema,
)

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "default": {"type": "string", "default": "d"},  # a property named like a keyword
        "a/b": {"type": "array", "items": {"type": "object", "properties": {"x": {"type": "integer"}}}},
        "u": {"anyOf": [{"type": "string"}, {"$ref": "#/$defs/T"}]},
        "m": {"type": "object", "additionalProperties": {"type": "number", "default": 1}},
    },
    "$defs": {"T": {"type": "object", "properties": {"t": {"enum": ["p", "q"]}}}},
}


def test_every_subschema_is_visited_children_first_with_its_pointer() -> None:
    seen: list[str] = []

    def visit(node: dict[str, Any], ctx: SchemaContext) -> dict[str, Any]:
        seen.append(ctx.pointer)
        return node

    walk_schema(SCHEMA, visit)
    assert seen == [
        "/properties/default",
        "/properties/a~1b/items/properties/x",
        "/properties/a~1b/items",
        "/properties/a~1b",
        "/properties/u/anyOf/0",
        "/properties/u/anyOf/1",
        "/properties/u",
        "/properties/m/additionalProperties",
        "/properties/m",
        "/$defs/T/properties/t",
        "/$defs/T",
        "",
    ]
    assert sorted(ctx.pointer for _, ctx in iter_schema(SCHEMA)) == sorted(seen)


def test_the_input_is_never_modified() -> None:
    before = repr(SCHEMA)
    walk_schema(SCHEMA, lambda node, ctx: fold_default_and_enum(node, drop_default=True))
    assert repr(SCHEMA) == before


def test_defaults_and_enums_are_folded_into_descriptions() -> None:
    folded = walk_schema(SCHEMA, lambda node, ctx: fold_default_and_enum(node, drop_default=True))
    assert folded["properties"]["default"] == {"type": "string", "description": 'Default: "d".'}
    assert folded["properties"]["m"]["additionalProperties"] == {
        "type": "number",
        "description": "Default: 1.",
    }
    assert folded["$defs"]["T"]["properties"]["t"] == {
        "enum": ["p", "q"],
        "description": 'Allowed values: "p", "q".',
    }


def test_pointers_resolve_with_escapes() -> None:
    assert resolve_pointer(SCHEMA, "#/properties/a~1b/items/properties/x") == {"type": "integer"}
    assert resolve_pointer(SCHEMA, "#") is SCHEMA


def test_sentences_are_appended_once() -> None:
    assert append_sentence("Number of rows", "Default: 5.") == "Number of rows. Default: 5."
    assert append_sentence("Rows.", "Default: 5.") == "Rows. Default: 5."
    assert append_sentence("Rows. Default: 5.", "Default: 5.") == "Rows. Default: 5."
    assert append_sentence(None, "Default: 5.") == "Default: 5."
