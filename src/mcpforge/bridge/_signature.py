"""Python signatures, annotations and docstrings built from a tool's JSON Schema."""

from __future__ import annotations

import functools
import inspect
import operator
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from mcpforge.bridge._tooldef import ToolDefinition
from mcpforge.bridge.naming import assign_names, python_identifier
from mcpforge.bridge.schema_walk import resolve_pointer, schema_types

_SCALARS: dict[str, Any] = {"string": str, "integer": int, "number": float, "boolean": bool, "null": None}
_NO_DEFAULT = inspect.Parameter.empty


@dataclass(frozen=True, kw_only=True)
class ParamSpec:
    """One tool parameter: its Python name, its JSON property name, and how it may be omitted."""

    python_name: str
    json_name: str
    required: bool
    accepts_null: bool
    default: Any
    annotation: Any
    description: str


def _union(annotations: list[Any]) -> Any:
    unique: list[Any] = []
    for item in annotations:
        if item is Any:
            return Any
        if item not in unique:
            unique.append(item)
    if not unique:
        return Any
    return functools.reduce(operator.or_, [type(None) if item is None else item for item in unique])


def annotation_for(schema: Any, root: Mapping[str, Any], seen: tuple[str, ...] = ()) -> Any:  # noqa: PLR0911
    """A Python annotation for a JSON Schema (``Any`` where no precise type is known)."""
    if not isinstance(schema, Mapping):
        return Any
    ref = schema.get("$ref")
    if isinstance(ref, str):
        if ref in seen:
            return Any  # recursive definition
        try:
            return annotation_for(resolve_pointer(root, ref), root, (*seen, ref))
        except (KeyError, IndexError, ValueError):
            return Any
    values = schema["enum"] if isinstance(schema.get("enum"), list) else None
    if "const" in schema:
        values = [schema["const"]]
    if values and all(isinstance(v, str | int | bool) or v is None for v in values):
        literal = [v for v in values if v is not None]
        parts: list[Any] = [Literal[tuple(literal)]] if literal else []
        return _union(parts + ([None] if None in values else []))
    for keyword in ("anyOf", "oneOf"):
        if isinstance(schema.get(keyword), list):
            return _union([annotation_for(sub, root, seen) for sub in schema[keyword]])
    parts = []
    for name in schema_types(schema):
        if name == "array":
            parts.append(list[annotation_for(schema.get("items"), root, seen)])  # type: ignore[misc]
        elif name == "object":
            parts.append(dict[str, Any])
        elif name in _SCALARS:
            parts.append(_SCALARS[name])
    return _union(parts)


def _accepts_null(schema: Any, root: Mapping[str, Any], seen: tuple[str, ...] = ()) -> bool:  # noqa: PLR0911
    """Whether ``null`` is a valid value (an untyped schema accepts anything)."""
    if not isinstance(schema, Mapping):
        return schema is not False
    ref = schema.get("$ref")
    if isinstance(ref, str):
        try:
            return ref not in seen and _accepts_null(resolve_pointer(root, ref), root, (*seen, ref))
        except (KeyError, IndexError, ValueError):
            return True
    if isinstance(schema.get("enum"), list):
        return None in schema["enum"]
    if "const" in schema:
        return schema["const"] is None
    for keyword in ("anyOf", "oneOf"):
        if isinstance(schema.get(keyword), list):
            return any(_accepts_null(sub, root, seen) for sub in schema[keyword])
    types = schema_types(schema)
    return not types or "null" in types


def build_parameters(definition: ToolDefinition) -> list[ParamSpec]:
    """The tool's parameters, required ones first, each group in schema order."""
    schema = definition.input_schema
    properties: Mapping[str, Any] = schema.get("properties") or {}
    required = set(schema.get("required") or [])
    names = assign_names(properties, python_identifier)
    specs: list[ParamSpec] = []
    for json_name, raw in properties.items():
        prop = raw if isinstance(raw, Mapping) else {}
        is_required = json_name in required
        annotation = annotation_for(prop, schema)
        default: Any = _NO_DEFAULT if is_required else prop.get("default")
        if not is_required and annotation is not Any and default is None:
            annotation = _union([annotation, None])
        specs.append(ParamSpec(
            python_name=names[json_name], json_name=json_name, required=is_required,
            accepts_null=_accepts_null(prop, schema), default=default, annotation=annotation,
            description=str(prop.get("description") or ""),
        ))  # fmt: skip
    return sorted(specs, key=lambda spec: not spec.required)  # stable: schema order within each group


def return_annotation(definition: ToolDefinition) -> Any:
    """What calling the tool returns: the structured result's type when the server declares one."""
    output = definition.output_schema
    if not output:
        return Any
    if output.get("x-fastmcp-wrap-result"):
        return annotation_for((output.get("properties") or {}).get("result"), output)
    return annotation_for(output, output)


def build_signature(definition: ToolDefinition, params: list[ParamSpec]) -> inspect.Signature:
    """An ``inspect.Signature``: required parameters without default, optional ones with theirs (or None)."""
    return inspect.Signature(
        [
            inspect.Parameter(
                p.python_name,
                inspect.Parameter.POSITIONAL_OR_KEYWORD,
                default=p.default,
                annotation=p.annotation,
            )
            for p in params
        ],
        return_annotation=return_annotation(definition),
    )


def build_docstring(definition: ToolDefinition, params: list[ParamSpec]) -> str:
    """Google-style docstring: the tool's description, then one line per described parameter."""
    lines = [definition.description.strip() or f"MCP tool {definition.name!r}."]
    described = [p for p in params if p.description]
    if described:
        lines += ["", "Args:"] + [
            f"    {p.python_name}: {' '.join(p.description.split())}" for p in described
        ]
    return "\n".join(lines)


def signature_text(name: str, signature: inspect.Signature) -> str:
    """``name(params) -> ret`` as a reader writes it (``Any``, ``Literal[...]``, no ``typing.`` prefix)."""
    return name + str(signature).replace("typing.", "")
