"""Ten thousand tools (issue 14 point 4): every figure against its target and a baseline from the same run.

Makes a registry of N active tools with ``make_big_registry.py`` (real tool.py / spec.json / hashes /
audit rows), then measures:

  gap detection     ``detect_gap`` through the tool index; baseline: the previous design, every active
                    tool's spec.json and tool.py read and scored (measured here, same intents)
  tools list        ``mcpforge tools list`` wall time; baseline: ``mcpforge --help`` (CLI start-up)
  serve start       ``mcpforge serve --http`` until an MCP client is initialized; baseline: empty registry
  MCP tools/list    a listing over streamable HTTP (first after start, then median); baseline: empty registry
  one client, all pages   one MCP SDK client (FastMCP ``Client.list_tools``, every cursor) reading every
                    page from ``mcpforge serve`` as a process, over stdio and over HTTP (median of the
                    listings after the first; the first after start is printed beside it); baseline: the
                    same client listing a plain FastMCP server process with the same tools (names,
                    descriptions, schemas, annotations; ``_plain_listing_server.py``), same run; over
                    stdio the floor is printed too: the same client reading pages made once as bytes
                    (``_floor_listing_server.py``; the client's own cost), as served and lean
  tool calls        16 concurrent clients for D seconds over streamable HTTP on 127.0.0.1, random tools;
                    p50 / p99, calls, errors; baseline: the previous design, the same load on a server
                    that runs every call in a fresh sandbox (``sandbox.warm_calls: false``), for a
                    third of the time; one fresh ``call_tool`` in-process is printed too
  serve memory      VmRSS of the serve process after the calls (and the PSS of serve with the sandbox
                    templates of its warm calls)

The machine is shared: the load average is printed before and after, and ratios are the figures to trust.

    .venv/bin/python bench/bench_big_registry.py                 # 10,000 tools, 60 s of calls
    .venv/bin/python bench/bench_big_registry.py --smoke         # 300 tools, 5 s of calls (CI)
    .venv/bin/python bench/bench_big_registry.py --listing-only  # the one-client listing figures only
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _listing_clients import Listing, one_client_listing
from make_big_registry import make_big_registry

from mcpforge.config import MCPForgeConfig
from mcpforge.models import ToolSpec
from mcpforge.pipeline.gap import detect_gap
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.registry import ActiveTool, Registry
from mcpforge.sandbox import call_tool, get_sandbox, limits_from_config
from mcpforge.server._invoke import MAX_CONCURRENT_RUNS

TARGETS = {
    "gap detection (s)": 0.020,
    "tools list (s)": 0.5,
    "serve start (s)": 2.0,
    "MCP tools/list (s)": 0.150,
    "one client stdio (s)": 1.0,
    "one client http (s)": 1.0,
    "tool call p50 (s)": 0.25,
    "tool call p99 (s)": 1.0,
    "serve RSS (MB)": 400.0,
}
REQUESTS = (
    "count accidents by weather",
    "average casualties by road type",
    "top 5 weather by number of accidents",
    "distribution of severity",
)
CLIENTS = 16
MCPFORGE = str(Path(sys.executable).with_name("mcpforge"))


def _load() -> str:
    return Path("/proc/loadavg").read_text(encoding="utf-8").split(" ", 3)[:3].__str__()


def _load_1min() -> str:
    return Path("/proc/loadavg").read_text(encoding="utf-8").split(" ", 1)[0]


def _median_time(func: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        func()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def _old_scan(reg: Registry) -> list[ActiveTool]:
    """The previous design: every active tool's spec.json parsed from its file (tool.py read by gap)."""
    tools = []
    for name, entry in sorted(reg.active_entries().items()):
        path = reg.resolve(str(entry["path"]))
        spec = ToolSpec.model_validate_json((path / "spec.json").read_text(encoding="utf-8"))
        tools.append(
            ActiveTool(name=name, version=str(entry["version"]), path=path, spec=spec,
                       spec_hash=str(entry["spec_hash"]), code_hash=str(entry["code_hash"]),
                       promoted_at=str(entry["promoted_at"]), created_by="")
        )  # fmt: skip
    return tools


def bench_gap(reg: Registry, data: Path, repeat: int) -> tuple[float, float]:
    schema = DatasetSchema.from_file(data)
    intents = [extract_intent(request, schema) for request in REQUESTS]
    reg.indexed_tools()  # index warm, as in a running process
    new = statistics.median(_median_time(partial(detect_gap, intent, reg), repeat) for intent in intents)
    old = statistics.median(
        _median_time(lambda i=intent: detect_gap(i, tools=_old_scan(reg)), max(1, repeat // 5))  # type: ignore[misc]
        for intent in intents
    )
    return new, old


def _run(command: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, timeout=120)
    return time.perf_counter() - started


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process so far (what its start costs on an idle machine)."""
    fields = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8").rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _serve_start(
    root: Path, data_dir: Path, env: dict[str, str] | None = None
) -> tuple[subprocess.Popen[bytes], str, tuple[float, float], list[float]]:
    """Start ``mcpforge serve --http``; returns the process, URL, (wall, CPU) seconds to a first
    initialized client, and the tools/list times (first, then five more)."""
    from fastmcp import Client

    port = _free_port()
    url = f"http://127.0.0.1:{port}/mcp"
    started = time.perf_counter()
    process = subprocess.Popen(
        [MCPFORGE, "serve", "--http", str(port), "--registry", str(root), "--allow-read", str(data_dir),
         "--no-forge-tools"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ, **(env or {})},
    )  # fmt: skip
    deadline = started + 60
    while True:
        try:
            async with Client(url, timeout=30) as client:
                ready = (time.perf_counter() - started, _cpu_seconds(process.pid))
                listings = []
                for _ in range(6):  # one tools/list request each (the first page)
                    began = time.perf_counter()
                    await client.list_tools_mcp()
                    listings.append(time.perf_counter() - began)
                began = time.perf_counter()
                await client.list_tools()  # every page, as a client that wants all tools does
                listings.append(time.perf_counter() - began)
                return process, url, ready, listings
        except Exception:
            if time.perf_counter() > deadline or process.poll() is not None:
                process.kill()
                raise
            await asyncio.sleep(0.02)


async def _calls(
    url: str, names: list[str], data: Path, seconds: float, *, list_first: bool = True
) -> tuple[list[float], int, int]:
    """``CLIENTS`` clients calling random tools for ``seconds``: (latencies, errors, calls dropped).

    With ``list_first`` each client lists every tool when it connects, as MCP hosts do to show the
    tools to their model, and the timed window starts once all have. Without it the SDK client fetches
    the first tools/list page again after each call of a tool it has not seen listed (to check the
    result against the tool's output schema): at 10,000 tools, nearly every call.
    """
    from fastmcp import Client

    latencies: list[float] = []
    errors = 0
    sent = 0
    ready = 0
    all_ready = asyncio.Event()
    window: dict[str, float] = {}

    async def client_loop(seed: int) -> None:
        nonlocal errors, sent, ready
        rng = random.Random(seed)
        arguments = {"file_path": str(data), "column": "weather"}
        try:
            async with Client(url, timeout=120) as client:
                if list_first:
                    await client.list_tools()
                ready += 1
                if ready == CLIENTS:
                    window["stop"] = time.perf_counter() + seconds
                    all_ready.set()
                await all_ready.wait()
                while time.perf_counter() < window["stop"]:
                    sent += 1
                    began = time.perf_counter()
                    # The raw call: FastMCP's call_tool first pages through the whole tool list
                    # (to validate structured content), which is a listing, not a call.
                    result = await client.call_tool_mcp(rng.choice(names), arguments)
                    latencies.append(time.perf_counter() - began)
                    errors += int(bool(result.is_error))
        except Exception as exc:
            errors += 1
            print(f"client {seed}: {type(exc).__name__}: {exc}", flush=True)

    await asyncio.gather(*(client_loop(seed) for seed in range(CLIENTS)))
    return latencies, errors, sent - len(latencies)


def _tree_pss_mb(pid: int) -> float:
    """Proportional set size of ``pid`` and every process below it (the sandbox templates of warm calls):
    pages shared between the template and its calls are counted once."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text(encoding="utf-8").rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    total, stack = 0.0, [pid]
    while stack:
        current = stack.pop()
        stack.extend(children.get(current, []))
        try:
            rollup = Path(f"/proc/{current}/smaps_rollup").read_text(encoding="utf-8")
        except OSError:
            continue
        total += sum(int(line.split()[1]) for line in rollup.splitlines() if line.startswith("Pss:")) / 1024
    return total


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text(encoding="utf-8").splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def _percentiles(latencies: list[float]) -> tuple[float, float]:
    ordered = sorted(latencies)
    if not ordered:
        return float("inf"), float("inf")
    return ordered[len(ordered) // 2], ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def _fresh_design_calls(
    root: Path, data: Path, names: list[str], seconds: float
) -> tuple[list[float], int, int]:
    """The same call load on a server that runs every call in a fresh sandbox (the previous design)."""
    env = {"MCPFORGE_SANDBOX__WARM_CALLS": "false"}
    process, url, _, _ = asyncio.run(_serve_start(root, data.parent, env))
    try:
        return asyncio.run(_calls(url, names, data, seconds))
    finally:
        process.kill()
        process.wait(timeout=30)


def _direct_call(reg: Registry, name: str, data: Path, repeat: int) -> float:
    tool = reg.verify_tool(name)
    config = MCPForgeConfig()
    sandbox = get_sandbox(config.sandbox)
    limits = limits_from_config(config.sandbox, timeout_seconds=config.validation.sandbox_timeout_seconds)
    source = tool.source()
    arguments: dict[str, Any] = {"file_path": str(data), "column": "weather"}
    return _median_time(
        lambda: call_tool(sandbox, source, arguments, read_paths=[data], limits=limits), repeat
    )


Row = tuple[str, float, float, str, str]


def _measured(name: str, value: float, baseline: float, what: str) -> Row:
    """A figure with the 1-minute load average when it was taken."""
    return (name, value, baseline, what, _load_1min())


def _row(name: str, value: float, baseline: float, what: str, load: str) -> str:
    ratio = value / baseline if baseline > 0 else float("nan")
    mark = "ok" if value <= TARGETS[name] else "MISSED"
    figures = f"{TARGETS[name]:>9.3f}{value:>11.3f}{baseline:>11.3f}{ratio:>8.2f}{load:>6}"
    return f"{name:<22}{figures}  {what} [{mark}]"


def _print_table(rows: list[Row]) -> None:
    header = f"{'target':>9}{'measured':>11}{'baseline':>11}{'ratio':>8}{'load':>6}"
    print(f"\n{'figure':<22}{header}  baseline is")
    for row in rows:
        print(_row(*row))


def _starts(root: Path, data: Path, runs: int) -> list[tuple[float, float]]:
    """Seconds from ``mcpforge serve`` to an initialized client, ``runs`` times (each process stopped)."""
    times = []
    for _ in range(runs):
        process, _, ready, _ = asyncio.run(_serve_start(root, data.parent))
        process.kill()
        process.wait(timeout=30)
        times.append(ready)
    return times


def _serving(root: Path, empty: Path, data: Path, seconds: float, runs: int) -> list[Row]:
    reg = Registry(root)
    rows: list[Row] = []
    process, url, ready, listings = asyncio.run(_serve_start(root, data.parent))
    try:
        empty_process, _, empty_ready, empty_listings = asyncio.run(_serve_start(empty, data.parent))
        empty_process.kill()
        empty_process.wait(timeout=30)
        # The start of the server measured below is one of the runs.
        starts = [ready, *_starts(root, data, runs - 1)]
        empty_starts = [empty_ready, *_starts(empty, data, runs - 1)]
        wall, cpu = (statistics.median(column) for column in zip(*starts, strict=True))
        empty_wall, empty_cpu = (statistics.median(column) for column in zip(*empty_starts, strict=True))
        note = (
            f"serve of an empty registry; median of {runs} starts each; CPU of the serve process "
            f"{cpu:.2f} s vs {empty_cpu:.2f} s (close to its wall time on an idle machine)"
        )
        rows.append(_measured("serve start (s)", wall, empty_wall, note))
        print(_row(*rows[-1]), flush=True)
        page, empty_page = statistics.median(listings[1:6]), statistics.median(empty_listings[1:6])
        note = f"empty registry; first after start {listings[0]:.3f} s, all pages {listings[6]:.3f} s"
        rows.append(_measured("MCP tools/list (s)", page, empty_page, note))
        print(_row(*rows[-1]), flush=True)
        names = [row.name for row in reg.indexed_tools()]
        latencies, errors, dropped = asyncio.run(_calls(url, names, data, seconds))
        unlisted, unlisted_errors, _ = asyncio.run(_calls(url, names, data, seconds / 3, list_first=False))
        rss, tree = _rss_mb(process.pid), _tree_pss_mb(process.pid)
    finally:
        process.kill()
        process.wait(timeout=30)
    direct = _direct_call(reg, names[0], data, 3)
    fresh_seconds = max(5.0, seconds / 3)
    fresh, fresh_errors, _ = _fresh_design_calls(root, data, names, fresh_seconds)
    p50, p99 = _percentiles(latencies)
    fresh_p50, fresh_p99 = _percentiles(fresh)
    note = (
        f"previous design: a fresh sandbox per call (sandbox.warm_calls false), same clients, "
        f"{fresh_seconds:.0f} s, {len(fresh)} calls, {fresh_errors} errors; one fresh call_tool alone "
        f"{direct:.3f} s"
    )
    unlisted_p50, unlisted_p99 = _percentiles(unlisted)
    print(
        f"clients that never list ({seconds / 3:.0f} s; the SDK client re-lists page 1 after most calls): "
        f"p50 {unlisted_p50:.3f} s, p99 {unlisted_p99:.3f} s, {len(unlisted)} calls, {unlisted_errors} errors"
    )
    rows.append(_measured("tool call p50 (s)", p50, fresh_p50, note))
    rows.append(_measured("tool call p99 (s)", p99, fresh_p99, "same"))
    rows.append(_measured("serve RSS (MB)", rss, 0.0, f"with its sandbox templates (PSS) {tree:.0f} MB"))
    print(
        f"calls: {len(latencies)} in {seconds:.0f} s by {CLIENTS} clients that listed the tools when they "
        f"connected; errors {errors}, dropped {dropped}"
    )
    print(f"sandboxed runs at once in the server: at most {MAX_CONCURRENT_RUNS}")
    return rows


def bench_one_client(root: Path, data: Path, runs: int) -> list[Row]:
    """Every page of tools/list read by one client of ``mcpforge serve``, against the plain FastMCP server."""
    rows: list[Row] = []
    for transport in ("stdio", "http"):
        ours = one_client_listing("mcpforge", transport, root, data.parent, runs)
        plain = one_client_listing("plain", transport, root, data.parent, runs)
        note = f"plain FastMCP server, same tools; mcpforge: {ours.summary()}; plain: {plain.summary()}"
        rows.append(_measured(f"one client {transport} (s)", ours.median, plain.median, note))
        print(_row(*rows[-1]), flush=True)
        if transport == "stdio":
            _print_floor(root, data, runs, ours)
    return rows


def _print_floor(root: Path, data: Path, runs: int, ours: Listing) -> None:
    """What the client alone costs: the same tools from a server whose pages are bytes made at start
    (``_floor_listing_server.py``), as served and lean (what a call needs; see its docstring)."""
    for kind, what in (("floor", "same tools, same page size"), ("floor-lean", "lean tools")):
        floor = one_client_listing(kind, "stdio", root, data.parent, runs)
        print(
            f"  floor, {what} (server does nothing): {floor.median:.3f} s; mcpforge / floor "
            f"{ours.median / floor.median:.2f}; {floor.summary()} [load {_load_1min()}]",
            flush=True,
        )


def main() -> None:
    """Run every measurement and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="300 tools, 5 s of calls (CI)")
    parser.add_argument("--tools", type=int, default=None)
    parser.add_argument("--seconds", type=float, default=None, help="duration of the concurrent calls")
    parser.add_argument(
        "--registry", type=Path, default=None, help="reuse a registry made by make_big_registry"
    )
    parser.add_argument(
        "--listing-only", action="store_true", help="only the one-client listing figures (issue 28)"
    )
    args = parser.parse_args()
    count = args.tools or (300 if args.smoke else 10_000)
    seconds = args.seconds or (5.0 if args.smoke else 60.0)
    repeat = 5 if args.smoke else 15
    data = Path(__file__).resolve().parent.parent / "examples" / "traffic_accidents.csv"
    print(f"load before: {_load()}  ({os.cpu_count()} cores, shared)")
    with tempfile.TemporaryDirectory(prefix="mcpforge-big-") as temp:
        root = Path(temp) / "registry"
        empty = Path(temp) / "empty"
        Registry(empty).init()
        if args.registry is not None:
            root = args.registry
            count = len(Registry(root).indexed_tools())
            print(f"reusing {root} ({count} tools)")
        else:
            made = make_big_registry(root, count)
            print(f"generated {count} tools in {made['total_s']:.1f} s (index {made['index_s']:.1f} s)")
        if args.listing_only:
            _print_table(bench_one_client(root, data, 3 if args.smoke else 5))
            print(f"\nload after: {_load()}  tools: {count}")
            return
        reg = Registry(root)
        gap_new, gap_old = bench_gap(reg, data, repeat)
        rows = [
            _measured("gap detection (s)", gap_new, gap_old, "previous design: read and score every tool")
        ]
        print(_row(*rows[-1]), flush=True)
        listing = statistics.median(
            _run([MCPFORGE, "tools", "list", "--registry", str(root)]) for _ in range(3)
        )
        helped = statistics.median(_run([MCPFORGE, "--help"]) for _ in range(3))
        rows.append(_measured("tools list (s)", listing, helped, "`mcpforge --help` (CLI start-up)"))
        print(_row(*rows[-1]), flush=True)
        rows.extend(_serving(root, empty, data, seconds, 1 if args.smoke else 3))
        rows.extend(bench_one_client(root, data, 3 if args.smoke else 5))
    _print_table(rows)
    print(f"\nload after: {_load()}  tools: {count}")


if __name__ == "__main__":
    main()
