"""End to end on a local package: convert → STAGED → review → served through a real MCP client."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import anyio
import pytest
from fastmcp import Client
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from mcpforge.config import MCPForgeConfig
from mcpforge.convert.pipeline import ConvertOptions, convert
from mcpforge.models import ToolSpec
from mcpforge.registry import Registry
from mcpforge.registry.file.services import read_metadata, review_service
from mcpforge.server import build_server

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _convert(toylib: Path, config: MCPForgeConfig, out: Path) -> tuple[Registry, str]:
    reg = Registry(Path(config.registry.root), config)
    reg.init()
    report = convert(
        ConvertOptions(source=str(toylib), out_dir=out, actor="human:test"), config, registry_root=reg.root
    )
    assert report.status == "STAGED", report.stop_reason
    assert report.candidate_id is not None
    return reg, report.candidate_id


async def test_a_converted_library_is_staged_with_its_report_and_tools(
    toylib: Path, forge_config: MCPForgeConfig, tmp_path: Path
) -> None:
    reg, candidate_id = _convert(toylib, forge_config, tmp_path / "out")
    report = json.loads((tmp_path / "out" / "report.json").read_text(encoding="utf-8"))
    outcomes = {o["tool"]: o for o in report["outcomes"]}
    assert {t for t, o in outcomes.items() if o["passed"]} == {
        "add",
        "mean_of",
        "scale_array",
        "paint",
        "complex_abs",
        "Counter",
        "Counter_increment",
        "slow_echo",
    }
    assert outcomes["explode"]["category"] == "library_exception"
    assert any(s["public_path"] == "toylib.needs_socket" for s in report["skipped"])
    assert report["failures_by_category"] == {"library_exception": 1}
    assert set(report["timings"]) == {
        "acquire",
        "analyse",
        "select",
        "generate",
        "run",
        "fix",
        "generate-final",
        "finalize",
    }
    entry = read_metadata(reg)["candidates"][candidate_id]
    assert entry["status"] == "STAGED"
    assert sorted(entry["tools"]) == sorted([*[t for t, o in outcomes.items() if o["passed"]], "release"])
    package = tmp_path / "out" / "toylib_mcp"
    specs = [
        ToolSpec.model_validate(s) for s in json.loads((package / "specs.json").read_text(encoding="utf-8"))
    ]
    add = next(s for s in specs if s.tool_name == "add")
    assert add.input_schema == {
        "type": "object",
        "properties": {"a": {"type": "integer"}, "b": {"type": "integer", "default": 2}},
        "required": ["a"],
    }
    assert add.output_schema["properties"]["result"] == {"type": "integer"}
    module = (package / "tools_core.py").read_text(encoding="utf-8")
    assert "WHEN TO USE THIS TOOL:" in module
    assert "PREREQUISITES:" in module


async def test_nothing_is_served_before_approval_and_the_tools_are_served_after(
    toylib: Path, forge_config: MCPForgeConfig, tmp_path: Path
) -> None:
    reg, candidate_id = _convert(toylib, forge_config, tmp_path / "out")
    async with Client(build_server(reg, forge_config, forge_tools=False)) as client:
        assert not [t.name for t in await client.list_tools() if t.name.startswith("toylib_")]
    message, promoted = review_service(
        reg, candidate_id, output_answer="yes, looks good!", decision_answer="yes", actor="human:test"
    )
    assert not promoted
    assert "not registered" in message
    _reg, second = _convert(toylib, forge_config, tmp_path / "out2")
    _message, promoted = review_service(
        reg, second, output_answer="yes", decision_answer="Approve", actor="human:test"
    )
    assert promoted
    with anyio.fail_after(90):
        async with Client(build_server(reg, forge_config, forge_tools=False)) as client:
            names = {t.name for t in await client.list_tools()}
            assert {"toylib_add", "toylib_Counter", "toylib_Counter_increment", "toylib_release"} <= names
            assert "list_available_tools" in names
            added = await client.call_tool("toylib_add", {"a": 2, "b": 3})
            assert added.structured_content is not None
            assert added.structured_content["result"] == 5
            counter = await client.call_tool("toylib_Counter", {"start": 5})
            handle = counter.structured_content["result"]["handle"]  # type: ignore[index]
            bumped = await client.call_tool("toylib_Counter_increment", {"handle": handle, "by": 2})
            assert bumped.structured_content["result"] == 7  # type: ignore[index]
            failed = await client.call_tool("toylib_mean_of", {"values": []}, raise_on_error=False)
            assert failed.is_error
        async with Client(build_server(reg, forge_config, service="toylib")) as client:
            alone = {t.name for t in await client.list_tools()}
        assert alone == {n for n in names if n.startswith("toylib_")}


async def test_a_changed_service_file_is_not_served_and_its_calls_are_refused(
    toylib: Path, forge_config: MCPForgeConfig, tmp_path: Path
) -> None:
    reg, candidate_id = _convert(toylib, forge_config, tmp_path / "out")
    review_service(reg, candidate_id, output_answer="yes", decision_answer="Approve", actor="human:test")
    active = reg.root / "services" / "active" / "toylib" / "package" / "tools_core.py"
    active.write_text(active.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    with anyio.fail_after(60):
        async with Client(build_server(reg, forge_config, forge_tools=False)) as client:
            assert not [t.name for t in await client.list_tools() if t.name.startswith("toylib_")]
            refused = await client.call_tool("toylib_add", {"a": 1}, raise_on_error=False)
    assert refused.is_error
    assert "tools_core.py changed" in str(refused.content[0])


async def test_the_generated_package_runs_by_itself_over_stdio(
    toylib: Path, forge_config: MCPForgeConfig, tmp_path: Path
) -> None:
    report = convert(
        ConvertOptions(source=str(toylib), out_dir=tmp_path / "out", stage=False),
        forge_config,
        registry_root=None,
    )
    assert report.status == "GENERATED"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path / "out"), str(toylib.parent)])}
    params = StdioServerParameters(command=sys.executable, args=["-m", "toylib_mcp"], env=env)
    with anyio.fail_after(60):
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            names = {t.name for t in (await session.list_tools()).tools}
            result = await session.call_tool("paint", {"color": "GREEN"})
    assert "paint" in names
    assert result.structured_content == {
        "result": "green",
        "duration_ms": result.structured_content["duration_ms"],
    }


async def test_an_approval_changes_what_the_server_watches(
    toylib: Path, forge_config: MCPForgeConfig, tmp_path: Path
) -> None:
    from mcpforge.server._live import ToolFileScan

    reg, candidate_id = _convert(toylib, forge_config, tmp_path / "out")
    scan = ToolFileScan(reg)
    scan.relist()
    assert not scan.step()  # the first look records
    review_service(reg, candidate_id, output_answer="yes", decision_answer="Approve", actor="human:test")
    assert scan.step()
