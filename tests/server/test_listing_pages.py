"""tools/list pages spliced from cached wire forms (issue 28): every tool once, the same answer as the SDK's
own serialization, and never stale after a promotion or a removal (real server, real MCP client)."""

from __future__ import annotations

from typing import Any

import anyio
import pytest
from fastmcp import Client
from mcp.server.runner import ServerRunner
from mcp_types import ListToolsResult

from mcpforge.config import MCPForgeConfig
from mcpforge.models import UserFeedback, utc_now
from mcpforge.registry import Registry
from mcpforge.registry.testing import make_candidate
from mcpforge.server import build_server
from mcpforge.server._listing import ListingSplice

BUILTIN = ["list_available_tools"]


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _promote(
    registry: Registry, name: str, *, version: str = "1.0.0", description: str | None = None
) -> None:
    candidate, files = make_candidate(name, version=version, description=description)
    staged = registry.stage_candidate(candidate, files, actor="test")
    feedback = UserFeedback(decision="APPROVED", notes="ok", timestamp=utc_now(), stage="registration")
    registry.record_feedback(staged.candidate_id, feedback, actor="person")
    registry.promote(staged.candidate_id, actor="person")


async def _pages(client: Client[Any]) -> list[ListToolsResult]:
    pages = [await client.list_tools_mcp()]
    while pages[-1].next_cursor is not None:
        pages.append(await client.list_tools_mcp(cursor=pages[-1].next_cursor))
    return pages


def _wire(pages: list[ListToolsResult]) -> list[dict[str, Any]]:
    return [page.model_dump(by_alias=True, mode="json", exclude_none=True) for page in pages]


def _names(pages: list[ListToolsResult]) -> list[str]:
    return [tool.name for page in pages for tool in page.tools]


@pytest.mark.anyio
async def test_every_tool_is_listed_once_and_the_pages_equal_the_sdks_own_serialization(
    registry: Registry, forge_config: MCPForgeConfig
) -> None:
    names = [f"tool_{index:02d}" for index in range(40)]
    for name in names:
        _promote(registry, name)
    spliced = build_server(registry, forge_config, forge_tools=False, list_page_size=7)
    unspliced = build_server(registry, forge_config, forge_tools=False, list_page_size=7)
    middleware = unspliced._mcp_server.middleware
    middleware[:] = [item for item in middleware if not isinstance(item, ListingSplice)]
    async with Client(spliced) as client, Client(unspliced) as other:
        first = await _pages(client)
        again = await _pages(client)  # from the cached wire forms
        reference = await _pages(other)
        modern = client.protocol_version
    # A handshake-era client of the same server: wire forms are kept per protocol version.
    async with Client(spliced, mode="legacy") as client, Client(unspliced, mode="legacy") as other:
        legacy = await _pages(client)
        legacy_reference = await _pages(other)
        assert client.protocol_version != modern
    assert _names(first) == [*BUILTIN, *names]  # each once, in order
    assert len(first) == 6  # 40 registry tools, 7 a page
    assert _wire(first) == _wire(again) == _wire(reference)
    assert _names(legacy) == _names(first)
    assert _wire(legacy) == _wire(legacy_reference)
    tool = first[0].tools[1]
    assert tool.meta == {"mcpforge": {"version": "1.0.0"}}  # no FastMCP tags, no hash
    assert tool.input_schema["properties"] and tool.description and tool.output_schema


@pytest.mark.anyio
async def test_a_listing_does_not_have_the_sdk_check_every_registry_tool_on_every_request(
    registry: Registry, forge_config: MCPForgeConfig, monkeypatch: pytest.MonkeyPatch
) -> None:
    for index in range(12):
        _promote(registry, f"tool_{index:02d}")
    checked: list[int] = []
    serialize = ServerRunner._serialize

    def counting(self: ServerRunner[Any], method: str, version: str, result: Any) -> dict[str, Any]:
        if method == "tools/list" and isinstance(result, ListToolsResult):
            checked.append(len(result.tools))
        return serialize(self, method, version, result)

    monkeypatch.setattr(ServerRunner, "_serialize", counting)
    server = build_server(registry, forge_config, forge_tools=False, list_page_size=5)
    async with Client(server) as client:
        listed = await client.list_tools()
        checked.clear()
        again = await client.list_tools()
    assert [tool.name for tool in again] == [tool.name for tool in listed]
    assert len(again) == 13
    assert checked == [1, 0, 0]  # the server's own tool on the first page; registry tools come checked


@pytest.mark.anyio
async def test_a_new_version_between_listings_replaces_the_cached_form_and_a_removal_drops_it(
    registry: Registry, forge_config: MCPForgeConfig
) -> None:
    _promote(registry, "alpha_tool", description="first words")
    _promote(registry, "beta_tool")
    server = build_server(registry, forge_config, forge_tools=False)
    async with Client(server) as client:
        before = {tool.name: tool for tool in await client.list_tools()}
        await anyio.to_thread.run_sync(
            lambda: _promote(registry, "alpha_tool", version="1.1.0", description="second words")
        )
        after = {tool.name: tool for tool in await client.list_tools()}
        await anyio.to_thread.run_sync(lambda: registry.remove_tool("beta_tool", actor="test"))
        removed = [tool.name for tool in await client.list_tools()]
    assert (before["alpha_tool"].description or "").startswith("first words")
    assert (after["alpha_tool"].description or "").startswith("second words")
    assert after["alpha_tool"].meta == {"mcpforge": {"version": "1.1.0"}}
    assert removed == [*BUILTIN, "alpha_tool"]


@pytest.mark.anyio
async def test_promotions_between_pages_skip_and_repeat_nothing_and_a_fresh_listing_has_them(
    registry: Registry, forge_config: MCPForgeConfig
) -> None:
    for name in ("b_tool", "d_tool", "f_tool"):
        _promote(registry, name)
    server = build_server(registry, forge_config, forge_tools=False, list_page_size=2)
    async with Client(server) as client:
        first = await client.list_tools_mcp()
        await anyio.to_thread.run_sync(lambda: _promote(registry, "a_tool"))  # before the cursor
        await anyio.to_thread.run_sync(lambda: _promote(registry, "e_tool"))  # after it
        await anyio.to_thread.run_sync(
            lambda: _promote(registry, "b_tool", version="1.1.0", description="new")
        )
        assert first.next_cursor is not None
        second = await client.list_tools_mcp(cursor=first.next_cursor)
        fresh = await client.list_tools()
    assert _names([first]) == [*BUILTIN, "b_tool", "d_tool"]
    assert _names([second]) == ["e_tool", "f_tool"]  # seen; nothing of page one again
    assert second.next_cursor is None
    assert [tool.name for tool in fresh] == [*BUILTIN, "a_tool", "b_tool", "d_tool", "e_tool", "f_tool"]
    assert next(tool for tool in fresh if tool.name == "b_tool").meta == {"mcpforge": {"version": "1.1.0"}}
