"""``forge_request`` on a real ``serve --http`` with ``queue.url``: a job id at once, a worker forges it,
``forge_status`` reports the stages and then the staged candidate."""

from __future__ import annotations

import os
from pathlib import Path

import anyio
import pytest
from _queue_harness import REQUEST, Queue
from fastmcp import Client
from tests.server._serve_process import free_port, serving_http

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _serve_args(queue: Queue) -> list[str]:
    return [
        "serve", "--registry", str(queue.registry), "--config", str(queue.config),
        "--allow-read", str(queue.data), "--http", str(free_port()),
    ]  # fmt: skip


async def test_forge_request_answers_a_job_id_and_forge_status_follows_it_to_the_candidate(
    queue: Queue, tmp_path: Path
) -> None:
    with serving_http(_serve_args(queue), tmp_path / "serve.log", dict(os.environ)) as served:
        async with Client(served.url) as client:
            assert "forge_status" in {tool.name for tool in await client.list_tools()}
            with anyio.fail_after(30):  # no worker yet: the answer cannot wait for the forge
                queued = await client.call_tool(
                    "forge_request", {"request": REQUEST, "data_path": "sales.csv"}
                )
            assert not queued.is_error, queued.content
            assert set(queued.structured_content or {}) == {"job_id", "status"}
            job_id = str(queued.structured_content["job_id"])
            waiting = await client.call_tool("forge_status", {"job_id": job_id})
            assert (waiting.structured_content or {})["status"] == "queued"

            queue.start_worker("w1")
            stages = []
            with anyio.fail_after(90):
                while True:
                    status = await client.call_tool("forge_status", {"job_id": job_id}, raise_on_error=False)
                    data = status.structured_content or {}
                    stages.append(data["stage"])
                    if data["status"] not in {"queued", "running"}:
                        break
                    await anyio.sleep(0.2)
            assert not status.is_error, status.content
            assert (data["status"], data["stage"]) == ("done", "staged")
            assert "validating" in stages, stages  # seen while it ran, not only afterwards
            assert {"reading", "writing code", "validating"} <= {event["stage"] for event in data["events"]}
            candidate_id = data["candidate_id"]
            assert data["result"]["candidate_id"] == candidate_id
            text = status.content[0].text
            assert "North" in text and "review_candidate" in text
            inspected = await client.call_tool("inspect_candidate", {"candidate_id": candidate_id})
            assert (inspected.structured_content or {})["status"] == "STAGED"
            unknown = await client.call_tool("forge_status", {"job_id": "no-such-job"}, raise_on_error=False)
            assert unknown.is_error
            assert "no forge job 'no-such-job'" in unknown.content[0].text
    assert queue.candidates() == [candidate_id]
