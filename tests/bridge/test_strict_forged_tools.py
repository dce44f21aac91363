"""Every tool the catalogue writes converts to OpenAI strict mode, optional parameters kept as nullable."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "catalogue"))
from catalogue_cases import CASES

from mcpforge.bridge.openai import openai_parameters
from mcpforge.catalogue import CATALOGUE, get_operation
from mcpforge.models import Filter, Intent

# Map-typed parameters (derived_columns: name -> expression) cannot be strict; see docs/handoff/files.md.
_NO_DERIVED = {
    name: {k: v for k, v in fields.items() if k != "derived"} for name, (fields, _) in CASES.items()
}


@pytest.mark.parametrize("name", sorted(CATALOGUE))
def test_catalogue_tool_with_filters_converts_under_strict(name: str) -> None:
    fields = {**_NO_DERIVED[name], "filters": [Filter(column="weather", op="in", value=["Rain", "Snow"])]}
    spec = get_operation(name).render(Intent(request=name, operation=name, **fields)).spec
    strict = openai_parameters(spec.input_schema, strict=True)
    properties = spec.input_schema["properties"]
    assert list(strict["properties"]) == list(properties)
    assert strict["required"] == list(properties)
    assert strict["additionalProperties"] is False
    for optional in set(properties) - set(spec.input_schema.get("required", [])):
        schema = strict["properties"][optional]
        types = schema.get("type", [])
        nullable = "null" in types or any(v.get("type") == "null" for v in schema.get("anyOf", []))
        assert nullable, optional
    value = strict["properties"]["filters"]["items"]["properties"]["value"]
    assert {"type": "null"} in value["anyOf"]
