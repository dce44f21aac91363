"""A queued forge request keeps who asked: ``serve --http`` with bearer tokens queues alice's request, a
worker stages it, and the audit log's staging row and the job's row name ``mcp:alice`` (issue 27, roles)."""

from __future__ import annotations

import os
from pathlib import Path

import anyio
import pytest
from _queue_harness import REQUEST, Queue
from fastmcp import Client
from tests.server._serve_process import free_port, serving_http

from mcpforge.registry import Registry
from mcpforge.server._auth import add_token

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


async def test_the_worker_stages_a_queued_request_in_the_name_of_who_asked(
    queue: Queue, tmp_path: Path
) -> None:
    tokens = tmp_path / "tokens.yaml"
    alice = add_token(tokens, "alice", ["requester"])
    dave = add_token(tokens, "dave", ["requester"])
    args = [
        "serve", "--registry", str(queue.registry), "--config", str(queue.config),
        "--tokens-file", str(tokens), "--allow-read", str(queue.data), "--http", str(free_port()),
    ]  # fmt: skip
    with serving_http(args, tmp_path / "serve.log", dict(os.environ)) as served:
        async with Client(served.url, auth=alice) as client:
            with anyio.fail_after(30):
                queued = await client.call_tool(
                    "forge_request", {"request": REQUEST, "data_path": "sales.csv"}
                )
        assert not queued.is_error, queued.content
        job_id = str((queued.structured_content or {})["job_id"])
        queue.start_worker("w1")
        row = queue.wait_for(job_id, lambda r: r.finished)
        assert (row.status, row.actor) == ("done", "mcp:alice")
        async with Client(served.url, auth=dave) as client:  # another requester: not theirs to follow
            with anyio.fail_after(30):
                theirs = await client.call_tool("forge_status", {"job_id": job_id}, raise_on_error=False)
        assert theirs.is_error and "queued by someone else" in str(theirs.content)
        async with Client(served.url, auth=alice) as client:
            with anyio.fail_after(30):
                mine = await client.call_tool("forge_status", {"job_id": job_id})
        assert (mine.structured_content or {})["status"] == "done"
    candidate_id = row.candidate_id
    staged_by = [
        entry.actor
        for entry in Registry(queue.registry).audit.entries()
        if entry.candidate_id == candidate_id and entry.to_status == "STAGED"
    ]
    assert staged_by == ["mcp:alice"]
