"""``mcpforge chat``: a replayed model against real MCP servers, including ``mcpforge serve``."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from mcpforge.cli.main import app
from mcpforge.config import MCPForgeConfig, SandboxConfig
from mcpforge.engines.replay_server import Recorded, replay_server
from mcpforge.models import UserFeedback, utc_now
from mcpforge.registry import Registry
from mcpforge.registry.testing import make_candidate

MCPFORGE = Path(sys.executable).parent / "mcpforge"
DEMO_SERVER = Path(__file__).parents[1] / "bridge" / "servers" / "demo_server.py"
DEMO_COMMAND = shlex.join([sys.executable, str(DEMO_SERVER)])


@pytest.fixture(autouse=True)
def _no_config_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run in an empty directory so no mcpforge.yaml of the checkout changes the engine."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("MCPFORGE_CONFIG", raising=False)


def _chat(url: str, *args: str, stdin: str | None = None) -> Any:
    argv = ["chat", "--server", DEMO_COMMAND, "--engine", "openai", "--base-url", url, *args]
    return CliRunner().invoke(app, argv, input=stdin)


def test_one_question_prints_the_answer() -> None:
    replies = [
        Recorded(tool_calls=[{"name": "word_count", "arguments": {"text": "a b c"}}]),
        Recorded(content="The text has 3 words."),
    ]
    with replay_server(replies) as (url, _log):
        result = _chat(url, "How many words in 'a b c'?")
    assert result.exit_code == 0, result.output
    assert result.stdout == "The text has 3 words.\n"
    assert '[tool] word_count({"text": "a b c"}) -> ok' in result.stderr


def test_json_prints_answer_steps_tool_calls_and_usage() -> None:
    replies = [
        Recorded(tool_calls=[{"name": "shout", "arguments": {"text": "hi", "style": "loud"}}]),
        Recorded(tool_calls=[{"name": "shout", "arguments": {"text": "hi"}}]),
        Recorded(content="HI"),
    ]
    with replay_server(replies) as (url, _log):
        result = _chat(url, "--json", "Shout hi")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {
        "answer": "HI",
        "stop_reason": "answer",
        "steps": 3,
        "tool_calls": [
            {"name": "shout", "arguments": {"text": "hi", "style": "loud"}, "is_error": True},
            {"name": "shout", "arguments": {"text": "hi"}, "is_error": False},
        ],
        "usage": {"model_calls": 3, "prompt_tokens": 30, "completion_tokens": 3},
    }


def test_hitting_the_step_limit_exits_non_zero_with_a_clear_message() -> None:
    loop = Recorded(tool_calls=[{"name": "reverse", "arguments": {"text": "x"}}])
    with replay_server([loop] * 3) as (url, _log):
        result = _chat(url, "--max-steps", "2", "loop")
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.splitlines()[-1].startswith("error: no final answer within 2 model steps")


def test_hitting_the_step_limit_with_json_still_prints_one_object() -> None:
    loop = Recorded(tool_calls=[{"name": "reverse", "arguments": {"text": "x"}}])
    with replay_server([loop] * 3) as (url, _log):
        result = _chat(url, "--json", "--max-steps", "2", "loop")
    assert result.exit_code == 1
    out = json.loads(result.stdout)
    assert (out["stop_reason"], out["steps"], len(out["tool_calls"])) == ("max_steps", 2, 1)
    assert "error" in out


def test_without_a_message_the_chat_is_interactive() -> None:
    replies = [Recorded(content="Hello!"), Recorded(content="You said hi.")]
    with replay_server(replies) as (url, log):
        result = _chat(url, stdin="hi\n\nwhat did I say?\nexit\nnever sent\n")
    assert result.exit_code == 0, result.output
    assert result.stdout == "Hello!\nYou said hi.\n"  # no prompt text when the questions are piped
    assert len(log.requests) == 2
    assert [m["content"] for m in log.requests[1]["body"]["messages"]][1:] == [
        "hi",
        "Hello!",
        "what did I say?",
    ]


def test_a_model_error_in_the_interactive_chat_does_not_end_it() -> None:
    with replay_server([Recorded(status=400, content="nope"), Recorded(content="fine")]) as (url, _log):
        result = _chat(url, stdin="first\nsecond\n")
    assert result.exit_code == 0, result.output
    assert "error: model at" in result.stderr
    assert result.stdout == "fine\n"


def test_the_rules_engine_is_refused_with_one_line() -> None:
    result = CliRunner().invoke(app, ["chat", "--server", DEMO_COMMAND, "--engine", "rules", "hi"])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: chat needs a model engine")


def test_a_server_is_required() -> None:
    result = CliRunner().invoke(app, ["chat", "--engine", "openai", "hi"])
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_dead_model_endpoint_fails_in_seconds_with_one_line(tmp_path: Path) -> None:
    started = time.monotonic()
    proc = subprocess.run(
        [str(MCPFORGE), "chat", "--server", DEMO_COMMAND, "--engine", "openai",
         "--base-url", "http://127.0.0.1:9/v1", "hi"],
        capture_output=True, text=True, timeout=110, cwd=tmp_path, check=False,
    )  # fmt: skip
    elapsed = time.monotonic() - started
    assert proc.returncode == 1
    assert proc.stdout == ""
    assert proc.stderr.startswith("error: cannot reach the model at http://127.0.0.1:9/v1")
    assert len(proc.stderr.strip().splitlines()) == 1
    assert elapsed < 60  # interpreter start, MCP server start and the SDK's two quick retries


@pytest.fixture
def served_registry(tmp_path: Path, sandbox_config: SandboxConfig) -> tuple[Path, Path]:
    """A registry with a promoted tool ``add_one``, and a config file the server subprocess reads."""
    config = MCPForgeConfig.model_validate(
        {"registry": {"root": str(tmp_path / "reg")}, "sandbox": sandbox_config.model_dump()}
    )
    config_file = tmp_path / "server.yaml"
    config_file.write_text(yaml.safe_dump(config.model_dump(mode="json")), encoding="utf-8")
    registry = Registry(Path(config.registry.root), config)
    registry.init()
    candidate, files = make_candidate("add_one", variant=1)
    staged = registry.stage_candidate(candidate, files, actor="test")
    feedback = UserFeedback(decision="APPROVED", notes="approve", timestamp=utc_now(), stage="registration")
    registry.record_feedback(staged.candidate_id, feedback, actor="person")
    registry.promote(staged.candidate_id, actor="person")
    return Path(config.registry.root), config_file


def test_chat_calls_a_promoted_tool_of_mcpforge_serve(served_registry: tuple[Path, Path]) -> None:
    root, config_file = served_registry
    server = shlex.join([str(MCPFORGE), "serve", "--registry", str(root), "--config", str(config_file)])
    replies = [
        Recorded(tool_calls=[{"name": "list_available_tools", "arguments": {}}]),
        Recorded(tool_calls=[{"name": "add_one", "arguments": {"value": 41}}]),
        Recorded(content="add_one(41) = 42"),
    ]
    with replay_server(replies) as (url, log):
        result = CliRunner().invoke(
            app,
            ["chat", "--server", server, "--engine", "openai", "--base-url", url, "--timeout", "60", "--json",
             "Add one to 41"],
        )  # fmt: skip
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["answer"] == "add_one(41) = 42"
    assert [(c["name"], c["is_error"]) for c in out["tool_calls"]] == [
        ("list_available_tools", False),
        ("add_one", False),
    ]
    offered = {tool["function"]["name"] for tool in log.requests[0]["body"]["tools"]}
    assert {"add_one", "list_available_tools"} <= offered
    listing = next(m for m in log.requests[1]["body"]["messages"] if m["role"] == "tool")["content"]
    assert "add_one" in listing
    result_text = [m for m in log.requests[2]["body"]["messages"] if m["role"] == "tool"][-1]["content"]
    assert "42" in result_text


def test_a_server_that_fails_to_start_names_the_log_of_its_output() -> None:
    crash = shlex.join([sys.executable, "-c", "import sys; sys.stderr.write('boom: no config'); sys.exit(3)"])
    result = CliRunner().invoke(
        app, ["chat", "--server", crash, "--engine", "openai", "--base-url", "http://127.0.0.1:9/v1", "hi"]
    )
    assert result.exit_code == 1
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith(f"error: MCP server {crash!r} failed")
    log = Path(line.rsplit("server output: ", 1)[1].strip("'"))
    assert "boom: no config" in log.read_text(encoding="utf-8")
    log.unlink()
