"""One MCP client reading every page of ``tools/list`` from a server process (issue 28).

The server is a real process (``mcpforge serve``, the plain FastMCP baseline of
``_plain_listing_server.py``, or the floor of ``_floor_listing_server.py`` whose pages cost nothing)
reached over stdio or streamable HTTP by the MCP SDK client a host uses (FastMCP's ``Client.list_tools``,
which follows every cursor). The first listing after the server started is timed apart from the next
ones (it builds what later ones reuse); the CPU seconds of the client and of the server process are taken
around each listing, so a loaded machine can be told from a slow path.
"""

from __future__ import annotations

import asyncio
import os
import resource
import socket
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fastmcp.client.transports import ClientTransport

MCPFORGE = str(Path(sys.executable).with_name("mcpforge"))
PLAIN_SERVER = str(Path(__file__).resolve().parent / "_plain_listing_server.py")
FLOOR_SERVER = str(Path(__file__).resolve().parent / "_floor_listing_server.py")


@dataclass
class Listing:
    """What one client saw listing every tool ``runs`` times from one server process."""

    first: float
    times: list[float]
    tools: int
    pages: int
    client_cpu: float
    server_cpu: float

    @property
    def median(self) -> float:
        return statistics.median(self.times)

    def summary(self) -> str:
        return (
            f"{self.tools} tools in {self.pages} pages; first after start {self.first:.2f} s; "
            f"CPU per listing: client {self.client_cpu:.2f} s, server {self.server_cpu:.2f} s"
        )


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8").rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _child_pids() -> list[int]:
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text(encoding="utf-8")
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == os.getpid():
                pids.append(int(entry.name))
    return pids


def _command(kind: str, root: Path, data_dir: Path) -> list[str]:
    if kind == "mcpforge":
        return [MCPFORGE, "serve", "--registry", str(root), "--allow-read", str(data_dir), "--no-forge-tools"]
    if kind.startswith("floor"):  # "floor", "floor-lean", "floor-lean-500": pages made once (stdio only)
        _, *options = kind.split("-")
        sizes = [f"--page-size={option}" for option in options if option.isdigit()]
        return [sys.executable, FLOOR_SERVER, str(root), *sizes, *(["--lean"] if "lean" in options else [])]
    return [sys.executable, PLAIN_SERVER, str(root)]


async def _list_all(target: str | ClientTransport, runs: int, server_pid: int | None) -> Listing:
    from fastmcp import Client

    async with Client(target, timeout=300) as client:
        pid = server_pid or max(_child_pids())
        times: list[float] = []
        client_cpu: list[float] = []
        server_cpu: list[float] = []
        tools = 0
        for _ in range(runs + 1):
            own, served = _own_cpu(), _cpu_seconds(pid)
            began = time.perf_counter()
            tools = len(await client.list_tools())
            times.append(time.perf_counter() - began)
            client_cpu.append(_own_cpu() - own)
            server_cpu.append(_cpu_seconds(pid) - served)
        pages, cursor = 0, None
        while True:
            page = await client.list_tools_mcp(cursor=cursor)
            pages, cursor = pages + 1, page.next_cursor
            if cursor is None:
                break
    return Listing(
        first=times[0], times=times[1:], tools=tools, pages=pages,
        client_cpu=statistics.median(client_cpu[1:]), server_cpu=statistics.median(server_cpu[1:]),
    )  # fmt: skip


async def _over_http(command: list[str], runs: int) -> Listing:
    from fastmcp import Client

    port = _free_port()
    http = ["--http", str(port)]
    process = subprocess.Popen([*command, *http], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/mcp"
    try:
        deadline = time.perf_counter() + 600  # the plain baseline took 155 s to start 10,000 tools at load 12
        while True:
            try:
                async with Client(url, timeout=10) as client:
                    await client.list_resources()
                break
            except Exception:
                if time.perf_counter() > deadline or process.poll() is not None:
                    raise
                await asyncio.sleep(0.05)
        return await _list_all(url, runs, process.pid)
    finally:
        process.kill()
        process.wait(timeout=30)


async def _over_stdio(command: list[str], runs: int) -> Listing:
    from fastmcp.client.transports import StdioTransport

    # FastMCP's start-up line on stderr is not part of the figure's output.
    transport = StdioTransport(command[0], command[1:], env={**os.environ, "FASTMCP_LOG_LEVEL": "WARNING"})
    return await _list_all(transport, runs, None)


def one_client_listing(kind: str, transport: str, root: Path, data_dir: Path, runs: int) -> Listing:
    """Every page listed ``runs`` times (after a first listing) by one client of a fresh ``kind``
    server over ``transport`` ("stdio" or "http"): "mcpforge", "plain", or over stdio only the floor,
    "floor" with options joined by "-" ("floor-lean", "floor-500": lean tools, 500 a page)."""
    command = _command(kind, root, data_dir)
    if transport == "http" and kind.startswith("floor"):
        raise ValueError("the floor server speaks stdio only")
    if transport == "http":
        return asyncio.run(_over_http(command, runs))
    return asyncio.run(_over_stdio(command, runs))
