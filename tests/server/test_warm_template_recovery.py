"""A real ``mcpforge serve`` whose warm template is killed while starting, or stopped while serving.

Warm calls come back by themselves after a failed start (no call needed to retry them), and a stopped
template (SIGSTOP) costs a call a few seconds, not its whole time limit: the call is answered from a
fresh sandbox and a new template serves the next ones.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import anyio
import pytest
from _serve_process import (
    MCPFORGE,
    Served,
    free_port,
    serving_http,
    stop,
    template_processes,
    write_config,
)
from fastmcp import Client

from mcpforge.config import MCPForgeConfig
from mcpforge.sandbox import get_sandbox
from mcpforge.sandbox.warm import warm_available
from mcpforge.server.serve_status import serving_status

pytestmark = pytest.mark.anyio

CALL_LIMIT_SECONDS = 40.0  # a stopped template used to hold a call this long (plus a grace)
PROMPT_SECONDS = 15.0


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def serve_args(
    forge_config: MCPForgeConfig, promote: Callable[[str], object], data_root: Path, tmp_path: Path
) -> list[str]:
    ok, why = warm_available(get_sandbox(forge_config.sandbox))
    if not ok:
        pytest.skip(why)
    promote("count_rows")
    config = write_config(forge_config, tmp_path / "mcpforge.yaml", call_timeout=CALL_LIMIT_SECONDS)
    root = forge_config.registry.root
    port = free_port()
    return [
        "serve",
        "--registry",
        root,
        "--config",
        str(config),
        "--allow-read",
        str(data_root),
        "--http",
        str(port),
    ]


async def _count_rows(served: Served, data_root: Path) -> tuple[float, object]:
    started = time.monotonic()
    async with Client(served.url) as client:
        result = await client.call_tool("count_rows", {"file_path": str(data_root / "rows.csv")})
    return time.monotonic() - started, result.structured_content


ANSWER = {"operation": "count_rows", "result": {"rows": 3}}


@contextlib.contextmanager
def _resumed_after(pids: list[int]) -> Iterator[None]:
    """Whatever happens, the stopped processes are not left stopped."""
    try:
        yield
    finally:
        for pid in pids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


async def test_a_stopped_template_costs_a_call_seconds_and_is_replaced(
    serve_args: list[str], data_root: Path, tmp_path: Path
) -> None:
    with serving_http(serve_args, tmp_path / "serve.log", dict(os.environ)) as served:
        with anyio.fail_after(120):
            assert (await _count_rows(served, data_root))[1] == ANSWER
        stopped = template_processes(served.proc.pid)
        assert stopped, "the first call made the template start"
        with _resumed_after(stopped):
            for pid in stopped:
                os.kill(pid, signal.SIGSTOP)
            with anyio.fail_after(CALL_LIMIT_SECONDS + 30):
                took, answer = await _count_rows(served, data_root)
            assert answer == ANSWER
            print(f"a call to a stopped template took {took:.2f} s")  # shown with -s
            assert took < PROMPT_SECONDS, f"a stopped template held the call {took:.1f} s"
            assert "stopped (SIGSTOP" in served.log_text()
            with anyio.fail_after(120):
                assert (await _count_rows(served, data_root))[1] == ANSWER
            fresh = [pid for pid in template_processes(served.proc.pid) if pid not in stopped]
            assert fresh, "a new template serves the calls after the stopped one"


def _kill_the_template_while_it_starts(proc: subprocess.Popen[bytes], timeout: float = 60.0) -> None:
    """SIGKILL the template's Python as soon as it appears: it imports pandas for a second or more
    before it is ready (as an out-of-memory kill during those imports would)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for pid in template_processes(proc.pid):
            os.kill(pid, signal.SIGKILL)
            return
        time.sleep(0.01)  # polling for a process about to start; bounded by the deadline
    pytest.fail("the warm template never started")


async def test_warm_calls_come_back_by_themselves_after_the_template_died_at_start_up(
    serve_args: list[str], data_root: Path, tmp_path: Path
) -> None:
    registry_root = Path(serve_args[2])
    log = tmp_path / "serve.log"
    with log.open("w", encoding="utf-8") as out:
        proc = subprocess.Popen([MCPFORGE, *serve_args], stdout=out, stderr=subprocess.STDOUT)
    try:
        _kill_the_template_while_it_starts(proc)
        served = Served(proc=proc, url=f"http://127.0.0.1:{serve_args[-1]}/mcp", log=log)
        served.wait_for_log("warm calls are off for 5 s", timeout=60)
        [off] = serving_status(registry_root)  # what `doctor` reads
        assert off["pid"] == proc.pid
        assert (off["warm_calls"]["warm"], off["warm_calls"]["failed_starts_in_a_row"]) == (False, 1)
        # No call is made: the retry is the server's own.
        served.wait_for_log("warm calls are back after 1 failed start", timeout=60)
        assert template_processes(proc.pid), "a template runs again"
        with anyio.fail_after(120):
            assert (await _count_rows(served, data_root))[1] == ANSWER
        doctor = subprocess.run(
            [MCPFORGE, "doctor", "--json", *serve_args[1:5]], check=False, capture_output=True, text=True,
            timeout=120,
        )  # fmt: skip
        [on] = json.loads(doctor.stdout)["sandbox"]["serving"]
        assert (on["pid"], on["warm_calls"]["warm"], on["warm_calls"]["failed_starts_in_a_row"]) == (
            proc.pid,
            True,
            0,
        )
    finally:
        stop(proc)
