"""Live updates: a tool promoted while a client is connected appears, and the client is told."""

from __future__ import annotations

from collections.abc import Callable

import anyio
import anyio.to_thread
import mcp_types
import pytest
from fastmcp import Client
from fastmcp.client.messages import MessageHandler
from mcp.client.subscriptions import listen
from mcp.shared.subscriptions import ToolsListChanged
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

from mcpforge.config import MCPForgeConfig
from mcpforge.registry import ActiveTool, Registry
from mcpforge.server import build_server
from mcpforge.server.forge_tools import FORGE_TOOL_NAMES

pytestmark = pytest.mark.anyio
Promote = Callable[[str], ActiveTool]
BUILTIN = {"list_available_tools", *FORGE_TOOL_NAMES}


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


class _ListChanged(MessageHandler):
    def __init__(self) -> None:
        self.seen = anyio.Event()

    async def on_tool_list_changed(self, message: mcp_types.ToolListChangedNotification) -> None:
        self.seen.set()


async def test_handshake_era_client_is_notified_of_a_promotion(
    registry: Registry, forge_config: MCPForgeConfig, promote: Promote
) -> None:
    server = build_server(registry, forge_config, poll_interval=0.05)
    handler = _ListChanged()
    async with Client(server, mode="legacy", message_handler=handler) as client:
        assert client.protocol_version not in MODERN_PROTOCOL_VERSIONS
        assert {tool.name for tool in await client.list_tools()} == BUILTIN
        await anyio.to_thread.run_sync(promote, "demo_tool")
        with anyio.fail_after(15):
            await handler.seen.wait()
        assert {tool.name for tool in await client.list_tools()} == {"demo_tool", *BUILTIN}
        result = await client.call_tool("demo_tool", {"value": 41})
    assert result.structured_content == {"operation": "demo_tool", "result": {"value": 42}}


async def test_handshake_era_client_is_notified_of_a_removal(
    registry: Registry, forge_config: MCPForgeConfig, promote: Promote
) -> None:
    promote("demo_tool")
    server = build_server(registry, forge_config, poll_interval=0.05)
    handler = _ListChanged()
    async with Client(server, mode="legacy", message_handler=handler) as client:
        assert "demo_tool" in {tool.name for tool in await client.list_tools()}
        await anyio.to_thread.run_sync(lambda: registry.remove_tool("demo_tool", actor="test"))
        with anyio.fail_after(15):
            await handler.seen.wait()
        assert {tool.name for tool in await client.list_tools()} == BUILTIN


async def test_modern_client_hears_of_a_promotion_on_its_listen_stream(
    registry: Registry, forge_config: MCPForgeConfig, promote: Promote
) -> None:
    server = build_server(registry, forge_config, poll_interval=0.05)
    async with Client(server) as client:
        assert client.protocol_version in MODERN_PROTOCOL_VERSIONS
        async with listen(client.session, tools_list_changed=True) as subscription:
            await anyio.to_thread.run_sync(promote, "demo_tool")
            with anyio.fail_after(15):
                event = await subscription.__anext__()
        assert isinstance(event, ToolsListChanged)
        assert "demo_tool" in {tool.name for tool in await client.list_tools()}


async def test_tool_edited_in_place_is_dropped_and_clients_are_told(
    registry: Registry, forge_config: MCPForgeConfig, promote: Promote
) -> None:
    active = promote("demo_tool")
    server = build_server(registry, forge_config, poll_interval=0.05)
    handler = _ListChanged()
    async with Client(server, mode="legacy", message_handler=handler) as client:
        assert "demo_tool" in {tool.name for tool in await client.list_tools()}
        spec_file = active.path / "spec.json"
        changed = spec_file.read_text(encoding="utf-8").replace("add a", "ADD A")
        spec_file.write_text(changed, encoding="utf-8")
        with anyio.fail_after(15):
            await handler.seen.wait()
        assert {tool.name for tool in await client.list_tools()} == BUILTIN
