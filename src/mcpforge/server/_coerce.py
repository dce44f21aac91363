"""Lenient argument coercion for MCP clients as they are, before the strict schema check.

Some clients send every argument as text: the official Inspector CLI sends ``top_n=3`` as the string
``"3"`` even for an integer-or-null parameter. The Python SDK's own servers accept that (a string for
a non-string parameter is parsed as JSON before pydantic validates it), so mcpforge does the same, only
where the meaning is unambiguous, and still validates the result against the tool's input schema:

- a string where the schema does not allow a string is parsed as JSON (``"3"`` → 3, ``"true"`` → True,
  ``"null"`` → None, ``'["a"]'`` → ["a"], ``'{"k": 1}'`` → {"k": 1}), kept when the parsed type is allowed;
- ``"True"``/``"FALSE"`` are booleans when a boolean is allowed;
- arrays and objects are coerced item by item, property by property.
- a ``{key: value}`` object where a list of two-field pair objects is expected (``derived_columns``:
  ``[{name, expression}]``) becomes that list, in order: tools took the map form before strict mode
  needed closed schemas, and agents that learnt it still send it.

A string parameter is never touched, so ``"007"`` stays ``"007"`` for a text column value.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

_PY_TYPES: dict[str, tuple[type, ...]] = {
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "null": (type(None),),
    "array": (list,),
    "object": (dict,),
}


def _types(schema: Mapping[str, Any]) -> set[str]:
    """The JSON types ``schema`` allows (from ``type`` and ``anyOf``/``oneOf`` members); empty: any."""
    found: set[str] = set()
    declared = schema.get("type")
    if isinstance(declared, str):
        found.add(declared)
    elif isinstance(declared, list):
        found.update(str(item) for item in declared)
    for key in ("anyOf", "oneOf"):
        for member in schema.get(key) or []:
            if isinstance(member, Mapping):
                member_types = _types(member)
                if not member_types:
                    return set()
                found |= member_types
    return found


def _fits(value: Any, types: set[str]) -> bool:
    if isinstance(value, bool):
        return "boolean" in types
    if isinstance(value, int):
        return bool({"integer", "number"} & types)
    return any(isinstance(value, _PY_TYPES[name]) for name in types if name in _PY_TYPES)


def _member(schema: Mapping[str, Any], kind: str) -> Mapping[str, Any]:
    """The member of a union schema that describes ``kind`` values (the schema itself otherwise)."""
    for key in ("anyOf", "oneOf"):
        for member in schema.get(key) or []:
            if isinstance(member, Mapping) and kind in _types(member):
                return member
    return schema


def _pair_fields(items: Any) -> tuple[str, str] | None:
    """The two field names of a ``{key, value}`` pair object schema (None: not such a schema)."""
    if not isinstance(items, Mapping) or not isinstance(items.get("properties"), Mapping):
        return None
    names = list(items["properties"])
    if len(names) != 2 or sorted(items.get("required") or []) != sorted(names):
        return None
    return names[0], names[1]


def coerce_value(value: Any, schema: Mapping[str, Any]) -> Any:
    """``value`` coerced towards ``schema`` where unambiguous; otherwise returned unchanged."""
    types = _types(schema)
    if isinstance(value, str) and types and "string" not in types:
        if "boolean" in types and value.strip().lower() in {"true", "false"}:
            return value.strip().lower() == "true"
        try:
            parsed = json.loads(value)
        except (json.JSONDecodeError, RecursionError):
            return value
        pairs_map = (
            isinstance(parsed, dict) and _pair_fields(_member(schema, "array").get("items")) is not None
        )
        if (_fits(parsed, types) or pairs_map) and not isinstance(parsed, str):
            value = parsed
    if isinstance(value, dict) and "object" not in types:
        fields = _pair_fields(_member(schema, "array").get("items"))
        if fields is not None:
            value = [{fields[0]: key, fields[1]: item} for key, item in value.items()]
    if isinstance(value, list):
        items = _member(schema, "array").get("items")
        if isinstance(items, Mapping):
            return [coerce_value(item, items) for item in value]
    elif isinstance(value, dict):
        return coerce_arguments(value, _member(schema, "object"))
    return value


def coerce_arguments(arguments: Mapping[str, Any], schema: Mapping[str, Any]) -> dict[str, Any]:
    """Arguments with each value coerced towards its property schema (unknown keys left as they are)."""
    properties = schema.get("properties")
    if not isinstance(properties, Mapping):
        return dict(arguments)
    return {
        key: coerce_value(value, properties[key]) if isinstance(properties.get(key), Mapping) else value
        for key, value in arguments.items()
    }
