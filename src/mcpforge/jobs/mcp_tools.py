"""``forge_request`` on a queue, and ``forge_status``: the requester's view of forge jobs over MCP.

With ``queue.url`` set, the server's ``forge_request`` checks the data path, queues the request and
answers at once with ``{"job_id", "status": "queued"}``; ``mcpforge worker`` forges it. ``forge_status``
(role requester) then reports the job's stage and steps, and once it is done the very presentation
``forge_request`` gives when it forges in the server (the staged candidate, its result on the data).
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, Annotated, Any

import anyio.to_thread
from fastmcp.tools.base import ToolResult
from mcp.types import ToolAnnotations
from pydantic import Field

from mcpforge.exceptions import MCPForgeError
from mcpforge.jobs.client import ForgeQueue
from mcpforge.jobs.progress import JobRow
from mcpforge.pipeline.intent.reading import inline_text

if TYPE_CHECKING:
    from fastmcp import FastMCP

    from mcpforge.server.forge_tools import ForgeService

__all__ = ["attach_queue", "queue_request", "register_forge_status", "status_result"]

STATUS_TOOL = "forge_status"


async def queue_request(
    queue: ForgeQueue,
    service: ForgeService,
    *,
    request: str,
    data_path: str,
    answers: Mapping[str, str],
    actor: str,
) -> ToolResult:
    """Check the data path as the server would, queue the forge request, and say how to follow it."""

    def enqueue() -> str:
        path = service.data_file(data_path)
        return queue.enqueue(
            request=request, data_path=path, answers=answers, actor=actor,
            engine=service.config.llm.engine, allow_read=service.roots,
        )  # fmt: skip

    try:
        job_id = await anyio.to_thread.run_sync(enqueue)
    except MCPForgeError as exc:
        return ToolResult(content=f"forge_request failed: {exc}", is_error=True)
    text = (
        f"Queued as job `{job_id}`: a worker validates and stages the tool. "
        f"Call `{STATUS_TOOL}` with this job id to follow it and to get the result."
    )
    return ToolResult(content=text, structured_content={"job_id": job_id, "status": "queued"})


def status_result(job_id: str, row: JobRow | None) -> ToolResult:
    """The ``forge_status`` answer for one job (an error for an unknown id or a failed job)."""
    if row is None:
        return ToolResult(content=f"{STATUS_TOOL} failed: no forge job {job_id!r}", is_error=True)
    shown = row.result or {}
    data: dict[str, Any] = {
        "job_id": row.job_id,
        "status": row.status,
        "stage": row.stage,
        "attempts": row.attempts,
        "events": [{"stage": event.get("stage"), "message": event.get("message")} for event in row.events],
        "candidate_id": row.candidate_id,
        "result": shown.get("data"),
        "error": row.error,
    }
    if not row.finished:
        messages = [str(event.get("message", "")) for event in row.events]
        steps = "\n".join(f"- {inline_text(message)}" for message in messages) or "- waiting for a worker"
        text = f"Job `{row.job_id}` is {row.status} ({row.stage}).\n\n{steps}"
        return ToolResult(content=text, structured_content=data)
    text = str(shown.get("text") or f"forge failed: {row.error}")
    return ToolResult(content=text, structured_content=data, is_error=row.status == "failed")


def _may_follow(row: JobRow, *, auth_required: bool) -> bool:
    """Whether the identity of the current request may see ``row``: its requester, a reviewer or an
    admin, or the local user (no authentication)."""
    from mcpforge.server._auth import current_identity

    identity = current_identity(auth_required=auth_required)
    if identity is None or not identity.authenticated:
        return identity is not None
    return bool(identity.roles & {"reviewer", "admin"}) or row.actor == identity.actor(row.actor)


def register_forge_status(server: FastMCP[Any], queue: ForgeQueue, *, auth_required: bool) -> None:
    """Add ``forge_status`` (role requester) to ``server``."""
    from mcpforge.server._auth import RoleCheck

    async def forge_status(
        job_id: Annotated[str, Field(description="The job id forge_request returned")],
    ) -> ToolResult:
        """Follow a queued forge request: its stage, its steps, and the staged tool once it is done.

        WHEN TO USE THIS TOOL: after forge_request answered with a job id (status queued).
        WHAT THIS TOOL DOES: reads the job's progress from the queue; changes nothing.
        RETURNS: the status (queued, running, done, failed, needs_clarification), the stage (reading,
        writing code, validating, staged) and the steps so far; once done, what forge_request returns
        when it forges in the server: the result on the data and the staged candidate's id.
        PREREQUISITES: a job id from forge_request. Poll it every few seconds until it is finished.
        """
        try:
            row = await anyio.to_thread.run_sync(queue.status, job_id)
        except MCPForgeError as exc:
            return ToolResult(content=f"{STATUS_TOOL} failed: {exc}", is_error=True)
        if row is not None and not _may_follow(row, auth_required=auth_required):
            # A job holds a person's data path, request and results: only they (or a reviewer) follow it.
            text = (
                f"{STATUS_TOOL} failed: job {job_id!r} was queued by someone else; a requester follows only "
                "the jobs they queued (reviewers and admins follow every job)"
            )
            return ToolResult(content=text, is_error=True)
        return status_result(job_id, row)

    server.tool(
        forge_status,
        name=STATUS_TOOL,
        output_schema=None,
        annotations=ToolAnnotations(read_only_hint=True, open_world_hint=False),
        auth=RoleCheck(tool=STATUS_TOOL, auth_required=auth_required),
    )


def attach_queue(
    server: FastMCP[Any], service: ForgeService, url: str, *, auth_required: bool
) -> Callable[..., Awaitable[ToolResult]]:
    """Add ``forge_status`` to ``server``; returns what ``forge_request`` calls to queue a request
    (keywords request, data_path, answers, actor)."""
    queue = ForgeQueue(url)
    register_forge_status(server, queue, auth_required=auth_required)
    return functools.partial(queue_request, queue, service)
