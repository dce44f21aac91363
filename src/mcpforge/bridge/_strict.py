"""OpenAI strict mode: rewrite a schema into the subset strict function calling accepts, or say why not.

The subset follows OpenAI's Structured Outputs "Supported schemas" guide:

- types string, number, integer, boolean, object, array, null (and type lists), ``enum``, ``const``,
  ``anyOf`` (not at the root), local ``$ref`` into ``$defs``/``definitions`` (recursion allowed);
- every object has ``additionalProperties: false`` and lists every property in ``required``;
  an optional property becomes nullable (``"null"`` added to its type, or ``{"type": "null"}`` to its
  ``anyOf``), which is how strict mode spells "may be absent";
- strings: ``pattern`` and ``format`` (date-time, time, date, duration, email, hostname, ipv4, ipv6,
  uuid); numbers: ``minimum``, ``maximum``, ``exclusiveMinimum``, ``exclusiveMaximum``, ``multipleOf``;
  arrays: ``items``, ``minItems``, ``maxItems``;
- not supported: ``allOf``, ``oneOf``, ``not``, ``if``/``then``/``else``, ``dependentRequired``,
  ``dependentSchemas``, ``minLength``/``maxLength``, ``patternProperties``, ``unevaluatedProperties``,
  ``propertyNames``, ``minProperties``/``maxProperties``, ``unevaluatedItems``, ``contains``,
  ``minContains``/``maxContains``, ``uniqueItems``, ``prefixItems``, other formats;
- limits: 10 levels of object nesting, 5,000 properties, 1,000 enum values, 120,000 characters of
  property names, definition names, enum and const values.

Keywords that only narrow values (``minLength``, ``uniqueItems``, ``not`` ...) are removed and the
narrowing is written into the description, because the host still validates arguments against the
original schema before any call. Constructs whose removal would change the *shape* of the arguments
(open-ended maps, tuples, untyped values, intersections that cannot be merged) raise
:class:`StrictModeError` naming the JSON pointer, instead of being silently relaxed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mcpforge.bridge.errors import StrictModeError
from mcpforge.bridge.schema_walk import (
    JSON_TYPES,
    ROOT,
    SchemaContext,
    append_sentence,
    iter_schema,
    render_value,
    resolve_pointer,
    schema_types,
    walk_schema,
)

SUPPORTED_FORMATS = frozenset(
    {"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"}
)
ALLOWED_KEYWORDS = frozenset({
    "type", "description", "title", "enum", "const", "anyOf", "$ref", "$defs", "definitions",
    "properties", "required", "additionalProperties",
    "pattern", "format",
    "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
    "items", "minItems", "maxItems",
})  # fmt: skip
# Removed keywords whose narrowing is worth telling the model.
_NOTED_KEYWORDS = ("minLength", "maxLength", "uniqueItems", "minProperties", "maxProperties", "minContains",
                   "maxContains")  # fmt: skip
_ANNOTATIONS = frozenset({"description", "title"})
MAX_NESTING = 10
MAX_PROPERTIES = 5000
MAX_ENUM_VALUES = 1000
MAX_TOTAL_STRING = 120_000
_LARGE_ENUM = 250
_LARGE_ENUM_CHARS = 15_000


def _fail(ctx: SchemaContext | str, reason: str) -> StrictModeError:
    return StrictModeError(ctx if isinstance(ctx, str) else ctx.pointer, reason)


def _infer_type(values: list[Any]) -> list[str]:
    names = {type(value).__name__ for value in values}
    mapping = {"str": "string", "bool": "boolean", "int": "integer", "float": "number", "NoneType": "null"}
    types = sorted({mapping.get(name, "object") for name in names})
    if "integer" in types and "number" in types:
        types.remove("integer")
    return types


def _merge_all_of(node: dict[str, Any], ctx: SchemaContext) -> None:
    parts = node.pop("allOf")
    if not isinstance(parts, list) or not all(isinstance(part, dict) for part in parts):
        raise _fail(ctx, "allOf must be a list of schemas")
    if len(parts) == 1:
        for key, value in parts[0].items():
            node.setdefault(key, value)  # the node's own annotations win over the member's
        return
    if not all(schema_types(part) in ([], ["object"]) and "properties" in part for part in parts):
        raise _fail(
            ctx, "allOf is not supported in strict mode and only intersections of plain objects can be merged"
        )
    properties: dict[str, Any] = dict(node.get("properties", {}))
    required: list[str] = list(node.get("required", []))
    for part in parts:
        for name, sub in part["properties"].items():
            if name in properties and properties[name] != sub:
                raise _fail(ctx, f"allOf members define property {name!r} differently; cannot merge")
            properties[name] = sub
        required += [name for name in part.get("required", []) if name not in required]
    node["type"] = "object"
    node["properties"] = properties
    node["required"] = required


def _nullable(prop: dict[str, Any] | bool, ctx: SchemaContext) -> dict[str, Any]:
    """The property schema that also accepts null (strict mode's way of saying "optional")."""
    if not isinstance(prop, dict):
        raise _fail(ctx, "boolean schemas are not supported in strict mode")
    if "$ref" in prop:
        rest = {key: value for key, value in prop.items() if key != "$ref"}
        return {**rest, "anyOf": [{"$ref": prop["$ref"]}, {"type": "null"}]}
    if "anyOf" in prop:
        variants = prop["anyOf"]
        if not any(schema_types(variant) == ["null"] for variant in variants if isinstance(variant, dict)):
            prop["anyOf"] = [*variants, {"type": "null"}]
        return prop
    if "const" in prop and "type" not in prop:
        rest = {key: value for key, value in prop.items() if key != "const"}
        return {**rest, "anyOf": [{"const": prop["const"]}, {"type": "null"}]}
    types = schema_types(prop)
    if "null" not in types:
        prop["type"] = [*types, "null"]
    if isinstance(prop.get("enum"), list) and None not in prop["enum"]:
        prop["enum"] = [*prop["enum"], None]
    return prop


def _check_shape(node: dict[str, Any], ctx: SchemaContext) -> None:
    types = schema_types(node)
    for name in types:
        if name not in JSON_TYPES:
            raise _fail(ctx, f"unknown type {name!r}")
    if node.get("patternProperties"):
        raise _fail(ctx, "patternProperties (keys chosen by pattern) cannot be expressed in strict mode")
    extra = node.get("additionalProperties")
    if extra is True or isinstance(extra, dict):
        raise _fail(
            ctx,
            "an open-ended map (additionalProperties other than false) cannot be expressed in strict mode",
        )
    unevaluated = node.get("unevaluatedProperties")
    if unevaluated is True or isinstance(unevaluated, dict):
        raise _fail(ctx, "unevaluatedProperties other than false cannot be expressed in strict mode")
    if "object" in types and ctx.depth > 0 and not node.get("properties") and extra is not False:
        raise _fail(ctx, "a free-form object (no declared properties) cannot be expressed in strict mode")
    if "prefixItems" in node or isinstance(node.get("items"), list):
        raise _fail(ctx, "tuple arrays (prefixItems / items as a list) are not supported in strict mode")
    if "array" in types and not isinstance(node.get("items"), dict):
        raise _fail(ctx, "an array without an items schema cannot be expressed in strict mode")
    ref = node.get("$ref")
    if ref is not None and (not isinstance(ref, str) or not ref.startswith("#")):
        raise _fail(ctx, f"only local $ref are supported, not {ref!r}")
    # allOf members are merged into their parent, which is checked after the merge
    if not types and not ({"anyOf", "$ref", "enum", "const"} & node.keys()) and ctx.keyword != "allOf":
        raise _fail(ctx, "a value without a type (any JSON value) cannot be expressed in strict mode")
    if ctx.depth == 0:
        _check_root(node)


def _check_root(node: Mapping[str, Any]) -> None:
    if schema_types(node) != ["object"] or {"anyOf", "oneOf"} & node.keys():
        raise _fail("", "the root of a strict schema must be a plain object (no anyOf/oneOf, no other type)")


def _strict_node(node: dict[str, Any], ctx: SchemaContext) -> dict[str, Any]:
    if "allOf" in node:
        _merge_all_of(node, ctx)
    if "oneOf" in node:
        if "anyOf" in node:
            raise _fail(ctx, "oneOf next to anyOf cannot be rewritten as a single anyOf")
        node["anyOf"] = node.pop("oneOf")  # anyOf is the only composition strict mode supports
    if "type" not in node:
        if "properties" in node:
            node["type"] = "object"
        elif "items" in node:
            node["type"] = "array"
        elif isinstance(node.get("enum"), list) and node["enum"]:
            inferred = _infer_type(node["enum"])
            node["type"] = inferred[0] if len(inferred) == 1 else inferred
    _check_shape(node, ctx)
    if schema_types(node) == ["object"] or "properties" in node:
        properties = node.get("properties", {})
        required = set(node.get("required", []))
        for name in list(properties):
            if name not in required:
                properties[name] = _nullable(properties[name], ctx.child("properties", name))
        node["properties"] = properties
        node["required"] = list(properties)
        node["additionalProperties"] = False
    notes = [f"{key} {render_value(node[key])}" for key in _NOTED_KEYWORDS if key in node]
    fmt = node.get("format")
    if fmt is not None and fmt not in SUPPORTED_FORMATS:
        notes.append(f"format {render_value(fmt)}")
        del node["format"]
    if notes:
        node["description"] = append_sentence(node.get("description"), f"Constraints: {', '.join(notes)}.")
    return {key: value for key, value in node.items() if key in ALLOWED_KEYWORDS}


def _recursive_targets(root: Mapping[str, Any]) -> set[str]:
    """Refs whose target can reach itself through further refs (recursive definitions)."""
    refs_inside: dict[str, set[str]] = {}

    def refs_of(target: str) -> set[str]:
        if target not in refs_inside:
            refs_inside[target] = set()
            try:
                node = resolve_pointer(root, target)
            except (KeyError, IndexError, ValueError):
                return set()
            if isinstance(node, Mapping):
                refs_inside[target] = {
                    str(sub["$ref"]) for sub, _ in iter_schema(node) if isinstance(sub.get("$ref"), str)
                }
        return refs_inside[target]

    all_refs = {str(sub["$ref"]) for sub, _ in iter_schema(root) if isinstance(sub.get("$ref"), str)}
    recursive: set[str] = set()
    for start in all_refs:
        seen: set[str] = set()
        frontier = list(refs_of(start))
        while frontier:
            current = frontier.pop()
            if current == start:
                recursive.add(start)
                break
            if current not in seen:
                seen.add(current)
                frontier.extend(refs_of(current))
    return recursive


def _inline_refs(schema: dict[str, Any]) -> dict[str, Any]:
    """Strict mode rejects keywords next to ``$ref``: inline the target, or wrap recursive refs in anyOf."""
    recursive = _recursive_targets(schema)

    def visit(node: dict[str, Any], ctx: SchemaContext) -> dict[str, Any]:
        ref = node.get("$ref")
        if not isinstance(ref, str) or len(node) == 1:
            return node
        siblings = {key: value for key, value in node.items() if key != "$ref"}
        if ref in recursive:
            if not siblings.keys() <= _ANNOTATIONS:
                raise _fail(ctx, f"keywords next to the recursive $ref {ref!r} cannot be inlined")
            return {**siblings, "anyOf": [{"$ref": ref}]}
        try:
            target = resolve_pointer(schema, ref)
        except (KeyError, IndexError, ValueError):
            raise _fail(ctx, f"$ref {ref!r} does not resolve") from None
        merged = {**target, **siblings} if isinstance(target, dict) else siblings
        return walk_schema(merged, visit) if "$ref" in merged else merged

    return walk_schema(schema, visit)


def _nesting(
    node: Any, root: Mapping[str, Any], ctx: SchemaContext, level: int, refs: tuple[str, ...]
) -> None:
    if not isinstance(node, Mapping):
        return
    ref = node.get("$ref")
    if isinstance(ref, str):
        if ref in refs:
            return  # recursion: OpenAI accepts it, the nesting limit applies to the generated value
        try:
            target = resolve_pointer(root, ref)
        except (KeyError, IndexError, ValueError):
            return
        _nesting(target, root, ctx, level, (*refs, ref))
        return
    if "object" in schema_types(node):
        level += 1
        if level > MAX_NESTING:
            raise _fail(ctx, f"objects nest more than {MAX_NESTING} levels deep (OpenAI's limit)")
    for name, sub in (node.get("properties") or {}).items():
        _nesting(sub, root, ctx.child("properties", name), level, refs)
    if isinstance(node.get("items"), Mapping):
        _nesting(node["items"], root, ctx.child("items"), level, refs)
    for index, sub in enumerate(node.get("anyOf") or []):
        _nesting(sub, root, ctx.child("anyOf", str(index)), level, refs)


def _check_limits(schema: dict[str, Any]) -> None:
    _nesting(schema, schema, ROOT, 0, ())
    properties = enum_values = chars = 0
    for node, ctx in iter_schema(schema):
        names = node.get("properties") or {}
        properties += len(names)
        chars += sum(len(name) for name in names)
        for group in ("$defs", "definitions"):
            chars += sum(len(name) for name in node.get(group) or {})
        enum = node.get("enum")
        if isinstance(enum, list):
            enum_values += len(enum)
            text = sum(len(value) for value in enum if isinstance(value, str))
            chars += text
            if len(enum) > _LARGE_ENUM and text > _LARGE_ENUM_CHARS:
                raise _fail(
                    ctx, f"an enum of {len(enum)} values totals {text} characters (limit {_LARGE_ENUM_CHARS})"
                )
        if isinstance(node.get("const"), str):
            chars += len(node["const"])
    if properties > MAX_PROPERTIES:
        raise _fail("", f"{properties} properties in total (limit {MAX_PROPERTIES})")
    if enum_values > MAX_ENUM_VALUES:
        raise _fail("", f"{enum_values} enum values in total (limit {MAX_ENUM_VALUES})")
    if chars > MAX_TOTAL_STRING:
        raise _fail("", f"{chars} characters of names and enum values (limit {MAX_TOTAL_STRING})")


def make_strict(schema: Mapping[str, Any]) -> dict[str, Any]:
    """The strict form of an (already default-folded) schema.

    Raises:
        StrictModeError: a part of the schema cannot be expressed in strict mode; names its pointer.
    """
    _check_root(schema)  # the most basic refusal first, before any nested detail
    strict = walk_schema(schema, _strict_node)
    strict = _inline_refs(strict)
    _check_limits(strict)
    return strict
