"""The seed's two examples, run as written against a stack: `mcpforge serve --http` plus the seed's servers.

The stack's Compose file is written by `mcpforge env compose`; with no container engine here, each of its
MCP services runs as a process on loopback at the port the file publishes, which is where the examples'
``from_docker_compose`` looks for it. Only the examples' import line differs from the seed.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import yaml
from tests.envs.conftest import AGENT_TOKEN, CONFIG_JSON, Stack
from tests.envs.servers.seed_servers import CORPUS
from tests.envs.test_compose import MCPFORGE, schema_errors

from mcpforge.bridge.errors import MCPServerError
from mcpforge.envs import EnvironmentConfig, MCPServerConfig, ToolCallingEnv

EXAMPLE_1 = """
from mcpforge.envs import ToolCallingEnv, ToolCallAction

# Start environment with MCP servers
env = ToolCallingEnv.from_docker_compose("docker-compose.yml")

# Discover available tools
tools = env.tools()
print(f"Available tools: {[t.name for t in tools]}")
# Output: ['search_web', 'read_file', 'write_file']

# Reset environment
obs = env.reset()

# Agent makes tool call
action = ToolCallAction(
    tool_name="search_web",
    parameters={"query": "Python async patterns", "max_results": 5}
)

obs = env.step(action)
print(obs.metadata["tool_result"])
# Output: [{"title": "...", "url": "...", ...}, ...]

env.close()
"""

EXAMPLE_2 = '''
from mcpforge.envs import CodeActEnv, CodeAction

# Start environment (MCP servers started automatically)
env = CodeActEnv.from_docker_compose("docker-compose.yml")

# Reset environment
obs = env.reset()

# Get system prompt to inform agent of available tools
system_prompt = env.get_system_prompt()
print(system_prompt)

# Agent generates code that uses MCP tools (no imports!)
agent_code = """
# Tools are already available, just use them directly
results = search_web(query="Python async patterns", max_results=5)
print(f"Found {len(results)} results")

# Read configuration
config = read_file(path="/workspace/config.json")
print(f"Config: {config}")
"""

# Execute code (tools available transparently)
action = CodeAction(code=agent_code)
obs = env.step(action)

print(obs.stdout)
# Output:
# Found 5 results
# Config: {...}

env.close()
'''


@pytest.fixture
def compose_file(stack: Stack, tmp_path: Path) -> Path:
    """``docker-compose.yml`` for the stack, written by ``mcpforge env compose`` from its configuration."""
    config = EnvironmentConfig(
        name="coding-env",
        image="coding-env:latest",
        mcp_servers=[
            MCPServerConfig(
                name="tools", build=".", image="mcpforge:latest", port=stack.tools_port,
                command=["serve", f"--http={stack.tools_port}", "--host=0.0.0.0", "--public-name=tools"],
                env_vars={"MCPFORGE_TOKENS": "${MCPFORGE_TOKENS}"}, token_env="MCPFORGE_AGENT_TOKEN",
            ),
            MCPServerConfig(
                name="search", image="mcp-search-server:latest", port=stack.search_port,
                env_vars={"SEARCH_API_KEY": "${SEARCH_API_KEY}"},
            ),
            MCPServerConfig(
                name="files", image="mcp-files-server:latest", port=stack.files_port,
                volumes=["workspace:/workspace:ro"],
            ),
        ],
    )  # fmt: skip
    config_file = tmp_path / "env.yaml"
    config_file.write_text(yaml.safe_dump(config.model_dump(exclude_defaults=True)), encoding="utf-8")
    output = tmp_path / "docker-compose.yml"
    subprocess.run([MCPFORGE, "env", "compose", str(config_file), "-o", str(output)], check=True, timeout=60)
    assert schema_errors(yaml.safe_load(output.read_text(encoding="utf-8"))) == []
    return output


def _run_example(code: str, cwd: Path) -> str:
    script = cwd / "example.py"
    script.write_text(textwrap.dedent(code), encoding="utf-8")
    env = {**os.environ, "MCPFORGE_AGENT_TOKEN": AGENT_TOKEN}
    done = subprocess.run([sys.executable, str(script)], cwd=cwd, capture_output=True, text=True, timeout=100,
                          check=False, env=env)  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_example_1_tool_calling_runs_as_written(compose_file: Path) -> None:
    out = _run_example(EXAMPLE_1, compose_file.parent).splitlines()
    tools = ["list_available_tools", "add_one", "add_two", "search_web", "read_file", "write_file"]
    assert out[0] == f"Available tools: {tools}"
    assert [ast.literal_eval(line) for line in out[1:]] == [
        [{"title": title, "url": url} for title, url in CORPUS[:5]]
    ]


def test_example_2_codeact_runs_as_written(compose_file: Path) -> None:
    out = _run_example(EXAMPLE_2, compose_file.parent)
    assert out.startswith(
        "You are writing Python code that will be executed in a sandbox.\n"
        "The following tools are pre-imported and available as functions:\n"
    )
    assert "- read_file(path: str) -> str\n    Read contents of a file.\n" in out
    assert out.endswith(f"Found 5 results\nConfig: {CONFIG_JSON}\n\n")


def test_a_wrong_token_is_refused_by_mcpforge_serve(
    compose_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MCPFORGE_AGENT_TOKEN", "wrong-token-0123456789")
    with pytest.raises(MCPServerError) as refused:
        ToolCallingEnv.from_docker_compose(compose_file, timeout=30)
    assert refused.value.server == "tools"
