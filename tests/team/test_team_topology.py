"""The whole team topology at once (issue 27): PostgreSQL as the registry and the job queue (one database),
two stateless replicas with bearer tokens behind haproxy, one ``mcpforge worker``; driven through the
balancer with the MCP client as carol (caller), alice (requester) and bob (reviewer).

One topology serves the module. Each test stands on its own (under xdist a test may get a topology of its
own); the last one kills a replica and the worker, so it comes last.
"""

from __future__ import annotations

import contextlib
import json
import secrets
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import anyio.to_thread
import pytest
import yaml

pytest.importorskip(
    "procrastinate", reason="the job queue needs the team extra: pip install 'mcpforge[team]'"
)

from fastmcp import Client
from tests.jobs._queue_harness import SAMPLE, kill_worker, start_worker_process
from tests.postgres_server import PostgresServer
from tests.team.clients import Served, recording_client
from tests.team.conftest import open_backend, postgres_backend_missing, promote
from tests.team.harness import (
    MCPFORGE,
    Topology,
    haproxy_unavailable,
    replica_env,
    running_topology,
    write_team_config,
)
from tests.team.test_replicas import person, replicas_of

from mcpforge.config import MCPForgeConfig
from mcpforge.jobs.client import ForgeQueue
from mcpforge.jobs.forge_job import HOLD_ENV
from mcpforge.jobs.progress import JobRow
from mcpforge.models import ToolStatus

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

PROPAGATION_LIMIT = 2.0
ROLES = {"alice": "requester", "bob": "reviewer", "carol": "caller"}
FIRST_REQUEST = "total units by region"
SECOND_REQUEST = "total units per month"  # not a reuse of the first
SEEDED = "demo_tool"


@dataclass
class Team:
    """The running topology, the database behind it, and who holds which token."""

    topology: Topology
    url: str  # the registry's and the queue's database
    registry: Any  # PostgresRegistry, through the backend protocol
    queue: ForgeQueue
    data: Path
    config: Path
    logs: Path
    tokens: dict[str, str]
    worker: subprocess.Popen[bytes] | None = None
    workers: list[subprocess.Popen[bytes]] = field(default_factory=list)

    @property
    def csv(self) -> str:
        return str(self.data / SAMPLE.name)

    def start_worker(self, name: str, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
        """The topology's worker from now on (the previous one must be gone)."""
        proc = start_worker_process(
            self.url, self.config, self.logs / f"{name}.log", env={**self.topology.env, **(env or {})},
            cwd=self.data,
        )  # fmt: skip
        self.worker = proc
        self.workers.append(proc)
        return proc

    def kill_workers(self) -> None:
        for proc in self.workers:
            kill_worker(proc)

    def client(self, who: str, served: list[Served], **kwargs: Any) -> Client[Any]:
        """``who``'s MCP client of the balancer, recording which replica answered each request."""
        return recording_client(self.topology.url, served, auth=self.tokens[who], **kwargs)

    def logs_text(self) -> str:
        """The end of every log of the topology, without the balancer's health checks."""
        shown = []
        for log in sorted(self.logs.glob("*.log")):
            lines = [line for line in log.read_text(errors="replace").splitlines() if "/healthz" not in line]
            shown.append(f"--- {log.name}\n" + "\n".join(lines[-40:]))
        return "\n".join(shown)


@pytest.fixture(scope="module")
def team(postgres_server: PostgresServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Team]:
    """The topology, with ``demo_tool`` promoted and one worker running (no fault hooks)."""
    for reason in (postgres_backend_missing(), haproxy_unavailable()):
        if reason is not None:
            pytest.skip(reason)
    url = postgres_server.new_database()
    with contextlib.ExitStack() as cleanup:  # undone last to first
        work = Path(tempfile.mkdtemp(prefix="mcpforge-topology-"))  # the sandbox uid traverses /tmp
        cleanup.callback(shutil.rmtree, work, ignore_errors=True)
        work.chmod(0o755)
        data = work / "data"
        data.mkdir()
        data.chmod(0o755)
        shutil.copy(SAMPLE, data / SAMPLE.name)
        logs = tmp_path_factory.mktemp("topology-logs")
        config = write_team_config(
            logs / "team.yaml", url, data,
            {"review": {"separate_reviewer": True}, "validation": {"stress_rows": 5000}},
        )  # fmt: skip
        registry = open_backend(MCPForgeConfig.model_validate(yaml.safe_load(config.read_text("utf-8"))))
        cleanup.callback(registry.close)
        registry.init()
        promote(registry, SEEDED)
        queue = ForgeQueue(url)
        cleanup.callback(queue.close)
        tokens = {name: secrets.token_urlsafe(24) for name in ROLES}
        document = {"tokens": [{"name": n, "roles": [ROLES[n]], "token": t} for n, t in tokens.items()]}
        env = {**replica_env(), "MCPFORGE_QUEUE_URL": url, "MCPFORGE_TOKENS": json.dumps(document)}
        topology = cleanup.enter_context(running_topology(2, registry=url, config=config, logs=logs, env=env))
        made = Team(
            topology=topology, url=url, registry=registry, queue=queue, data=data, config=config, logs=logs,
            tokens=tokens,
        )  # fmt: skip
        cleanup.callback(made.kill_workers)
        made.start_worker("worker-1")
        yield made


async def _listed(url: str, token: str) -> set[str]:
    async with Client(url, auth=token) as client:
        return {tool.name for tool in await client.list_tools()}


def _text(result: Any) -> str:
    return "\n".join(getattr(block, "text", "") for block in result.content)


def _audit(team: Team, candidate_id: str) -> list[tuple[str | None, str]]:
    """(to_status, actor) of every audit entry of ``candidate_id``, oldest first."""
    return [(e.to_status, e.actor) for e in team.registry.audit.entries() if e.candidate_id == candidate_id]


def _wait_for_row(team: Team, job_id: str, done: Any, timeout: float = 150) -> JobRow:
    deadline = time.monotonic() + timeout
    while True:
        row = team.queue.status(job_id)
        assert row is not None, f"no row for job {job_id}"
        if done(row):
            return row
        if row.finished:
            pytest.fail(f"job {job_id} ended {row.status}/{row.stage}: {row.error} {row.result}")
        if time.monotonic() > deadline:
            pytest.fail(f"job {job_id} stuck at {row.status}/{row.stage}:\n{team.logs_text()}")
        time.sleep(0.2)  # polling another process's progress; bounded by the deadline


async def test_a_caller_lists_and_calls_the_promoted_tool_but_cannot_forge(team: Team) -> None:
    served: list[Served] = []
    with anyio.fail_after(60):
        async with team.client("carol", served) as client:
            names = {tool.name for tool in await client.list_tools()}
            results = [await client.call_tool(SEEDED, {"value": v}) for v in range(4)]
            forge = await client.call_tool(
                "forge_request", {"request": FIRST_REQUEST, "data_path": team.csv}, raise_on_error=False
            )
    assert SEEDED in names
    assert not {"forge_request", "forge_status", "review_candidate"} & names, names
    assert [r.structured_content for r in results] == [
        {"operation": SEEDED, "result": {"value": v + 1}} for v in range(4)
    ]
    assert replicas_of(served, tool=SEEDED) == {"replica-1", "replica-2"}
    assert forge.is_error
    assert "needs the role" in _text(forge) and "requester" in _text(forge), _text(forge)
    assert "'carol' (caller)" in _text(forge), _text(forge)
    assert team.registry.list_candidates(ToolStatus.STAGED) == []


async def test_a_queued_forge_is_followed_approved_across_replicas_and_listed_by_each(team: Team) -> None:
    served: list[Served] = []
    with anyio.fail_after(240):
        async with team.client("alice", served) as alice:
            queued = await alice.call_tool("forge_request", {"request": FIRST_REQUEST, "data_path": team.csv})
            assert not queued.is_error, _text(queued)
            assert set(queued.structured_content or {}) == {"job_id", "status"}, queued.structured_content
            job_id = str((queued.structured_content or {})["job_id"])
            while True:
                status = await alice.call_tool("forge_status", {"job_id": job_id}, raise_on_error=False)
                data = status.structured_content or {}
                if data.get("status") not in {"queued", "running"}:
                    break
                await anyio.sleep(0.3)  # polling the worker's progress; bounded by fail_after
        assert not status.is_error and (data["status"], data["stage"]) == ("done", "staged"), (
            f"{_text(status)}\n{team.logs_text()}"
        )
        candidate_id = str(data["candidate_id"])
        name = str(data["result"]["tool_name"])
        assert replicas_of(served, tool="forge_status") == {"replica-1", "replica-2"}

        approval = person({"correct": True, "notes": ""}, {"decision": "Approve"})
        async with team.client("bob", served, elicitation_handler=approval) as bob:
            review = await bob.call_tool("review_candidate", {"candidate_id": candidate_id})
        promoted_at = time.monotonic()
    assert (review.structured_content or {}).get("status") == "PROMOTED", _text(review)
    rounds = [s for s in served if s.tool == "review_candidate"]
    assert len(rounds) == 3 and {s.replica for s in rounds} == {"replica-1", "replica-2"}, rounds

    for replica in team.topology.replicas:  # asked directly, not through the balancer
        with anyio.fail_after(PROPAGATION_LIMIT - (time.monotonic() - promoted_at)):
            while name not in await _listed(replica.url, team.tokens["carol"]):
                await anyio.sleep(0.05)  # waiting for the replica to hear of it; bounded by fail_after

    audit = _audit(team, candidate_id)
    assert ("STAGED", "mcp:alice") in audit, audit
    assert ("APPROVED", "mcp:bob") in audit and ("PROMOTED", "mcp:bob") in audit, audit
    assert {actor for status, actor in audit if status in {"APPROVED", "PROMOTED"}} == {"mcp:bob"}, audit


def _doctor(url: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [MCPFORGE, "doctor", "--registry", url], capture_output=True, text=True, timeout=120, check=False
    )


async def _call_in_a_loop(team: Team, calls: list[tuple[float, float, bool]], stop: anyio.Event) -> None:
    """carol calling the seeded tool through the balancer until ``stop``: (start, end, ok) per call. A call
    cut by the replica kill ends its client's session: the loop connects again and goes on."""
    while not stop.is_set():
        with contextlib.suppress(Exception):  # the cut session's error, raised again on leaving
            async with Client(team.topology.url, auth=team.tokens["carol"], timeout=30) as client:
                while not stop.is_set():
                    start = time.monotonic()
                    try:
                        result = await client.call_tool(SEEDED, {"value": 1}, raise_on_error=False)
                    except Exception:
                        calls.append((start, time.monotonic(), False))
                        break
                    ok = result.structured_content == {"operation": SEEDED, "result": {"value": 2}}
                    calls.append((start, time.monotonic(), ok))


async def test_a_replica_and_the_worker_killed_under_load_lose_nothing_but_calls_in_flight(
    team: Team,
) -> None:
    # The job is held in a worker of its own (the one the fixture started leaves first, gracefully).
    assert team.worker is not None
    team.worker.send_signal(signal.SIGTERM)
    assert await anyio.to_thread.run_sync(team.worker.wait) == 0
    held = team.start_worker("worker-held", env={HOLD_ENV: "validating"})
    served: list[Served] = []
    async with team.client("alice", served) as alice:
        queued = await alice.call_tool("forge_request", {"request": SECOND_REQUEST, "data_path": team.csv})
    assert not queued.is_error, _text(queued)
    job_id = str((queued.structured_content or {})["job_id"])
    await anyio.to_thread.run_sync(_wait_for_row, team, job_id, lambda r: r.stage == "validating")

    calls: list[tuple[float, float, bool]] = []
    stop = anyio.Event()
    with anyio.fail_after(200):
        async with anyio.create_task_group() as group:
            for _ in range(4):
                group.start_soon(_call_in_a_loop, team, calls, stop)
            await anyio.sleep(2.0)  # load before the kill
            victim = team.topology.replicas[0].proc
            kill = time.monotonic()
            victim.send_signal(signal.SIGKILL)
            await anyio.to_thread.run_sync(victim.wait)  # reaped: its sockets are closed
            gone = time.monotonic()
            assert await anyio.to_thread.run_sync(kill_worker, held) == -signal.SIGKILL
            team.start_worker("worker-after")
            row = await anyio.to_thread.run_sync(_wait_for_row, team, job_id, lambda r: r.finished)
            await anyio.sleep(max(0.0, gone + 4.0 - time.monotonic()))  # at least 4 s of load after it
            stop.set()

    failed = [(start, end) for start, end, ok in calls if not ok]
    assert all(start <= gone and end >= kill for start, end in failed), (failed, kill, gone)
    assert len(failed) <= 4, failed
    after = [ok for start, _end, ok in calls if start > gone]
    assert len(after) > 20 and all(after), len(after)

    assert (row.status, row.stage, row.attempts) == ("done", "staged", 2), f"{row.error}\n{team.logs_text()}"
    candidate_id = row.candidate_id
    assert candidate_id is not None and row.staging_candidate_id == candidate_id
    staged = team.registry.get_candidate(candidate_id)
    same_tool = [c.candidate_id for c in team.registry.list_candidates() if c.tool_id == staged.tool_id]
    assert same_tool == [candidate_id], "the job staged exactly one candidate"
    assert [actor for status, actor in _audit(team, candidate_id) if status == "STAGED"] == ["mcp:alice"]

    doctor = await anyio.to_thread.run_sync(_doctor, team.url)
    assert doctor.returncode == 0, doctor.stdout + doctor.stderr
