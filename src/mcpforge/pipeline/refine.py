"""Step 8B: a rejection with specific notes refines the intent and regenerates; a generic one archives.

"wrong column: should be region not location", "also filter year > 2023", "output as percentages":
the notes are applied to the candidate's recorded intent (``pipeline.intent.apply_corrections``), the
rejected candidate is archived with the feedback, and a new candidate goes through Steps 2-6 again. Its
name follows the corrected reading (``mean_amount_by_region``, never the old column's name); when that
name and contract match an existing tool it becomes a new version of it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from mcpforge.config import MCPForgeConfig
from mcpforge.exceptions import InvalidArgumentError, UnmappableRequestError
from mcpforge.models import Intent, ToolCandidate, ToolStatus, UserFeedback
from mcpforge.pipeline._forge_result import ForgeResult
from mcpforge.pipeline.schema import DatasetSchema

if TYPE_CHECKING:
    from mcpforge.registry import RegistryBackend

Progress = Callable[[str], None]


@dataclass(frozen=True, kw_only=True)
class Refinement:
    """What a rejection led to: a new forge result, or archiving only (``result`` is None)."""

    rejected: ToolCandidate
    result: ForgeResult | None
    applied: bool
    reason: str


def refined_intent(candidate: ToolCandidate, notes: str, data_path: Path) -> Intent | None:
    """The candidate's intent with the notes applied, or None when the notes change nothing."""
    if candidate.intent is None:
        return None
    from mcpforge.pipeline.intent import apply_corrections

    original = Intent.model_validate(candidate.intent)
    schema = DatasetSchema.from_file(data_path, sheet=original.sheet, table=original.table)
    try:
        updated = apply_corrections(original, notes, schema)
    except UnmappableRequestError:
        return None  # nothing specific in the notes: a generic rejection
    comparable = {"notes", "request"}
    if updated.model_dump(exclude=comparable) == original.model_dump(exclude=comparable):
        return None
    return updated


def _keep_requester(registry: RegistryBackend, original: ToolCandidate, result: ForgeResult) -> ForgeResult:
    """The regenerated candidate answers the original request: it keeps that request's person, so the
    reviewer whose note shaped it is not taken for its requester (nor the requester let off)."""
    from mcpforge.registry.actors import requester_of

    staged = result.candidate
    requester = requester_of(registry, original)
    if staged is None or requester is None or staged.status != ToolStatus.STAGED:
        return result
    kept = staged.model_copy(update={"requested_by": requester})
    registry.save_candidate(kept)
    return dataclasses.replace(result, candidate=kept)


def refine(
    candidate: ToolCandidate,
    feedback: UserFeedback,
    *,
    registry: RegistryBackend,
    config: MCPForgeConfig,
    data_path: Path,
    progress: Progress | None = None,
    actor: str = "cli",
) -> Refinement:
    """Archive the rejected ``candidate``; when the notes say what to change, regenerate.

    Raises:
        InvalidArgumentError: ``feedback`` is not a rejection.
    """
    if feedback.decision not in {"REJECTED", "OUTPUT_REJECTED"}:
        raise InvalidArgumentError(
            f"refine needs a rejection, got {feedback.decision!r}", argument="feedback"
        )
    notes = (feedback.notes or "").strip()
    intent = refined_intent(candidate, notes, data_path) if notes else None
    rejected = registry.record_feedback(candidate.candidate_id, feedback, actor=actor)
    if intent is None:
        reason = "generic rejection: archived" if notes else "rejected without notes: archived"
        return Refinement(rejected=rejected, result=None, applied=False, reason=reason)
    from mcpforge.pipeline.forge import forge_intent

    result = forge_intent(
        intent,
        data_path,
        registry=registry,
        config=config,
        progress=progress,
        actor=actor,
        created_by="rules:refined",
    )
    result = _keep_requester(registry, candidate, result)
    return Refinement(rejected=rejected, result=result, applied=True, reason="notes applied to the intent")
