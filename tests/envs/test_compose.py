"""Compose files: the seed's configuration, `mcpforge env compose`, and the Compose specification's schema."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from mcpforge.envs import EnvironmentConfig, MCPServerConfig, compose_document, load_environment_config
from mcpforge.envs.compose import servers_from_compose
from mcpforge.exceptions import ConfigError

HERE = Path(__file__).parent
SCHEMA = json.loads((HERE / "compose-spec.json").read_text(encoding="utf-8"))
EXAMPLE = HERE.parents[1] / "examples" / "agent_env.yaml"
MCPFORGE = str(Path(sys.executable).with_name("mcpforge"))

# The seed's example configuration, as written there.
CODING_ENV_CONFIG = EnvironmentConfig(
    name="coding-env",
    image="coding-env:latest",
    mcp_servers=[
        MCPServerConfig(
            name="search",
            image="mcp-search-server:latest",
            port=8001,
            env_vars={"SEARCH_API_KEY": "${SEARCH_API_KEY}"},
        ),
        MCPServerConfig(
            name="files",
            image="mcp-files-server:latest",
            port=8002,
        ),
    ],
)


def schema_errors(document: Any) -> list[str]:
    """Every way ``document`` breaks the Compose specification (empty when it conforms)."""
    validator = jsonschema.Draft7Validator(SCHEMA)
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(document)]


def test_the_schema_refuses_what_is_not_a_compose_file() -> None:
    assert schema_errors({"services": {"web": {"image": 1, "ports": "8000"}}, "networks": []}) != []
    assert schema_errors({"services": {"web": {"image": "nginx", "bogus": True}}}) != []


def test_the_seeds_example_configuration_becomes_this_compose_file_and_passes_the_schema() -> None:
    document = compose_document(CODING_ENV_CONFIG)
    assert document == {
        "name": "coding-env",
        "services": {
            "environment": {
                "image": "coding-env:latest",
                "ports": ["8000:8000"],
                "environment": {"MCP_SERVERS": "http://search:8001/mcp,http://files:8002/mcp"},
                "depends_on": ["search", "files"],
                "networks": ["agent-network"],
            },
            "search": {
                "image": "mcp-search-server:latest",
                "ports": ["8001:8001"],
                "environment": {"SEARCH_API_KEY": "${SEARCH_API_KEY}"},
                "networks": ["agent-network"],
            },
            "files": {
                "image": "mcp-files-server:latest",
                "ports": ["8002:8002"],
                "networks": ["agent-network"],
            },
        },
        "networks": {"agent-network": {"driver": "bridge"}},
    }
    assert schema_errors(document) == []


def _compose(config: Path, output: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [MCPFORGE, "env", "compose", str(config), "-o", str(output)],
        capture_output=True, text=True, timeout=60, check=False, env={**os.environ, **env},
    )  # fmt: skip


def test_env_compose_writes_the_example_with_mcpforge_serve_as_a_service_and_no_secret_inlined(
    tmp_path: Path,
) -> None:
    output = tmp_path / "compose.yaml"
    done = _compose(EXAMPLE, output, SEARCH_API_KEY="sk-live-secret", MCPFORGE_AGENT_TOKEN="tok-secret")
    assert (done.returncode, done.stderr) == (0, f"wrote {output} (2 MCP servers and the environment)\n")
    text = output.read_text(encoding="utf-8")
    assert "sk-live-secret" not in text
    assert "tok-secret" not in text
    document = yaml.safe_load(text)
    assert schema_errors(document) == []
    tools = document["services"]["tools"]
    assert tools["build"] == "."
    assert tools["command"][:5] == ["serve", "--http", "8001", "--host", "0.0.0.0"]
    assert tools["environment"] == {"MCPFORGE_TOKENS": "${MCPFORGE_TOKENS}"}
    assert document["services"]["environment"]["environment"] == {
        "MCP_SERVERS": "http://tools:8001/mcp,http://search:8002/mcp",
        "MCP_SERVER_TOKEN_TOOLS": "${MCPFORGE_AGENT_TOKEN}",
    }
    assert {name: service["networks"] for name, service in document["services"].items()} == {
        "environment": ["agent-network"],
        "tools": ["agent-network"],
        "search": ["agent-network"],
    }
    printed = subprocess.run([MCPFORGE, "env", "compose", str(EXAMPLE)], capture_output=True, text=True,
                             timeout=60, check=True)  # fmt: skip
    assert printed.stdout == text


def test_a_named_volume_is_declared_at_the_top_level() -> None:
    server = MCPServerConfig(name="files", image="files:1", port=8002, volumes=["workspace:/workspace:ro"])
    document = compose_document(EnvironmentConfig(name="e", image="e:1", mcp_servers=[server]))
    assert document["volumes"] == {"workspace": {}}
    assert document["services"]["files"]["volumes"] == ["workspace:/workspace:ro"]
    assert schema_errors(document) == []


@pytest.mark.parametrize(
    ("config", "says"),
    [
        (
            "name: e\nimage: e:1\nmcp_servers: [{name: s, image: s:1, port: 8001, "
            "env_vars: {SEARCH_API_KEY: sk-123}}]\n",
            "'SEARCH_API_KEY' looks like a secret",
        ),
        ("name: e\nimage: e:1\nmcp_servers: []\n", "mcp_servers"),
        ("name: e\nimage: e:1\nmcp_servers: [{name: s, image: s:1, port: 8000}]\n", "ports used twice"),
        ("name: e\nimage: e:1\nmcp_servers: [{name: environment, image: s:1, port: 1}]\n", "environment"),
        ("name: e\nimage: e:1\nmcp_servers: [{name: s, port: 8001}]\n", "needs an image or a build"),
        ("name: E env\nimage: e:1\nmcp_servers: [{name: s, image: s:1, port: 8001}]\n", "name"),
        ("name: [unclosed\n", "not valid YAML (line 2)"),
        (
            "name: e\nimage: e:1\nenv_vars: {MCP_SERVERS: 'http://x:1'}\n"
            "mcp_servers: [{name: s, image: s:1, port: 8001}]\n",
            "'MCP_SERVERS' is generated from mcp_servers",
        ),
    ],
)
def test_a_bad_configuration_is_one_clear_line_and_no_file(tmp_path: Path, config: str, says: str) -> None:
    path = tmp_path / "env.yaml"
    path.write_text(config, encoding="utf-8")
    done = _compose(path, tmp_path / "compose.yaml")
    assert done.returncode == 2
    assert done.stderr.startswith("error: ")
    assert says in done.stderr
    assert len(done.stderr.splitlines()) == 1
    assert not (tmp_path / "compose.yaml").exists()


def test_a_missing_configuration_file_is_one_clear_line(tmp_path: Path) -> None:
    done = _compose(tmp_path / "absent.yaml", tmp_path / "compose.yaml")
    assert (done.returncode, done.stderr.count("\n")) == (2, 1)
    assert "cannot read" in done.stderr


def test_the_host_reaches_each_server_on_its_published_port_with_its_token(tmp_path: Path) -> None:
    output = tmp_path / "compose.yaml"
    assert _compose(EXAMPLE, output).returncode == 0
    servers = servers_from_compose(output, environ={"MCPFORGE_AGENT_TOKEN": "tok"})
    assert servers == [
        ("tools", "http://127.0.0.1:8001/mcp", "tok"),
        ("search", "http://127.0.0.1:8002/mcp", None),
    ]
    with pytest.raises(ConfigError) as unset:
        servers_from_compose(output, environ={})
    assert unset.value.key == "MCPFORGE_AGENT_TOKEN"
    document = yaml.safe_load(output.read_text(encoding="utf-8"))
    document["services"]["search"]["ports"] = []
    output.write_text(yaml.safe_dump(document), encoding="utf-8")
    with pytest.raises(ConfigError):
        servers_from_compose(output, environ={"MCPFORGE_AGENT_TOKEN": "tok"})


def test_the_yaml_loader_accepts_the_seeds_configuration(tmp_path: Path) -> None:
    path = tmp_path / "env.yaml"
    path.write_text(yaml.safe_dump(CODING_ENV_CONFIG.model_dump(exclude_defaults=True)), encoding="utf-8")
    assert load_environment_config(path) == CODING_ENV_CONFIG


def _docker_compose_works() -> str | None:
    """Why ``docker compose`` cannot check files here, or None when it can."""
    if shutil.which("docker") is None:
        return "no docker client on this machine"
    probe = subprocess.run(["docker", "compose", "version"], capture_output=True, text=True, timeout=30,
                           check=False)  # fmt: skip
    return None if probe.returncode == 0 else "the docker compose plugin is not installed"


@pytest.mark.skipif(_docker_compose_works() is not None, reason=str(_docker_compose_works()))
def test_docker_compose_accepts_the_generated_file(tmp_path: Path) -> None:
    output = tmp_path / "compose.yaml"
    assert _compose(EXAMPLE, output).returncode == 0
    env = {**os.environ, "MCPFORGE_TOKENS": "x", "MCPFORGE_AGENT_TOKEN": "x", "SEARCH_API_KEY": "x"}
    done = subprocess.run(["docker", "compose", "-f", str(output), "config", "--quiet"], capture_output=True,
                          text=True, timeout=60, check=False, env=env)  # fmt: skip
    assert done.returncode == 0, done.stderr
