"""The chat loop: a replayed model (real wire formats) calling the tools of real MCP servers."""

from __future__ import annotations

from typing import Any

import pytest
from fastmcp import FastMCP

from mcpforge.bridge.chat import ChatSession, ToolCallRecord, run_chat, truncate
from mcpforge.bridge.errors import MCPServerError
from mcpforge.engines import ScriptedEngine
from mcpforge.engines.anthropic import AnthropicEngine
from mcpforge.engines.base import Engine
from mcpforge.engines.openai import OpenAIEngine
from mcpforge.engines.replay_server import Recorded, ReplayLog, replay_server
from mcpforge.exceptions import EngineError, InvalidArgumentError


def _openai(url: str) -> OpenAIEngine:
    return OpenAIEngine(model="qwen", base_url=url, timeout_seconds=10, max_retries=0)


def _anthropic(url: str) -> AnthropicEngine:
    return AnthropicEngine(
        model="claude-test", base_url=url.removesuffix("/v1"), timeout_seconds=10, max_retries=0
    )


def _tool_messages(log: ReplayLog, request: int) -> list[dict[str, Any]]:
    """The tool results the model was sent in one request (OpenAI wire format)."""
    return [m for m in log.requests[request]["body"]["messages"] if m["role"] == "tool"]


def test_openai_model_calls_a_tool_and_answers_from_its_result(math_server: FastMCP[Any]) -> None:
    replies = [
        Recorded(tool_calls=[{"name": "add", "arguments": {"a": 2, "b": 3}}]),
        Recorded(content="2 + 3 = 5 (from the add tool)."),
    ]
    with replay_server(replies) as (url, log):
        result = run_chat("What is 2 + 3?", [math_server], _openai(url))
    assert result.answer == "2 + 3 = 5 (from the add tool)."
    assert result.completed
    assert result.steps == 2
    assert [(c.name, c.arguments, c.is_error, c.result) for c in result.tool_calls] == [
        ("add", {"a": 2, "b": 3}, False, "5")
    ]
    assert _tool_messages(log, 1) == [{"role": "tool", "tool_call_id": "call_0", "content": "5"}]
    names = [tool["function"]["name"] for tool in log.requests[0]["body"]["tools"]]
    assert names == ["add", "divide", "echo", "norm"]
    assert result.to_json()["usage"] == {"model_calls": 2, "prompt_tokens": 20, "completion_tokens": 8}


def test_anthropic_model_calls_a_tool_of_a_stdio_server(stdio_command: list[str]) -> None:
    replies = [
        Recorded(content="Reversing.", tool_calls=[{"name": "reverse", "arguments": {"text": "stressed"}}]),
        Recorded(content="It reads 'desserts'."),
    ]
    with replay_server(replies) as (url, log):
        result = run_chat("Reverse 'stressed'", [stdio_command], _anthropic(url))
    assert result.answer == "It reads 'desserts'."
    assert [(c.name, c.result) for c in result.tool_calls] == [("reverse", "desserts")]
    second = log.requests[1]["body"]["messages"]
    assert second[-1] == {
        "role": "user",
        "content": [
            {"type": "tool_result", "tool_use_id": "toolu_0", "content": "desserts", "is_error": False}
        ],
    }
    assert {tool["name"] for tool in log.requests[0]["body"]["tools"]} >= {"reverse", "word_count"}


def test_a_failing_tool_is_an_error_result_the_model_sees(math_server: FastMCP[Any]) -> None:
    replies = [
        Recorded(tool_calls=[{"name": "divide", "arguments": {"numerator": 1, "denominator": 0}}]),
        Recorded(content="Dividing by zero is not possible."),
    ]
    with replay_server(replies) as (url, log):
        result = run_chat("1 / 0?", [math_server], _openai(url))
    assert result.completed
    (call,) = result.tool_calls
    assert call.is_error
    assert "division by zero" in call.result
    assert _tool_messages(log, 1)[0]["content"] == call.result


def test_an_unknown_tool_is_reported_to_the_model_with_the_available_names(math_server: FastMCP[Any]) -> None:
    replies = [
        Recorded(tool_calls=[{"name": "multiply", "arguments": {"a": 2, "b": 3}}]),
        Recorded(content="I cannot multiply with these tools."),
    ]
    with replay_server(replies) as (url, log):
        result = run_chat("2 * 3?", [math_server], _openai(url))
    (call,) = result.tool_calls
    assert call.is_error
    assert "'multiply'" in call.result
    assert "add, divide, echo, norm" in call.result
    assert len(log.requests) == 2


def test_arguments_that_do_not_fit_the_schema_are_not_sent_and_the_model_is_told(
    math_server: FastMCP[Any],
) -> None:
    replies = [
        Recorded(tool_calls=[{"name": "add", "arguments": {"a": "two"}}]),
        Recorded(tool_calls=[{"name": "add", "arguments": {"a": 2, "b": 2}}]),
        Recorded(content="4"),
    ]
    with replay_server(replies) as (url, _log):
        result = run_chat("2 + 2?", [math_server], _openai(url))
    assert [(c.is_error, c.result) for c in result.tool_calls][1] == (False, "4")
    first = result.tool_calls[0]
    assert first.is_error
    assert "'b' is a required property" in first.result
    assert result.answer == "4"


def test_the_step_limit_stops_a_model_that_keeps_calling_tools(math_server: FastMCP[Any]) -> None:
    loop = Recorded(tool_calls=[{"name": "echo", "arguments": {"text": "again"}}])
    with replay_server([loop] * 5) as (url, log):
        result = run_chat("loop forever", [math_server], _openai(url), max_steps=3)
    assert result.stop_reason == "max_steps"
    assert not result.completed
    assert result.answer == ""
    assert result.steps == 3
    assert len(log.requests) == 3
    assert len(result.tool_calls) == 2  # the last turn's call is not run: its result would never be read


def test_long_tool_results_are_truncated_before_the_model_sees_them(math_server: FastMCP[Any]) -> None:
    replies = [
        Recorded(tool_calls=[{"name": "echo", "arguments": {"text": "abcdefghij", "times": 500}}]),
        Recorded(content="That was long."),
    ]
    with replay_server(replies) as (url, log):
        result = run_chat("echo a lot", [math_server], _openai(url), max_result_chars=100)
    sent = _tool_messages(log, 1)[0]["content"]
    assert sent.startswith("abcdefghij" * 10)
    assert sent.endswith("[truncated: 4900 more characters]")
    assert result.tool_calls[0].result == sent


def test_truncate_keeps_short_text_as_it_is() -> None:
    assert truncate("short", 10) == "short"
    assert truncate("x" * 11, 10) == "x" * 10 + "\n... [truncated: 1 more characters]"


def test_a_session_keeps_the_conversation_across_questions(math_server: FastMCP[Any]) -> None:
    seen: list[ToolCallRecord] = []
    replies = [
        Recorded(tool_calls=[{"name": "add", "arguments": {"a": 1, "b": 1}}]),
        Recorded(content="2"),
        Recorded(content="You asked for 1 + 1."),
    ]
    with (
        replay_server(replies) as (url, log),
        ChatSession.connect([math_server], _openai(url), on_tool_call=seen.append) as session,
    ):
        assert session.ask("1 + 1?").answer == "2"
        assert session.ask("What did I ask?").answer == "You asked for 1 + 1."
    assert [record.name for record in seen] == ["add"]
    contents = [m.get("content") for m in log.requests[2]["body"]["messages"]]
    assert contents[1:] == ["1 + 1?", None, "2", "2", "What did I ask?"]


def test_a_model_failure_leaves_the_conversation_as_it_was(math_server: FastMCP[Any]) -> None:
    replies = [Recorded(status=400, content="bad request"), Recorded(content="ok")]
    with replay_server(replies) as (url, log), ChatSession.connect([math_server], _openai(url)) as session:
        with pytest.raises(EngineError):
            session.ask("first")
        assert session.ask("second").answer == "ok"
    assert [m["content"] for m in log.requests[1]["body"]["messages"]][1:] == ["second"]


def test_a_scripted_engine_drives_the_loop_through_the_json_protocol(math_server: FastMCP[Any]) -> None:
    engine: Engine = ScriptedEngine(
        ['{"tool": "norm", "arguments": {"point": {"x": 3, "y": 4}}}', '{"final": "The norm is 5."}']
    )
    result = run_chat("norm of (3, 4)?", [math_server], engine)
    assert result.answer == "The norm is 5."
    assert [(c.name, c.is_error, c.result) for c in result.tool_calls] == [("norm", False, "5.0")]


def test_tools_of_several_servers_are_offered_together(
    math_server: FastMCP[Any], text_server: FastMCP[Any]
) -> None:
    replies = [
        Recorded(tool_calls=[{"name": "text_echo", "arguments": {"text": "hi"}}]),
        Recorded(content="done"),
    ]
    with replay_server(replies) as (url, log):
        result = run_chat("echo hi", [math_server, text_server], _openai(url))
    names = {tool["function"]["name"] for tool in log.requests[0]["body"]["tools"]}
    assert {"math_echo", "text_echo", "lines", "add"} <= names
    assert result.tool_calls[0].result == "text:hi"


def test_an_unreachable_server_fails_before_the_model_is_asked() -> None:
    with replay_server([]) as (url, log), pytest.raises(MCPServerError):
        run_chat("hi", ["http://127.0.0.1:9/mcp"], _openai(url), timeout=10)
    assert log.requests == []


def test_a_step_limit_below_one_is_refused(math_server: FastMCP[Any]) -> None:
    with pytest.raises(InvalidArgumentError):
        run_chat("hi", [math_server], ScriptedEngine([]), max_steps=0)
