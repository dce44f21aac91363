"""Model-written tools: contract from a plan, code under a fixed header, validation and repair."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mcpforge.config import MCPForgeConfig
from mcpforge.engines import ScriptedEngine
from mcpforge.exceptions import EngineError
from mcpforge.pipeline.modelgen.generate import ToolPlan, generate_custom_tool, plan_to_spec
from mcpforge.pipeline.schema import DatasetSchema

PLAN = {
    "tool_name": "most_common_weather_per_region",
    "description": "For each region, the weather condition with the most accidents.",
    "when_to_use": "When you need the most frequent category within each group",
    "what_it_does": "Loads the CSV, counts category values per group and keeps the most frequent one",
    "returns": "A markdown table with one row per group and a JSON footer",
    "prerequisites": "The CSV has both columns",
}

COMPUTE = """
def compute(df: pd.DataFrame) -> pd.DataFrame:
    counts = df.groupby(["region", {col!r}]).size().reset_index(name="n")
    best = counts.sort_values(["n", "weather"], ascending=[False, True]).drop_duplicates("region")
    return best[["region", "weather"]].sort_values("region")
"""

GOOD = "```python\nimport pandas as pd\n" + COMPUTE.format(col="weather") + "\nprint(compute(df))\n```"
BUGGY = "```python" + COMPUTE.format(col="wether") + "```"


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
    assert any("wether" in line for line in tool.rounds[0].diagnostics), tool.rounds[0].diagnostics
    assert tool.arguments == {}
    assert "def most_common_weather_per_region(\n    file_path: Annotated[str" in tool.source
    assert "validate_file_and_columns(file_path, ['region', 'weather'])" in tool.source
    assert "print(" not in tool.source
    repair_prompt = engine.prompts[2][0]["content"]
    assert "round 1 of 3" in repair_prompt
    assert "def compute(df" in repair_prompt
    code_prompt = engine.prompts[1][0]["content"]
    assert "- weather: text; 4 distinct" in code_prompt


def test_the_tool_answers_with_a_table_and_rejects_data_without_its_columns(
    data: Path, config: MCPForgeConfig
) -> None:
    engine = ScriptedEngine([json.dumps(PLAN), GOOD])
    tool = generate_custom_tool(
        engine, "most common weather per region", DatasetSchema.from_file(data), data_path=data, config=config
    )
    records = {r["test_id"]: r for r in tool.validation.results}
    assert records["edge_missing_column"]["passed"], records["edge_missing_column"]
    assert "ColumnNotFoundError" in records["edge_missing_column"]["error"]
    assert tool.validation.person_run is not None
    markdown = tool.validation.person_run.outcome.markdown or ""
    assert "| East | Fog |" in markdown


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


def test_the_spec_takes_only_the_file() -> None:
    spec = plan_to_spec(ToolPlan.model_validate(PLAN))
    assert [p["name"] for p in spec.parameters] == ["file_path"]
    assert spec.input_schema["required"] == ["file_path"]


def test_a_repair_that_repeats_the_code_is_followed_by_a_fresh_write(
    data: Path, config: MCPForgeConfig
) -> None:
    engine = ScriptedEngine([json.dumps(PLAN), BUGGY, BUGGY, GOOD])
    tool = generate_custom_tool(
        engine, "most common weather per region", DatasetSchema.from_file(data), data_path=data, config=config
    )
    assert tool.validation.passed, tool.validation.report.errors
    assert [r.passed for r in tool.rounds] == [True]
    fresh = engine.prompts[3][0]["content"]
    assert "An earlier attempt failed; avoid its problems:" in fresh
    assert "wether" in fresh  # the problem is named...
    assert "This attempt is wrong" not in fresh  # ...but the failing code is not shown
