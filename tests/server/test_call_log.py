"""Calls are recorded in batches off the call path (server/_call_log.py), and none is lost."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from mcpforge.config import MCPForgeConfig
from mcpforge.registry import ActiveTool, Registry
from mcpforge.server._call_log import CallLog
from mcpforge.server._invoke import ToolInvoker
from mcpforge.server.app import build_server

Promote = Callable[[str], ActiveTool]


def test_every_call_of_concurrent_callers_is_recorded_once_the_log_closes(registry: Registry) -> None:
    log = CallLog(registry)

    def caller(index: int) -> None:
        for call in range(25):
            log.record(f"tool_{index}", ok=call % 5 != 0, duration_ms=1.0, error=None)

    threads = [threading.Thread(target=caller, args=(index,)) for index in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    log.close()
    log.close()  # idempotent
    calls = registry.metrics()["tool_calls"]
    assert sorted(calls) == [f"tool_{index}" for index in range(8)]
    assert all(calls[name]["calls"] == 25 and calls[name]["errors"] == 5 for name in calls)


def test_a_served_call_is_in_the_metrics_after_the_invoker_closes(
    registry: Registry, forge_config: MCPForgeConfig, promote: Promote, data_root: Path
) -> None:
    promote("count_rows")
    invoker = ToolInvoker(registry=registry, config=forge_config, roots=(data_root,))
    try:
        result = invoker.call("count_rows", {"file_path": str(data_root / "rows.csv")})
        assert result.ok, result.error
    finally:
        invoker.close()
    assert registry.metrics()["tool_calls"]["count_rows"]["calls"] == 1


def test_the_transport_finds_a_tools_input_schema_without_listing_every_page(
    registry: Registry, forge_config: MCPForgeConfig, promote: Promote, data_root: Path
) -> None:
    promote("count_rows")
    server = build_server(registry, forge_config, allowed_read_paths=[data_root])
    lookup = server._mcp_server.get_tool_input_schema
    assert lookup is not None
    schema = lookup("count_rows")
    assert schema is not None
    assert (
        schema["properties"].keys()
        == registry.verify_tool("count_rows").spec.input_schema["properties"].keys()
    )
    assert lookup("no_such_tool") is None


def test_warm_up_starts_the_template_before_the_first_call_and_close_stops_it(
    registry: Registry, forge_config: MCPForgeConfig, promote: Promote, data_root: Path
) -> None:
    promote("count_rows")
    data_root.chmod(0o755)
    invoker = ToolInvoker(registry=registry, config=forge_config, roots=(data_root,))
    try:
        invoker.warm_up()
        warm = invoker._warm
        if warm is None:
            pytest.skip("warm calls are not available here (bwrap and Landlock ABI 6 needed)")
        template = warm._current
        assert template is not None and template.alive
        result = invoker.call("count_rows", {"file_path": str(data_root / "rows.csv")})
        assert result.ok and warm._current is template  # the first call used the running template
    finally:
        invoker.close()
    assert not template.alive and template._run.wait(10) is not None
