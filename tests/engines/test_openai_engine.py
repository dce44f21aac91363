"""The OpenAI-compatible engine against a local server speaking the real chat-completions wire format."""

from __future__ import annotations

import time

import pytest
from pydantic import BaseModel

from mcpforge.engines.openai import OpenAIEngine
from mcpforge.engines.replay_server import Recorded, replay_server
from mcpforge.exceptions import EngineError


class Answer(BaseModel):
    operation: str
    columns: list[str]


def _engine(base_url: str, **kwargs: object) -> OpenAIEngine:
    options: dict[str, object] = {
        "model": "qwen",
        "base_url": base_url,
        "timeout_seconds": 5.0,
        "max_retries": 2,
    }
    options.update(kwargs)
    return OpenAIEngine(**options)  # type: ignore[arg-type]


def test_structured_answer_is_requested_with_json_schema_and_parsed() -> None:
    with replay_server([Recorded(content='{"operation": "group_count", "columns": ["severity"]}')]) as (
        url,
        log,
    ):
        answer = _engine(url).complete_model([{"role": "user", "content": "count by severity"}], Answer)
    assert answer == Answer(operation="group_count", columns=["severity"])
    sent = log.requests[0]["body"]
    assert sent["response_format"]["type"] == "json_schema"
    assert sent["response_format"]["json_schema"]["schema"] == Answer.model_json_schema()


def test_server_without_json_schema_support_gets_json_object_and_the_answer_is_still_validated() -> None:
    replies = [
        Recorded(status=400, content="response_format json_schema unsupported"),
        Recorded(content='{"operation": "describe", "columns": []}'),
    ]
    with replay_server(replies) as (url, log):
        answer = _engine(url).complete_model([{"role": "user", "content": "describe"}], Answer)
    assert answer.operation == "describe"
    assert log.requests[1]["body"]["response_format"] == {"type": "json_object"}


def test_rate_limit_and_server_errors_are_retried_with_backoff() -> None:
    replies = [Recorded(status=429, content="slow down"), Recorded(status=503), Recorded(content="hello")]
    with replay_server(replies) as (url, log):
        completion = _engine(url).complete([{"role": "user", "content": "hi"}])
    assert completion.text == "hello"
    assert len(log.requests) == 3


def test_persistent_server_errors_end_in_one_engine_error() -> None:
    with replay_server([Recorded(status=500)] * 3) as (url, _log), pytest.raises(EngineError) as caught:
        _engine(url).complete([{"role": "user", "content": "hi"}])
    assert caught.value.retryable


def test_nothing_listening_fails_within_seconds() -> None:
    started = time.perf_counter()
    with pytest.raises(EngineError):
        _engine("http://127.0.0.1:9/v1").complete([{"role": "user", "content": "hi"}])
    assert time.perf_counter() - started < 10


def test_a_stalled_model_times_out() -> None:
    with (
        replay_server([Recorded(content="late", delay_seconds=3)] * 3) as (url, _log),
        pytest.raises(EngineError),
    ):
        _engine(url, timeout_seconds=0.5, max_retries=0).complete([{"role": "user", "content": "hi"}])


@pytest.mark.parametrize(
    "reply",
    [
        Recorded(content="Sure! Here is what you asked for."),
        Recorded(content='{"operation": "group_count", "columns": ["sev'),
        Recorded(content='{"operation": 3}'),
        Recorded(content=""),
    ],
    ids=["prose", "truncated-json", "wrong-shape", "empty"],
)
def test_unusable_structured_answers_raise_engine_error(reply: Recorded) -> None:
    with replay_server([reply]) as (url, _log), pytest.raises(EngineError):
        _engine(url).complete_model([{"role": "user", "content": "x"}], Answer)


def test_garbage_http_body_raises_engine_error() -> None:
    with (
        replay_server([Recorded(raw_body="<html>proxy error</html>")]) as (url, _log),
        pytest.raises(EngineError),
    ):
        _engine(url, max_retries=0).complete([{"role": "user", "content": "x"}])


def test_a_call_can_override_the_sampling_temperature() -> None:
    with replay_server([Recorded(content="a"), Recorded(content="b")]) as (url, log):
        engine = _engine(url)
        engine.complete([{"role": "user", "content": "x"}])
        engine.complete([{"role": "user", "content": "x"}], temperature=0.8)
    assert [request["body"]["temperature"] for request in log.requests] == [0.2, 0.8]
