"""``mcpforge bridge openai-tools|anthropic-tools`` against real MCP servers, incl. ``mcpforge serve``."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from mcpforge.cli.main import app
from mcpforge.config import MCPForgeConfig, SandboxConfig
from mcpforge.models import UserFeedback, utc_now
from mcpforge.registry import Registry
from mcpforge.registry.testing import make_candidate

VENV_BIN = Path(sys.executable).parent
MCPFORGE = VENV_BIN / "mcpforge"
DEMO_SERVER = Path(__file__).parents[1] / "bridge" / "servers" / "demo_server.py"
DEMO_COMMAND = shlex.join([sys.executable, str(DEMO_SERVER)])


def _invoke(*args: str) -> Any:
    return CliRunner().invoke(app, list(args))


def test_openai_tools_prints_the_definitions_of_a_stdio_server_as_json() -> None:
    result = _invoke("bridge", "openai-tools", "--server", DEMO_COMMAND)
    assert result.exit_code == 0, result.output
    tools = json.loads(result.stdout)
    assert [t["function"]["name"] for t in tools] == ["reverse", "word_count", "shout", "annotate"]
    assert tools[2] == {
        "type": "function",
        "function": {
            "name": "shout",
            "description": "Shout a text.",
            "parameters": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "text": {"type": "string"},
                    "style": {"enum": ["upper", "title"], "type": "string",
                              "description": 'Default: "upper". Allowed values: "upper", "title".'},
                },
                "required": ["text"],
            },
        },
    }  # fmt: skip


def test_strict_mode_leaves_out_a_tool_it_cannot_express_with_a_warning_naming_it() -> None:
    # Issue 28 point 13: one tool that cannot be strict no longer fails the whole output.
    result = _invoke("bridge", "openai-tools", "--strict", "--server", DEMO_COMMAND)
    assert result.exit_code == 0, result.output
    tools = json.loads(result.stdout)
    assert [t["function"]["name"] for t in tools] == ["reverse", "word_count", "shout"]
    assert all(t["function"]["strict"] is True for t in tools)
    warnings = [line for line in result.stderr.splitlines() if line.startswith("warning: left out")]
    assert len(warnings) == 1
    assert "'annotate'" in warnings[0] and "/properties/labels" in warnings[0]


def test_anthropic_tools_prints_the_definitions_as_json() -> None:
    result = _invoke("bridge", "anthropic-tools", "--server", DEMO_COMMAND)
    assert result.exit_code == 0, result.output
    tools = json.loads(result.stdout)
    assert tools[0] == {
        "name": "reverse",
        "description": "Reverse a piece of text.",
        "input_schema": {"type": "object", "additionalProperties": False,
                         "properties": {"text": {"type": "string"}}, "required": ["text"]},
    }  # fmt: skip


def test_an_unreachable_server_exits_non_zero_with_one_line(tmp_path: Path) -> None:
    proc = subprocess.run(
        [str(MCPFORGE), "bridge", "openai-tools", "--server", "http://127.0.0.1:9/mcp", "--timeout", "10"],
        capture_output=True, text=True, timeout=60, cwd=tmp_path, check=False,
    )  # fmt: skip
    assert proc.returncode == 1
    assert proc.stdout == ""
    assert proc.stderr.startswith("error: MCP server 'http://127.0.0.1:9/mcp' failed")
    assert len(proc.stderr.strip().splitlines()) == 1


@pytest.fixture
def served_registry(tmp_path: Path, sandbox_config: SandboxConfig) -> tuple[Path, Path]:
    """A registry with two promoted tools, and a config file the server subprocess reads."""
    config = MCPForgeConfig.model_validate({"registry": {"root": str(tmp_path / "reg")},
                                            "sandbox": sandbox_config.model_dump()})  # fmt: skip
    config_file = tmp_path / "mcpforge.yaml"
    config_file.write_text(yaml.safe_dump(config.model_dump(mode="json")), encoding="utf-8")
    registry = Registry(Path(config.registry.root), config)
    registry.init()
    for name, variant in (("add_one", 1), ("add_two", 2)):
        candidate, files = make_candidate(name, variant=variant)
        staged = registry.stage_candidate(candidate, files, actor="test")
        feedback = UserFeedback(
            decision="APPROVED", notes="approve", timestamp=utc_now(), stage="registration"
        )
        registry.record_feedback(staged.candidate_id, feedback, actor="person")
        registry.promote(staged.candidate_id, actor="person")
    return Path(config.registry.root), config_file


def test_openai_tools_of_mcpforge_serve_lists_the_promoted_tools(served_registry: tuple[Path, Path]) -> None:
    root, config_file = served_registry
    server = shlex.join([str(MCPFORGE), "serve", "--registry", str(root), "--config", str(config_file)])
    proc = subprocess.run(
        [str(MCPFORGE), "bridge", "openai-tools", "--strict", "--server", server, "--timeout", "60"],
        capture_output=True, text=True, timeout=110, cwd=root.parent, check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    tools = {tool["function"]["name"]: tool for tool in json.loads(proc.stdout)}
    assert {"add_one", "add_two"} <= set(tools)
    add_one = tools["add_one"]["function"]
    assert add_one["strict"] is True
    assert add_one["parameters"]["properties"]["value"] == {
        "type": ["integer", "null"],
        "description": "A whole number. Default: 1.",
    }
    assert add_one["parameters"]["required"] == ["value"]
