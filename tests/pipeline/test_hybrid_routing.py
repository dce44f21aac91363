"""Hybrid routing: what maps onto the catalogue is rendered from templates, even when a model mapped it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pandas as pd
import pytest

from mcpforge.config import MCPForgeConfig
from mcpforge.engines import ScriptedEngine
from mcpforge.exceptions import EngineError, InvalidArgumentError, UnmappableRequestError
from mcpforge.pipeline.forge import forge
from mcpforge.registry import Registry

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
ODD_REQUEST = "tally of the crashes split by how bad they were"


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return Path(shutil.copy(EXAMPLES / "traffic_accidents.csv", tmp_path / "accidents.csv"))


@pytest.fixture
def config(forge_config: MCPForgeConfig) -> MCPForgeConfig:
    forge_config.validation.stress_rows = 2_000
    return forge_config


def test_the_rules_parser_alone_refuses_the_odd_phrasing(data: Path, config: MCPForgeConfig) -> None:
    with pytest.raises(UnmappableRequestError):
        forge(
            ODD_REQUEST,
            data,
            registry=Registry(Path(config.registry.root), config),
            config=config,
            allow_read=[data.parent],
        )


def test_a_model_mapped_catalogue_intent_is_rendered_from_the_template(
    data: Path, config: MCPForgeConfig
) -> None:
    engine = ScriptedEngine([json.dumps({"operation": "group_count", "group_by": ["severity"]})])
    result = forge(
        ODD_REQUEST,
        data,
        registry=Registry(Path(config.registry.root), config),
        config=config,
        engine=engine,
        allow_read=[data.parent],
    )
    assert result.status == "STAGED"
    assert result.intent is not None
    assert result.intent.operation == "group_count"
    assert engine.usage.calls == 1  # the model chose the operation; it wrote no code
    table = result.artifacts.result["result"] if result.artifacts else {}
    counts = dict(zip([row[0] for row in table["rows"]], [row[1] for row in table["rows"]], strict=True))
    expected = {str(k): int(v) for k, v in pd.read_csv(data)["severity"].value_counts().items()}
    assert counts == expected


def test_a_model_intent_naming_unknown_columns_falls_back_to_model_written_code(
    data: Path, config: MCPForgeConfig
) -> None:
    engine = ScriptedEngine([json.dumps({"operation": "group_count", "group_by": ["badness"]}), "not json"])
    with pytest.raises(EngineError):  # the scripted plan answer is garbage
        forge(
            ODD_REQUEST,
            data,
            registry=Registry(Path(config.registry.root), config),
            config=config,
            engine=engine,
            allow_read=[data.parent],
        )
    assert engine.usage.calls == 2  # intent, then the tool plan of the custom path


def test_a_request_the_parser_reads_fully_is_not_sent_to_the_model(
    data: Path, config: MCPForgeConfig
) -> None:
    engine = ScriptedEngine([json.dumps({"operation": "aggregate", "metrics": [{"func": "count"}]})])
    result = forge(
        "count accidents by severity in the rain",
        data,
        registry=Registry(Path(config.registry.root), config),
        config=config,
        engine=engine,
        allow_read=[data.parent],
    )
    assert engine.usage.calls == 0  # the model's (wrong) routing is never asked for
    assert result.intent is not None
    assert result.intent.operation == "group_count"
    assert [(f.column, f.op, f.value) for f in result.intent.filters] == [("weather", "==", "Rain")]


def test_when_the_model_says_custom_the_parsers_near_miss_is_not_staged(
    data: Path, config: MCPForgeConfig
) -> None:
    engine = ScriptedEngine([json.dumps({"operation": "custom"}), "not json"])
    with pytest.raises(EngineError):  # the model went on to plan its own tool (its answer is garbage here)
        forge(
            "For each region, which weather condition has the most accidents?",
            data,
            registry=Registry(Path(config.registry.root), config),
            config=config,
            engine=engine,
            allow_read=[data.parent],
        )
    assert engine.usage.calls == 2


def test_custom_needs_a_model_engine(data: Path, config: MCPForgeConfig) -> None:
    with pytest.raises(InvalidArgumentError):
        forge(
            ODD_REQUEST,
            data,
            registry=Registry(Path(config.registry.root), config),
            config=config,
            allow_read=[data.parent],
            custom=True,
        )


def test_custom_skips_routing_and_asks_the_model_for_a_tool_plan_first(
    data: Path, config: MCPForgeConfig
) -> None:
    engine = ScriptedEngine(["not a plan"])
    with pytest.raises(EngineError):
        forge(
            "count accidents by severity",
            data,
            registry=Registry(Path(config.registry.root), config),
            config=config,
            engine=engine,
            allow_read=[data.parent],
            custom=True,
        )
    assert "tool" in engine.prompts[0][0]["content"].lower()
    assert "Operations (name - what it computes)" not in engine.prompts[0][0]["content"]


def test_a_template_with_several_rows_per_asked_group_is_not_used(data: Path, config: MCPForgeConfig) -> None:
    plan = {
        "tool_name": "most_common_weather_per_region",
        "description": "For each region, the weather with the most accidents.",
        "when_to_use": "Most frequent weather per region",
        "what_it_does": "Counts accidents per region and weather and keeps the largest per region",
    }
    compute = (
        "```python\ndef compute(df):\n"
        "    t = df.groupby(['region', 'weather']).size().reset_index(name='n')\n"
        "    t = t.sort_values(['n', 'weather'], ascending=[False, True])\n"
        "    return t.drop_duplicates('region').sort_values('region')[['region', 'weather']]\n```"
    )
    engine = ScriptedEngine(
        [
            json.dumps({"operation": "group_count", "group_by": ["region", "weather"]}),
            json.dumps(plan),
            compute,
        ]
    )
    result = forge(
        "For each region, which weather condition has the most accidents?",
        data,
        registry=Registry(Path(config.registry.root), config),
        config=config,
        engine=engine,
        allow_read=[data.parent],
    )
    assert result.status == "STAGED", result.error
    assert result.intent is not None and result.intent.operation == "custom"
    rows = result.artifacts.result["result"]["rows"] if result.artifacts else []
    assert len(rows) == pd.read_csv(data)["region"].nunique()


def test_a_template_that_cannot_name_the_asked_value_is_not_used(data: Path, config: MCPForgeConfig) -> None:
    engine = ScriptedEngine(
        [json.dumps({"operation": "group_aggregate", "group_by": ["region"]}), '{"tool_name": "Bad Name!"}']
    )
    with pytest.raises(EngineError):  # routed to model-written code, whose scripted plan is garbage
        forge(
            "For each region, which weather condition has the most accidents?",
            data,
            registry=Registry(Path(config.registry.root), config),
            config=config,
            engine=engine,
            allow_read=[data.parent],
        )
    assert engine.usage.calls == 2
