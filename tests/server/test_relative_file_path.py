"""Issue 28 point 12: a relative ``file_path`` from an MCP client is taken under the allowed root, not the
server's working directory (which the client does not know and which is usually not a root at all)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from fastmcp import Client

from mcpforge.config import MCPForgeConfig
from mcpforge.registry import ActiveTool, Registry
from mcpforge.server import build_server

pytestmark = pytest.mark.anyio
Promote = Callable[[str], ActiveTool]


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


async def test_a_relative_file_path_is_read_under_the_allowed_root(  # noqa: PLR0917 - pytest fixtures
    registry: Registry,
    forge_config: MCPForgeConfig,
    promote: Promote,
    data_root: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    elsewhere = tmp_path / "server-cwd"
    elsewhere.mkdir()
    (elsewhere / "rows.csv").write_text("a\n1\n2\n3\n4\n5\n", encoding="utf-8")  # a decoy, not a root
    monkeypatch.chdir(elsewhere)
    promote("count_rows")
    server = build_server(registry, forge_config, allowed_read_paths=[data_root])
    async with Client(server) as client:
        result = await client.call_tool("count_rows", {"file_path": "rows.csv"})
        missing = await client.call_tool("count_rows", {"file_path": "nope.csv"}, raise_on_error=False)
    assert not result.is_error
    assert result.structured_content == {"operation": "count_rows", "result": {"rows": 3}}
    assert missing.is_error
    assert str(data_root / "nope.csv") in str(missing.content[0])


async def test_a_relative_file_path_under_two_roots_is_refused_naming_both(
    registry: Registry, forge_config: MCPForgeConfig, promote: Promote, data_root: Path, tmp_path: Path
) -> None:
    other = tmp_path / "other"
    other.mkdir()
    (other / "rows.csv").write_text("a\n1\n", encoding="utf-8")
    promote("count_rows")
    server = build_server(registry, forge_config, allowed_read_paths=[data_root, other])
    async with Client(server) as client:
        result = await client.call_tool("count_rows", {"file_path": "rows.csv"}, raise_on_error=False)
    assert result.is_error
    text = str(result.content[0])
    assert "several allowed roots" in text and str(other / "rows.csv") in text
