"""Converted services are bounded: a huge result, a stuck call or a memory hog cannot stall the server.

A real library (``bulklib``, below) is converted, approved and served next to the toy library and a
forged tool; every call goes through the real MCP client against the server ``mcpforge serve`` builds.
"""

from __future__ import annotations

import textwrap
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import pytest
from fastmcp import Client, FastMCP
from mcp.types import TextContent

from mcpforge.config import MCPForgeConfig
from mcpforge.convert import _service_runtime as rt
from mcpforge.convert.pipeline import ConvertOptions, convert
from mcpforge.models import UserFeedback, utc_now
from mcpforge.registry import Registry
from mcpforge.registry.file.services import review_service
from mcpforge.registry.testing import make_candidate
from mcpforge.server import build_server
from mcpforge.server.services import ServiceBounds, ServiceProvider, ServiceRunner

pytestmark = pytest.mark.anyio

BULKLIB = '''
"""bulklib: functions whose cost the caller chooses (for the tests of the service bounds)."""

import time

__all__ = ["allocate", "make_text", "nap"]


def make_text(size: int) -> str:
    """A text of ``size`` letters.

    >>> make_text(3)
    'xxx'
    """
    return "x" * size


def nap(seconds: float) -> float:
    """Sleep, then return how long.

    >>> nap(0.01)
    0.01
    """
    time.sleep(seconds)
    return seconds


def allocate(megabytes: int) -> int:
    """Fill ``megabytes`` of memory and return its length.

    >>> allocate(1)
    1048576
    """
    return len(b"\\x01" * (megabytes * 1024 * 1024))
'''

HUGE = 150_000_000
# Far past the 4 GiB the sandbox gives a service (convert/analyse.py service_limits), far below this machine.
HOG_MB = 6144
# Ten more than anyio's default worker-thread pool, which forged tools share.
STUCK_CALLERS = 50


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _write_bulklib(root: Path) -> Path:
    package = root / "bulklib"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(textwrap.dedent(BULKLIB).lstrip(), encoding="utf-8")
    return package


def _approve(reg: Registry, config: MCPForgeConfig, library: Path, out: Path) -> None:
    report = convert(
        ConvertOptions(source=str(library), out_dir=out, actor="human:test"), config, registry_root=reg.root
    )
    assert report.status == "STAGED", report.stop_reason
    assert report.candidate_id is not None
    _message, promoted = review_service(
        reg, report.candidate_id, output_answer="yes", decision_answer="Approve", actor="human:test"
    )
    assert promoted


def _promote_forged(reg: Registry) -> None:
    candidate, files = make_candidate("plus_one")
    staged = reg.stage_candidate(candidate, files, actor="test")
    feedback = UserFeedback(decision="APPROVED", notes="approve", timestamp=utc_now(), stage="registration")
    reg.record_feedback(staged.candidate_id, feedback, actor="person")
    reg.promote(staged.candidate_id, actor="person")


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> tuple[Registry, MCPForgeConfig, Path]:
    """A registry with bulklib and toylib approved and one forged tool promoted (converted once)."""
    from convert_toylib import write_toylib

    root = tmp_path_factory.mktemp("bounds")
    config = MCPForgeConfig.model_validate({"registry": {"root": str(root / "registry")}})
    reg = Registry(Path(config.registry.root), config)
    reg.init()
    _approve(reg, config, _write_bulklib(root / "src"), root / "out-bulk")
    _approve(reg, config, write_toylib(root / "src"), root / "out-toy")
    _promote_forged(reg)
    return reg, config, root / "out-bulk"


def _text(result: Any) -> str:
    return "\n".join(block.text for block in result.content if isinstance(block, TextContent))


async def _timed(call: Callable[[], Any], bound: float) -> tuple[Any, float]:
    started = time.perf_counter()
    with anyio.fail_after(bound):
        result = await call()
    return result, time.perf_counter() - started


async def test_a_huge_result_is_refused_quickly_while_other_services_and_forged_tools_answer(
    served: tuple[Registry, MCPForgeConfig, Path],
) -> None:
    reg, config, _out = served
    answers: dict[str, tuple[Any, float]] = {}
    with anyio.fail_after(120):
        async with Client(build_server(reg, config)) as client:
            # Start both services and the forged tool's sandbox, so the timings below are calls only.
            assert not (await client.call_tool("toylib_add", {"a": 1, "b": 1})).is_error
            assert not (await client.call_tool("bulklib_make_text", {"size": 3})).is_error
            assert not (await client.call_tool("plus_one", {"value": 1})).is_error

            async def huge() -> None:
                answers["huge"] = await _timed(
                    lambda: client.call_tool("bulklib_make_text", {"size": HUGE}, raise_on_error=False), 30
                )

            async def others() -> None:
                answers["toy"] = await _timed(lambda: client.call_tool("toylib_add", {"a": 2, "b": 3}), 10)
                answers["forged"] = await _timed(lambda: client.call_tool("plus_one", {"value": 41}), 10)

            async with anyio.create_task_group() as group:
                group.start_soon(huge)
                group.start_soon(others)
            after = await client.call_tool("bulklib_make_text", {"size": 5})
    refused, refused_seconds = answers["huge"]
    print(
        f"huge result refused in {refused_seconds:.2f}s; meanwhile toylib_add {answers['toy'][1]:.2f}s, "
        f"plus_one {answers['forged'][1]:.2f}s"
    )
    assert refused.is_error
    assert f"result of {HUGE + 2} bytes exceeds the limit of {rt.DEFAULT_MAX_RESULT_BYTES} bytes" in _text(
        refused
    )
    assert refused_seconds < 30
    assert answers["toy"][0].structured_content["result"] == 5
    assert "42" in _text(answers["forged"][0])
    assert after.structured_content["result"] == "xxxxx"


async def test_a_stuck_service_with_many_callers_holds_up_neither_another_service_nor_a_forged_tool(
    served: tuple[Registry, MCPForgeConfig, Path],
) -> None:
    """More stuck callers than the default worker-thread pool (40): they must wait on the loop, not in it.

    Were they waiting in worker threads, the other calls would queue behind ten naps or more.
    """
    reg, config, _out = served
    with anyio.fail_after(100):
        async with Client(build_server(reg, config)) as client:
            assert not (await client.call_tool("toylib_add", {"a": 1, "b": 1})).is_error
            assert not (await client.call_tool("bulklib_nap", {"seconds": 0.01})).is_error
            assert not (await client.call_tool("plus_one", {"value": 1})).is_error
            async with anyio.create_task_group() as group:
                for _ in range(STUCK_CALLERS):
                    group.start_soon(lambda: client.call_tool("bulklib_nap", {"seconds": 1.0}))
                await anyio.wait_all_tasks_blocked()
                toy, toy_seconds = await _timed(lambda: client.call_tool("toylib_add", {"a": 20, "b": 22}), 5)
                forged, forged_seconds = await _timed(lambda: client.call_tool("plus_one", {"value": 1}), 5)
                group.cancel_scope.cancel()
    print(
        f"with {STUCK_CALLERS} callers stuck: toylib_add {toy_seconds:.2f}s, plus_one {forged_seconds:.2f}s"
    )
    assert toy.structured_content["result"] == 42
    assert "Result: 2" in _text(forged)


async def test_a_call_past_its_time_limit_is_killed_and_the_next_call_gets_a_fresh_process(
    served: tuple[Registry, MCPForgeConfig, Path],
) -> None:
    reg, config, _out = served
    runner = ServiceRunner(config, [], bounds=ServiceBounds(call_timeout_seconds=2.0))
    server: FastMCP[Any] = FastMCP("bounds", providers=[ServiceProvider(reg, runner, only="bulklib")])
    try:
        with anyio.fail_after(120):
            async with Client(server) as client:
                assert not (await client.call_tool("bulklib_nap", {"seconds": 0.01})).is_error
                stuck, seconds = await _timed(
                    lambda: client.call_tool("bulklib_nap", {"seconds": 60.0}, raise_on_error=False), 20
                )
                again = await client.call_tool("bulklib_nap", {"seconds": 0.01})
    finally:
        runner.close()
    assert stuck.is_error
    assert "no answer within 2s" in _text(stuck)
    assert seconds < 20
    assert again.structured_content["result"] == 0.01


async def test_a_call_past_the_memory_limit_fails_and_the_service_keeps_serving(
    served: tuple[Registry, MCPForgeConfig, Path],
) -> None:
    reg, config, _out = served
    with anyio.fail_after(120):
        async with Client(build_server(reg, config, service="bulklib")) as client:
            hog = await client.call_tool("bulklib_allocate", {"megabytes": HOG_MB}, raise_on_error=False)
            small = await client.call_tool("bulklib_allocate", {"megabytes": 1})
    print(f"over the memory limit: {_text(hog)}")
    assert hog.is_error
    assert "MemoryError" in _text(hog) or "ended" in _text(hog)
    assert small.structured_content["result"] == 1024 * 1024


async def test_a_service_that_ignores_its_result_limit_is_stopped_at_the_pipe(
    served: tuple[Registry, MCPForgeConfig, Path], tmp_path: Path
) -> None:
    """The runtime's limit raised far past the pipe cap: the server-side cap must stop the message."""
    reg, config, _out = served
    runner = ServiceRunner(
        config, [], bounds=ServiceBounds(max_result_bytes=10**9, max_message_bytes=2 * 1024 * 1024)
    )
    server: FastMCP[Any] = FastMCP("bounds", providers=[ServiceProvider(reg, runner, only="bulklib")])
    try:
        with anyio.fail_after(120):
            async with Client(server) as client:
                fits = await client.call_tool("bulklib_make_text", {"size": 1024 * 1024})
                flood, _seconds = await _timed(
                    lambda: client.call_tool("bulklib_make_text", {"size": HUGE}, raise_on_error=False), 60
                )
                again = await client.call_tool("bulklib_make_text", {"size": 2})
    finally:
        runner.close()
    assert len(fits.structured_content["result"]) == 1024 * 1024
    assert flood.is_error
    assert "sent a message of more than 2097152 bytes" in _text(flood)
    assert again.structured_content["result"] == "xx"


def test_the_readme_and_the_report_say_that_state_is_shared_between_clients(
    served: tuple[Registry, MCPForgeConfig, Path],
) -> None:
    _reg, _config, out = served
    sentence = "A service keeps module-level state and handles between calls of every client of this server."
    assert sentence in (out / "bulklib_mcp" / "README.md").read_text(encoding="utf-8")
    assert sentence in (out / "report.md").read_text(encoding="utf-8")


def test_handle_ids_are_unguessable_and_the_store_is_bounded_by_count_and_size() -> None:
    np = pytest.importorskip("numpy")
    store = rt.HandleStore(max_handles=3, max_bytes=10 * 1024 * 1024)
    first, second = store.put(object()), store.put(object())
    assert first.split("$")[:2] == second.split("$")[:2] == ["h", "object"]
    assert len(first.split("$")[2]) >= 21  # 16 random bytes, URL-safe base64
    assert first != second
    for _ in range(3):
        store.put(object())
    assert len(store) == 3
    with pytest.raises(rt.AdapterError):
        store.get(first)
    big = store.put(np.zeros(1024 * 1024))  # 8 MiB
    store.put(np.zeros(512 * 1024))  # 4 MiB: 12 MiB live is over the budget, so the oldest goes
    with pytest.raises(rt.AdapterError):
        store.get(big)
    assert store.approximate_bytes <= 10 * 1024 * 1024


def test_the_runtime_refuses_a_result_over_its_limit_before_sending_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    plan = {
        "target": "builtins:str",
        "kind": "function",
        "params": [{"name": "o", "adapter": {"kind": "json"}, "positional_only": True}],
    }
    monkeypatch.setenv(rt.MAX_RESULT_BYTES_ENV, "100")
    assert rt.call(plan, {"o": "x" * 98}, {})["result"] == "x" * 98  # 100 bytes of JSON with the quotes
    with pytest.raises(rt.ToolFailedError) as caught:
        rt.call(plan, {"o": "x" * 99}, {})
    assert (caught.value.phase, caught.value.error_type) == ("result", "ResultTooLargeError")
    assert "result of 101 bytes exceeds the limit of 100 bytes; ask for less" in str(caught.value)
