"""The Anthropic engine against a local server speaking the real messages wire format."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from mcpforge.engines.anthropic import AnthropicEngine
from mcpforge.engines.replay_server import Recorded, replay_server
from mcpforge.exceptions import EngineError


class Answer(BaseModel):
    operation: str


def _engine(url: str) -> AnthropicEngine:
    return AnthropicEngine(
        model="claude-test", base_url=url.removesuffix("/v1"), timeout_seconds=5, max_retries=1
    )


def test_structured_answer_is_forced_through_a_tool_and_parsed() -> None:
    with replay_server([Recorded(content='{"operation": "crosstab"}')]) as (url, log):
        answer = _engine(url).complete_model(
            [{"role": "system", "content": "be brief"}, {"role": "user", "content": "x"}], Answer
        )
    assert answer == Answer(operation="crosstab")
    body = log.requests[0]["body"]
    assert body["tool_choice"] == {"type": "tool", "name": "Answer"}
    assert body["system"] == "be brief"
    assert [m["role"] for m in body["messages"]] == ["user"]


def test_plain_text_answer() -> None:
    with replay_server([Recorded(content="hello")]) as (url, _log):
        assert _engine(url).complete([{"role": "user", "content": "hi"}]).text == "hello"


def test_overloaded_then_success_is_retried() -> None:
    with replay_server([Recorded(status=529), Recorded(content="ok")]) as (url, log):
        assert _engine(url).complete([{"role": "user", "content": "hi"}]).text == "ok"
    assert len(log.requests) == 2


def test_unreachable_endpoint_raises_engine_error() -> None:
    engine = AnthropicEngine(model="m", base_url="http://127.0.0.1:9", timeout_seconds=2, max_retries=0)
    with pytest.raises(EngineError):
        engine.complete([{"role": "user", "content": "hi"}])
