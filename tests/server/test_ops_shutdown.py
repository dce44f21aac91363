"""SIGTERM on a real ``mcpforge serve --http``: calls in flight finish, nothing new is taken, exit 0."""

from __future__ import annotations

import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from _ops_helpers import SLOW_SECONDS, promote_slow_tool, serve_args
from _serve_process import free_port, own_tmpdir, run_env, serving_http, write_config
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


async def _warm(client: Client[Any]) -> None:
    """One quick call first, so the warm sandbox template is up before the timed one."""
    first = await client.call_tool("slow_echo", {"seconds": 0})
    assert not first.is_error, first


# Longer after SIGTERM than FastMCP's own grace (2 s), shorter than ours (30 s).
CALL_SECONDS = SLOW_SECONDS * 2
SIGTERM_AFTER = 1.0


# legacy: 2025-11-25, answers on SSE streams and a GET stream stays open; auto: 2026-07-28.
@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_sigterm_during_a_call_lets_it_finish_refuses_new_work_and_exits_0(  # noqa: PLR0917
    registry: Registry,
    forge_config: MCPForgeConfig,
    data_root: Path,
    tmp_path: Path,
    tmpdir_of_serve: Path,
    mode: Any,
) -> None:
    promote_slow_tool(registry)
    config = write_config(forge_config, tmp_path / "mcpforge.yaml")
    port = free_port()
    args = serve_args(registry, config, data_root, port)
    with serving_http(args, tmp_path / "serve.log", run_env(tmpdir_of_serve)) as served:
        async with Client(served.url, mode=mode) as client:  # stays connected through SIGTERM
            await _warm(client)
            result: dict[str, Any] = {}

            async def slow_call() -> None:
                result["call"] = await client.call_tool("slow_echo", {"seconds": CALL_SECONDS})

            with anyio.fail_after(60):
                async with anyio.create_task_group() as group:
                    group.start_soon(slow_call)
                    await anyio.sleep(SIGTERM_AFTER)  # the call is running in the sandbox now
                    sent = time.monotonic()
                    served.proc.send_signal(signal.SIGTERM)
                    await anyio.sleep(0.5)
                    with pytest.raises(httpx.TransportError):  # no new connection is taken
                        httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=2)
        status = served.proc.wait(timeout=30)
        stopped = time.monotonic() - sent
    call = result["call"]
    assert not call.is_error, call
    assert call.structured_content == {"operation": "slow_echo", "result": {"slept": CALL_SECONDS}}
    assert status == 0, served.log_text()
    # The open GET stream of the connected client does not hold the shutdown for the 30 s grace.
    assert stopped < 15, f"stopping took {stopped:.1f} s"
    assert "Traceback" not in served.log_text()


async def test_a_call_longer_than_the_grace_is_cut_and_the_server_still_exits_0(
    registry: Registry, forge_config: MCPForgeConfig, data_root: Path, tmp_path: Path, tmpdir_of_serve: Path
) -> None:
    promote_slow_tool(registry)
    forge_config.server.shutdown_grace_seconds = 1.0
    config = write_config(forge_config, tmp_path / "mcpforge.yaml")
    args = serve_args(registry, config, data_root, free_port())
    with serving_http(args, tmp_path / "serve.log", run_env(tmpdir_of_serve)) as served:
        async with Client(served.url) as client:
            await _warm(client)
            with anyio.fail_after(60):
                async with anyio.create_task_group() as group:

                    async def long_call() -> None:
                        with pytest.raises(Exception):  # noqa: B017 - the transport's own error
                            await client.call_tool("slow_echo", {"seconds": 20})

                    group.start_soon(long_call)
                    await anyio.sleep(1.0)
                    sent = time.monotonic()
                    served.proc.send_signal(signal.SIGTERM)
                    status = await anyio.to_thread.run_sync(lambda: served.proc.wait(timeout=30))
                    stopped = time.monotonic() - sent
                    group.cancel_scope.cancel()
    assert status == 0, served.log_text()
    assert stopped < 10, f"stopping took {stopped:.1f} s with a grace of 1 s"
