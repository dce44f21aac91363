"""The MCP server through a real in-memory client: listing, calling, errors, integrity, paths."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import anyio
import pytest
from fastmcp import Client
from fastmcp.exceptions import ToolError

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


async def test_promoted_tools_are_listed_with_their_spec(
    registry: Registry, forge_config: MCPForgeConfig, promote: Promote, data_root: Path
) -> None:
    promote("count_rows")
    server = build_server(registry, forge_config, allowed_read_paths=[data_root])
    async with Client(server) as client:
        tools = {tool.name: tool for tool in await client.list_tools()}
    assert set(tools) == {"count_rows", *BUILTIN}
    listed = tools["count_rows"]
    assert listed.input_schema == registry.verify_tool("count_rows").spec.input_schema
    assert listed.output_schema is not None
    assert listed.description is not None
    assert listed.description.startswith("count_rows: a test tool\n\nWHEN TO USE THIS TOOL: in tests")
    assert "PREREQUISITES: none" in listed.description


async def test_calling_a_tool_returns_markdown_and_structured_content(
    registry: Registry, forge_config: MCPForgeConfig, promote: Promote, data_root: Path
) -> None:
    promote("count_rows")
    server = build_server(registry, forge_config, allowed_read_paths=[data_root])
    async with Client(server) as client:
        result = await client.call_tool("count_rows", {"file_path": str(data_root / "rows.csv")})
    assert not result.is_error
    assert result.structured_content == {"operation": "count_rows", "result": {"rows": 3}}
    text = result.content[0]
    assert getattr(text, "text", "").startswith("Rows: 3")
    assert registry.metrics()["tool_calls"]["count_rows"]["calls"] == 1


async def test_list_available_tools_lists_versions_and_descriptions(
    registry: Registry, forge_config: MCPForgeConfig, promote: Promote
) -> None:
    promote("explode")
    promote("demo_tool")
    server = build_server(registry, forge_config)
    async with Client(server) as client:
        result = await client.call_tool("list_available_tools", {})
    assert result.structured_content is not None
    assert result.structured_content["count"] == 2
    assert [(t["name"], t["version"]) for t in result.structured_content["tools"]] == [
        ("demo_tool", "1.0.0"),
        ("explode", "1.0.0"),
    ]
    assert "| explode | 1.0.0 | explode: a test tool |" in getattr(result.content[0], "text", "")


async def test_raising_tool_gives_an_error_result_and_the_server_keeps_serving(
    registry: Registry, forge_config: MCPForgeConfig, promote: Promote
) -> None:
    promote("explode")
    server = build_server(registry, forge_config)
    async with Client(server) as client:
        failed = await client.call_tool("explode", {"fail": True}, raise_on_error=False)
        assert failed.is_error
        message = getattr(failed.content[0], "text", "")
        assert "ValueError" in message
        assert "boom on purpose" in message
        assert "\n" not in message
        with pytest.raises(ToolError):
            await client.call_tool("explode", {})
        ok = await client.call_tool("explode", {"fail": False})
    assert not ok.is_error
    assert ok.structured_content == {"operation": "explode", "result": {"ok": True}}


async def test_path_outside_the_allowed_roots_is_refused(
    registry: Registry, forge_config: MCPForgeConfig, promote: Promote, data_root: Path, tmp_path: Path
) -> None:
    promote("count_rows")
    outside = tmp_path / "secret.csv"
    outside.write_text("a\n1\n", encoding="utf-8")
    (data_root / "link.csv").symlink_to(outside)
    server = build_server(registry, forge_config, allowed_read_paths=[data_root])
    async with Client(server) as client:
        for path in (str(outside), str(data_root / "link.csv"), f"{data_root}/../secret.csv"):
            result = await client.call_tool("count_rows", {"file_path": path}, raise_on_error=False)
            assert result.is_error, path
            assert "not allowed" in getattr(result.content[0], "text", "")
        inside = await client.call_tool("count_rows", {"file_path": str(data_root / "rows.csv")})
    assert inside.structured_content == {"operation": "count_rows", "result": {"rows": 3}}


async def test_with_no_allowed_root_every_path_is_refused(
    registry: Registry, forge_config: MCPForgeConfig, promote: Promote, data_root: Path
) -> None:
    promote("count_rows")
    server = build_server(registry, forge_config)
    async with Client(server) as client:
        result = await client.call_tool(
            "count_rows", {"file_path": str(data_root / "rows.csv")}, raise_on_error=False
        )
    assert result.is_error


async def test_invalid_arguments_are_an_error_result(
    registry: Registry, forge_config: MCPForgeConfig, promote: Promote, data_root: Path
) -> None:
    promote("count_rows")
    server = build_server(registry, forge_config, allowed_read_paths=[data_root])
    async with Client(server) as client:
        result = await client.call_tool("count_rows", {"file_path": 7}, raise_on_error=False)
    assert result.is_error


async def test_tool_changed_after_promotion_is_not_listed_and_refused(
    registry: Registry, forge_config: MCPForgeConfig, promote: Promote, caplog: pytest.LogCaptureFixture
) -> None:
    active = promote("explode")
    promote("demo_tool")
    server = build_server(registry, forge_config)
    async with Client(server) as client:
        assert "explode" in {tool.name for tool in await client.list_tools()}
        tampered = active.path / "tool.py"
        tampered.write_text(tampered.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
        names = {tool.name for tool in await client.list_tools()}
        result = await client.call_tool("explode", {"fail": False}, raise_on_error=False)
        listing = await client.call_tool("list_available_tools", {})
    assert names == {"demo_tool", *BUILTIN}
    assert result.is_error
    assert "tool.py" in getattr(result.content[0], "text", "")
    assert listing.structured_content is not None
    assert [tool["name"] for tool in listing.structured_content["tools"]] == ["demo_tool"]
    assert any("tool.py" in record.getMessage() for record in caplog.records if record.levelname == "ERROR")


async def test_removed_tool_disappears_without_restart(
    registry: Registry, forge_config: MCPForgeConfig, promote: Promote
) -> None:
    promote("demo_tool")
    server = build_server(registry, forge_config)
    async with Client(server) as client:
        assert "demo_tool" in {tool.name for tool in await client.list_tools()}
        await anyio.to_thread.run_sync(lambda: registry.remove_tool("demo_tool", actor="test"))
        assert {tool.name for tool in await client.list_tools()} == BUILTIN
        result = await client.call_tool("demo_tool", {"value": 1}, raise_on_error=False)
    assert result.is_error


async def test_tool_over_its_time_limit_is_an_error_and_the_server_keeps_serving(
    registry: Registry, forge_config: MCPForgeConfig, promote: Promote
) -> None:
    promote("spin")
    promote("demo_tool")
    # Long enough for a normal call on a loaded machine (sandbox start-up included).
    forge_config.validation.sandbox_timeout_seconds = 10.0
    server = build_server(registry, forge_config)
    async with Client(server) as client:
        with anyio.fail_after(60):
            slow = await client.call_tool("spin", {}, raise_on_error=False)
        fine = await client.call_tool("demo_tool", {"value": 2})
    assert slow.is_error
    assert "time limit" in getattr(slow.content[0], "text", "")
    assert fine.structured_content == {"operation": "demo_tool", "result": {"value": 3}}


async def test_output_that_breaks_the_output_schema_is_an_error(
    registry: Registry, forge_config: MCPForgeConfig, promote: Promote
) -> None:
    promote("bad_footer")
    server = build_server(registry, forge_config)
    async with Client(server) as client:
        result = await client.call_tool("bad_footer", {}, raise_on_error=False)
    assert result.is_error
    assert "output schema" in getattr(result.content[0], "text", "")
