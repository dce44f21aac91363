"""Two stateless replicas on one registry behind haproxy (round-robin, no stickiness), driven through the
balancer with real MCP clients: listing, calls, forge, approval in input-required rounds, a replica killed
under load."""

from __future__ import annotations

import contextlib
import json
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

import anyio
import anyio.to_thread
import httpx2
import pytest
from fastmcp import Client
from fastmcp.client.elicitation import ElicitResult
from fastmcp.client.transports import StreamableHttpTransport
from mcp.client.subscriptions import listen
from mcp.shared.exceptions import MCPError
from mcp.shared.subscriptions import ToolsListChanged
from tests.team.clients import Served, recording_client
from tests.team.conftest import EXAMPLE, TeamRegistry, approve, stage
from tests.team.harness import MCPFORGE, Topology, running_topology

from mcpforge.models import ToolStatus

pytestmark = [pytest.mark.anyio, pytest.mark.slow]
PROPAGATION_LIMIT = 2.0


def person(*answers: dict[str, Any]) -> Any:
    """An elicitation handler accepting with ``answers`` in order."""
    queue = list(answers)

    async def handler(message: str, response_type: Any, params: Any, context: Any) -> Any:
        return ElicitResult(action="accept", content=queue.pop(0))

    return handler


async def tool_names(url: str) -> set[str]:
    async with Client(url) as client:
        return {tool.name for tool in await client.list_tools()}


async def seconds_until_listed(url: str, name: str, limit: float) -> float:
    """How long until ``name`` is in the tools/list of ``url`` (fails after ``limit`` seconds)."""
    started = time.monotonic()
    with anyio.fail_after(limit):
        while name not in await tool_names(url):
            await anyio.sleep(0.05)  # waiting for another process to notice; bounded by fail_after
    return time.monotonic() - started


def replicas_of(served: list[Served], **match: Any) -> set[str | None]:
    return {s.replica for s in served if all(getattr(s, key) == value for key, value in match.items())}


async def test_calls_through_the_balancer_are_answered_by_every_replica(two_replicas: Topology) -> None:
    served: list[Served] = []
    async with recording_client(two_replicas.url, served) as client:
        assert "demo_tool" in {tool.name for tool in await client.list_tools()}
        for value in range(10):
            result = await client.call_tool("demo_tool", {"value": value})
            assert result.structured_content == {"operation": "demo_tool", "result": {"value": value + 1}}
    assert replicas_of(served, tool="demo_tool") == {"replica-1", "replica-2"}
    assert all("mcp-session-id" not in r.log_text().lower() for r in two_replicas.replicas)


async def test_forge_then_approval_rounds_on_different_replicas_then_every_replica_lists_the_tool(
    two_replicas: Topology, team_registry: TeamRegistry
) -> None:
    served: list[Served] = []
    data = str(team_registry.data / EXAMPLE.name)
    handler = person({"correct": True, "notes": ""}, {"decision": "Approve"})
    with anyio.fail_after(240):
        async with recording_client(two_replicas.url, served, elicitation_handler=handler) as client:
            forged = await client.call_tool(
                "forge_request", {"request": "count accidents by severity and location", "data_path": data}
            )
            assert not forged.is_error, forged.content
            assert forged.structured_content is not None
            candidate_id, name = (
                forged.structured_content["candidate_id"],
                forged.structured_content["tool_name"],
            )
            review = await client.call_tool("review_candidate", {"candidate_id": candidate_id})
    assert review.structured_content is not None, review.content
    assert review.structured_content["status"] == "PROMOTED", review.content
    rounds = [s for s in served if s.tool == "review_candidate"]
    assert len(rounds) == 3, rounds  # the first call, then one round per answer
    assert {s.replica for s in rounds} == {"replica-1", "replica-2"}, rounds
    for replica in two_replicas.replicas:
        await seconds_until_listed(replica.url, name, PROPAGATION_LIMIT)
    assert team_registry.backend.get_candidate(candidate_id).status == ToolStatus.PROMOTED


async def test_an_approval_through_one_replica_is_listed_by_the_other_within_two_seconds(
    two_replicas: Topology, team_registry: TeamRegistry
) -> None:
    first, second = two_replicas.replicas
    candidate_id = stage(team_registry.backend, "fresh_tool")
    assert "fresh_tool" not in await tool_names(second.url)
    started = time.monotonic()  # before the approval: the figure can only be too high
    handler = person({"correct": True}, {"decision": "Approve"})
    async with Client(first.url, elicitation_handler=handler) as client:
        review = await client.call_tool("review_candidate", {"candidate_id": candidate_id})
    assert review.structured_content is not None and review.structured_content["status"] == "PROMOTED"
    await seconds_until_listed(second.url, "fresh_tool", PROPAGATION_LIMIT)
    assert time.monotonic() - started < PROPAGATION_LIMIT + 1.0  # the review itself included


async def test_a_handshake_era_client_is_told_to_use_a_modern_client_or_sticky_sessions(
    two_replicas: Topology, team_registry: TeamRegistry
) -> None:
    candidate_id = stage(team_registry.backend, "legacy_tool")
    handler = person({"correct": True}, {"decision": "Approve"})
    async with Client(two_replicas.url, mode="legacy", elicitation_handler=handler) as client:
        review = await client.call_tool("review_candidate", {"candidate_id": candidate_id})
    assert not review.is_error
    assert review.structured_content is not None
    assert (review.structured_content["decided"], review.structured_content["status"]) == (False, "STAGED")
    assert "2026-07-28" in review.structured_content["reason"]
    assert "sticky sessions" in review.structured_content["reason"]
    assert team_registry.backend.get_candidate(candidate_id).status == ToolStatus.STAGED


async def test_killing_a_replica_under_load_loses_only_calls_in_flight_and_doctor_is_clean(
    two_replicas: Topology, team_registry: TeamRegistry
) -> None:
    calls: list[tuple[float, float, bool]] = []  # start, end, ok
    killed_at: list[float] = []

    async def caller(stop: anyio.Event) -> None:
        # A call cut by the kill ends its client's session: the caller connects again (its retry on a
        # connection error) and goes on; the cut call itself is not retried, it counts as lost.
        while not stop.is_set():
            with contextlib.suppress(Exception):  # the cut session's error, raised again on leaving
                async with Client(two_replicas.url, timeout=30) as client:
                    while not stop.is_set():
                        start = time.monotonic()
                        try:
                            result = await client.call_tool("demo_tool", {"value": 1}, raise_on_error=False)
                        except Exception:
                            calls.append((start, time.monotonic(), False))
                            break
                        ok = result.structured_content == {"operation": "demo_tool", "result": {"value": 2}}
                        calls.append((start, time.monotonic(), ok))

    stop = anyio.Event()
    with anyio.fail_after(60):
        async with anyio.create_task_group() as group:
            for _ in range(4):
                group.start_soon(caller, stop)
            await anyio.sleep(2.0)  # load before the kill
            victim = two_replicas.replicas[0].proc
            killed_at.append(time.monotonic())
            victim.send_signal(signal.SIGKILL)
            await anyio.to_thread.run_sync(victim.wait)  # reaped: its sockets are closed
            killed_at.append(time.monotonic())
            await anyio.sleep(4.0)  # load after it
            stop.set()
    # In flight at the kill: reached the replica before it was gone (the kill takes a few ms).
    kill, gone = killed_at
    failed = [(start, end) for start, end, ok in calls if not ok]
    assert all(start <= gone and end >= kill for start, end in failed), (failed, kill, gone)
    assert len(failed) <= 4
    after = [ok for start, _end, ok in calls if start > gone]
    assert len(after) > 20 and all(after)
    doctor = subprocess.run(
        [MCPFORGE, "doctor", "--registry", team_registry.location],
        capture_output=True,
        text=True,
        check=False,
    )
    assert doctor.returncode == 0, doctor.stdout + doctor.stderr


def tampering_factory(
    headers: dict[str, str] | None = None,
    timeout: httpx2.Timeout | None = None,
    auth: httpx2.Auth | None = None,
    **kwargs: Any,
) -> httpx2.AsyncClient:
    """An HTTP client that changes one character of the sealed state of every later round."""

    class Tampering(httpx2.AsyncBaseTransport):
        def __init__(self) -> None:
            self.inner = httpx2.AsyncHTTPTransport()

        async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
            body = json.loads(request.content or b"{}")
            state = (body.get("params") or {}).get("requestState") if isinstance(body, dict) else None
            if isinstance(state, str):
                middle = len(state) // 2
                body["params"]["requestState"] = (
                    state[:middle] + ("A" if state[middle] != "A" else "B") + state[middle + 1 :]
                )
                request = httpx2.Request(
                    request.method,
                    request.url,
                    headers={k: v for k, v in request.headers.items() if k.lower() != "content-length"},
                    json=body,
                )
            return await self.inner.handle_async_request(request)

        async def aclose(self) -> None:
            await self.inner.aclose()

    timeout = timeout or httpx2.Timeout(30.0, read=300.0)
    return httpx2.AsyncClient(headers=headers, timeout=timeout, auth=auth, **kwargs, transport=Tampering())


async def test_a_tampered_request_state_is_refused_and_nothing_is_decided(
    two_replicas: Topology, team_registry: TeamRegistry
) -> None:
    candidate_id = stage(team_registry.backend, "tampered_tool")
    handler = person({"correct": True}, {"decision": "Approve"})
    transport = StreamableHttpTransport(two_replicas.url, httpx_client_factory=tampering_factory)
    async with Client(transport, elicitation_handler=handler) as client:
        with pytest.raises(MCPError, match="Invalid or expired requestState"):
            await client.call_tool("review_candidate", {"candidate_id": candidate_id})
    assert team_registry.backend.get_candidate(candidate_id).status == ToolStatus.STAGED


async def test_replicas_without_a_shared_key_refuse_each_others_rounds(
    team_registry: TeamRegistry, tmp_path: Path
) -> None:
    candidate_id = stage(team_registry.backend, "unshared_tool")
    handler = person({"correct": True}, {"decision": "Approve"})
    with running_topology(
        2, registry=team_registry.location, config=team_registry.config_file, logs=tmp_path / "logs",
        own_keys=True,
    ) as topology:  # fmt: skip
        async with Client(topology.url, elicitation_handler=handler) as client:
            with pytest.raises(MCPError, match="Invalid or expired requestState"):
                await client.call_tool("review_candidate", {"candidate_id": candidate_id})
    assert team_registry.backend.get_candidate(candidate_id).status == ToolStatus.STAGED


async def test_every_replica_tells_its_listening_clients_of_a_promotion_within_two_seconds(
    team_registry: TeamRegistry, tmp_path: Path
) -> None:
    # PostgreSQL replicas poll only every 10 s here: they hear of the promotion through LISTEN/NOTIFY.
    slow_poll = 10.0 if team_registry.location.startswith("postgres") else 0.5
    candidate_id = stage(team_registry.backend, "announced_tool")
    with running_topology(
        2, registry=team_registry.location, config=team_registry.config_file, logs=tmp_path / "logs",
        poll_interval=slow_poll,
    ) as topology, anyio.fail_after(60):  # fmt: skip
        async with contextlib.AsyncExitStack() as stack:
            streams = []
            for replica in topology.replicas:
                client = await stack.enter_async_context(Client(replica.url))
                streams.append(
                    await stack.enter_async_context(listen(client.session, tools_list_changed=True))
                )
            await anyio.sleep(slow_poll / 2 + 0.5)  # past the replicas' first poll after the subscription
            started = time.monotonic()
            await anyio.to_thread.run_sync(approve, team_registry.backend, candidate_id)
            for stream in streams:
                with anyio.fail_after(PROPAGATION_LIMIT):
                    assert isinstance(await stream.__anext__(), ToolsListChanged)
            assert time.monotonic() - started < PROPAGATION_LIMIT
