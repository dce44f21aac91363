"""The file registry: the storage of ``store.py`` with the acts above it.

"Storage below, acts above": :class:`~mcpforge.registry.file.store.FileStore` keeps the layout, the lock,
metadata, reads, hashes, the audit log and monitoring, and imports no act; the acts (``promote.py``,
``lifecycle.py``, ``acts.py``) type against the store, and :class:`Registry` joins them into the
:class:`~mcpforge.registry.backend.RegistryBackend` the rest of mcpforge uses (through
:func:`mcpforge.registry.open_registry`). It also finishes an interrupted promotion or act when the store
recovers, since finishing one is an act.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from mcpforge.models import ToolCandidate, UserFeedback
from mcpforge.registry import choices, versions
from mcpforge.registry.backend import ActiveTool, ActResult
from mcpforge.registry.file import acts, lifecycle, promote
from mcpforge.registry.file.store import FileStore


class Registry(FileStore):
    """A filesystem registry of candidates and promoted tools. Creates nothing until written to."""

    @property
    def location(self) -> str:
        """The registry as the person named it: its folder."""
        return str(self.root)

    def close(self) -> None:
        """Nothing to release: every file and database handle is opened per operation."""

    def finish_interrupted(self) -> None:
        """Roll an interrupted promotion, then an interrupted act, forward. Call with the lock held."""
        promote.finish_pending(self)
        acts.finish_pending_act(self)

    # ---------------------------------------------------------------- versions and promotion
    def plan_version(self, tool_name: str, spec_hash: str, *, rejected: bool = False) -> str:
        """Version for a candidate: the active one for an identical spec, else a minor bump (1.0.0 new);
        a try that failed validation gets ``<next>-rejected.<n>`` and takes no number."""
        return versions.plan_version(self, tool_name, spec_hash, rejected=rejected)

    def can_promote(self, candidate: ToolCandidate) -> tuple[bool, str]:
        """Pre-promotion checks (requirements 8.1): ``(ok, reason)``."""
        return versions.can_promote(self, candidate)

    def promote(self, candidate_id: str, *, actor: str) -> ActiveTool:
        """APPROVED → PROMOTED: copy into active/, update metadata, log. Raises PromotionRefusedError."""
        return promote.promote(self, candidate_id, actor=actor)

    def remove_tool(self, name: str, *, actor: str) -> None:
        """Unregister an active tool; its files move to archive/removed/."""
        promote.remove_tool(self, name, actor=actor)

    # ---------------------------------------------------------------- staging and review
    def stage_candidate(
        self, candidate: ToolCandidate, files: Mapping[str, str], *, actor: str
    ) -> ToolCandidate:
        """Write a candidate package into staging (DRAFT → STAGED), or archive it if already REJECTED."""
        return lifecycle.stage_candidate(self, candidate, files, actor=actor)

    def save_candidate(self, candidate: ToolCandidate) -> None:
        """Rewrite a candidate's JSON files (e.g. new run_artifacts); its status must not change."""
        lifecycle.save_candidate(self, candidate)

    def record_feedback(self, candidate_id: str, feedback: UserFeedback, *, actor: str) -> ToolCandidate:
        """Apply a registration decision: APPROVED → APPROVED; REJECTED → REJECTED and archived."""
        return lifecycle.record_feedback(self, candidate_id, feedback, actor=actor)

    def approve(
        self, candidate_id: str, feedback: UserFeedback, *, actor: str
    ) -> tuple[ToolCandidate, ActResult]:
        """The person's approval and its promotion as one recoverable act (see ``acts.py``)."""
        return lifecycle.approve_and_promote(self, candidate_id, feedback, actor=actor)

    # ---------------------------------------------------------------- remembered answers
    def remembered_choices(self, dataset: Path | str) -> dict[str, str]:
        """The answers to clarifying questions remembered for ``dataset``, or {} (``choices.json``)."""
        return choices.remembered_choices(self.root, dataset)

    def remember_choices(self, dataset: Path | str, answers: dict[str, str]) -> None:
        """Remember ``answers`` for ``dataset`` (newer answers replace older ones for the same key)."""
        choices.remember_choices(self.root, dataset, answers)
