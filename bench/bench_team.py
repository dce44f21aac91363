"""The team topology under load: MCP clients through haproxy against 1, 2 and 3 stateless replicas.

One run, on one registry, in three parts:
  load       C clients (FastMCP's client over streamable HTTP, one process) call a promoted tool through
             haproxy for S seconds, against 1, 2, then 3 replicas; p50/p99 latency, errors, calls/s and
             the ratio to 1 replica (the baseline, measured in the same run)
  promotion  a tool approved in the registry: seconds until it is in tools/list of every replica
  kill       a replica SIGKILLed under load: calls lost (only those in flight may be), and how long the
             clients that lost one need to get their next answer (they reconnect at once)
On 2 cores the point is correctness and overhead, not throughput: the clients share the cores with the
replicas and haproxy. The load average is printed with each row.

    .venv/bin/python bench/bench_team.py              # 32 clients, 60 s per row
    .venv/bin/python bench/bench_team.py --smoke      # 4 clients, 3 s per row (CI)
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import shutil
import signal
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests.team.harness: the same topology

from fastmcp import Client
from tests.team.harness import Topology, haproxy_unavailable, running_topology, write_team_config

from mcpforge.config import MCPForgeConfig
from mcpforge.models import UserFeedback, utc_now
from mcpforge.registry import open_registry
from mcpforge.registry.testing import make_candidate

EXPECTED = {"operation": "demo_tool", "result": {"value": 2}}


@dataclass
class Load:
    """What the clients of one row saw."""

    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    failures: list[tuple[float, float]] = field(default_factory=list)  # start, end of each failed call
    recovered: list[float] = field(default_factory=list)  # end of a client's first good call after a failure


def approve(registry: Any, name: str) -> None:
    candidate, files = make_candidate(name)
    candidate_id = registry.stage_candidate(candidate, files, actor="bench").candidate_id
    feedback = UserFeedback(decision="APPROVED", notes="approve", timestamp=utc_now(), stage="registration")
    registry.record_feedback(candidate_id, feedback, actor="bench")
    registry.promote(candidate_id, actor="bench")


async def client_loop(url: str, load: Load, stop: asyncio.Event) -> None:
    """Call the tool until ``stop``; a call cut off ends the session, so connect again at once."""
    failed = False
    while not stop.is_set():
        with contextlib.suppress(Exception):  # the cut session's error, raised again on leaving
            async with Client(url, timeout=60) as client:
                while not stop.is_set():
                    start = time.monotonic()
                    try:
                        result = await client.call_tool("demo_tool", {"value": 1}, raise_on_error=False)
                    except Exception:
                        ok = False
                    else:
                        ok = result.structured_content == EXPECTED
                    end = time.monotonic()
                    if ok:
                        load.latencies.append(end - start)
                        if failed:
                            load.recovered.append(end)
                            failed = False
                        continue
                    load.errors += 1
                    load.failures.append((start, end))
                    failed = True
                    break


async def run_load(url: str, clients: int, seconds: float, kill: Any = None) -> Load:
    """``clients`` loops for ``seconds``; ``kill()`` is called halfway when given."""
    load, stop = Load(), asyncio.Event()
    tasks = [asyncio.create_task(client_loop(url, load, stop)) for _ in range(clients)]
    await asyncio.sleep(seconds / 2)
    if kill is not None:
        kill()
    await asyncio.sleep(seconds / 2)
    stop.set()
    await asyncio.wait_for(asyncio.gather(*tasks), timeout=120)
    return load


async def warm(topology: Topology) -> None:
    """A first call on every replica starts its warm sandbox template outside the measurement."""
    for replica in topology.replicas:
        async with Client(replica.url, timeout=120) as client:
            await client.call_tool("demo_tool", {"value": 1})


async def tool_names(url: str) -> set[str]:
    async with Client(url, timeout=30) as client:
        return {tool.name for tool in await client.list_tools()}


async def promotion_seconds(topology: Topology, registry: Any, name: str) -> list[float]:
    """Seconds from the approval until ``name`` is listed, per replica."""
    started = time.monotonic()
    await asyncio.to_thread(approve, registry, name)
    seen: list[float] = []
    for replica in topology.replicas:
        while name not in await tool_names(replica.url):
            if time.monotonic() - started > 30:
                raise SystemExit(f"{name} not listed by {replica.name} after 30 s")
            await asyncio.sleep(0.02)  # another process notices; bounded above
        seen.append(time.monotonic() - started)
    return seen


def ms(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def bench(args: argparse.Namespace, work: Path) -> int:
    data = work / "data"
    data.mkdir()
    location = args.registry or str(work / "registry")
    config_file = write_team_config(work / "team.yaml", location, data)
    registry = open_registry(MCPForgeConfig.model_validate({"registry": {"root": location}}))
    registry.init()
    approve(registry, "demo_tool")
    print(f"registry: {location if args.registry else 'a new folder'}; {args.clients} clients, "
          f"{args.seconds:g} s per row; {os.cpu_count()} cores")  # fmt: skip
    header = f"{'replicas':>8} {'calls':>7} {'calls/s':>8} {'p50 ms':>7} {'p99 ms':>7} {'errors':>6} "
    print(header + f"{'x 1 rep':>8} {'load1':>6}")
    baseline = None
    for count in args.replicas:
        with running_topology(
            count, registry=location, config=config_file, logs=work / f"logs-{count}"
        ) as top:
            await warm(top)
            load = await run_load(top.url, args.clients, args.seconds)
            rate = len(load.latencies) / args.seconds
            baseline = baseline or rate
            print(f"{count:>8} {len(load.latencies):>7} {rate:>8.1f} {ms(load.latencies, 0.5):>7.1f} "
                  f"{ms(load.latencies, 0.99):>7.1f} {load.errors:>6} {rate / baseline:>8.2f} "
                  f"{os.getloadavg()[0]:>6.2f}")  # fmt: skip
    print(f"health check: {top.health}")
    with running_topology(
        max(args.replicas), registry=location, config=config_file, logs=work / "logs-p"
    ) as top:
        seen = await promotion_seconds(top, registry, "promoted_during_bench")
        print("promotion to visible, per replica (s): " + ", ".join(f"{s:.2f}" for s in seen))
        await warm(top)
        killed: list[float] = []

        def kill() -> None:
            killed.append(time.monotonic())
            top.replicas[0].proc.send_signal(signal.SIGKILL)
            top.replicas[0].proc.wait()  # reaped: its sockets are closed (a few ms)
            killed.append(time.monotonic())

        load = await run_load(top.url, args.clients, max(args.seconds, 4.0), kill)
    # In flight at the kill: reached the replica before it was gone.
    in_flight = [f for f in load.failures if f[0] <= killed[1] and f[1] >= killed[0]]
    recovery = [end - killed[0] for end in load.recovered]
    print(f"kill one of {max(args.replicas)} replicas under load: {load.errors} call(s) lost "
          f"({len(in_flight)} in flight at the kill), {len(load.latencies)} answered; recovery of the "
          f"clients that lost one: median {statistics.median(recovery) if recovery else 0:.3f} s, "
          f"max {max(recovery, default=0):.3f} s")  # fmt: skip
    if load.failures:
        print(
            "lost calls, start/end relative to the kill (s): "
            + ", ".join(f"{start - killed[0]:+.3f}/{end - killed[0]:+.3f}" for start, end in load.failures)
        )
    print(f"load average: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")
    registry.close()
    return 0 if len(in_flight) == load.errors else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--replicas", type=lambda text: [int(n) for n in text.split(",")], default=[1, 2, 3])
    parser.add_argument("--registry", help="an initialized postgresql:// URL (default: a new folder)")
    parser.add_argument("--smoke", action="store_true", help="4 clients, 3 s per row (CI)")
    args = parser.parse_args()
    if args.smoke:
        args.clients, args.seconds = 4, 3.0
    reason = haproxy_unavailable()
    if reason is not None:
        print(f"skipped: {reason}")
        return 0
    work = Path(tempfile.mkdtemp(prefix="mcpforge-bench-team-"))
    work.chmod(0o755)
    try:
        return asyncio.run(bench(args, work))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
