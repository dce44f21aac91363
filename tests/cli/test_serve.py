"""``mcpforge serve``: a real subprocess over stdio and over streamable HTTP, plus its user errors."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import anyio
import anyio.to_thread
import httpx
import mcp_types
import pytest
import yaml
from fastmcp import Client
from fastmcp.client.messages import MessageHandler
from fastmcp.client.transports import StdioTransport
from typer.testing import CliRunner

from mcpforge.cli.main import app
from mcpforge.config import MCPForgeConfig
from mcpforge.models import UserFeedback, utc_now
from mcpforge.registry import Registry
from mcpforge.registry.testing import make_candidate
from mcpforge.server.forge_tools import FORGE_TOOL_NAMES

BUILTIN = {"list_available_tools", *FORGE_TOOL_NAMES}

MCPFORGE = str(Path(sys.executable).with_name("mcpforge"))
pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _promote(registry: Registry, name: str) -> None:
    candidate, files = make_candidate(name, variant=10)
    staged = registry.stage_candidate(candidate, files, actor="test")
    feedback = UserFeedback(decision="APPROVED", notes="approve", timestamp=utc_now(), stage="registration")
    registry.record_feedback(staged.candidate_id, feedback, actor="person")
    registry.promote(staged.candidate_id, actor="person")


@pytest.fixture
def served(forge_config: MCPForgeConfig, tmp_path: Path) -> tuple[Registry, Path, Path]:
    """A registry with the promoted demo tool, its config file, and an allowed data directory."""
    registry = Registry(Path(forge_config.registry.root), forge_config)
    registry.init()
    _promote(registry, "demo_tool")
    config_file = tmp_path / "mcpforge.yaml"
    config_file.write_text(yaml.safe_dump(forge_config.model_dump(mode="json")), encoding="utf-8")
    data = tmp_path / "data"
    data.mkdir()
    return registry, config_file, data


def _serve_args(registry: Registry, config_file: Path, data: Path) -> list[str]:
    return [
        "serve",
        "--registry",
        str(registry.root),
        "--config",
        str(config_file),
        "--allow-read",
        str(data),
    ]


async def test_stdio_subprocess_serves_a_promoted_tool(served: tuple[Registry, Path, Path]) -> None:
    registry, config_file, data = served
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(data)}
    transport = StdioTransport(MCPFORGE, _serve_args(registry, config_file, data), env=env, cwd=str(data))
    with anyio.fail_after(60):
        async with Client(transport) as client:
            names = {tool.name for tool in await client.list_tools()}
            result = await client.call_tool("demo_tool", {"value": 5})
            listing = await client.call_tool("list_available_tools", {})
    assert names == {"demo_tool", *BUILTIN}
    assert result.structured_content == {"operation": "demo_tool", "result": {"value": 15}}
    assert listing.structured_content is not None
    assert listing.structured_content["count"] == 1


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def _serving(args: list[str], port: int, log_path: Path, cwd: Path) -> Iterator[str]:
    """``mcpforge <args>`` as a subprocess, once it listens on 127.0.0.1:``port``; its MCP endpoint there."""
    log = log_path.open("w", encoding="utf-8")
    proc = subprocess.Popen([MCPFORGE, *args], stdout=log, stderr=subprocess.STDOUT, cwd=cwd)
    url = f"http://127.0.0.1:{port}/mcp"
    try:
        deadline = time.monotonic() + 60
        while True:
            if proc.poll() is not None:
                pytest.fail(f"server exited early: {log_path.read_text(encoding='utf-8')}")
            try:
                httpx.get(f"http://127.0.0.1:{port}/", timeout=1.0)
                break
            except httpx.TransportError:
                if time.monotonic() > deadline:
                    pytest.fail("server did not start listening within 60 s")
                time.sleep(0.1)  # polling a starting process; bounded by the deadline above
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=15)
        log.close()


@pytest.fixture
def http_server(served: tuple[Registry, Path, Path], tmp_path: Path) -> Iterator[str]:
    registry, config_file, data = served
    port = _free_port()
    args = [*_serve_args(registry, config_file, data), "--http", str(port)]
    with _serving(args, port, tmp_path / "serve.log", data) as url:
        yield url


async def test_streamable_http_serves_a_promoted_tool(http_server: str) -> None:
    with anyio.fail_after(60):
        async with Client(http_server) as client:
            names = {tool.name for tool in await client.list_tools()}
            result = await client.call_tool("demo_tool", {"value": 1})
    assert names == {"demo_tool", *BUILTIN}
    assert result.structured_content == {"operation": "demo_tool", "result": {"value": 11}}


class _ListChanged(MessageHandler):
    def __init__(self) -> None:
        self.seen = anyio.Event()

    async def on_tool_list_changed(self, message: mcp_types.ToolListChangedNotification) -> None:
        self.seen.set()


async def test_http_client_is_told_when_another_process_promotes_a_tool(
    http_server: str, served: tuple[Registry, Path, Path]
) -> None:
    registry = served[0]
    handler = _ListChanged()
    with anyio.fail_after(60):
        async with Client(http_server, mode="legacy", message_handler=handler) as client:
            assert {tool.name for tool in await client.list_tools()} == {"demo_tool", *BUILTIN}
            await anyio.to_thread.run_sync(_promote, registry, "second_tool")
            await handler.seen.wait()
            names = {tool.name for tool in await client.list_tools()}
    assert names == {"demo_tool", "second_tool", *BUILTIN}


def test_uninitialized_registry_is_a_one_line_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["serve", "--registry", str(tmp_path / "nothing")])
    assert result.exit_code == 2
    assert "not initialized" in result.output


def test_allow_read_must_be_a_directory(served: tuple[Registry, Path, Path], tmp_path: Path) -> None:
    registry, config_file, _data = served
    args = ["serve", "--registry", str(registry.root), "--config", str(config_file)]
    result = CliRunner().invoke(app, [*args, "--allow-read", str(tmp_path / "missing")])
    assert result.exit_code == 2
    assert "--allow-read" in result.output


def test_help_has_an_example() -> None:
    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    assert "Example: mcpforge serve" in result.output


def test_the_start_up_line_says_what_loopback_http_exposes_without_authentication(
    http_server: str, tmp_path: Path
) -> None:
    lines = (tmp_path / "serve.log").read_text(encoding="utf-8").splitlines()
    start = [line for line in lines if line.startswith("mcpforge: serving")]
    assert len(start) == 1
    assert f"on {http_server} — no authentication (loopback only): 1 tool, forge tools ON" in start[0]


def test_a_non_loopback_host_without_tokens_is_a_one_line_error(
    served: tuple[Registry, Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("MCPFORGE_TOKENS", raising=False)
    registry, config_file, data = served
    args = [*_serve_args(registry, config_file, data), "--http", str(_free_port()), "--host", "0.0.0.0"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2
    assert result.output.count("\n") == 1
    assert "--host '0.0.0.0' is not loopback" in result.output
    assert "Traceback" not in result.output


async def test_every_interface_with_a_tokens_file_serves_token_holders_only(
    served: tuple[Registry, Path, Path], tmp_path: Path
) -> None:
    registry, config_file, data = served
    tokens_file = tmp_path / "tokens.yaml"
    made = CliRunner().invoke(app, ["tokens", "new", "ada", "--role", "admin", "--file", str(tokens_file)])
    assert made.exit_code == 0, made.output
    token = made.stdout.strip().splitlines()[-1]
    port = _free_port()
    args = [*_serve_args(registry, config_file, data), "--http", str(port), "--host", "0.0.0.0"]
    args += ["--tokens-file", str(tokens_file)]
    # Bound to every interface, reached only through loopback: nothing leaves the machine.
    with _serving(args, port, tmp_path / "serve.log", data) as url:
        refused = await anyio.to_thread.run_sync(lambda: httpx.post(url, json={}, timeout=10))
        with anyio.fail_after(60):
            async with Client(url, auth=token) as client:
                names = {tool.name for tool in await client.list_tools()}
    assert token not in tokens_file.read_text(encoding="utf-8")
    assert refused.status_code == 401
    assert names == {"demo_tool", *BUILTIN}
    log = (tmp_path / "serve.log").read_text(encoding="utf-8")
    assert f"on http://0.0.0.0:{port}/mcp — bearer token required (1 identity): 1 tool, forge tools ON" in log
