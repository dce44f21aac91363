"""A rejection from the review page: with a specific reason it produces the corrected candidate.

The same path as the interactive ``ask``: the reason is parsed as the registration answer, and
:func:`mcpforge.pipeline.refine.refine` archives the candidate and, when the reason names a change it can
apply (another column, an added filter, percentages), forges the corrected candidate on the same data.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from mcpforge.pipeline.feedback import parse_feedback
from mcpforge.pipeline.refine import refine
from mcpforge.registry.review import ensure_reviewable

if TYPE_CHECKING:
    from mcpforge.config import MCPForgeConfig
    from mcpforge.registry import Registry


def reject_with_reason(
    registry: Registry, config: MCPForgeConfig, candidate_id: str, reason: str, *, actor: str
) -> str | None:
    """Reject the STAGED candidate; return the id of the corrected candidate when one was staged.

    Raises:
        InvalidArgumentError: the candidate is not STAGED.
    """
    candidate = registry.get_candidate(candidate_id)
    ensure_reviewable(candidate)
    answer = f"Reject: {reason}" if reason else "Reject"
    feedback = parse_feedback(answer, stage="registration", config=config.feedback)
    feedback = feedback.model_copy(update={"decision": "REJECTED", "notes": reason or None})
    data = (candidate.run_artifacts.metadata.get("data_path") if candidate.run_artifacts else None) or ""
    data_path = Path(str(data))
    if not reason or not data_path.is_file():
        registry.record_feedback(candidate_id, feedback, actor=actor)
        return None
    refinement = refine(
        candidate, feedback, registry=registry, config=config, data_path=data_path, actor=actor
    )
    result = refinement.result
    if result is None or result.candidate is None or not result.ok:
        return None
    return str(result.candidate.candidate_id)
