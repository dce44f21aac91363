"""CodeActEnvironment: agent code in the real sandbox, calling `mcpforge serve` and a second server."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.bridge.conftest import build_math_server
from tests.envs.conftest import mcpforge_serve, seed_server

from mcpforge.envs import CodeActEnvironment, CodeAction
from mcpforge.exceptions import InvalidArgumentError
from mcpforge.sandbox import Sandbox, SandboxLimits

LIMITS = SandboxLimits(timeout_seconds=60)


@pytest.fixture
def env(served_registry: tuple[Path, Path], sandbox: Sandbox) -> Iterator[CodeActEnvironment]:
    servers = [mcpforge_serve(served_registry), seed_server("search")]
    with CodeActEnvironment(servers, sandbox=sandbox, limits=LIMITS, timeout=60) as environment:
        yield environment


def test_reset_gives_the_pre_imported_functions_in_the_system_prompt(env: CodeActEnvironment) -> None:
    obs = env.reset()
    assert [tool["name"] for tool in obs.tools] == [
        "list_available_tools",
        "add_one",
        "add_two",
        "search_web",
    ]
    assert obs.system_prompt == env.get_system_prompt()
    prompt = obs.system_prompt.splitlines()
    assert prompt[1] == "The following tools are pre-imported and available as functions:"
    assert "IMPORTANT: Do NOT write import statements; they are removed before the code runs." in prompt


def test_code_calls_tools_of_both_servers_without_imports_and_returns_output_value_and_calls(
    env: CodeActEnvironment, sandbox: Sandbox
) -> None:
    env.reset()
    code = (
        "from tools import add_one, search_web\n"
        "import os\n"
        "n = add_one(value=1)['result']['value']\n"
        "hits = search_web(query='anyio', max_results=n)\n"
        "print(f'{n} hits wanted, {len(hits)} found')\n"
        "[hit['url'] for hit in hits]\n"
    )
    obs = env.step(CodeAction(code=code))
    assert (obs.is_error, obs.error_type, obs.error) == (False, None, None)
    assert obs.stdout == "2 hits wanted, 1 found\n"
    assert obs.result == ["https://example.org/anyio"]
    assert [(c.name, c.arguments, c.ok) for c in obs.tool_calls] == [
        ("add_one", {"value": 1}, True),
        ("search_web", {"query": "anyio", "max_results": 2}, True),
    ]
    assert (obs.metadata["backend"], obs.metadata["step"], obs.done) == (sandbox.name, 1, False)


def test_failing_code_is_an_error_observation_with_its_line_and_the_episode_goes_on(
    env: CodeActEnvironment,
) -> None:
    env.reset()
    obs = env.step(CodeAction(code="x = add_two(value=1)\nraise ValueError(f'bad {x}')\n"))
    assert (obs.is_error, obs.error_type, obs.metadata["error_line"]) == (True, "ValueError", 2)
    assert [c.name for c in obs.tool_calls] == ["add_two"]
    missing = env.step(CodeAction(code="os_system('id')\n"))
    assert (missing.is_error, missing.error_type) == (True, "NameError")
    assert env.step(CodeAction(code="add_one(value=2)['result']")).result == {"value": 3}


def test_a_malformed_action_is_an_error_observation(env: CodeActEnvironment) -> None:
    env.reset()
    observations = [env.step(action) for action in ({"source": "1"}, {"code": 1}, "print(1)", None)]
    assert [(obs.is_error, obs.error_type, obs.tool_calls) for obs in observations] == [
        (True, "InvalidAction", [])
    ] * 4


def test_tool_calls_are_bounded_per_step(sandbox: Sandbox) -> None:
    with CodeActEnvironment([build_math_server()], sandbox=sandbox, limits=LIMITS, max_tool_calls=2) as env:
        env.reset()
        obs = env.step(CodeAction(code="[add(a=i, b=1) for i in range(5)]"))
        again = env.step(CodeAction(code="[add(a=i, b=1) for i in range(2)]"))
    assert (obs.is_error, obs.error_type) == (True, "ToolCallError")
    assert [c.ok for c in obs.tool_calls] == [True, True, False]
    assert (again.is_error, again.result) == (False, [1, 2])  # the bound is per step


def test_code_that_runs_past_the_time_limit_is_killed(sandbox: Sandbox) -> None:
    limits = SandboxLimits(timeout_seconds=2)
    with CodeActEnvironment([build_math_server()], sandbox=sandbox, limits=limits) as env:
        env.reset()
        obs = env.step(CodeAction(code="while True:\n    pass\n"))
        after = env.step(CodeAction(code="add(a=1, b=1)"))
    assert (obs.is_error, obs.error_type) == (True, "SandboxFailure")
    assert obs.metadata["killed_reason"] is not None
    assert (after.is_error, after.result) == (False, 2)


def test_a_negative_tool_call_bound_is_refused() -> None:
    with pytest.raises(InvalidArgumentError):
        CodeActEnvironment([build_math_server()], max_tool_calls=-1)
