"""The forge as MCP tools: an agent can request a tool and inspect candidates; only the person approves.

``forge_request``, ``inspect_candidate`` and ``list_candidates`` let an agent drive steps 1-7 of the
pipeline. ``review_candidate`` asks the two review questions of step 8 through MCP elicitation, which
the client shows to the person, and applies the answers with
:func:`mcpforge.registry.review.apply_review`. No tool takes a decision as an argument: an agent that
could approve on the person's behalf would defeat the approval gate (ARCHITECTURE §5). When the client
cannot ask the person (no elicitation support), or the person declines, cancels or does not answer in
time, nothing is decided and the candidate stays STAGED.

Both protocol eras are served: handshake-era (2025-11-25) connections get server-initiated
``elicitation/create`` requests (``ctx.elicit``); 2026-07-28 connections, which have no back-channel,
get the same questions as ``InputRequiredResult`` input requests (SEP-2322).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import anyio
import anyio.to_thread
import mcp_types
from fastmcp import Context, FastMCP
from fastmcp.exceptions import ToolError
from fastmcp.server.elicitation import AcceptedElicitation
from fastmcp.tools.base import ToolResult
from mcp.shared.exceptions import MCPError
from mcp_types.version import MODERN_PROTOCOL_VERSIONS
from pydantic import BaseModel, Field, ValidationError

from mcpforge.config import MCPForgeConfig
from mcpforge.exceptions import InvalidArgumentError, MCPForgeError
from mcpforge.models import ToolCandidate, ToolStatus
from mcpforge.pipeline.forge import ForgeResult, forge
from mcpforge.pipeline.present import result_section, tool_summary, validation_line
from mcpforge.registry import Registry
from mcpforge.registry.review import ReviewOutcome, apply_review, ensure_reviewable
from mcpforge.runtime import resolve_under_roots

logger = logging.getLogger("mcpforge.server")

REVIEW_ACTOR = "human:mcp-elicitation"
REQUEST_ACTOR = "agent:mcp"
FORGE_TOOL_NAMES = ("forge_request", "inspect_candidate", "list_candidates", "review_candidate")
_MAX_RESULT_CHARS = 6_000
_OUTPUT_KEY = "output"
_DECISION_KEY = "registration"


class OutputAnswer(BaseModel):
    """The person's answer to "Is this output correct?"."""

    correct: bool = Field(title="Is this output correct?", description="Yes if the result above is right")
    notes: str = Field(default="", title="Notes", description="Optional: what is wrong or missing")


class RegistrationAnswer(BaseModel):
    """The person's answer to "Approve or Reject registration?" (parsed strictly)."""

    decision: str = Field(
        title="Approve or Reject registration?",
        description="Type Approve to register the tool; anything else (Reject, a reason) registers nothing",
    )


@dataclass(frozen=True, kw_only=True)
class _Answer:
    """One elicited answer: ``value`` when the person answered, else why there is none."""

    value: BaseModel | None = None
    missing: str | None = None


@dataclass(kw_only=True)
class ForgeService:
    """The blocking work behind the forge tools (run from worker threads)."""

    registry: Registry
    config: MCPForgeConfig
    roots: tuple[Path, ...]

    def request(self, request: str, data_path: str) -> ForgeResult:
        """Steps 1-7 for ``request`` over ``data_path``, which must lie under the server's roots.

        Raises:
            PathNotAllowedError: the file is outside the allowed roots (or none is configured).
            DataError, UnmappableRequestError, InvalidArgumentError: from the pipeline.
        """
        path = resolve_under_roots(data_path, self.roots, mode="read")
        return forge(
            request, path, registry=self.registry, config=self.config, engine=self.config.llm.engine,
            allow_read=self.roots, actor=REQUEST_ACTOR,
        )  # fmt: skip

    def candidate(self, candidate_id: str) -> ToolCandidate:
        """The candidate ``candidate_id`` (raises NotFoundError)."""
        return self.registry.get_candidate(candidate_id)

    def reviewable(self, candidate_id: str) -> ToolCandidate:
        """The candidate, which must be STAGED (raises NotFoundError / InvalidArgumentError)."""
        candidate = self.registry.get_candidate(candidate_id)
        ensure_reviewable(candidate)
        return candidate

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

    def review(self, candidate_id: str, output: OutputAnswer, decision: str | None) -> ReviewOutcome:
        """Apply the person's answers (``decision`` is ignored when the output was not accepted)."""
        output_answer = "yes" if output.correct else ("no: " + output.notes.strip()).rstrip(": ")
        return apply_review(
            self.registry, candidate_id, output_answer=output_answer, decision_answer=decision,
            actor=REVIEW_ACTOR, config=self.config,
        )  # fmt: skip


def _validation_summary(candidate: ToolCandidate | None) -> str | None:
    return validation_line(candidate.validation_report) if candidate is not None else None


def forge_result(result: ForgeResult) -> ToolResult:
    """The tool result of ``forge_request``: the presentation and the ForgeResult JSON."""
    data = {**result.to_json(), "validation_summary": _validation_summary(result.candidate)}
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
    """The markdown of ``inspect_candidate``: status, contract, validation and the staged run."""
    lines = [
        f"## Candidate {candidate.candidate_id}",
        "",
        f"**Status**: {candidate.status.value}",
        f"**Tool**: {candidate.spec.tool_name} v{candidate.version}: {candidate.spec.description}",
    ]
    summary = _validation_summary(candidate)
    if summary:
        lines.append(f"**Validation**: {summary}")
    parameters = ", ".join(f"`{name}`" for name in candidate.spec.input_schema.get("properties", {}))
    lines.append(f"**Parameters**: {parameters or 'none'}")
    if candidate.run_artifacts is not None:
        lines += ["", "### Result on the data", "", _clip(result_section(candidate.run_artifacts))]
    if candidate.status == ToolStatus.STAGED:
        lines += ["", "Not registered. `review_candidate` asks the person to approve or reject it."]
    return "\n".join(lines)


def _clip(text: str, limit: int = _MAX_RESULT_CHARS) -> str:
    return text if len(text) <= limit else text[:limit].rstrip() + "\n\n_(truncated)_"


def output_question(candidate: ToolCandidate) -> str:
    """Stage 1 message: the result and the tool summary, then the question."""
    parts = [f"mcpforge staged the tool {candidate.spec.tool_name!r} (v{candidate.version})."]
    if candidate.run_artifacts is not None:
        parts += [
            _clip(result_section(candidate.run_artifacts)),
            tool_summary(candidate, candidate.run_artifacts),
        ]
    else:
        parts.append(candidate.spec.description)
    parts.append("Is this output correct?")
    return "\n\n".join(parts)


def registration_question(candidate: ToolCandidate) -> str:
    """Stage 2 message (strict: only an explicit Approve registers)."""
    return (
        f"Register {candidate.spec.tool_name!r} v{candidate.version} as a tool of this MCP server? "
        "Type Approve to register it, or Reject (optionally with the reason). Anything other than a "
        "plain Approve registers nothing."
    )


def not_decided(candidate_id: str, why: str) -> ToolResult:
    """The result when the person gave no decision: a normal result (not an error), nothing changed."""
    text = (
        f"Not approved: {why}. Candidate `{candidate_id}` stays STAGED and is not registered. "
        "Only the person can approve it: in an MCP client that supports elicitation (call "
        f"review_candidate again), or with `mcpforge review {candidate_id}`."
    )
    return ToolResult(
        content=text,
        structured_content={
            "candidate_id": candidate_id, "status": ToolStatus.STAGED.value, "decided": False,
            "promoted": False, "reason": why, "message": text,
        },
    )  # fmt: skip


def review_result(outcome: ReviewOutcome) -> ToolResult:
    """The result of a decided review."""
    data = {**outcome.to_dict(), "decided": True}
    text = (
        f"Review of `{outcome.candidate.candidate_id}`: {outcome.candidate.status.value}. {outcome.message}"
    )
    return ToolResult(content=text, structured_content=data)


def _parse_answer(model: type[BaseModel], content: Any) -> _Answer:
    try:
        return _Answer(value=model.model_validate(content or {}))
    except ValidationError:
        return _Answer(missing="the answer did not match the question's form")


def _is_modern(ctx: Context) -> bool:
    request = ctx.request_context
    return request is not None and request.protocol_version in MODERN_PROTOCOL_VERSIONS


def _supports_elicitation(ctx: Context) -> bool:
    capability = mcp_types.ClientCapabilities(elicitation=mcp_types.ElicitationCapability())
    try:
        return ctx.session.check_client_capability(capability)
    except RuntimeError:  # no session (e.g. called outside an MCP request)
        return False


async def _elicit(ctx: Context, message: str, model: type[BaseModel], timeout: float) -> _Answer:
    """Ask the person on a handshake-era connection; every failure to get an answer is ``missing``."""
    try:
        with anyio.fail_after(timeout):
            answer = await ctx.elicit(message, model)
    except TimeoutError:
        return _Answer(missing=f"no answer within {timeout:g} seconds")
    except (ToolError, MCPError, ValidationError) as exc:
        logger.warning("elicitation failed: %s", exc)
        return _Answer(missing=f"the client could not ask the person ({exc})")
    if isinstance(answer, AcceptedElicitation):
        return _parse_answer(model, answer.data.model_dump() if isinstance(answer.data, BaseModel) else None)
    return _Answer(missing=f"the person {'declined' if answer.action == 'decline' else 'cancelled'}")


def _input_request(message: str, model: type[BaseModel]) -> mcp_types.ElicitRequest:
    schema = model.model_json_schema()
    schema.pop("title", None)
    schema.pop("description", None)
    params = mcp_types.ElicitRequestFormParams(message=message, requested_schema=schema)
    return mcp_types.ElicitRequest(params=params)


def _input_answer(responses: mcp_types.InputResponses, key: str, model: type[BaseModel]) -> _Answer:
    response = responses.get(key)
    if not isinstance(response, mcp_types.ElicitResult):
        return _Answer(missing="the client did not answer the question")
    if response.action != "accept":
        return _Answer(missing=f"the person {'declined' if response.action == 'decline' else 'cancelled'}")
    return _parse_answer(model, response.content)


@dataclass(kw_only=True)
class ReviewFlow:
    """``review_candidate`` for both protocol eras."""

    service: ForgeService
    timeout: float

    async def run(self, candidate_id: str, ctx: Context) -> ToolResult | mcp_types.InputRequiredResult:
        """Ask the two questions and apply the answers, or report why nothing was decided."""
        candidate = await anyio.to_thread.run_sync(self.service.reviewable, candidate_id)
        if not _supports_elicitation(ctx):
            return not_decided(
                candidate_id, "this MCP client does not support elicitation, so the person cannot be asked"
            )
        if _is_modern(ctx):
            return await self._modern(candidate, ctx)
        output = await _elicit(ctx, output_question(candidate), OutputAnswer, self.timeout)
        return await self._after_output(candidate, output, ctx)

    async def _after_output(self, candidate: ToolCandidate, output: _Answer, ctx: Context) -> ToolResult:
        if not isinstance(output.value, OutputAnswer):
            return not_decided(candidate.candidate_id, output.missing or "no answer")
        decision: str | None = None
        if output.value.correct:
            answer = await _elicit(ctx, registration_question(candidate), RegistrationAnswer, self.timeout)
            if not isinstance(answer.value, RegistrationAnswer):
                return not_decided(candidate.candidate_id, answer.missing or "no answer")
            decision = answer.value.decision
        return await self._apply(candidate, output.value, decision)

    async def _apply(
        self, candidate: ToolCandidate, output: OutputAnswer, decision: str | None
    ) -> ToolResult:
        outcome = await anyio.to_thread.run_sync(
            self.service.review, candidate.candidate_id, output, decision
        )
        logger.info("review of %r by the person: %s", candidate.candidate_id, outcome.candidate.status.value)
        return review_result(outcome)

    async def _modern(
        self, candidate: ToolCandidate, ctx: Context
    ) -> ToolResult | mcp_types.InputRequiredResult:
        """SEP-2322 rounds: ask stage 1, then stage 2 with stage 1's answer carried in the request state."""
        responses = ctx.input_responses
        state = _read_state(ctx.request_state, candidate.candidate_id)
        if responses is None or state is None:
            return _ask(_OUTPUT_KEY, output_question(candidate), OutputAnswer, candidate, None)
        if state.get("stage") == _OUTPUT_KEY:
            output = _input_answer(responses, _OUTPUT_KEY, OutputAnswer)
            if not isinstance(output.value, OutputAnswer):
                return not_decided(candidate.candidate_id, output.missing or "no answer")
            if not output.value.correct:
                return await self._apply(candidate, output.value, None)
            return _ask(
                _DECISION_KEY, registration_question(candidate), RegistrationAnswer, candidate, output.value
            )
        output_value = OutputAnswer.model_validate(state.get("output") or {"correct": False})
        answer = _input_answer(responses, _DECISION_KEY, RegistrationAnswer)
        if not isinstance(answer.value, RegistrationAnswer):
            return not_decided(candidate.candidate_id, answer.missing or "no answer")
        return await self._apply(candidate, output_value, answer.value.decision)


def _ask(
    key: str, message: str, model: type[BaseModel], candidate: ToolCandidate, output: OutputAnswer | None
) -> mcp_types.InputRequiredResult:
    state = {"candidate_id": candidate.candidate_id, "stage": key}
    if output is not None:
        state["output"] = output.model_dump()  # type: ignore[assignment]
    return mcp_types.InputRequiredResult(
        input_requests={key: _input_request(message, model)}, request_state=json.dumps(state)
    )


def _read_state(raw: str | None, candidate_id: str) -> dict[str, Any] | None:
    """The request state of an earlier round for this candidate, or None (a fresh review)."""
    if not raw:
        return None
    try:
        state = json.loads(raw)
    except ValueError:
        return None
    if not isinstance(state, dict) or state.get("candidate_id") != candidate_id:
        return None
    return state


def _error(tool: str, exc: BaseException) -> ToolResult:
    return ToolResult(content=f"{tool} failed: {exc}", is_error=True)


def register_forge_tools(
    server: FastMCP[Any], registry: Registry, config: MCPForgeConfig, roots: Sequence[Path]
) -> ForgeService:
    """Add the forge tools to ``server``; returns the service behind them."""
    service = ForgeService(registry=registry, config=config, roots=tuple(roots))
    flow = ReviewFlow(service=service, timeout=config.feedback.timeout_seconds)

    async def forge_request(
        request: Annotated[str, Field(description="The analysis wanted, in plain words")],
        data_path: Annotated[
            str, Field(description="CSV file to analyse; must lie under the server's allowed roots")
        ],
    ) -> ToolResult:
        """Generate, validate and stage a data-analysis tool for a request, and run it on the data.

        WHEN TO USE THIS TOOL: when no listed tool answers an analysis question over a CSV file.
        WHAT THIS TOOL DOES: maps the request onto an analysis, writes and validates a tool in the
        sandbox (or reuses a registered one), runs it on the file and stages it. It never registers it.
        RETURNS: the result and a tool summary as markdown, and the forge result as structured data.
        PREREQUISITES: the file is under an allowed read directory. To register the staged tool, call
        review_candidate: the person decides in their client.
        """
        try:
            result = await anyio.to_thread.run_sync(service.request, request, data_path)
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
        lines = [f"- `{r['candidate_id']}` {r['status']}: {r['description']}" for r in rows]
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
            return await flow.run(candidate_id, ctx)
        except MCPForgeError as exc:
            return _error("review_candidate", exc)
        except Exception as exc:  # top level of a tool call: the server must keep serving
            logger.exception("review_candidate failed")
            return _error("review_candidate", exc)

    for function in (forge_request, inspect_candidate, list_candidates, review_candidate):
        server.tool(function, name=function.__name__, output_schema=None)
    return service
