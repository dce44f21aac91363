"""``review_candidate``: the person's two answers, asked through MCP elicitation in both protocol eras.

Handshake-era (2025-11-25) connections get server-initiated ``elicitation/create`` requests
(``ctx.elicit``), each bounded by ``feedback.timeout_seconds``. 2026-07-28 connections, which have no
back-channel, get the same questions as ``InputRequiredResult`` input requests (SEP-2322); between the
rounds the stage-1 answer travels in the request state, which FastMCP seals with a server key, so a
client cannot forge an earlier answer. There the client holds the pending question: an unanswered one
never comes back and nothing is decided.

Whatever goes wrong on the way (no elicitation support, decline, cancel, timeout, a malformed answer),
nothing is decided: the candidate stays STAGED and the result says why.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from typing import Any

import anyio
import anyio.to_thread
import mcp_types
from fastmcp import Context
from fastmcp.exceptions import ToolError
from fastmcp.server.elicitation import AcceptedElicitation
from fastmcp.tools.base import ToolResult
from mcp.shared.exceptions import MCPError
from mcp_types.version import MODERN_PROTOCOL_VERSIONS
from pydantic import BaseModel, Field, ValidationError

from mcpforge.config import MCPForgeConfig
from mcpforge.models import ToolCandidate, ToolStatus
from mcpforge.pipeline.present import candidate_reading, reading_section, result_section, tool_summary
from mcpforge.registry import RegistryBackend
from mcpforge.registry.review import ReviewOutcome, apply_review, ensure_reviewable

logger = logging.getLogger("mcpforge.server")

REVIEW_ACTOR = "human:mcp-elicitation"
MAX_RESULT_CHARS = 6_000
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


def clip(text: str, limit: int = MAX_RESULT_CHARS) -> str:
    """``text`` cut at a line boundary to at most ``limit`` characters, saying so when it was cut."""
    if len(text) <= limit:
        return text
    cut = text[:limit]
    return cut[: cut.rfind("\n")].rstrip() + "\n\n_(truncated)_" if "\n" in cut else "_(truncated)_"


def output_question(candidate: ToolCandidate) -> str:
    """Stage 1 message: the reading, the result (as data), the tool summary, then the question.

    Every part comes from mcpforge: the table is rendered from the tool's structured output with its
    cells escaped, and the tool's printed text is left out, so it cannot imitate this message.
    """
    reading = candidate_reading(candidate)
    parts = [reading_section(reading)]
    if candidate.run_artifacts is not None:
        parts += [
            clip(result_section(candidate.run_artifacts)),
            tool_summary(candidate, candidate.run_artifacts, reading),
        ]
    parts.append(f"mcpforge staged the tool {candidate.spec.tool_name!r} (v{candidate.version}).")
    parts.append("Is this output correct?")
    return "\n\n".join(parts)


def registration_question(candidate: ToolCandidate) -> str:
    """Stage 2 message, after the reading the tool is registered for (strict: only Approve registers)."""
    return (
        f"{reading_section(candidate_reading(candidate))}\n\n"
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

    registry: RegistryBackend
    config: MCPForgeConfig

    def reviewable(self, candidate_id: str) -> ToolCandidate:
        """The candidate, which must be STAGED (raises NotFoundError / InvalidArgumentError)."""
        candidate = self.registry.get_candidate(candidate_id)
        ensure_reviewable(candidate)
        return candidate

    def review(
        self, candidate_id: str, output: OutputAnswer, decision: str | None, actor: str = REVIEW_ACTOR
    ) -> ReviewOutcome:
        """Apply the person's answers (``decision`` is ignored when the output was not accepted).

        ``actor`` is who answered, as the audit log names them (``mcp:<identity>`` over HTTP with tokens).
        """
        output_answer = "yes" if output.correct else ("no: " + output.notes.strip()).rstrip(": ")
        return apply_review(
            self.registry, candidate_id, output_answer=output_answer, decision_answer=decision,
            actor=actor, config=self.config,
        )  # fmt: skip

    async def run(
        self, candidate_id: str, ctx: Context, actor: str = REVIEW_ACTOR
    ) -> ToolResult | mcp_types.InputRequiredResult:
        """Ask the two questions and apply the answers (recorded as ``actor``'s), or say why nothing was."""
        candidate = await anyio.to_thread.run_sync(self.reviewable, candidate_id)
        if not _supports_elicitation(ctx):
            return not_decided(
                candidate_id, "this MCP client does not support elicitation, so the person cannot be asked"
            )
        if _is_modern(ctx):
            return await self._modern(candidate, ctx, actor)
        output = await _elicit(
            ctx, output_question(candidate), OutputAnswer, self.config.feedback.timeout_seconds
        )
        return await self._after_output(candidate, output, ctx, actor)

    async def _after_output(
        self, candidate: ToolCandidate, output: _Answer, ctx: Context, actor: str
    ) -> ToolResult:
        if not isinstance(output.value, OutputAnswer):
            return not_decided(candidate.candidate_id, output.missing or "no answer")
        decision: str | None = None
        if output.value.correct:
            answer = await _elicit(
                ctx,
                registration_question(candidate),
                RegistrationAnswer,
                self.config.feedback.timeout_seconds,
            )
            if not isinstance(answer.value, RegistrationAnswer):
                return not_decided(candidate.candidate_id, answer.missing or "no answer")
            decision = answer.value.decision
        return await self._apply(candidate, output.value, decision, actor)

    async def _apply(
        self, candidate: ToolCandidate, output: OutputAnswer, decision: str | None, actor: str
    ) -> ToolResult:
        outcome = await anyio.to_thread.run_sync(self.review, candidate.candidate_id, output, decision, actor)
        logger.info("review of %r by %s: %s", candidate.candidate_id, actor, outcome.candidate.status.value)
        return review_result(outcome)

    async def _modern(
        self, candidate: ToolCandidate, ctx: Context, actor: str
    ) -> ToolResult | mcp_types.InputRequiredResult:
        """SEP-2322 rounds: ask stage 1, then stage 2 with stage 1's answer carried in the request state."""
        responses = ctx.input_responses
        state = _read_state(ctx.request_state, candidate.candidate_id)
        accepted = _parse_answer(OutputAnswer, state.get("output")) if state is not None else _Answer()
        if responses is not None and state is not None and state.get("stage") == _OUTPUT_KEY:
            output = _input_answer(responses, _OUTPUT_KEY, OutputAnswer)
            if not isinstance(output.value, OutputAnswer):
                return not_decided(candidate.candidate_id, output.missing or "no answer")
            if not output.value.correct:
                return await self._apply(candidate, output.value, None, actor)
            return _ask(
                _DECISION_KEY, registration_question(candidate), RegistrationAnswer, candidate, output.value
            )
        if (
            responses is not None
            and state is not None
            and state.get("stage") == _DECISION_KEY
            and isinstance(accepted.value, OutputAnswer)
            and accepted.value.correct
        ):
            answer = _input_answer(responses, _DECISION_KEY, RegistrationAnswer)
            if not isinstance(answer.value, RegistrationAnswer):
                return not_decided(candidate.candidate_id, answer.missing or "no answer")
            return await self._apply(candidate, accepted.value, answer.value.decision, actor)
        # A first round, or a state this flow did not write: start from the first question.
        return _ask(_OUTPUT_KEY, output_question(candidate), OutputAnswer, candidate, None)


def _ask(
    key: str, message: str, model: type[BaseModel], candidate: ToolCandidate, output: OutputAnswer | None
) -> mcp_types.InputRequiredResult:
    state: dict[str, Any] = {"candidate_id": candidate.candidate_id, "stage": key}
    if output is not None:
        state["output"] = output.model_dump()
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
