"""How a stored candidate is shown: its summary row, its CodeBLEU line and the review presentation."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mcpforge.models import SemanticClosenessMetrics, ToolCandidate


def semantic_closeness(candidate: ToolCandidate) -> SemanticClosenessMetrics | None:
    report = candidate.validation_report
    metrics = report.code_metrics if report is not None else None
    return metrics.semantic_closeness if metrics is not None else None


def candidate_summary(candidate: ToolCandidate) -> dict[str, Any]:
    semantic = semantic_closeness(candidate)
    return {
        "kind": "tool",
        "candidate_id": candidate.candidate_id,
        "tool_name": candidate.spec.tool_name,
        "version": candidate.version,
        "status": candidate.status.value,
        "created_at": candidate.created_at,
        "created_by": candidate.created_by,
        "path": candidate.package_path,
        "code_bleu": round(semantic.code_bleu_score, 4) if semantic is not None else None,
        "code_bleu_reference": semantic.reference if semantic is not None else None,
    }


def code_bleu_line(candidate: ToolCandidate) -> str | None:
    """One line on CodeBLEU, which is informational: it does not enter the overall score."""
    semantic = semantic_closeness(candidate)
    if semantic is None:
        return None
    against = f" against `{semantic.reference}`" if semantic.reference else ""
    return f"**CodeBLEU**: {semantic.code_bleu_score:.2f}{against} (informational, not in the quality score)"


def review_presentation(candidate: ToolCandidate) -> str:
    """The Step 6 presentation (the reading first), else the reading and what is stored about it.

    Everything that came from the tool is escaped or shown as data (:mod:`mcpforge.pipeline.present`).
    """
    from mcpforge.pipeline.intent.reading import inline_text
    from mcpforge.pipeline.present import candidate_reading, present, reading_section

    artifacts = candidate.run_artifacts
    line = code_bleu_line(candidate)
    if artifacts is not None:
        return present(candidate, artifacts) + (f"\n{line}\n" if line else "")
    spec = candidate.spec
    lines = [
        f"## Candidate {inline_text(candidate.candidate_id)} ({candidate.status.value})",
        "",
        reading_section(candidate_reading(candidate)),
        "",
        f"**Tool Name**: {inline_text(spec.tool_name)} v{inline_text(candidate.version)}",
        f"**What It Does**: {inline_text(spec.what_it_does or spec.description)}",
        f"**Returns**: {inline_text(spec.returns)}",
    ]
    lines += [line] if line else []
    lines += ["", "_No staged run of this candidate was recorded._"]
    return "\n".join(lines)
