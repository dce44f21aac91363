"""Real MCP servers for the environment tests: `mcpforge serve` (stdio and HTTP) and the seed's servers."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from tests.bridge.conftest import _free_port, http_url, served_registry

from mcpforge.config import SandboxConfig
from mcpforge.sandbox import Sandbox, get_sandbox

__all__ = ["http_url", "served_registry"]  # fixtures of the bridge tests, reused here

SEED_SERVERS = Path(__file__).parent / "servers" / "seed_servers.py"
MCPFORGE = str(Path(sys.executable).with_name("mcpforge"))
AGENT_TOKEN = "agent-token-0123456789abcdef"
CONFIG_JSON = '{"project": "demo", "debug": false}'


def mcpforge_serve(served: tuple[Path, Path]) -> list[str]:
    """``mcpforge serve`` over the promoted tools, without the forge tools (what an agent may call)."""
    root, config_file = served
    return [MCPFORGE, "serve", "--registry", str(root), "--config", str(config_file), "--no-forge-tools"]


def seed_server(name: str) -> list[str]:
    """The command line of the seed's ``search`` or ``files`` server over stdio."""
    return [sys.executable, str(SEED_SERVERS), name]


@contextmanager
def http_process(args: list[str], port: int, env: dict[str, str], log: Path) -> Iterator[str]:
    """Run an HTTP MCP server process until the block ends; waits (bounded) until its port answers."""
    url = f"http://127.0.0.1:{port}/mcp"
    with log.open("wb") as out:
        proc = subprocess.Popen(args, stdout=out, stderr=subprocess.STDOUT, env={**os.environ, **env})
    try:
        deadline = time.monotonic() + 60
        while True:
            assert proc.poll() is None, f"{args[1:3]} exited: {log.read_text(encoding='utf-8')[-2000:]}"
            try:
                httpx.get(url, timeout=1.0)
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline, f"{args[1:3]} did not answer within 60 s"
                time.sleep(0.05)  # polling a port with a deadline, not a sleep-based wait for an event
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture
def sandbox(sandbox_config: SandboxConfig) -> Sandbox:
    return get_sandbox(sandbox_config)


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    """What the ``files`` server calls ``/workspace``: holds ``config.json``."""
    root = tmp_path / "workspace"
    root.mkdir()
    (root / "config.json").write_text(CONFIG_JSON, encoding="utf-8")
    return root


@dataclass(frozen=True, kw_only=True)
class Stack:
    """The seed's deployment, run as processes on loopback: each service on the port it publishes."""

    tools_port: int  # mcpforge serve --http, bearer token required
    search_port: int
    files_port: int
    workspace: Path


@pytest.fixture
def stack(served_registry: tuple[Path, Path], workspace: Path, tmp_path: Path) -> Iterator[Stack]:
    ports = [_free_port() for _ in range(3)]
    tokens = f"tokens: [{{name: agent, roles: [caller], token: {AGENT_TOKEN}}}]"
    serve = [*mcpforge_serve(served_registry), "--http", str(ports[0])]
    with (
        http_process(serve, ports[0], {"MCPFORGE_TOKENS": tokens}, tmp_path / "tools.log"),
        http_process([*seed_server("search"), "--http", str(ports[1])], ports[1], {}, tmp_path / "s.log"),
        http_process(
            [*seed_server("files"), "--http", str(ports[2])],
            ports[2],
            {"WORKSPACE_ROOT": str(workspace)},
            tmp_path / "f.log",
        ),  # fmt: skip
    ):
        yield Stack(tools_port=ports[0], search_port=ports[1], files_port=ports[2], workspace=workspace)
