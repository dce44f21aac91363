"""The catalogue contract: names, specs, schemas, parameter defaults and render-time refusals."""

from __future__ import annotations

import ast
import re

import pytest
from catalogue_cases import CASES

from mcpforge.catalogue import CATALOGUE, Operation, RenderedTool, get_operation
from mcpforge.exceptions import InvalidArgumentError, UnmappableRequestError
from mcpforge.models import Aggregation, Intent, ToolSpec

MCP_NAME = re.compile(r"^[a-z][a-z0-9_]{0,63}$")
DOC_SECTIONS = ("WHEN TO USE THIS TOOL:", "WHAT THIS TOOL DOES:", "RETURNS:", "PREREQUISITES:")


def _render(name: str) -> RenderedTool:
    fields, _ = CASES[name]
    return get_operation(name).render(Intent(request=name, operation=name, **fields))


def test_get_operation_returns_the_registered_instance_and_refuses_unknown_names() -> None:
    assert get_operation("group_count") is CATALOGUE["group_count"]
    assert isinstance(get_operation("crosstab"), Operation)
    with pytest.raises(UnmappableRequestError):
        get_operation("write_a_poem")


@pytest.mark.parametrize("name", sorted(CATALOGUE))
def test_spec_signature_and_arguments_agree(name: str) -> None:
    rendered = _render(name)
    spec = rendered.spec
    assert isinstance(spec, ToolSpec) and spec.return_type == "str"
    assert MCP_NAME.match(spec.tool_name) and spec.tool_name == rendered.function_name
    assert all([spec.description, spec.when_to_use, spec.what_it_does, spec.returns, spec.prerequisites])
    assert f"def {spec.tool_name}(" in rendered.source
    assert all(section in rendered.source for section in DOC_SECTIONS)
    properties = spec.input_schema["properties"]
    assert spec.input_schema["required"] == ["file_path"]
    assert [p["name"] for p in spec.parameters] == list(properties)
    # Every parameter but file_path has this request's value as its default, so the tool reruns the request.
    assert {k: v["default"] for k, v in properties.items() if k != "file_path"} == rendered.arguments
    for parameter in spec.parameters:
        assert set(parameter) == {"name", "type", "annotation", "required", "default", "description"}
        assert f"    {parameter['name']}: Annotated[{parameter['type']}, Field(" in rendered.source
    assert spec.output_schema["required"] == ["operation", "result", "rows_processed", "rows_matched"]


def test_default_tool_names_describe_the_operation_and_its_columns() -> None:
    intent = Intent(request="r", operation="group_count", group_by=["Severity", "Location (city)"])
    assert get_operation("group_count").render(intent).spec.tool_name == "count_by_severity_and_location_city"
    long = Intent(request="r", operation="group_count", group_by=["x" * 80, "y"])
    assert len(get_operation("group_count").render(long).spec.tool_name) <= 64
    digits = Intent(request="r", operation="distinct_count", columns=["2024"])
    assert MCP_NAME.match(get_operation("distinct_count").render(digits).spec.tool_name)


def test_a_given_tool_name_overrides_the_default_and_must_be_valid() -> None:
    operation = get_operation("value_distribution")
    intent = Intent(request="r", operation="value_distribution", columns=["weather"])
    assert operation.render(intent, tool_name="weather_mix_v2").function_name == "weather_mix_v2"
    with pytest.raises(InvalidArgumentError):
        operation.render(intent, tool_name="Weather-Mix")


@pytest.mark.parametrize(
    "nasty", ['x"""\\ninjected = 1 #', 'x"""\ninjected = 1 #\\', "x'''\r\ninjected = 1 #"]
)
def test_column_names_cannot_break_out_of_the_generated_source(nasty: str) -> None:
    rendered = get_operation("group_count").render(
        Intent(request="r", operation="group_count", group_by=[nasty])
    )
    tree = ast.parse(rendered.source)
    # Whatever the name holds, it ends up in string literals: no module-level assignment appears.
    assigned = [
        t.id
        for node in tree.body
        if isinstance(node, ast.Assign)
        for t in node.targets
        if isinstance(t, ast.Name)
    ]
    assert "injected" not in assigned
    assert rendered.arguments["group_by_columns"] == [nasty]


@pytest.mark.parametrize(
    ("name", "fields"),
    [
        ("group_count", {}),
        ("group_aggregate", {"group_by": ["region"]}),
        ("filter_rows", {}),
        ("top_n_rows", {}),
        ("value_distribution", {}),
        ("correlation", {"columns": ["units"]}),
        ("time_resample", {}),
        ("date_part_group", {}),
        ("pivot_table", {"group_by": ["region"]}),
        ("crosstab", {"columns": ["weather"]}),
        ("percentiles", {}),
        ("percentiles", {"columns": ["units"], "options": {"percentiles": [150]}}),
        ("outliers", {}),
        ("distinct_count", {}),
    ],
)
def test_intents_an_operation_cannot_render_are_refused(name: str, fields: dict[str, object]) -> None:
    intent = Intent.model_validate({"request": "r", "operation": name, **fields})
    with pytest.raises(InvalidArgumentError):
        get_operation(name).render(intent)


def test_defaults_the_contract_names_are_filled_in() -> None:
    aggregate = get_operation("aggregate").render(Intent(request="how many rows", operation="aggregate"))
    assert aggregate.arguments["metrics"] == [{"column": None, "func": "count"}]
    top = get_operation("top_n_rows").render(Intent(request="r", operation="top_n_rows", columns=["price"]))
    assert top.arguments["top_n"] == 10
    zscore = get_operation("outliers").render(
        Intent(request="r", operation="outliers", columns=["price"], options={"method": "zscore"})
    )
    assert (zscore.arguments["method"], zscore.arguments["threshold"]) == ("zscore", 3.0)
    percent = get_operation("crosstab").render(
        Intent(request="r", operation="crosstab", group_by=["a"], columns=["b"], as_percentage=True)
    )
    assert percent.arguments["normalize"] == "all"
    hourly = get_operation("date_part_group").render(
        Intent(
            request="r",
            operation="date_part_group",
            time_column="t",
            time_grain="hour",
            metrics=[Aggregation(column="v", func="mean")],
        )
    )
    assert hourly.arguments == {
        "time_column": "t",
        "part": "hour",
        "metrics": [{"column": "v", "func": "mean"}],
        "top_n": None,
        "sort_descending": True,
        "filters": [],
    }
