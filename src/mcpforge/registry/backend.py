"""What every registry backend is, and the values they share: the file registry and PostgreSQL.

Code above the registry (pipeline, server, CLI, review page) talks to a :class:`RegistryBackend` and never
knows which one it has; :func:`mcpforge.registry.open_registry` picks the backend from the registry
setting (a folder, or a ``postgresql://`` URL). This module sits below both backends and imports neither.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from mcpforge.exceptions import IntegrityError, UserError
from mcpforge.models import ToolSpec, sha256_text, utc_now
from mcpforge.registry.audit import AuditEntry, Event, MonitoringEvent

if TYPE_CHECKING:
    from mcpforge.config import MCPForgeConfig
    from mcpforge.models import ToolCandidate, ToolStatus, UserFeedback, ValidationReport
    from mcpforge.registry.tool_index import IndexedTool

IDENTICAL_REASON = "identical tool already registered"
UNINITIALIZED_REVISION = "uninitialized"  # what active_revision() says of a registry not initialized


class RegistryNotInitializedError(UserError):
    """The registry directory has not been created with ``mcpforge init``."""

    def __init__(self, root: Path | str) -> None:
        super().__init__(f"registry {str(root)!r} is not initialized; run `mcpforge init`")
        self.root = root


@dataclass(frozen=True, kw_only=True)
class ActiveTool:
    """A promoted tool as recorded in ``active/metadata.json``."""

    name: str
    version: str
    path: Path
    spec: ToolSpec
    spec_hash: str
    code_hash: str
    promoted_at: str
    created_by: str
    operation: str | None = None

    def source(self) -> str:
        """The tool.py text."""
        return (self.path / "tool.py").read_text(encoding="utf-8")

    def verified_source(self) -> str:
        """The tool.py text, checked against the promotion hash: the text returned is the text hashed,
        so a file changed after an earlier check (or after a cached hash) is never run.

        Raises:
            IntegrityError: tool.py is missing, unreadable or changed since promotion.
        """
        try:
            source = self.source()
        except (OSError, UnicodeDecodeError) as exc:
            raise IntegrityError(self.name, "tool.py", self.code_hash, "missing") from exc
        actual = sha256_text(source)
        if actual != self.code_hash:
            raise IntegrityError(self.name, "tool.py", self.code_hash, actual)
        return source

    def to_dict(self) -> dict[str, Any]:
        """Plain dict for JSON output."""
        return {
            "name": self.name,
            "version": self.version,
            "path": str(self.path),
            "spec_hash": self.spec_hash,
            "code_hash": self.code_hash,
            "promoted_at": self.promoted_at,
            "created_by": self.created_by,
            "description": self.spec.description,
        }


@dataclass(frozen=True, kw_only=True)
class ActResult:
    """What an act did: the promoted tool, or why the promotion it asked for was refused."""

    promoted: ActiveTool | None = None
    refused_reason: str | None = None


def tool_call_event(name: str, *, ok: bool, duration_ms: float, error: str | None = None) -> MonitoringEvent:
    """The monitoring row of one call of an active tool, stamped now."""
    return MonitoringEvent(
        kind="tool_call", name=name, ok=ok, duration_ms=duration_ms, data={"error": error}, time=utc_now()
    )


@runtime_checkable
class AuditReader(Protocol):
    """The audit log as code above the registry reads it (append-only; rows are never changed)."""

    def append(self, entry: AuditEntry) -> None: ...
    def append_event(
        self,
        kind: str,
        *,
        name: str | None = None,
        ok: bool | None = None,
        duration_ms: float | None = None,
        data: dict[str, Any] | None = None,
    ) -> None: ...
    def append_events(self, events: list[MonitoringEvent]) -> None: ...
    def entries(self, *, tool: str | None = None, action: str | None = None) -> list[AuditEntry]: ...
    def events(self, kind: str | None = None) -> list[Event]: ...
    def tool_call_stats(self) -> dict[str, dict[str, Any]]: ...
    def check(self) -> int: ...


@runtime_checkable
class RegistryBackend(Protocol):
    """The registry as everything above it uses it. Both backends implement all of it.

    ``root`` is a local folder for what a process keeps for itself (outputs of reused tools, caches, the
    files of candidates and tools materialized for the sandbox); for the file registry it is the registry.
    ``location`` is what the person named: the folder, or the URL with its password masked.
    """

    config: MCPForgeConfig
    root: Path
    audit: Any  # an AuditReader

    @property
    def location(self) -> str: ...

    # set-up and recovery
    def is_initialized(self) -> bool: ...
    def init(self) -> None: ...
    def settle(self) -> None: ...
    def pending_journals(self) -> list[Path]: ...
    def writing(self) -> AbstractContextManager[None]: ...
    def close(self) -> None: ...

    # the active set
    def indexed_tools(self, *, operation: str | None = None) -> list[IndexedTool]: ...
    def active_tools(self, *, operation: str | None = None) -> list[ActiveTool]: ...
    def active_tools_named(self, names: Sequence[str]) -> list[ActiveTool]: ...
    def get_active_tool(self, name: str) -> ActiveTool | None: ...
    def verify_tool(self, name: str) -> ActiveTool: ...
    def integrity(self, row: IndexedTool) -> str | None: ...
    def learn_hashes(self) -> None: ...
    def active_revision(self) -> str: ...

    # candidates and acts
    def plan_version(self, tool_name: str, spec_hash: str, *, rejected: bool = False) -> str: ...
    def can_promote(self, candidate: ToolCandidate) -> tuple[bool, str]: ...
    def promote(self, candidate_id: str, *, actor: str) -> ActiveTool: ...
    def remove_tool(self, name: str, *, actor: str) -> None: ...
    def stage_candidate(
        self, candidate: ToolCandidate, files: Mapping[str, str], *, actor: str
    ) -> ToolCandidate: ...
    def save_candidate(self, candidate: ToolCandidate) -> None: ...
    def update_validation_report(
        self,
        candidate_id: str,
        report: ValidationReport | Callable[[ValidationReport | None], ValidationReport | None],
    ) -> ToolCandidate | None: ...
    def record_feedback(self, candidate_id: str, feedback: UserFeedback, *, actor: str) -> ToolCandidate: ...
    def approve(
        self, candidate_id: str, feedback: UserFeedback, *, actor: str
    ) -> tuple[ToolCandidate, ActResult]: ...
    def candidate_dir(self, candidate_id: str) -> Path: ...
    def get_candidate(self, candidate_id: str) -> ToolCandidate: ...
    def list_candidates(self, status: ToolStatus | None = None) -> list[ToolCandidate]: ...

    # monitoring
    def metrics(self) -> dict[str, Any]: ...
    def refresh_metrics(self) -> dict[str, Any]: ...
    def refresh_metrics_if_stale(self, *, min_interval: float = ...) -> bool: ...
    def record_tool_call(
        self,
        name: str,
        *,
        ok: bool,
        duration_ms: float,
        error: str | None = None,
        refresh_metrics: bool = True,
    ) -> None: ...
    def record_tool_calls(self, events: Sequence[MonitoringEvent]) -> None: ...
    def record_event(self, kind: str, **fields: Any) -> None: ...

    # what a person chose for a file (remembered answers to clarifying questions)
    def remembered_choices(self, dataset: Path | str) -> dict[str, str]: ...
    def remember_choices(self, dataset: Path | str, answers: dict[str, str]) -> None: ...
