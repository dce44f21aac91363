"""Parsing model answers: structured JSON and code, whatever wrapping a model puts around them."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from mcpforge.config import LLMConfig, ModelEndpoint
from mcpforge.engines import FallbackEngine, ScriptedEngine, build_engine, extract_code, parse_structured
from mcpforge.engines.rules import RulesEngine
from mcpforge.exceptions import ConfigError, EngineError


class Point(BaseModel):
    x: int


@pytest.mark.parametrize(
    "text",
    ['{"x": 1}', '```json\n{"x": 1}\n```', 'Here you go: {"x": 1} - done', ' \n{"x": 1}\n'],
)
def test_structured_answers_are_found_bare_fenced_or_embedded(text: str) -> None:
    assert parse_structured(text, Point, engine="t") == Point(x=1)


def test_structured_answer_of_the_wrong_shape_is_an_engine_error() -> None:
    with pytest.raises(EngineError):
        parse_structured('{"y": 2}', Point, engine="t")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("```python\ndef f():\n    return 1\n```", "def f():\n    return 1\n"),
        (
            "Sure:\n```py\nx = 1\n```\nand\n```python\ndef longer():\n    return 2\n```",
            "def longer():\n    return 2\n",
        ),
        ("def f():\n    return 1", "def f():\n    return 1\n"),
        ("```python\nimport math\nx = math.pi", "import math\nx = math.pi\n"),
    ],
    ids=["fenced", "longest-of-several", "bare", "unterminated"],
)
def test_code_is_extracted_from_fenced_or_bare_answers(text: str, expected: str) -> None:
    assert extract_code(text) == expected


def test_an_answer_without_code_is_an_engine_error() -> None:
    with pytest.raises(EngineError):
        extract_code("I cannot help with that.")


def test_scripted_engine_replays_answers_in_order_and_counts_usage() -> None:
    engine = ScriptedEngine(["one", lambda messages: messages[-1]["content"].upper()])
    assert engine.complete([{"role": "user", "content": "a"}]).text == "one"
    assert engine.complete([{"role": "user", "content": "echo"}]).text == "ECHO"
    assert engine.usage.calls == 2
    with pytest.raises(EngineError):
        engine.complete([{"role": "user", "content": "again"}])


def test_fallback_answers_when_the_primary_fails() -> None:
    engine = FallbackEngine(RulesEngine(), ScriptedEngine(["from fallback"]))
    assert engine.complete([{"role": "user", "content": "x"}]).text == "from fallback"


def test_rules_engine_has_no_model() -> None:
    engine = build_engine(LLMConfig())
    assert not engine.has_model
    with pytest.raises(EngineError):
        engine.complete([{"role": "user", "content": "write code"}])


def test_local_engine_without_a_model_file_is_a_clear_error(tmp_path: object) -> None:
    with pytest.raises(EngineError):
        build_engine(LLMConfig(engine="local", model_path="/nonexistent/model.gguf"))


def test_fallback_is_built_from_config() -> None:
    engine = build_engine(LLMConfig(engine="rules", fallback=ModelEndpoint(engine="rules")))
    assert isinstance(engine, FallbackEngine)


def test_unknown_engine_is_a_config_error() -> None:
    with pytest.raises(ConfigError):
        build_engine(LLMConfig.model_construct(engine="nope", fallback=None))  # type: ignore[arg-type]
