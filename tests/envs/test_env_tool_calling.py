"""ToolCallingEnvironment against real MCP servers: `mcpforge serve` (stdio) and the seed's search server."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastmcp import FastMCP
from tests.bridge.conftest import build_math_server
from tests.envs.conftest import mcpforge_serve, seed_server

from mcpforge.bridge.errors import MCPServerError
from mcpforge.envs import Observation, ToolCallAction, ToolCallingEnvironment
from mcpforge.exceptions import ConfigError, InvalidArgumentError


@pytest.fixture
def env(served_registry: tuple[Path, Path]) -> Iterator[ToolCallingEnvironment]:
    servers = [mcpforge_serve(served_registry), seed_server("search")]
    with ToolCallingEnvironment(servers, timeout=60) as environment:
        yield environment


def test_reset_lists_the_tools_of_every_server_and_a_system_prompt_that_describes_them(
    env: ToolCallingEnvironment,
) -> None:
    obs = env.reset()
    names = [tool["name"] for tool in obs.tools]
    assert names == ["list_available_tools", "add_one", "add_two", "search_web"]
    assert obs.tools[3]["input_schema"]["required"] == ["query"]
    assert [tool.name for tool in env.tools()] == names
    assert obs.system_prompt == env.get_system_prompt()
    prompt = obs.system_prompt.splitlines()
    assert prompt[:2] == [
        "You can call the following tools, one per step.",
        'Call a tool with a JSON object: {"tool_name": "<name>", "parameters": {<arguments>}}.',
    ]
    assert "- search_web(query: str, max_results: int = 5) -> list[dict[str, Any]]" in prompt
    assert "    Search the web for information." in prompt
    assert (obs.done, obs.is_error, obs.reward, obs.metadata["step"]) == (False, False, None, 0)
    assert env.state.episode_id == obs.metadata["episode_id"]


def test_each_call_goes_to_the_server_that_owns_the_tool(env: ToolCallingEnvironment) -> None:
    env.reset()
    first = env.step(ToolCallAction(tool_name="add_one", parameters={"value": 41}))
    second = env.step({"tool_name": "search_web", "parameters": {"query": "anyio", "max_results": 1}})
    assert (first.is_error, first.error) == (False, None)
    assert first.result["result"] == {"value": 42}
    assert first.metadata["tool_result"] == first.result
    assert [(c.name, c.arguments, c.ok) for c in first.tool_calls] == [("add_one", {"value": 41}, True)]
    assert second.result == [
        {"title": "Structured concurrency in Python with anyio", "url": "https://example.org/anyio"}
    ]
    assert (first.metadata["step"], second.metadata["step"]) == (1, 2)
    assert first.metadata["episode_id"] == second.metadata["episode_id"]


def test_an_unknown_tool_is_an_error_observation_and_the_episode_goes_on(env: ToolCallingEnvironment) -> None:
    env.reset()
    obs = env.step(ToolCallAction(tool_name="os_system", parameters={"cmd": "id"}))
    assert (obs.is_error, obs.error_type, obs.done) == (True, "NotFoundError", False)
    assert (
        obs.error == "no tool 'os_system'; the tools are: list_available_tools, add_one, add_two, search_web"
    )
    assert obs.tool_calls == []
    assert env.step(ToolCallAction(tool_name="add_two", parameters={"value": 1})).result["result"] == {
        "value": 3
    }


MALFORMED = [
    {"parameters": {"value": 1}},  # no tool name
    {"tool_name": "add_one", "parameters": [1]},  # parameters not an object
    {"tool_name": "add_one", "parameters": {}, "extra": 1},  # unknown field
    {"tool_name": ""},
    "add_one(1)",
    None,
]


def test_a_malformed_action_is_an_error_observation(env: ToolCallingEnvironment) -> None:
    env.reset()
    observations = [env.step(action) for action in MALFORMED]
    assert [(obs.is_error, obs.error_type, obs.done, obs.tool_calls) for obs in observations] == [
        (True, "InvalidAction", False, [])
    ] * len(MALFORMED)
    assert [obs.metadata["step"] for obs in observations] == list(range(1, len(MALFORMED) + 1))
    assert observations[-1].error == "expected a ToolCallAction or a mapping of its fields, not NoneType"


@pytest.fixture
def math_env() -> Iterator[ToolCallingEnvironment]:
    server: FastMCP[Any] = build_math_server()
    with ToolCallingEnvironment([server], max_steps=3) as environment:
        yield environment


def test_arguments_that_do_not_match_and_failing_tools_are_error_observations(
    math_env: ToolCallingEnvironment,
) -> None:
    math_env.reset()
    bad = math_env.step(ToolCallAction(tool_name="add", parameters={"a": "one", "b": 2}))
    failed = math_env.step(ToolCallAction(tool_name="divide", parameters={"numerator": 1, "denominator": 0}))
    assert (bad.is_error, bad.error_type) == (True, "ToolArgumentError")
    assert [(c.name, c.ok, c.error_type) for c in bad.tool_calls] == [("add", False, "ToolArgumentError")]
    assert (failed.is_error, failed.error_type) == (True, "ToolCallError")
    assert "division by zero" in (failed.error or "")


def test_steps_outside_an_episode_are_error_observations(math_env: ToolCallingEnvironment) -> None:
    assert math_env.step(ToolCallAction(tool_name="add", parameters={"a": 1, "b": 1})).error_type == (
        "EpisodeNotStarted"
    )
    math_env.reset()
    steps = [math_env.step(ToolCallAction(tool_name="add", parameters={"a": i, "b": 1})) for i in range(3)]
    assert [(obs.result, obs.done) for obs in steps] == [(1, False), (2, False), (3, True)]
    after = math_env.step(ToolCallAction(tool_name="add", parameters={"a": 1, "b": 1}))
    assert (after.is_error, after.error_type, after.done) == (True, "EpisodeDone", True)
    assert math_env.reset().done is False
    assert math_env.step(ToolCallAction(tool_name="add", parameters={"a": 1, "b": 1})).result == 2


def test_the_callers_reward_function_scores_each_step() -> None:
    def reward(action: Any, obs: Observation) -> float:
        return 1.0 if obs.result == 5 else -1.0

    with ToolCallingEnvironment([build_math_server()], reward_fn=reward) as env:
        env.reset()
        right = env.step(ToolCallAction(tool_name="add", parameters={"a": 2, "b": 3}))
        wrong = env.step(ToolCallAction(tool_name="nope"))
    assert (right.reward, wrong.reward) == (1.0, -1.0)


def test_from_env_reads_the_servers_urls_from_mcp_servers(http_url: str) -> None:
    with ToolCallingEnvironment.from_env({"MCP_SERVERS": http_url}) as env:
        env.reset()
        obs = env.step(ToolCallAction(tool_name="reverse", parameters={"text": "abc"}))
    assert obs.result == "cba"
    with pytest.raises(ConfigError):
        ToolCallingEnvironment.from_env({})
    with pytest.raises(ConfigError):
        ToolCallingEnvironment.from_env({"MCP_SERVERS": "search:8001"})


def test_a_server_that_cannot_start_and_bad_settings_are_raised_at_construction() -> None:
    with pytest.raises(MCPServerError):
        ToolCallingEnvironment([["/nonexistent/mcp-server"]], timeout=10)
    with pytest.raises(InvalidArgumentError):
        ToolCallingEnvironment([build_math_server()], max_steps=0)
