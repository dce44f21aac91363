"""Specs: valid MCP tool names, names free in the registry, assumptions and limitations from the intent."""

from __future__ import annotations

from pathlib import Path

import pytest

from mcpforge.exceptions import InvalidArgumentError
from mcpforge.models import Filter, Intent, ToolSpec
from mcpforge.pipeline.spec import check_tool_name, finalize_spec, to_snake_case, unique_tool_name
from mcpforge.registry import ActiveTool


def _spec(name: str = "count_rows", description: str = "Count rows") -> ToolSpec:
    return ToolSpec(
        tool_name=name,
        description=description,
        input_schema={"type": "object", "properties": {}},
        output_schema={},
        parameters=[{"name": "file_path", "type": "str"}],
        return_type="str",
        when_to_use="w",
        what_it_does="d",
        returns="r",
        prerequisites="p",
    )


@pytest.mark.parametrize("name", ["", "Count", "1tool", "has space", "dash-name", "x" * 65, "dot.name"])
def test_names_outside_snake_case_are_refused(name: str) -> None:
    with pytest.raises(InvalidArgumentError):
        check_tool_name(name)


def test_free_text_becomes_a_valid_name() -> None:
    assert to_snake_case("Count by Severity & Location!") == "count_by_severity_location"
    assert to_snake_case("2024 sales") == "tool_2024_sales"
    check_tool_name(to_snake_case("x" * 200))


def test_finalize_adds_what_the_intent_assumes_and_limits() -> None:
    intent = Intent(
        request="r",
        operation="group_count",
        group_by=["severity", "location"],
        top_n=5,
        filters=[Filter(column="weather", op="==", value="Rain")],
        notes=["'accidents' means rows"],
    )
    spec = finalize_spec(_spec().model_copy(update={"assumptions": ["Nulls are dropped"]}), intent)
    assert spec.assumptions == [
        "Columns 'severity', 'location', 'weather' exist in the dataset",
        "Rows with an empty value in a grouping column form their own group (shown blank)",
        "'accidents' means rows",
        "Nulls are dropped",
    ]
    assert spec.limitations[:2] == [
        "Output limited to the top 5 rows",
        "Only rows matching the filters are counted",
    ]


class _FakeRegistry:
    """Only what unique_tool_name reads: the active tools."""

    def __init__(self, tools: list[ActiveTool]) -> None:
        self.tools = tools

    def active_tools(self) -> list[ActiveTool]:
        return self.tools


def _active(spec: ToolSpec) -> ActiveTool:
    return ActiveTool(
        name=spec.tool_name,
        version="1.0.0",
        path=Path(),
        spec=spec,
        spec_hash="s",
        code_hash="c",
        promoted_at="t",
        created_by="x",
    )


def test_a_taken_name_with_another_contract_gets_a_suffix() -> None:
    registry = _FakeRegistry(
        [_active(_spec(description="Something else")), _active(_spec("count_rows_2", "Other"))]
    )
    assert unique_tool_name("count_rows", registry, _spec()) == "count_rows_3"  # type: ignore[arg-type]
    assert unique_tool_name("fresh_name", registry, _spec()) == "fresh_name"  # type: ignore[arg-type]


def test_a_taken_name_with_the_same_contract_is_kept_for_a_new_version() -> None:
    registry = _FakeRegistry([_active(_spec())])
    assert unique_tool_name("count_rows", registry, _spec()) == "count_rows"  # type: ignore[arg-type]
