"""The model route held to the parser's accounting (issue 25): every content word used, before code runs.

A model reply is scripted (``ScriptedEngine``) on the repo's accident data; the parser's refusal, the
gate and the forge are real. A reply that leaves a content word of the request unused (a column it
names, a number, a noun naming data the file lacks) is asked about or refused, never staged; a reply
that uses every one is validated and staged.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pandas as pd
import pytest

from mcpforge.config import MCPForgeConfig
from mcpforge.engines import ScriptedEngine
from mcpforge.exceptions import EngineError, NeedsClarificationError, UnmappableRequestError
from mcpforge.pipeline._forge_result import ForgeResult
from mcpforge.pipeline.forge import forge
from mcpforge.pipeline.intent import extract_intent
from mcpforge.pipeline.modelgen.accounting_gate import hold_back, unaccounted
from mcpforge.pipeline.modelgen.generate import generate_custom_tool
from mcpforge.pipeline.modelgen.model_use import from_code
from mcpforge.pipeline.modelgen.partial_reading import read_partially
from mcpforge.pipeline.schema import DatasetSchema
from mcpforge.registry import Registry

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
PLAN = json.dumps(
    {
        "tool_name": "answer_the_question",
        "description": "Answers the question about the accidents.",
        "when_to_use": "When the question is asked",
        "what_it_does": "Computes the answer from the accidents",
    }
)
CUSTOM = json.dumps({"operation": "custom"})
# A verb the group-condition reading leaves to the model ("have more than 30" is read by the rules).
REGIONS_OVER_30 = "How many regions saw more than 30 accidents?"
EUROPEAN = "mean casualties of the European accidents with more than 2 vehicles"


def code(body: str) -> str:
    return f"```python\ndef compute(df):\n{body}\n```"


COUNT_REGIONS = code(
    "    counts = df.groupby('region').size()\n"
    "    return pd.DataFrame({'regions': [int((counts > {n}).sum())]})"
)


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return Path(shutil.copy(EXAMPLES / "traffic_accidents.csv", tmp_path / "accidents.csv"))


@pytest.fixture
def config(forge_config: MCPForgeConfig) -> MCPForgeConfig:
    forge_config.validation.stress_rows = 2_000
    return forge_config


def _forge(request: str, data: Path, config: MCPForgeConfig, engine: ScriptedEngine) -> ForgeResult:
    return forge(
        request,
        data,
        registry=Registry(Path(config.registry.root), config),
        config=config,
        engine=engine,
        allow_read=[data.parent],
    )


def _nothing_staged(config: MCPForgeConfig) -> bool:
    registry = Registry(Path(config.registry.root), config)
    return not registry.is_initialized() or registry.list_candidates() == []


def test_code_that_uses_every_content_word_is_validated_and_staged(
    data: Path, config: MCPForgeConfig
) -> None:
    engine = ScriptedEngine([CUSTOM, PLAN, COUNT_REGIONS.replace("{n}", "30")])
    result = _forge(REGIONS_OVER_30, data, config, engine)
    assert result.status == "STAGED"
    rows = result.artifacts.result["result"]["rows"] if result.artifacts else []
    expected = int((pd.read_csv(data).groupby("region").size() > 30).sum())
    assert rows == [[expected]]


def test_code_without_the_requests_number_is_refused_naming_it(data: Path, config: MCPForgeConfig) -> None:
    wrong = COUNT_REGIONS.replace("{n}", "3")
    engine = ScriptedEngine([CUSTOM, PLAN, wrong, wrong])  # written afresh once, the same again
    with pytest.raises(UnmappableRequestError) as refused:
        _forge(REGIONS_OVER_30, data, config, engine)
    assert refused.value.final
    assert "'30' (a number the code does not use)" in str(refused.value)
    assert _nothing_staged(config)
    assert engine.usage.calls == 4  # nothing was validated: the gate stands before any code runs


def test_a_rewrite_that_uses_the_number_is_staged(data: Path, config: MCPForgeConfig) -> None:
    engine = ScriptedEngine(
        [CUSTOM, PLAN, COUNT_REGIONS.replace("{n}", "3"), COUNT_REGIONS.replace("{n}", "30")]
    )
    result = _forge(REGIONS_OVER_30, data, config, engine)
    assert result.status == "STAGED"
    rewrite = engine.prompts[3][0]["content"]
    assert "'30' (a number the code does not use)" in rewrite  # the rewrite is told what it left out


def test_a_noun_naming_data_the_file_lacks_is_refused_not_replaced_by_a_column(
    data: Path, config: MCPForgeConfig
) -> None:
    # "CO2 emissions" are not in the file: a mean of another column per region is the wrong answer.
    request = "average co2 emissions per region"
    substitute = code("    return df.groupby('region')['casualties'].mean().reset_index()")
    engine = ScriptedEngine([CUSTOM, PLAN, substitute, substitute])
    with pytest.raises(UnmappableRequestError) as refused:
        _forge(request, data, config, engine)
    assert "'emissions'" in str(refused.value)
    assert _nothing_staged(config)


def test_the_parsers_partial_reading_reaches_the_models_prompts(data: Path, config: MCPForgeConfig) -> None:
    answer = code("    return df[df['vehicles_involved'] > 2]['casualties'].mean()")
    engine = ScriptedEngine([CUSTOM, PLAN, answer, answer])
    with pytest.raises(UnmappableRequestError) as refused:  # nothing in the data is European
        _forge(EUROPEAN, data, config, engine)
    assert "'european'" in str(refused.value)
    routing, writing = engine.prompts[0][0]["content"], engine.prompts[2][0]["content"]
    for prompt in (routing, writing):
        assert "vehicles_involved > 2" in prompt
        assert "'european'" in prompt  # the word it could not place, to be used or the answer refused


@pytest.mark.parametrize(
    ("body", "left_out"),
    [
        # a column the request names replaced by another (the measured CO2 -> GDP mistake, in small)
        ("    return df[df['vehicles_involved'] > 2]['speed_limit'].mean()", "casualties"),
        # the aggregation word read by the parser: a median is not the mean asked for
        ("    return df[df['vehicles_involved'] > 2]['casualties'].median()", "mean"),
        # the condition's column used, its comparison dropped
        ("    return df.groupby('vehicles_involved')['casualties'].mean()", "vehicles_involved > 2"),
    ],
)
def test_the_gate_names_what_a_reply_leaves_out(data: Path, body: str, left_out: str) -> None:
    schema = DatasetSchema.from_file(data)
    use = from_code(f"def compute(df):\n{body}\n", schema.column_names)
    assert use is not None
    words = [p.word for p in unaccounted(EUROPEAN, schema, read_partially(EUROPEAN, schema), use)]
    assert left_out in words


def test_an_unused_measure_word_is_asked_about_with_the_numeric_columns(data: Path) -> None:
    request = "How many accidents cost more than 1000?"
    schema = DatasetSchema.from_file(data)
    use = from_code(
        "def compute(df):\n    return int((df['speed_limit'] > 1000).sum())\n", schema.column_names
    )
    assert use is not None
    problems = unaccounted(request, schema, read_partially(request, schema), use)
    with pytest.raises(NeedsClarificationError) as asked:
        hold_back(request, schema, problems)
    assert asked.value.key == "cost"
    assert "speed_limit" in asked.value.choices and "region" not in asked.value.choices
    # answered, the key is the parser's own: it binds the word and reads the request whole
    answer = {"cost": "speed_limit"}
    intent = extract_intent(request, schema, answers=answer, explicit=list(answer))
    assert [(f.column, f.op, f.value) for f in intent.filters] == [("speed_limit", ">", 1000)]


def test_a_template_the_model_chose_without_a_named_column_is_not_staged(
    data: Path, config: MCPForgeConfig
) -> None:
    chosen = {"operation": "aggregate", "metrics": [{"column": "speed_limit", "func": "mean"}]}
    engine = ScriptedEngine([json.dumps(chosen), "not json"])
    with pytest.raises(EngineError):  # the model went on to plan its own tool (its answer is garbage here)
        _forge(EUROPEAN, data, config, engine)
    assert engine.usage.calls == 2
    assert _nothing_staged(config)


def test_a_repair_that_leaves_out_a_number_is_never_run(data: Path, config: MCPForgeConfig) -> None:
    config.validation.max_repair_iterations = 1
    misspelt = COUNT_REGIONS.replace("{n}", "30").replace("'region'", "'regoin'")  # fails validation
    engine = ScriptedEngine([PLAN, misspelt, COUNT_REGIONS.replace("{n}", "3")])
    schema = DatasetSchema.from_file(data)
    tool = generate_custom_tool(engine, REGIONS_OVER_30, schema, data_path=data, config=config)
    assert not tool.validation.passed
    [round_one] = tool.rounds
    assert not round_one.passed and round_one.overall_score_after is None  # the repair was not validated
    assert any("the repair leaves out '30'" in line for line in round_one.diagnostics)


def test_a_template_comparing_the_requests_number_with_an_unnamed_column_is_not_staged(
    data: Path, config: MCPForgeConfig
) -> None:
    # measured with the local model: "more than 5 airports" per city became `iata > 5`, a wrong answer
    chosen = {
        "operation": "group_count",
        "group_by": ["region"],
        "filters": [{"column": "speed_limit", "op": ">", "value": 30}],
    }
    engine = ScriptedEngine([json.dumps(chosen), "not json"])
    with pytest.raises(EngineError):  # not staged: the model went on to plan its own tool (garbage here)
        _forge(REGIONS_OVER_30, data, config, engine)
    assert engine.usage.calls == 2
    assert _nothing_staged(config)
