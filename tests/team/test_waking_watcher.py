"""A registry with a change signal (PostgreSQL: LISTEN/NOTIFY) wakes the server's watcher; a failing
signal (the database away) neither stops the watcher nor the announcements."""

from __future__ import annotations

import time
from pathlib import Path

import anyio
import anyio.to_thread
import mcp_types
import pytest
from fastmcp import Client
from fastmcp.client.messages import MessageHandler
from tests.team.conftest import promote

from mcpforge.config import MCPForgeConfig
from mcpforge.exceptions import RegistryError
from mcpforge.registry import Registry
from mcpforge.server import build_server

pytestmark = pytest.mark.anyio


class SignallingRegistry(Registry):
    """A file registry with a change signal that fails on its first wait, then wakes every 50 ms."""

    waits = 0

    def wait_for_change(self, timeout: float) -> bool:
        self.waits += 1
        if self.waits == 1:
            raise RegistryError("the registry database is away")
        time.sleep(min(timeout, 0.05))  # a signal that comes sooner than the poll interval
        return False


class ListChanged(MessageHandler):
    def __init__(self) -> None:
        self.seen = anyio.Event()

    async def on_tool_list_changed(self, message: mcp_types.ToolListChangedNotification) -> None:
        self.seen.set()


async def test_the_watcher_outlives_a_failed_wait_and_announces_sooner_than_its_poll_interval(
    forge_config: MCPForgeConfig,
) -> None:
    registry = SignallingRegistry(Path(forge_config.registry.root), forge_config)
    registry.init()
    server = build_server(registry, forge_config, poll_interval=2.0)
    handler = ListChanged()
    async with Client(server, mode="legacy", message_handler=handler) as client:
        await client.list_tools()
        with anyio.fail_after(10):
            while registry.waits < 3:  # past the failed wait and its fallback sleep
                await anyio.sleep(0.05)  # the watcher runs in this process; bounded by fail_after
        await anyio.to_thread.run_sync(promote, registry, "demo_tool")
        started = time.monotonic()
        with anyio.fail_after(10):
            await handler.seen.wait()
        assert time.monotonic() - started < 1.0  # the 2 s poll interval alone would take longer
        assert "demo_tool" in {tool.name for tool in await client.list_tools()}
