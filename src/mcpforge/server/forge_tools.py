"""The forge as MCP tools: an agent can request a tool and inspect candidates; only the person approves.

``forge_request``, ``inspect_candidate`` and ``list_candidates`` let an agent drive steps 1-7 of the
pipeline. ``review_candidate`` asks the two review questions of step 8 through MCP elicitation, which
the client shows to the person, and applies the answers with
:func:`mcpforge.registry.review.apply_review`. No tool takes a decision as an argument: an agent that
could approve on the person's behalf would defeat the approval gate (ARCHITECTURE §5). When the client
cannot ask the person (no elicitation support), or the person declines, cancels or does not answer in
time, nothing is decided and the candidate stays STAGED.

The review questions, in both protocol eras, live in :mod:`mcpforge.server._review_flow`. Over HTTP
with bearer tokens, only identities with the roles of :data:`mcpforge.server._auth.TOOL_ROLES` see and
call these tools, and the audit log names them (``mcp:<identity>``) as who requested or approved.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import anyio
import anyio.from_thread
import anyio.lowlevel
import anyio.to_thread
import mcp_types
from fastmcp import Context, FastMCP
from fastmcp.tools.base import ToolResult
from mcp.types import ToolAnnotations
from pydantic import Field

from mcpforge.config import MCPForgeConfig
from mcpforge.exceptions import InvalidArgumentError, MCPForgeError, NeedsClarificationError
from mcpforge.models import ToolCandidate, ToolStatus
from mcpforge.paths import resolve_under_roots
from mcpforge.pipeline.forge import ForgeResult, forge
from mcpforge.pipeline.intent.clarify import parse_answers
from mcpforge.pipeline.intent.reading import inline_text
from mcpforge.pipeline.present import (
    candidate_reading,
    intent_reading,
    reading_section,
    result_section,
    validation_line,
)
from mcpforge.registry import RegistryBackend
from mcpforge.server._auth import RoleCheck, current_actor
from mcpforge.server._clarify_flow import earlier_round, next_step
from mcpforge.server._invoke import under_root
from mcpforge.server._review_flow import REVIEW_ACTOR, ReviewFlow, clip

__all__ = ["FORGE_TOOL_NAMES", "REQUEST_ACTOR", "REVIEW_ACTOR", "ForgeService", "register_forge_tools"]

logger = logging.getLogger("mcpforge.server")

REQUEST_ACTOR = "agent:mcp"
# forge_request and review_candidate write to the registry (a staged candidate, a decision); nothing here
# reaches beyond the person's files and registry, so none is open-world.
FORGE_ANNOTATIONS = {
    "forge_request": ToolAnnotations(read_only_hint=False, destructive_hint=False, open_world_hint=False),
    "inspect_candidate": ToolAnnotations(read_only_hint=True, open_world_hint=False),
    "list_candidates": ToolAnnotations(read_only_hint=True, open_world_hint=False),
    "review_candidate": ToolAnnotations(read_only_hint=False, destructive_hint=False, open_world_hint=False),
}
FORGE_TOOL_NAMES = ("forge_request", "inspect_candidate", "list_candidates", "review_candidate")


@dataclass(kw_only=True)
class ForgeService:
    """The blocking work behind the forge tools (run from worker threads)."""

    registry: RegistryBackend
    config: MCPForgeConfig
    roots: tuple[Path, ...]

    def request(
        self,
        request: str,
        data_path: str,
        answers: dict[str, str] | None = None,
        progress: Callable[[str], None] | None = None,
        actor: str = REQUEST_ACTOR,
    ) -> ForgeResult:
        """Steps 1-7 for ``request`` over ``data_path``, which must lie under the server's roots.

        Raises:
            PathNotAllowedError: the file is outside the allowed roots (or none is configured).
            DataError, UnmappableRequestError, InvalidArgumentError: from the pipeline.
        """
        path = self.data_file(data_path)
        return forge(
            request, path, registry=self.registry, config=self.config, engine=self.config.llm.engine,
            allow_read=self.roots, actor=actor, answers=answers, progress=progress,
        )  # fmt: skip

    def data_file(self, data_path: str) -> Path:
        """The data file ``data_path`` names, which must lie under the server's roots."""
        return resolve_under_roots(under_root(data_path, self.roots), self.roots, mode="read")

    def candidate(self, candidate_id: str) -> ToolCandidate:
        """The candidate ``candidate_id`` (raises NotFoundError)."""
        return self.registry.get_candidate(candidate_id)

    def candidates(self, status: str | None) -> list[ToolCandidate]:
        """Candidates, optionally of one status (raises InvalidArgumentError for an unknown status)."""
        if status is None or not status.strip():
            return self.registry.list_candidates()
        try:
            wanted = ToolStatus(status.strip().upper())
        except ValueError:
            names = ", ".join(s.value for s in ToolStatus)
            raise InvalidArgumentError(
                f"unknown status {status!r}; choose one of {names}", argument="status"
            ) from None
        return self.registry.list_candidates(wanted)


def _validation_summary(candidate: ToolCandidate | None) -> str | None:
    if candidate is None:
        return None
    return validation_line(candidate.validation_report, candidate_reading(candidate).origin)


def _reading(result: ForgeResult) -> str | None:
    """The reading sentence of a forge result (also in the structured content, for agents)."""
    if result.candidate is not None:
        return candidate_reading(result.candidate).sentence
    if result.intent is not None and result.artifacts is not None:
        arguments = result.artifacts.metadata.get("arguments")
        return intent_reading(result.intent, result.artifacts, arguments).sentence
    return None


def forge_result(result: ForgeResult) -> ToolResult:
    """The tool result of ``forge_request``: the presentation and the ForgeResult JSON."""
    data = {
        **result.to_json(),
        "reading": _reading(result),
        "validation_summary": _validation_summary(result.candidate),
    }
    if result.error is not None:
        return ToolResult(content=f"forge failed: {result.error}", structured_content=data, is_error=True)
    text = result.result_markdown or "The forge produced no presentation."
    if result.status == ToolStatus.STAGED.value and result.candidate_id:
        text += (
            f"\n\n---\n\n**Next step**: the tool is staged as `{result.candidate_id}`, not registered. "
            f"Call `review_candidate` with this id: the person is asked in their MCP client whether the "
            "output is correct and whether to register the tool. Only their explicit Approve registers it."
        )
    return ToolResult(content=text, structured_content=data)


def candidate_summary(candidate: ToolCandidate) -> dict[str, Any]:
    """One row of ``list_candidates``."""
    return {
        "candidate_id": candidate.candidate_id,
        "tool_name": candidate.spec.tool_name,
        "version": candidate.version,
        "status": candidate.status.value,
        "description": candidate.spec.description,
        "created_at": candidate.created_at,
        "created_by": candidate.created_by,
    }


def candidate_details(candidate: ToolCandidate) -> dict[str, Any]:
    """The structured content of ``inspect_candidate``."""
    report = candidate.validation_report
    artifacts = candidate.run_artifacts
    feedback = candidate.user_feedback
    return {
        **candidate_summary(candidate),
        "spec": candidate.spec.model_dump(mode="json"),
        "validation_summary": _validation_summary(candidate),
        "validation": report.model_dump(mode="json") if report is not None else None,
        "run": artifacts.model_dump(mode="json") if artifacts is not None else None,
        "result": artifacts.result if artifacts is not None else None,
        "user_feedback": feedback.model_dump(mode="json") if feedback is not None else None,
    }


def candidate_markdown(candidate: ToolCandidate) -> str:
    """The markdown of ``inspect_candidate``: the reading, status, contract, validation and the run.

    Text that came from the tool (its description, its output) is escaped or rendered as data.
    """
    lines = [
        f"## Candidate {inline_text(candidate.candidate_id)}",
        "",
        reading_section(candidate_reading(candidate)),
        "",
        f"**Status**: {candidate.status.value}",
        f"**Tool**: {inline_text(candidate.spec.tool_name)} v{inline_text(candidate.version)}: "
        f"{inline_text(candidate.spec.description)}",
    ]
    summary = _validation_summary(candidate)
    if summary:
        lines.append(f"**Validation**: {summary}")
    parameters = ", ".join(inline_text(name) for name in candidate.spec.input_schema.get("properties", {}))
    lines.append(f"**Parameters**: {parameters or 'none'}")
    if candidate.run_artifacts is not None:
        lines += ["", "### Result on the data", "", clip(result_section(candidate.run_artifacts))]
    if candidate.status == ToolStatus.STAGED:
        lines += ["", "Not registered. `review_candidate` asks the person to approve or reject it."]
    return "\n".join(lines)


MAX_QUESTIONS = 3


def _error(tool: str, exc: BaseException) -> ToolResult:
    return ToolResult(content=f"{tool} failed: {exc}", is_error=True)


def register_forge_tools(  # noqa: PLR0915 - one closure per tool
    server: FastMCP[Any],
    registry: RegistryBackend,
    config: MCPForgeConfig,
    roots: Sequence[Path],
    *,
    auth_required: bool = False,
) -> ForgeService:
    """Add the forge tools to ``server``; returns the service behind them.

    ``auth_required``: the server authenticates every request, so each tool is listed and callable only
    for identities with its roles, and the audit log names the identity instead of the local user.
    """
    service = ForgeService(registry=registry, config=config, roots=tuple(roots))
    queued = _job_queue(server, service, auth_required=auth_required)
    flow = ReviewFlow(registry=registry, config=config)

    async def forge_request(
        request: Annotated[str, Field(description="The analysis wanted, in plain words")],
        data_path: Annotated[
            str, Field(description="CSV file to analyse; must lie under the server's allowed roots")
        ],
        ctx: Context,
        clarify: Annotated[
            list[str] | None,
            Field(description='Answers to earlier questions of this tool, as KEY=CHOICE: ["revenue=amount"]'),
        ] = None,
    ) -> ToolResult | mcp_types.InputRequiredResult:
        """Generate, validate and stage a data-analysis tool for a request, and run it on the data.

        WHEN TO USE THIS TOOL: when no listed tool answers an analysis question over a CSV file.
        WHAT THIS TOOL DOES: maps the request onto an analysis, writes and validates a tool in the
        sandbox (or reuses a registered one), runs it on the file and stages it. It never registers it.
        RETURNS: the result and a tool summary as markdown, and the forge result as structured data.
        PREREQUISITES: the file is under an allowed read directory. To register the staged tool, call
        review_candidate: the person decides in their client. When the request can be read several ways
        the result is a question with choices (status NEEDS_CLARIFICATION): ask the person and call again
        with clarify=["key=choice"]. With a job queue (queue.url) the answer is a job id instead, at once:
        follow it with forge_status.
        """
        steps = 0
        # The pipeline reports from its own thread (the ask budget runs it in one), not an AnyIO worker.
        loop = anyio.lowlevel.current_token()

        def report(message: str) -> None:
            # Each pipeline step is one MCP progress notification (the total is not known in advance).
            nonlocal steps
            steps += 1
            anyio.from_thread.run(ctx.report_progress, steps, None, message, token=loop)

        try:
            answers = parse_answers(clarify or [])
        except InvalidArgumentError as exc:
            return _error("forge_request", exc)
        earlier = earlier_round(ctx, request, data_path)
        actor = current_actor(REQUEST_ACTOR, auth_required=auth_required)
        answers = {**earlier.answers, **answers}
        if queued is not None:  # queue.url: a worker forges it, forge_status follows it
            return await queued(request=request, data_path=data_path, answers=answers, actor=actor)
        try:
            for _question in range(MAX_QUESTIONS):
                try:
                    result = await anyio.to_thread.run_sync(
                        service.request, request, data_path, answers, report, actor
                    )
                    break
                except NeedsClarificationError as question:
                    step = await next_step(ctx, question, request=request, data_path=data_path,
                                           answers=answers, earlier=earlier,
                                           timeout=config.feedback.timeout_seconds)  # fmt: skip
                    if not isinstance(step, str):
                        return step
                    answers[question.key] = step
            else:
                raise InvalidArgumentError("too many questions", argument="clarify")
        except MCPForgeError as exc:
            return _error("forge_request", exc)
        except Exception as exc:  # top level of a tool call: the server must keep serving
            logger.exception("forge_request failed")
            return _error("forge_request", exc)
        return forge_result(result)

    async def inspect_candidate(
        candidate_id: Annotated[str, Field(description="Candidate id, <tool_name>_<version>")],
    ) -> ToolResult:
        """Show a candidate tool: status, spec, validation summary and its run on the data.

        WHEN TO USE THIS TOOL: to look at a staged (or rejected, approved, promoted) candidate.
        WHAT THIS TOOL DOES: reads the candidate from the registry's staging area; changes nothing.
        RETURNS: markdown and the candidate's spec, validation report, run result and status.
        PREREQUISITES: a candidate id from forge_request or list_candidates.
        """
        try:
            candidate = await anyio.to_thread.run_sync(service.candidate, candidate_id)
        except MCPForgeError as exc:
            return _error("inspect_candidate", exc)
        return ToolResult(
            content=candidate_markdown(candidate), structured_content=candidate_details(candidate)
        )

    async def list_candidates(
        status: Annotated[
            str | None, Field(description="Only this status: STAGED, APPROVED, REJECTED, PROMOTED, DRAFT")
        ] = None,
    ) -> ToolResult:
        """List the candidate tools in the registry's staging area.

        WHEN TO USE THIS TOOL: to find a candidate to inspect or to have the person review.
        WHAT THIS TOOL DOES: reads the staging area; changes nothing.
        RETURNS: one line per candidate (id, tool, version, status) and the same as structured data.
        PREREQUISITES: none.
        """
        try:
            found = await anyio.to_thread.run_sync(service.candidates, status)
        except MCPForgeError as exc:
            return _error("list_candidates", exc)
        rows = [candidate_summary(candidate) for candidate in found]
        lines = [
            f"- {inline_text(r['candidate_id'])} {r['status']}: {inline_text(r['description'])}" for r in rows
        ]
        text = f"## Candidates ({len(rows)})\n\n" + ("\n".join(lines) if lines else "None.")
        return ToolResult(content=text, structured_content={"count": len(rows), "candidates": rows})

    async def review_candidate(
        candidate_id: Annotated[
            str, Field(description="Id of the STAGED candidate the person should review")
        ],
        ctx: Context,
    ) -> ToolResult | mcp_types.InputRequiredResult:
        """Ask the person, in their MCP client, to review a staged tool; only their Approve registers it.

        WHEN TO USE THIS TOOL: after forge_request staged a tool the person may want to keep.
        WHAT THIS TOOL DOES: asks the person "Is this output correct?" and, if yes, "Approve or Reject
        registration?" through MCP elicitation, then applies their answers. The agent cannot answer.
        RETURNS: the outcome (PROMOTED, REJECTED, or still STAGED when the person gave no decision).
        PREREQUISITES: a STAGED candidate and a client that supports elicitation.
        """
        try:
            return await flow.run(candidate_id, ctx, current_actor(REVIEW_ACTOR, auth_required=auth_required))
        except MCPForgeError as exc:
            return _error("review_candidate", exc)
        except Exception as exc:  # top level of a tool call: the server must keep serving
            logger.exception("review_candidate failed")
            return _error("review_candidate", exc)

    for function in (forge_request, inspect_candidate, list_candidates, review_candidate):
        server.tool(
            function,
            name=function.__name__,
            output_schema=None,
            annotations=FORGE_ANNOTATIONS[function.__name__],
            auth=RoleCheck(tool=function.__name__, auth_required=auth_required),
        )
    return service


def _job_queue(
    server: FastMCP[Any], service: ForgeService, *, auth_required: bool
) -> Callable[..., Awaitable[ToolResult]] | None:
    """With ``queue.url``: ``forge_request``'s queuing of a job for ``mcpforge worker`` (and the
    ``forge_status`` tool that follows it, added to ``server``); None without."""
    if not service.config.queue.url:
        return None
    from mcpforge.jobs.mcp_tools import attach_queue

    return attach_queue(server, service, service.config.queue.url, auth_required=auth_required)
