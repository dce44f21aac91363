"""Schema gate (requirements 4.1): the code's signature, schema and docstring match its spec."""

from __future__ import annotations

from typing import Any

from mcpforge.exceptions import InvalidArgumentError
from mcpforge.models import ToolSpec
from mcpforge.pipeline._signature import SECTION_TITLES, ParsedTool, parse_tool_source

_TYPE_KEYS = ("type", "items", "enum", "anyOf", "additionalProperties")


def _shape(schema: dict[str, Any]) -> dict[str, Any]:
    return {key: schema[key] for key in _TYPE_KEYS if key in schema}


def _normalize_type(text: str) -> str:
    return text.replace("typing.", "").replace("List[", "list[").replace("Dict[", "dict[").replace(" ", "")


def check_schema(source: str, spec: ToolSpec) -> tuple[list[str], ParsedTool | None]:
    """Every mismatch between ``source`` and ``spec`` as one message each (empty when they agree)."""
    try:
        parsed = parse_tool_source(source)
    except InvalidArgumentError as exc:
        return [f"schema: {exc}"], None
    errors: list[str] = []
    line = parsed.line
    if parsed.function_name != spec.tool_name:
        errors.append(
            f"schema (line {line}): function {parsed.function_name!r} != spec tool_name {spec.tool_name!r}"
        )
    if parsed.return_annotation != "str" or spec.return_type != "str":
        errors.append(
            f"schema (line {line}): return type must be 'str' (code {parsed.return_annotation!r}, "
            f"spec {spec.return_type!r})"
        )
    code_params = {p.name: p for p in parsed.parameters}
    spec_params = {str(p.get("name")): p for p in spec.parameters}
    for name in spec_params.keys() - code_params.keys():
        errors.append(f"schema (line {line}): spec parameter {name!r} is missing from the signature")
    for name in code_params.keys() - spec_params.keys():
        errors.append(f"schema (line {line}): parameter {name!r} is not in the spec")
    for name in sorted(code_params.keys() & spec_params.keys()):
        code, declared = code_params[name], spec_params[name]
        if _normalize_type(code.type_source) != _normalize_type(str(declared.get("type", ""))):
            errors.append(
                f"schema (line {line}): parameter {name!r} is {code.type_source!r} in the code but "
                f"{declared.get('type')!r} in the spec"
            )
        if bool(declared.get("required", True)) != code.required:
            errors.append(f"schema (line {line}): parameter {name!r} required-ness differs from the spec")
        if not code.description:
            errors.append(f"schema (line {line}): parameter {name!r} has no Field(description=...)")
    properties = spec.input_schema.get("properties", {})
    for name, param in code_params.items():
        declared_schema = properties.get(name)
        if declared_schema is None:
            errors.append(f"schema: input_schema has no property {name!r}")
        elif _shape(declared_schema) != _shape(param.json_schema):
            errors.append(
                f"schema: input_schema of {name!r} is {_shape(declared_schema)} but the annotation gives "
                f"{_shape(param.json_schema)}"
            )
    required = sorted(spec.input_schema.get("required", []))
    if required != sorted(p.name for p in parsed.parameters if p.required):
        errors.append(f"schema: input_schema required {required} does not match the signature")
    for key, title in SECTION_TITLES.items():
        if not parsed.sections.get(key):
            errors.append(f"schema (line {line}): docstring has no {title!r} section")
        if not str(getattr(spec, key)).strip():
            errors.append(f"schema: spec field {key!r} is empty")
    return errors, parsed
