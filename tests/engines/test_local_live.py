"""The embedded local model, for real. Opt-in: `pytest -m live` after `mcpforge model install`."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from pydantic import BaseModel

from mcpforge.config import MCPForgeConfig
from mcpforge.engines.model_store import default_model_path
from mcpforge.footer import parse_output_footer
from mcpforge.pipeline.modelgen.generate import generate_custom_tool
from mcpforge.pipeline.schema import DatasetSchema

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

pytestmark = pytest.mark.live


class Grouping(BaseModel):
    operation: str
    columns: list[str]


@pytest.mark.skipif(
    not default_model_path().is_file(), reason="local model not installed (mcpforge model install)"
)
def test_local_model_answers_with_schema_constrained_json() -> None:
    from mcpforge.engines.local import LocalEngine

    engine = LocalEngine(model_path=default_model_path(), context_tokens=2048, max_tokens=80)
    answer = engine.complete_model(
        [
            {
                "role": "user",
                "content": "Which columns does 'count accidents by severity' group by? Answer JSON.",
            }
        ],
        Grouping,
    )
    assert "severity" in [column.lower() for column in answer.columns]
    assert engine.usage.completion_tokens > 0


@pytest.mark.skipif(
    not default_model_path().is_file(), reason="local model not installed (mcpforge model install)"
)
def test_local_model_writes_a_validated_tool_outside_the_catalogue() -> None:
    from mcpforge.engines.local import LocalEngine

    config = MCPForgeConfig()
    config.validation.stress_rows = 10_000
    data = EXAMPLES / "traffic_accidents.csv"
    engine = LocalEngine(model_path=default_model_path(), max_tokens=config.llm.max_tokens)
    tool = generate_custom_tool(
        engine,
        "For each region, the range of speed limits (maximum minus minimum)",
        DatasetSchema.from_file(data),
        data_path=data,
        config=config,
    )
    assert tool.validation.passed, tool.validation.report.errors
    assert tool.validation.person_run is not None
    answer = parse_output_footer(tool.validation.person_run.outcome.markdown or "") or {}
    frame = pd.read_csv(data)
    expected = (
        frame.groupby("region")["speed_limit"].max() - frame.groupby("region")["speed_limit"].min()
    ).to_dict()
    rows = answer["result"]["rows"]
    assert {row[0]: row[-1] for row in rows} == expected
