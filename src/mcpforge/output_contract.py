"""The output contract of a tool: what its footer (MCP structured content) must hold, checked one way.

The server checks every call's structured content against the tool's output schema; validation applies
the very same check to every successful test call, so a tool whose output breaks its own schema is
rejected before anyone approves it, instead of failing on every call once it is served.
"""

from __future__ import annotations

import functools
import json
from typing import Any

import jsonschema
import jsonschema.exceptions
import jsonschema.validators


def output_schema_for(spec_schema: dict[str, Any]) -> dict[str, Any] | None:
    """The MCP output schema for a spec's output schema: only an object schema can describe
    structured content, so anything else (a string result, an empty schema) declares none."""
    if spec_schema.get("type") == "object" and isinstance(spec_schema.get("properties", {}), dict):
        return spec_schema
    return None


def output_contract_error(tool_name: str, spec_schema: dict[str, Any], structured: Any) -> str | None:
    """Why ``structured`` (the footer data of one call) breaks the tool's output schema, or None.

    An invalid schema is not held against the output (the schema gate reports it).
    """
    schema = output_schema_for(spec_schema)
    if schema is None:
        return None
    if structured is None:
        return f"{tool_name} returned no JSON footer, which its output schema requires"
    validator = _validator(json.dumps(schema, sort_keys=True, default=str))
    if validator is None:
        return None
    error = jsonschema.exceptions.best_match(validator.iter_errors(structured))
    if error is None:
        return None
    path = "/".join(str(part) for part in error.absolute_path) or "(top level)"
    return f"{tool_name} returned data that breaks its output schema at {path}: {error.message}"


@functools.lru_cache(maxsize=4096)  # a served tool's schema is checked once, not on every call
def _validator(schema_json: str) -> Any:
    """A checked validator for the schema (as ``jsonschema.validate`` makes one), None when invalid."""
    schema = json.loads(schema_json)
    cls = jsonschema.validators.validator_for(schema)
    try:
        cls.check_schema(schema)
    except jsonschema.SchemaError:
        return None
    return cls(schema)
