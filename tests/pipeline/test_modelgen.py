"""Model-written tools: contract from a plan, code under a fixed header, validation and repair."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mcpforge.config import MCPForgeConfig
from mcpforge.engines import ScriptedEngine
from mcpforge.exceptions import EngineError
from mcpforge.pipeline.modelgen import ToolPlan, generate_custom_tool, plan_to_spec
from mcpforge.pipeline.schema import DatasetSchema

PLAN = {
    "tool_name": "most_common_weather_per_region",
    "description": "For each region, the weather condition with the most accidents.",
    "parameters": [
        {"name": "group_column", "type": "string", "description": "Column to group by", "default": "region"},
        {"name": "category_column", "type": "string", "description": "Category column", "default": "weather"},
    ],
    "when_to_use": "When you need the most frequent category within each group",
    "what_it_does": "Loads the CSV, counts category values per group and keeps the most frequent one",
    "returns": "A markdown table with one row per group and a JSON footer",
    "prerequisites": "The CSV has both columns",
}

BODY = """
    df = load_csv_data_with_types(file_path)
    validate_file_and_columns(file_path, [group_column, category_column])
    counts = df.groupby([group_column, {col}]).size().reset_index(name="n")
    best = counts.sort_values(["n", category_column], ascending=[False, True]).drop_duplicates(group_column)
    table = best[[group_column, category_column]].sort_values(group_column).reset_index(drop=True)
    rows = [[str(v) for v in row] for row in table.values.tolist()]
    return (
        "## Most common value per group\\n\\n" + format_markdown_table(table) + "\\n\\n"
        + output_footer({{"operation": "custom", "result": {{"columns": list(table.columns), "rows": rows}},
                         "rows_processed": len(df)}})
    )
"""

HEAD = "```python\n@mcp.tool()\ndef most_common_weather_per_region(file_path: str) -> str:"
GOOD = HEAD + BODY.format(col="category_column") + "```"
BUGGY = HEAD + BODY.format(col="category") + "```"


@pytest.fixture
def data(tmp_path: Path) -> Path:
    path = tmp_path / "accidents.csv"
    rows = ["region,weather"] + [
        f"{r},{w}"
        for r, w in [
            ("North", "Rain"),
            ("North", "Rain"),
            ("North", "Clear"),
            ("South", "Clear"),
            ("South", "Snow"),
            ("South", "Clear"),
            ("East", "Fog"),
        ]
        * 3
    ]
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def config(forge_config: MCPForgeConfig) -> MCPForgeConfig:
    forge_config.validation.stress_rows = 2_000
    return forge_config


def test_a_buggy_first_answer_is_repaired_and_the_rounds_are_recorded(
    data: Path, config: MCPForgeConfig
) -> None:
    engine = ScriptedEngine([json.dumps(PLAN), BUGGY, GOOD])
    tool = generate_custom_tool(
        engine,
        "which weather is most common per region",
        DatasetSchema.from_file(data),
        data_path=data,
        config=config,
    )
    assert tool.validation.passed, tool.validation.report.errors
    assert [r.passed for r in tool.rounds] == [True]
    assert tool.validation.report.repair_rounds == tool.rounds
    assert any("category" in line for line in tool.rounds[0].diagnostics)
    assert tool.arguments == {"group_column": "region", "category_column": "weather"}
    assert "def most_common_weather_per_region(\n    file_path: Annotated[str" in tool.source
    repair_prompt = engine.prompts[2][0]["content"]
    assert "iteration 1 of 3" in repair_prompt


def test_a_tool_that_never_passes_ends_after_the_configured_rounds(
    data: Path, config: MCPForgeConfig
) -> None:
    config.validation.max_repair_iterations = 2
    engine = ScriptedEngine([json.dumps(PLAN), BUGGY, BUGGY, BUGGY])
    tool = generate_custom_tool(
        engine, "most common weather per region", DatasetSchema.from_file(data), data_path=data, config=config
    )
    assert not tool.validation.passed
    assert [r.iteration for r in tool.rounds] == [1, 2]
    assert not any(r.passed for r in tool.rounds)


def test_an_unusable_plan_is_an_engine_error(data: Path, config: MCPForgeConfig) -> None:
    engine = ScriptedEngine(['{"tool_name": "Bad Name!"}'])
    with pytest.raises(EngineError):
        generate_custom_tool(engine, "anything", DatasetSchema.from_file(data), data_path=data, config=config)


def test_the_spec_puts_file_path_first_and_types_defaults() -> None:
    plan = ToolPlan.model_validate(
        {
            **PLAN,
            "parameters": [
                {"name": "threshold", "type": "number", "description": "cut", "default": "2.5"},
                {"name": "columns", "type": "array", "description": "cols", "default": "a, b"},
            ],
        }
    )
    spec = plan_to_spec(plan)
    assert [p["name"] for p in spec.parameters] == ["file_path", "threshold", "columns"]
    assert spec.input_schema["required"] == ["file_path"]
    assert spec.input_schema["properties"]["threshold"]["default"] == 2.5
    assert spec.input_schema["properties"]["columns"]["default"] == ["a", "b"]
