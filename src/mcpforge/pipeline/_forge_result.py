"""What one forge run produced; ``to_json`` is the ``mcpforge ask --json`` contract (issue 3, item 9)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from mcpforge.models import Intent, RunArtifacts, ToolCandidate, ValidationReport

Decision = Literal["generate", "reuse"]


@dataclass(frozen=True, kw_only=True)
class ForgeResult:
    """Decision, candidate, validation, result and timings of one request."""

    decision: Decision | None = None
    intent: Intent | None = None
    tool_name: str | None = None
    version: str | None = None
    status: str | None = None
    candidate: ToolCandidate | None = None
    validation: ValidationReport | None = None
    artifacts: RunArtifacts | None = None
    result_markdown: str | None = None
    overlap_scores: list[dict[str, Any]] = field(default_factory=list)
    timings_ms: dict[str, float] = field(default_factory=dict)
    error: str | None = None
    data_path: Path | None = None
    reused_reading: str | None = None  # the reading of a reused tool's run (no candidate holds it)

    @property
    def ok(self) -> bool:
        """A result was produced (exit code 0)."""
        return self.error is None and self.artifacts is not None

    @property
    def candidate_id(self) -> str | None:
        return self.candidate.candidate_id if self.candidate is not None else None

    def replace(self, **changes: Any) -> ForgeResult:
        """A copy with ``changes``."""
        return dataclasses.replace(self, **changes)

    def finish(self, timings: dict[str, float], *, error: str | None = None) -> ForgeResult:
        """The final result: timings, status and version filled in from the candidate."""
        changes: dict[str, Any] = {"timings_ms": timings, "error": error or self.error}
        if self.candidate is not None:
            changes["status"] = self.candidate.status.value
            changes["version"] = self.candidate.version
            changes["tool_name"] = self.candidate.spec.tool_name
            changes["validation"] = self.candidate.validation_report or self.validation
        return self.replace(**changes)

    @property
    def reading(self) -> str | None:
        """The reading sentence of the staged candidate (what its code computes), or of the reused tool's
        run, when there is one."""
        if self.candidate is None:
            return self.reused_reading
        from mcpforge.pipeline.present import candidate_reading

        return candidate_reading(self.candidate, self.artifacts).sentence

    def to_json(self) -> dict[str, Any]:
        """One JSON object: decision, status, tool_name, candidate_id, result_markdown, result, intent, ..."""
        return {
            "decision": self.decision,
            "status": self.status,
            "tool_name": self.tool_name,
            "version": self.version,
            "candidate_id": self.candidate_id,
            "reading": self.reading,
            "result_markdown": self.result_markdown,
            "result": self.artifacts.result if self.artifacts is not None else None,
            "charts": [f for f in self.artifacts.files if f.endswith(".png")] if self.artifacts else [],
            "intent": self.intent.model_dump(mode="json") if self.intent is not None else None,
            "validation": self.validation.model_dump(mode="json") if self.validation is not None else None,
            "overlap_scores": self.overlap_scores,
            "timings_ms": self.timings_ms,
            "error": self.error,
        }


EMPTY_JSON: dict[str, Any] = ForgeResult().to_json()
