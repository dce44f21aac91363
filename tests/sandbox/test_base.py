"""The Sandbox API: the interactive handle, ``run`` on top of it, and backend selection."""

from __future__ import annotations

import json

import pytest

from mcpforge.config import SandboxConfig
from mcpforge.exceptions import InvalidArgumentError, SandboxUnavailableError
from mcpforge.sandbox import (
    BACKENDS,
    Sandbox,
    SandboxLimits,
    SandboxRequest,
    call_tool,
    call_tool_batch,
    get_sandbox,
    limits_from_config,
)
from mcpforge.sandbox.bwrap import BwrapSandbox
from mcpforge.sandbox.subprocess_backend import SubprocessSandbox

ECHO_LOOP = """
import sys, json, os
for line in sys.stdin:
    request = json.loads(line)
    if request == 'bye':
        break
    sys.stdout.write(json.dumps({'echo': request, 'pid': os.getpid()}) + '\\n')
    sys.stdout.flush()
open(os.environ['MCPFORGE_OUTPUT_DIR'] + '/log.txt', 'w').write('done')
print('finished')
"""

TOOL = '''
from typing import Annotated
from pydantic import Field
from mcpforge.runtime import mcp, output_footer

@mcp.tool()
def add(a: Annotated[int, Field(description="a")], b: Annotated[int, Field(description="b")]) -> str:
    """Add two numbers."""
    if a < 0:
        raise ValueError("a must not be negative")
    return f"sum {a + b}\\n" + output_footer({"operation": "add", "result": {"sum": a + b}})
'''


def test_spawned_sandbox_answers_requests_while_it_runs(strong: Sandbox) -> None:
    with strong.spawn(SandboxRequest(script=ECHO_LOOP, limits=SandboxLimits(timeout_seconds=30))) as running:
        answers = []
        for value in (1, "two", [3]):
            running.stdin.write((json.dumps(value) + "\n").encode())
            running.stdin.flush()
            answers.append(json.loads(running.stdout.readline())["echo"])
        running.stdin.write(b'"bye"\n')
        running.stdin.flush()
        result = running.result()
    assert answers == [1, "two", [3]]
    assert result.exit_code == 0
    assert result.stdout == "finished\n"
    assert result.outputs == {"log.txt": b"done"}
    assert result.backend == strong.name


def test_spawned_sandbox_can_be_killed_by_the_caller(bwrap: Sandbox) -> None:
    with bwrap.spawn(SandboxRequest(script="import time\ntime.sleep(60)")) as running:
        assert running.wait(0.1) is None
        running.kill("caller gave up")
        assert running.wait(10) is not None
        result = running.result()
    assert result.killed_reason == "caller gave up"
    assert result.timed_out is False


def test_spawned_sandbox_is_killed_at_its_wall_clock_limit(bwrap: Sandbox) -> None:
    request = SandboxRequest(script="import sys\nsys.stdin.read()", limits=SandboxLimits(timeout_seconds=1.5))
    with bwrap.spawn(request) as running:
        assert running.wait(20) is not None
        result = running.result()
    assert result.timed_out is True
    assert result.killed_reason == "wall-clock limit of 1.5s"


def test_request_stdin_is_delivered_before_the_caller_takes_over(bwrap: Sandbox) -> None:
    result = bwrap.run(SandboxRequest(script="import sys\nprint(sys.stdin.read()[::-1])", stdin=b"abc"))
    assert result.stdout == "cba\n"


def test_call_tool_runs_a_tool_inside_a_strong_sandbox(strong: Sandbox) -> None:
    outcome = call_tool(strong, TOOL, {"a": 2, "b": 3})
    assert outcome.ok is True
    assert outcome.structured == {"operation": "add", "result": {"sum": 5}}


def test_call_tool_batch_reports_each_failure_with_its_line(bwrap: Sandbox) -> None:
    from mcpforge.sandbox import ToolCall

    batch = call_tool_batch(
        bwrap,
        TOOL,
        [
            ToolCall(arguments={"a": 1, "b": 1}, call_id="ok"),
            ToolCall(arguments={"a": -1, "b": 1}, call_id="bad"),
        ],
    )
    assert [o.ok for o in batch.outcomes] == [True, False]
    assert batch.outcomes[1].error_type == "ValueError"
    assert batch.outcomes[1].error_line == 10
    assert batch.backend == "bwrap"


def test_auto_picks_the_strongest_available_backend() -> None:
    sandbox = get_sandbox(SandboxConfig())
    assert sandbox.strong is True
    assert isinstance(sandbox, BwrapSandbox) == BwrapSandbox.available()[0]


def test_named_backend_is_used_when_asked_for() -> None:
    assert get_sandbox(SandboxConfig(backend="unshare")).name == "unshare"
    assert isinstance(get_sandbox(SandboxConfig(backend="subprocess")), SubprocessSandbox)


def test_auto_refuses_the_weak_backend_unless_allowed(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("bwrap", "unshare"):
        monkeypatch.setattr(BACKENDS[name], "available", classmethod(lambda cls: (False, "disabled in test")))
    with pytest.raises(SandboxUnavailableError):
        get_sandbox(SandboxConfig())
    assert isinstance(get_sandbox(SandboxConfig(allow_weak_fallback=True)), SubprocessSandbox)


def test_weak_backend_says_so_loudly(capsys: pytest.CaptureFixture[str]) -> None:
    result = SubprocessSandbox().run(SandboxRequest(script="print('hi')"))
    assert result.stdout == "hi\n"
    assert "WEAK" in capsys.readouterr().err.upper()


def test_limits_come_from_the_config() -> None:
    limits = limits_from_config(SandboxConfig(memory_mb=300, max_processes=7), timeout_seconds=4)
    assert (limits.memory_mb, limits.max_processes, limits.timeout_seconds) == (300, 7, 4)


def test_file_names_that_escape_the_code_directory_are_refused(bwrap: Sandbox) -> None:
    with pytest.raises(InvalidArgumentError):
        bwrap.run(SandboxRequest(script="", files={"../escape.py": b"x"}))
