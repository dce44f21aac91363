"""Every tool the catalogue writes converts to OpenAI strict mode, optional parameters kept as nullable.

Each operation is rendered with everything a request can add to its parameters (filters of every kind,
derived columns, preparation steps, rounding), converted, and the result is checked against the official
strict rules by a walker written here, not by the converter's own checks.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "catalogue"))
from catalogue_cases import CASES

from mcpforge.bridge.openai import openai_parameters
from mcpforge.catalogue import CATALOGUE, get_operation
from mcpforge.models import AnalysisMethod, DerivedColumn, Filter, Intent, PreparationStep
from mcpforge.server._coerce import coerce_arguments

_EVERYTHING: dict[str, Any] = {
    "filters": [
        Filter(column="weather", op="in", value=["Rain", "Snow"]),
        Filter(column="units", op="between", value=[1, 3]),
        Filter(column="location", op="is null"),
    ],
    "derived": [DerivedColumn(name="double_units", expression="units * 2")],
    "preparation": [
        PreparationStep(kind="fill_missing", columns=["units"], strategy="median"),
        PreparationStep(kind="bin", columns=["unit_price"], bins=2, strategy="quantile"),
    ],
    "method": AnalysisMethod(round_digits=2),
}


def _objects(schema: Any, pointer: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every object schema under ``schema`` with its JSON pointer."""
    if not isinstance(schema, dict):
        return
    if "object" in (schema["type"] if isinstance(schema.get("type"), list) else [schema.get("type")]):
        yield pointer, schema
    for name, sub in (schema.get("properties") or {}).items():
        yield from _objects(sub, f"{pointer}/properties/{name}")
    yield from _objects(schema.get("items"), f"{pointer}/items")
    for index, sub in enumerate(schema.get("anyOf") or []):
        yield from _objects(sub, f"{pointer}/anyOf/{index}")


def _nullable(schema: dict[str, Any]) -> bool:
    types = schema.get("type", [])
    return "null" in types or any(variant.get("type") == "null" for variant in schema.get("anyOf", []))


def _original_at(schema: dict[str, Any], pointer: str) -> dict[str, Any]:
    node: Any = schema
    for part in pointer.strip("/").split("/") if pointer else []:
        node = node[int(part)] if isinstance(node, list) else node[part]
    assert isinstance(node, dict)
    return node


@pytest.mark.parametrize("name", sorted(CATALOGUE))
def test_every_catalogue_tool_with_every_request_option_converts_under_the_official_strict_rules(
    name: str,
) -> None:
    fields = {**CASES[name][0], **_EVERYTHING}
    rendered = get_operation(name).render(Intent(request=name, operation=name, **fields))
    original = rendered.spec.input_schema
    assert {"filters", "derived_columns", "preparation", "round_digits"} <= set(original["properties"])
    strict = openai_parameters(original, strict=True)
    checked = 0
    for pointer, node in _objects(strict):
        properties = node.get("properties", {})
        assert node.get("additionalProperties") is False, pointer
        assert sorted(node.get("required", [])) == sorted(properties), pointer
        source = _original_at(original, pointer)
        for optional in set(source.get("properties", {})) - set(source.get("required", [])):
            assert _nullable(properties[optional]), f"{pointer}/properties/{optional}"
        checked += 1
    assert checked >= 4  # the root, a filter, a derived column, a preparation step
    # What a strict-mode model sends (every key present, null for "not given") is accepted by the
    # tool's own schema, which the server validates against.
    arguments = {**rendered.arguments, "file_path": "data.csv"}
    arguments["preparation"] = [
        {"kind": "drop_missing", "columns": None, "strategy": None, "value": None, "bins": None}
    ]
    jsonschema.validate(arguments, original)


def test_the_earlier_name_to_expression_form_is_coerced_to_the_list_of_pairs() -> None:
    intent = Intent(request="derived", operation="aggregate", **{**CASES["aggregate"][0], **_EVERYTHING})
    schema = get_operation("aggregate").render(intent).spec.input_schema
    sent = {"derived_columns": {"a": "units * 2", "b": "a + 1"}}
    coerced = coerce_arguments(sent, schema)
    assert coerced == {
        "derived_columns": [{"name": "a", "expression": "units * 2"}, {"name": "b", "expression": "a + 1"}]
    }
    jsonschema.validate(coerced["derived_columns"], schema["properties"]["derived_columns"])
