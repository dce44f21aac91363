"""End to end: a model-written tool that invents a condition is staged, and its presentation shows the
reading read from the code and the invented condition before the numbers (a scripted model, no network)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from mcpforge.config import MCPForgeConfig
from mcpforge.engines import ScriptedEngine
from mcpforge.pipeline.forge import forge
from mcpforge.registry import Registry

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
PLAN = {
    "tool_name": "most_severe_accident_counts",
    "description": "The severities with the most accidents.",
    "when_to_use": "To rank severities by their number of accidents",
    "what_it_does": "Counts accidents per severity and keeps the three largest",
}
INVENTED_URBAN = """```python
def compute(df):
    urban = df[df["location"] == "Urban"]
    counts = urban.groupby("severity").size().reset_index(name="accidents")
    return counts.sort_values("accidents", ascending=False).head(3)
```"""


@pytest.fixture
def config(forge_config: MCPForgeConfig) -> MCPForgeConfig:
    forge_config.validation.stress_rows = 2_000
    return forge_config


def test_a_model_invented_filter_is_shown_as_an_assumption_before_the_numbers(
    tmp_path: Path, config: MCPForgeConfig
) -> None:
    data = Path(shutil.copy(EXAMPLES / "traffic_accidents.csv", tmp_path / "accidents.csv"))
    engine = ScriptedEngine([json.dumps(PLAN), INVENTED_URBAN])
    result = forge(
        "the 3 severities with the most accidents",
        data,
        registry=Registry(Path(config.registry.root), config),
        config=config,
        engine=engine,
        allow_read=[data.parent],
        custom=True,
    )
    assert result.ok, result.error
    assert result.result_markdown is not None
    assert result.result_markdown.startswith(
        "## Analysis Results\n\n**Reading**: Count of rows per `severity`, sorted by `accidents` (highest "
        "first), first 3 rows, using the condition `location` = Urban, from the 2,000 rows of the file "
        "(read from the model-written code).\n\n> ⚠️ **Check this before the numbers**: the request did "
        "not say it.\n> - The code uses the condition `location` = Urban, which your request never "
        "mentions: check that it belongs to your question.\n\n| severity | accidents |"
    )
    assert "**Validation**: the code ran on your data and on " in result.result_markdown
