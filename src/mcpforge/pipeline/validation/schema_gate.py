"""Schema gate (requirements 4.1): the code's signature, schema and docstring match its spec."""

from __future__ import annotations

from typing import Any

from mcpforge.exceptions import InvalidArgumentError
from mcpforge.models import ToolSpec
from mcpforge.pipeline._signature import SECTION_TITLES, ParsedTool, parse_tool_source


def _shape(schema: Any) -> frozenset[str]:
    """The JSON types a schema admits, with array item types (``array[string]``); objects stay opaque.

    ``{"type": ["integer", "null"]}`` and ``{"anyOf": [{"type": "integer"}, {"type": "null"}]}`` have the
    same shape; an array whose items are unspecified on one side matches any items on the other.
    """
    if not isinstance(schema, dict):
        return frozenset()
    shapes: set[str] = set()
    for option in schema.get("anyOf", []) + schema.get("oneOf", []):
        shapes |= _shape(option)
    declared = schema.get("type")
    types = declared if isinstance(declared, list) else [declared] if declared else []
    if not types and "enum" in schema:
        types = sorted({_JSON_NAMES.get(type(v).__name__, "string") for v in schema["enum"]})
    for name in types:
        if name == "array" and isinstance(schema.get("items"), dict) and _shape(schema["items"]):
            shapes |= {f"array[{item}]" for item in _shape(schema["items"])}
        else:
            shapes.add(str(name))
    return frozenset(shapes)


_JSON_NAMES = {"str": "string", "int": "integer", "float": "number", "bool": "boolean", "NoneType": "null"}


def _compatible(declared: Any, annotated: Any) -> bool:
    left, right = _shape(declared), _shape(annotated)
    if left == right:
        return True
    # An untyped array on either side matches a typed one (list vs list[str]).
    strip = {s.split("[", 1)[0] if s.startswith("array[") else s for s in left}
    return strip == {s.split("[", 1)[0] if s.startswith("array[") else s for s in right} and (
        "array" in left or "array" in right
    )


def _normalize_type(text: str) -> str:
    return text.replace("typing.", "").replace("List[", "list[").replace("Dict[", "dict[").replace(" ", "")


def check_schema(  # noqa: PLR0912 - one branch per kind of mismatch
    source: str, spec: ToolSpec
) -> tuple[list[str], ParsedTool | None]:
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
        elif not _compatible(declared_schema, param.json_schema):
            errors.append(
                f"schema: input_schema of {name!r} admits {sorted(_shape(declared_schema))}, the annotation "
                f"gives {sorted(_shape(param.json_schema))}"
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
