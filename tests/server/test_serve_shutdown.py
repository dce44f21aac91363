"""Stopping a real ``mcpforge serve``: nothing left in TMPDIR, no process left behind."""

from __future__ import annotations

import json
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import anyio
import pytest
from _serve_process import (
    MCPFORGE,
    descendants,
    free_port,
    own_tmpdir,
    run_env,
    serving_http,
    stop,
    template_processes,
    wait_gone,
    write_config,
)
from fastmcp import Client

from mcpforge.config import MCPForgeConfig
from mcpforge.registry import Registry

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def tmpdir_of_serve() -> Iterator[Path]:
    with own_tmpdir() as path:
        yield path


def _left_in(tmpdir: Path) -> list[str]:
    return sorted(path.name for path in tmpdir.iterdir() if path.name.startswith("mcpforge-"))


def _serve_args(registry: Registry, config: Path, data: Path) -> list[str]:
    return ["serve", "--registry", str(registry.root), "--config", str(config), "--allow-read", str(data)]


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["sigterm", "sigint"])
async def test_serve_http_stopped_after_a_forge_request_leaves_no_folder_and_no_process(  # noqa: PLR0917
    registry: Registry,
    forge_config: MCPForgeConfig,
    data_root: Path,
    tmp_path: Path,
    tmpdir_of_serve: Path,
    sig: int,
) -> None:
    (data_root / "sales.csv").write_text(
        "region,amount\nNorth,10\nSouth,20\nNorth,5\nEast,7\n", encoding="utf-8"
    )
    config = write_config(forge_config, tmp_path / "mcpforge.yaml")
    tmpdir = tmpdir_of_serve
    args = [*_serve_args(registry, config, data_root), "--http", str(free_port())]
    with serving_http(args, tmp_path / "serve.log", run_env(tmpdir)) as served:
        with anyio.fail_after(120):
            async with Client(served.url) as client:
                result = await client.call_tool(
                    "forge_request",
                    {"request": "total amount by region", "data_path": str(data_root / "sales.csv")},
                )
        assert not result.is_error
        started = descendants(served.proc.pid)
        assert started, "the forge and the warm template run in processes of their own"
        assert _left_in(tmpdir), "the warm template's work folder exists while serving"
        status = stop(served.proc, sig)
    assert status in {0, 130}, served.log_text()
    assert wait_gone(started, timeout=20) == [], "processes outlived the server"
    assert _left_in(tmpdir) == []
    assert "Traceback" not in served.log_text()


def test_serve_stdio_ended_by_its_client_leaves_no_folder(
    registry: Registry, forge_config: MCPForgeConfig, data_root: Path, tmp_path: Path, tmpdir_of_serve: Path
) -> None:
    config = write_config(forge_config, tmp_path / "mcpforge.yaml")
    tmpdir = tmpdir_of_serve
    client = {"name": "t", "version": "1"}
    params = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": client}
    hello = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": params}
    completed = subprocess.run(
        [MCPFORGE, *_serve_args(registry, config, data_root)],
        check=False,
        input=json.dumps(hello) + "\n",
        capture_output=True,
        text=True,
        timeout=120,
        env=run_env(tmpdir),
    )
    assert completed.returncode == 0, completed.stderr
    assert json.loads(completed.stdout.splitlines()[0])["id"] == 1
    assert _left_in(tmpdir) == []


def test_serve_stdio_stopped_by_sigterm_while_its_client_stays_connected_leaves_nothing(
    registry: Registry, forge_config: MCPForgeConfig, data_root: Path, tmp_path: Path, tmpdir_of_serve: Path
) -> None:
    config = write_config(forge_config, tmp_path / "mcpforge.yaml")
    proc = subprocess.Popen(
        [MCPFORGE, *_serve_args(registry, config, data_root)],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=run_env(tmpdir_of_serve),
    )
    try:
        deadline = time.monotonic() + 60
        while not template_processes(proc.pid):
            assert time.monotonic() < deadline, "the warm template never started"
            time.sleep(0.1)  # waiting for serve's own start-up; bounded by the deadline
        started = descendants(proc.pid)
        assert _left_in(tmpdir_of_serve)
        proc.send_signal(signal.SIGTERM)
        # stdin stays open: the server must not wait for its client to write again.
        assert proc.wait(timeout=30) == 0
    finally:
        assert proc.stdin is not None
        proc.stdin.close()
        stop(proc, signal.SIGKILL)
    assert wait_gone(started, timeout=20) == []
    assert _left_in(tmpdir_of_serve) == []
