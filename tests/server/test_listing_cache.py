"""The cached tools/list listing and cached hashes never serve a stale answer (real server, real client)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import anyio
import pytest
from fastmcp import Client
from mcp.shared.exceptions import MCPError

from mcpforge.config import MCPForgeConfig
from mcpforge.registry import ActiveTool, Registry
from mcpforge.server import build_server
from mcpforge.server._live import ToolFileScan

Promote = Callable[[str], ActiveTool]
BUILTIN = {"list_available_tools"}


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _names(tools: object) -> list[str]:
    return [tool.name for tool in tools]  # type: ignore[attr-defined]


@pytest.mark.anyio
async def test_the_cached_listing_shows_a_promotion_and_a_removal_at_the_next_request(
    registry: Registry, forge_config: MCPForgeConfig, promote: Promote
) -> None:
    promote("alpha_tool")
    server = build_server(registry, forge_config, forge_tools=False)
    async with Client(server) as client:
        first = set(_names(await client.list_tools()))
        await anyio.to_thread.run_sync(promote, "beta_tool")
        after_promotion = set(_names(await client.list_tools()))
        await anyio.to_thread.run_sync(lambda: registry.remove_tool("alpha_tool", actor="test"))
        after_removal = set(_names(await client.list_tools()))
        available = await client.call_tool("list_available_tools", {})
    assert first == {"alpha_tool", *BUILTIN}
    assert after_promotion == {"alpha_tool", "beta_tool", *BUILTIN}
    assert after_removal == {"beta_tool", *BUILTIN}
    assert available.structured_content is not None
    assert [tool["name"] for tool in available.structured_content["tools"]] == ["beta_tool"]


@pytest.mark.anyio
async def test_a_tool_rewritten_in_place_with_its_size_and_mtime_restored_is_refused_after_a_cached_check(
    registry: Registry, forge_config: MCPForgeConfig, promote: Promote, data_root: Path
) -> None:
    active = promote("count_rows")
    server = build_server(registry, forge_config, allowed_read_paths=[data_root], forge_tools=False)
    arguments = {"file_path": str(data_root / "rows.csv")}
    tool_py = active.path / "tool.py"
    async with Client(server) as client:
        assert "count_rows" in _names(await client.list_tools())
        first = await client.call_tool("count_rows", arguments)  # its hashes are now cached
        before = tool_py.stat()
        text = tool_py.read_text(encoding="utf-8")
        tampered = text.replace("int(len(df))", "int(9e9)    ")  # same length, another answer
        assert tampered != text and len(tampered) == len(text)
        tool_py.write_text(tampered, encoding="utf-8")
        os.utime(tool_py, ns=(before.st_atime_ns, before.st_mtime_ns))
        after = tool_py.stat()
        refused = await client.call_tool("count_rows", arguments, raise_on_error=False)
        listed = _names(await client.list_tools())
    identity = (after.st_ino, after.st_size, after.st_mtime_ns)
    assert identity == (before.st_ino, before.st_size, before.st_mtime_ns)
    assert first.structured_content == {"operation": "count_rows", "result": {"rows": 3}}
    assert refused.is_error
    message = getattr(refused.content[0], "text", "")
    assert "tool.py changed since promotion" in message
    assert "9000000000" not in message
    assert "count_rows" not in listed


@pytest.mark.anyio
async def test_pages_continue_after_the_last_name_so_changes_between_pages_skip_and_repeat_nothing(
    registry: Registry, forge_config: MCPForgeConfig, promote: Promote
) -> None:
    for name in ("t1", "t2", "t3", "t4", "t5"):
        promote(name)
    server = build_server(registry, forge_config, forge_tools=False, list_page_size=2)
    async with Client(server) as client:
        first = await client.list_tools_mcp()
        await anyio.to_thread.run_sync(lambda: registry.remove_tool("t1", actor="test"))
        t4 = registry.verify_tool("t4").path / "tool.py"
        t4.write_text(t4.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
        assert first.next_cursor is not None
        second = await client.list_tools_mcp(cursor=first.next_cursor)
    assert _names(first.tools) == [*BUILTIN, "t1", "t2"]
    assert _names(second.tools) == ["t3", "t5"]  # t1 removed after it was listed; t4 changed: hidden
    assert second.next_cursor is None


@pytest.mark.anyio
async def test_a_cursor_the_server_did_not_make_is_an_invalid_params_error(
    registry: Registry, forge_config: MCPForgeConfig, promote: Promote
) -> None:
    promote("t1")
    server = build_server(registry, forge_config, forge_tools=False)
    async with Client(server) as client:
        with pytest.raises(MCPError, match="invalid cursor"):
            await client.list_tools_mcp(cursor="bm90IGEgY3Vyc29y")


def test_the_watcher_checks_a_bounded_slice_per_poll_and_still_reports_an_edit_within_one_pass(
    registry: Registry, promote: Promote
) -> None:
    tools = [promote(name) for name in ("t1", "t2", "t3")]
    scan = ToolFileScan(registry, per_poll=2)  # 6 tool files: a full pass is 3 polls
    scan.relist()
    assert [scan.step() for _ in range(3)] == [False, False, False]  # first pass: recorded
    last = tools[-1].path / "tool.py"
    last.write_text(last.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    assert [scan.step() for _ in range(3)] == [False, False, True]  # t3's files are the last slice
    assert [scan.step() for _ in range(3)] == [False, False, False]
