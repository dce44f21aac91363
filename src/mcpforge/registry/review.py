"""The two-stage review of a staged candidate, independent of how the answers were collected.

``apply_review`` takes the person's two answers (from a CLI prompt, flags or an MCP elicitation), parses
them with :func:`mcpforge.pipeline.feedback.parse_feedback` and applies the decision: a rejected output
rejects the tool with the person's notes; an approved registration approves and promotes as one
journaled act (``acts.py``), unless a pre-promotion check refuses (the candidate then stays APPROVED
and is reported).

A rejection with a reason ("Reject: wrong column: should be amount not region") is applied the same way
from every front end (``review`` flags, the terminal, MCP elicitation, the review page): the reason
corrects the recorded reading and a new candidate is staged (:func:`mcpforge.pipeline.refine.refine`), or
the message says why the reason could not be applied.

An approval of a candidate that is already approved (a second reviewer who lost the race, or a retry
after a full disk interrupted the promotion) is not an error: any pending act is rolled forward first,
and the answer says who approved it and that nothing more is needed (or that the promotion completed
now).

With ``review.separate_reviewer`` an approval by the identity that requested the candidate (the actor of
its staging row, compared as a person: :func:`mcpforge.registry.actors.identity_of_actor`) is refused
with :class:`SameReviewerError`, whichever front end collected it; rejecting one's own request (a
withdrawal) stays allowed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mcpforge.exceptions import IllegalTransitionError, InvalidArgumentError, UserError
from mcpforge.models import ToolCandidate, ToolStatus, UserFeedback
from mcpforge.pipeline.feedback import parse_feedback
from mcpforge.registry.actors import identity_of_actor, requester_of
from mcpforge.registry.backend import IDENTICAL_REASON

if TYPE_CHECKING:
    from mcpforge.config import MCPForgeConfig
    from mcpforge.registry.audit import AuditEntry
    from mcpforge.registry.backend import ActiveTool, RegistryBackend


@dataclass(frozen=True, kw_only=True)
class ReviewOutcome:
    """What a review decided and did."""

    candidate: ToolCandidate
    output_feedback: UserFeedback
    decision_feedback: UserFeedback | None
    promoted: ActiveTool | None
    refused_reason: str | None
    message: str
    refined_candidate_id: str | None = None

    @property
    def identical(self) -> bool:
        """Promotion was skipped because the same tool is already registered (not a failure)."""
        return self.refused_reason == IDENTICAL_REASON

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``mcpforge review --json``."""
        candidate = self.candidate
        artifacts = candidate.run_artifacts
        markdown = None
        if artifacts is not None:
            markdown = artifacts.summary_markdown or artifacts.outputs.get("markdown")
        feedback = self.decision_feedback or self.output_feedback
        return {
            "candidate_id": candidate.candidate_id,
            "status": candidate.status.value,
            "tool_name": candidate.spec.tool_name,
            "version": candidate.version,
            "result_markdown": markdown,
            "result": artifacts.result if artifacts is not None else None,
            "error": None if self.refused_reason is None or self.identical else self.message,
            "output_decision": self.output_feedback.decision,
            "decision": self.decision_feedback.decision if self.decision_feedback else None,
            "issues": list(feedback.issues),
            "promoted": self.promoted is not None,
            "promotion_refused": self.refused_reason,
            "archive_path": candidate.package_path if candidate.status == ToolStatus.REJECTED else None,
            "message": self.message,
            "refined_candidate_id": self.refined_candidate_id,
        }


_DECIDED = (ToolStatus.APPROVED, ToolStatus.PROMOTED)


class SameReviewerError(UserError):
    """With ``review.separate_reviewer``, the identity that requested a candidate tried to approve it."""

    def __init__(self, requester: str) -> None:
        super().__init__(
            f"{requester} requested this tool; with review.separate_reviewer another reviewer must approve it"
        )
        self.requester = requester


def check_separate_reviewer(
    registry: RegistryBackend, candidate: ToolCandidate, actor: str, config: MCPForgeConfig
) -> None:
    """Raise SameReviewerError when ``actor`` may not approve ``candidate`` (see the module's docstring)."""
    if not config.review.separate_reviewer:
        return
    requester = requester_of(registry, candidate)
    if requester is not None and identity_of_actor(requester) == identity_of_actor(actor):
        raise SameReviewerError(identity_of_actor(requester))


def ensure_reviewable(candidate: ToolCandidate, *, approving: bool = False) -> None:
    """Raise InvalidArgumentError unless the candidate is STAGED (the only status a review decides).

    With ``approving`` (the answers approve), an APPROVED or PROMOTED candidate passes too: the review
    then says it was already approved (:func:`apply_review`). Call :func:`settle_candidate` first, so a
    pending act is not mistaken for a refused promotion.
    """
    status = candidate.status
    if status == ToolStatus.STAGED or (approving and status in _DECIDED):
        return
    cid = candidate.candidate_id
    if status == ToolStatus.PROMOTED:
        message = f"candidate {cid!r} is already approved and PROMOTED; there is nothing to review"
    elif status == ToolStatus.APPROVED:
        message = (
            f"candidate {cid!r} is already APPROVED but its promotion was refused "
            f"(`mcpforge doctor` says why); once that is fixed, `mcpforge promote {cid}` promotes it"
        )
    else:
        message = f"candidate {cid!r} is {status.value}; only STAGED candidates are reviewed"
    raise InvalidArgumentError(message, argument="candidate")


def settle_candidate(registry: RegistryBackend, candidate: ToolCandidate) -> ToolCandidate:
    """The candidate once any act on the registry has finished (a concurrent review's, or one a full disk
    or a crash interrupted): rolled forward first, so its status is final, not a step in the middle.

    Raises:
        ActPendingError: the disk is still too full to finish the pending act.
    """
    if candidate.status == ToolStatus.STAGED:
        return candidate
    registry.settle()
    return registry.get_candidate(candidate.candidate_id)


def approves(output_answer: str | None, decision_answer: str | None, config: MCPForgeConfig) -> bool:
    """Whether the two answers accept the output and approve the registration."""
    settings = config.feedback
    return (
        parse_feedback(output_answer, "output", settings).decision == "OUTPUT_ACCEPTED"
        and parse_feedback(decision_answer, "registration", settings).decision == "APPROVED"
    )


def _approved_by(transitions: list[AuditEntry], candidate: ToolCandidate) -> str:
    rows = [
        row
        for row in transitions
        if row.candidate_id == candidate.candidate_id and row.to_status == ToolStatus.APPROVED.value
    ]
    return f" by {rows[-1].actor} at {rows[-1].time}" if rows else ""


def _promoted_last(transitions: list[AuditEntry]) -> str | None:
    """The candidate whose promotion is the tool's latest (the active version while the tool is active)."""
    promotions = [row for row in transitions if row.to_status == ToolStatus.PROMOTED.value]
    return promotions[-1].candidate_id if promotions else None


def _already_approved(
    registry: RegistryBackend,
    candidate: ToolCandidate,
    output: UserFeedback,
    decision: UserFeedback,
    *,
    completed_now: bool,
) -> ReviewOutcome:
    """The outcome of approving a candidate that another review (or an interrupted one) approved."""
    name = candidate.spec.tool_name
    active = registry.get_active_tool(name)  # read first: it rolls a pending act forward
    transitions = registry.audit.entries(tool=name, action="transition")
    by = _approved_by(transitions, candidate)
    refused: str | None = None
    if candidate.status == ToolStatus.APPROVED:
        refused = "promotion refused earlier"
        tool = None
        message = (
            f"Already approved{by}, but its promotion was refused (`mcpforge doctor` says why); once that "
            f"is fixed, `mcpforge promote {candidate.candidate_id}` promotes it."
        )
    elif active is not None and _promoted_last(transitions) == candidate.candidate_id:
        tool = active
        done = "its promotion has now completed" if completed_now else "nothing more is needed"
        message = f"Already approved{by}; {done}: {name!r} v{active.version} is registered."
    else:
        tool = None
        now = f"v{active.version}" if active is not None else "no version (removed)"
        message = f"Already approved{by} and promoted; {name!r} is now {now}. Nothing more is needed."
    return ReviewOutcome(
        candidate=candidate,
        output_feedback=output,
        decision_feedback=decision,
        promoted=tool,
        refused_reason=refused,
        message=message,
    )


def _reject(
    registry: RegistryBackend,
    candidate: ToolCandidate,
    feedback: UserFeedback,
    *,
    actor: str,
    config: MCPForgeConfig | None,
) -> tuple[ToolCandidate, str | None, str]:
    """Archive ``candidate``; a reason is applied to its reading: (archived, new candidate id, message)."""
    from pathlib import Path

    from mcpforge.exceptions import MCPForgeError

    notes = (feedback.notes or "").strip()
    artifacts = candidate.run_artifacts
    data = (artifacts.metadata.get("data_path") if artifacts is not None else None) or None
    if not notes or candidate.intent is None or data is None:
        archived = registry.record_feedback(candidate.candidate_id, feedback, actor=actor)
        why = (
            ""
            if not notes
            else " The reason could not be applied: the candidate has no recorded reading or data."
        )
        return archived, None, why
    from mcpforge.pipeline.refine import refine

    try:
        refinement = refine(
            candidate,
            feedback,
            registry=registry,
            config=config or registry.config,
            data_path=Path(data),
            actor=actor,
        )
    except MCPForgeError as exc:
        archived = registry.get_candidate(candidate.candidate_id)
        if archived.status == ToolStatus.STAGED:
            archived = registry.record_feedback(candidate.candidate_id, feedback, actor=actor)
        return archived, None, f" The reason could not be applied: {exc}"
    archived = registry.get_candidate(candidate.candidate_id)
    result = refinement.result
    if result is None:
        return archived, None, f" The reason could not be applied ({refinement.reason})."
    if not result.ok or result.candidate_id is None:
        return archived, None, f" The reason was applied but the corrected tool failed: {result.error}"
    return (
        archived,
        result.candidate_id,
        f" The reason was applied: corrected candidate {result.candidate_id!r} is STAGED; "
        f"review it with: mcpforge review {result.candidate_id}",
    )


def apply_review(
    registry: RegistryBackend,
    candidate_id: str,
    *,
    output_answer: str | None,
    decision_answer: str | None,
    actor: str,
    config: MCPForgeConfig | None = None,
) -> ReviewOutcome:
    """Apply the person's two answers to a STAGED candidate.

    Args:
        registry: the registry holding the candidate.
        candidate_id: ``<tool_id>_<version>``.
        output_answer: answer to "Is this output correct?" (None = no answer → rejected).
        decision_answer: answer to "Approve or Reject?"; when the output was rejected only its reason counts.
        actor: who answered (recorded in the audit log), e.g. ``human:alice``.
        config: feedback keywords; the registry's configuration by default.

    Raises:
        InvalidArgumentError: the candidate is not STAGED (an approval of an approved one is answered).
        SameReviewerError: with ``review.separate_reviewer``, ``actor`` requested the candidate and approves.
        ActPendingError: an act on it is pending and the disk is still too full to finish it.
    """
    settings = (config or registry.config).feedback
    output = parse_feedback(output_answer, "output", settings)
    approving = approves(output_answer, decision_answer, config or registry.config)
    found = registry.get_candidate(candidate_id)
    candidate = settle_candidate(registry, found)
    ensure_reviewable(candidate, approving=approving)
    if candidate.status in _DECIDED:
        registration = parse_feedback(decision_answer, "registration", settings)
        completed_now = found.status == ToolStatus.APPROVED and candidate.status == ToolStatus.PROMOTED
        return _already_approved(registry, candidate, output, registration, completed_now=completed_now)
    if output.decision != "OUTPUT_ACCEPTED":
        rejection = output.model_copy(update={"decision": "REJECTED"})
        if (
            decision_answer
        ):  # "--output no --decision 'Reject: wrong column ...'": the reason is in the second
            given = parse_feedback(decision_answer, "registration", settings)
            notes = ". ".join(part for part in (output.notes, given.notes) if part)
            rejection = rejection.model_copy(
                update={"notes": notes, "issues": [*output.issues, *given.issues]}
            )
        rejected, refined, note = _reject(registry, candidate, rejection, actor=actor, config=config)
        return ReviewOutcome(
            candidate=rejected,
            output_feedback=output,
            decision_feedback=None,
            promoted=None,
            refused_reason=None,
            message=f"Output rejected; the tool is not registered (archived in {rejected.package_path})."
            + note,
            refined_candidate_id=refined,
        )
    decision = parse_feedback(decision_answer, "registration", settings)
    if decision.decision != "APPROVED":
        decided, refined, note = _reject(registry, candidate, decision, actor=actor, config=config)
        return ReviewOutcome(
            candidate=decided,
            output_feedback=output,
            decision_feedback=decision,
            promoted=None,
            refused_reason=None,
            message=f"Output accepted; the tool was not registered (decision "
            f"{decision.notes or 'none'!r} is not an explicit Approve). Archived in {decided.package_path}."
            f"{note}",
            refined_candidate_id=refined,
        )
    check_separate_reviewer(registry, candidate, actor, config or registry.config)
    try:
        approved, act = registry.approve(candidate_id, decision, actor=actor)
    except IllegalTransitionError:
        # Another review approved it while this one read its answers: say so, nothing is wrong.
        current = settle_candidate(registry, registry.get_candidate(candidate_id))
        if current.status not in _DECIDED:
            raise
        return _already_approved(registry, current, output, decision, completed_now=False)
    if act.promoted is None:
        reason = act.refused_reason or "the promotion did not complete"
        message = (
            f"An identical tool {candidate.spec.tool_name!r} is already registered; nothing to promote."
            if reason == IDENTICAL_REASON
            else f"Approved, but promotion was refused: {reason}. Fix it, then run `mcpforge promote "
            f"{candidate_id}`."
        )
        return ReviewOutcome(
            candidate=approved,
            output_feedback=output,
            decision_feedback=decision,
            promoted=None,
            refused_reason=reason,
            message=message,
        )
    tool = act.promoted
    return ReviewOutcome(
        candidate=approved,
        output_feedback=output,
        decision_feedback=decision,
        promoted=tool,
        refused_reason=None,
        message=f"Registered {tool.name!r} v{tool.version}; `mcpforge serve` now serves it.",
    )
