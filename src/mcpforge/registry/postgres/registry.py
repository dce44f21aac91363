"""``PostgresRegistry``: the registry in PostgreSQL, behind the same protocol as the file registry.

Every act is one transaction (``acts.py``); readers go through the ``tools`` table (``reads.py``);
files live content-addressed by sha256 (``blob_store.py``: in the ``blobs`` table, or in an S3-compatible
store when ``registry.blob_store`` is set) and are materialized under ``root`` (a local cache folder,
by default ``$MCPFORGE_CACHE_DIR`` or ``~/.cache/mcpforge``, then ``pg/<hash of the URL>``).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from psycopg.types.json import Jsonb

from mcpforge.config import MCPForgeConfig
from mcpforge.exceptions import IntegrityError
from mcpforge.models import ToolCandidate, ToolStatus, UserFeedback, ValidationReport
from mcpforge.registry.audit import MonitoringEvent
from mcpforge.registry.backend import (
    UNINITIALIZED_REVISION,
    ActiveTool,
    ActResult,
    RegistryNotInitializedError,
    tool_call_event,
)
from mcpforge.registry.file_hashes import HashCache
from mcpforge.registry.monitor import compute_metrics
from mcpforge.registry.postgres import acts, candidates, reads, schema
from mcpforge.registry.postgres._db import Database, plain_url, url_key
from mcpforge.registry.postgres.audit import PostgresAudit, insert_events
from mcpforge.registry.postgres.blob_store import open_blob_store
from mcpforge.registry.transitions import APPROVE_DECISIONS
from mcpforge.registry.urls import mask_url

if TYPE_CHECKING:
    from mcpforge.registry.doctor_report import DoctorReport
    from mcpforge.registry.tool_index import IndexedTool

_BUILT_TOOLS_KEPT = 50_000


def default_root(url: str) -> Path:
    """The local cache folder of the registry at ``url``."""
    base = os.environ.get("MCPFORGE_CACHE_DIR") or str(Path("~/.cache/mcpforge").expanduser())
    return Path(base) / "pg" / url_key(url)


class PostgresRegistry:
    """A registry in a PostgreSQL database (``postgresql://`` URL). Connects on first use."""

    def __init__(self, url: str, config: MCPForgeConfig | None = None, *, root: Path | None = None) -> None:
        self.url = plain_url(url)
        self.config = config or MCPForgeConfig()
        self.root = Path(root) if root is not None else default_root(url)
        self.db = Database(self.url)
        self.blobs = open_blob_store(self.config.registry)
        self.audit = PostgresAudit(self.db)
        self.hashes = HashCache()
        self._at_head = False
        self._built_tools: dict[tuple[object, ...], ActiveTool] = {}

    @property
    def location(self) -> str:
        """The URL with its password masked."""
        return mask_url(self.url)

    # ---------------------------------------------------------------- set-up and recovery
    def is_initialized(self) -> bool:
        """Whether the schema is at the head revision."""
        if not self._at_head:
            self._at_head = schema.current_revision(self.db) == schema.HEAD
        return self._at_head

    def init(self) -> None:
        """Migrate the schema to head (idempotent)."""
        schema.upgrade(self.url)
        self._at_head = True

    def ensure_initialized(self) -> None:
        """Migrate first when a write finds the schema missing or behind (as the file registry inits)."""
        if not self.is_initialized():
            self.init()

    def settle(self) -> None:
        """Nothing is ever half-done: every act is one transaction."""

    def pending_journals(self) -> list[Path]:
        """No journals: a transaction commits whole or not at all."""
        return []

    @contextmanager
    def writing(self) -> Iterator[None]:
        """For callers that group writes: initializes first; each write is its own transaction."""
        self.ensure_initialized()
        yield

    def close(self) -> None:
        """Close the connections."""
        self.db.close()

    def wait_for_change(self, timeout: float) -> bool:
        """Wait for a promotion or removal (LISTEN mcpforge_active); True when one was committed."""
        return self.db.wait_for_change(timeout)

    # ---------------------------------------------------------------- the active set
    def from_index(self, row: IndexedTool) -> ActiveTool:
        """The ActiveTool of an index row, built once per row."""
        key = (row.name, row.version, row.path, row.spec_hash, row.code_hash, row.promoted_at,
               row.created_by, row.operation, row.spec_ok)  # fmt: skip
        cached = self._built_tools.get(key)
        if cached is None:
            if row.spec_json is None:
                full = reads.named_rows(self, [row.name])
                row = full[0] if full else row
            cached = reads.build_active(self, row)
            if len(self._built_tools) >= _BUILT_TOOLS_KEPT:
                self._built_tools.clear()
            self._built_tools[key] = cached
        return cached

    def indexed_tools(self, *, operation: str | None = None) -> list[IndexedTool]:
        """Rows of the promoted tools in name order; no file is read."""
        return reads.tool_rows(self, operation=operation) if self.is_initialized() else []

    def active_tools(self, *, operation: str | None = None) -> list[ActiveTool]:
        """Promoted tools in name order; :meth:`verify_tool` before serving one."""
        if not self.is_initialized():
            return []
        return [self.from_index(row) for row in reads.tool_rows(self, operation=operation, with_spec=True)]

    def active_tools_named(self, names: Sequence[str]) -> list[ActiveTool]:
        """The active tools among ``names``, in name order."""
        if not self.is_initialized():
            return []
        return [self.from_index(row) for row in reads.named_rows(self, names)]

    def get_active_tool(self, name: str) -> ActiveTool | None:
        """The active tool ``name``, or None."""
        found = self.active_tools_named([name])
        return found[0] if found else None

    def verify_tool(self, name: str) -> ActiveTool:
        """The active tool after checking its blobs and files against the promotion hashes."""
        return reads.verify(self, name)

    def integrity(self, row: IndexedTool) -> str | None:
        """None when the tool's files match its promotion hashes, else why not (one line)."""
        full = reads.tool_row(self, row.name)
        if full is None:
            return f"tool {row.name!r} is no longer active"
        try:
            error = reads.problem(self, full, reads.materialize(self, full))
        except IntegrityError as exc:
            return str(exc)
        return None if error is None else str(error)

    def learn_hashes(self) -> None:
        """Nothing to learn: materialized files are hashed once per identity (HashCache)."""

    def active_revision(self) -> str:
        """The revision counter, bumped by every promotion and removal."""
        if not self.is_initialized():
            return UNINITIALIZED_REVISION
        with self.db.transaction() as conn:
            row = conn.execute("SELECT value FROM meta WHERE key = 'revision'").fetchone()
        return str(row["value"]) if row else "0"

    def active_entries(self) -> dict[str, dict[str, Any]]:
        """The active tools as ``active/metadata.json`` entries (what review and migrate read)."""
        if not self.is_initialized():
            return {}
        with self.db.transaction() as conn:
            rows = conn.execute("SELECT * FROM tools ORDER BY name").fetchall()
        return {str(row["name"]): acts.active_entry(row) for row in rows}

    def staging_entries(self) -> dict[str, dict[str, Any]]:
        """Candidates as ``staging/metadata.json`` entries (status, version, tool name, path)."""
        return {
            c.candidate_id: {
                "tool_id": c.tool_id, "tool_name": c.spec.tool_name, "version": c.version,
                "status": c.status.value, "path": c.package_path, "spec_hash": c.spec_hash,
                "code_hash": c.code_hash, "created_at": c.created_at, "created_by": c.created_by,
            }
            for c in (self.list_candidates() if self.is_initialized() else [])
        }  # fmt: skip

    # ---------------------------------------------------------------- candidates and acts
    def plan_version(self, tool_name: str, spec_hash: str, *, rejected: bool = False) -> str:
        """Version for a candidate, planned as the file registry plans it."""
        if not self.is_initialized():
            return "1.0.0" if not rejected else "1.0.0-rejected.1"
        return acts.plan_version(self, tool_name, spec_hash, rejected=rejected)

    def can_promote(self, candidate: ToolCandidate) -> tuple[bool, str]:
        """Pre-promotion checks: ``(ok, reason)``."""
        self.ensure_initialized()
        return acts.can_promote(self, candidate)

    def promote(self, candidate_id: str, *, actor: str) -> ActiveTool:
        """APPROVED → PROMOTED in one transaction. Raises PromotionRefusedError."""
        return acts.promote(self, candidate_id, actor=actor)

    def remove_tool(self, name: str, *, actor: str) -> None:
        """Unregister an active tool (its version stays recorded)."""
        acts.remove_tool(self, name, actor=actor)

    def stage_candidate(
        self, candidate: ToolCandidate, files: Mapping[str, str], *, actor: str
    ) -> ToolCandidate:
        """DRAFT → STAGED, or record an already REJECTED try."""
        return candidates.stage(self, candidate, files, actor=actor)

    def save_candidate(self, candidate: ToolCandidate) -> None:
        """Rewrite a candidate's JSON; its status must not change."""
        candidates.save(self, candidate)

    def update_validation_report(
        self,
        candidate_id: str,
        report: ValidationReport | Callable[[ValidationReport | None], ValidationReport | None],
    ) -> ToolCandidate | None:
        """Replace the report of a candidate still STAGED or APPROVED; None when it is not."""
        return candidates.update_report(self, candidate_id, report)

    def record_feedback(self, candidate_id: str, feedback: UserFeedback, *, actor: str) -> ToolCandidate:
        """APPROVED → APPROVED; REJECTED (or OUTPUT_REJECTED) → REJECTED, in one transaction."""
        candidate, _ = acts.decide(self, candidate_id, feedback, actor=actor, promote=False)
        return candidate

    def approve(
        self, candidate_id: str, feedback: UserFeedback, *, actor: str
    ) -> tuple[ToolCandidate, ActResult]:
        """The approval and its promotion as one transaction."""
        if feedback.decision not in APPROVE_DECISIONS:
            from mcpforge.exceptions import InvalidArgumentError

            raise InvalidArgumentError(f"{feedback.decision!r} is not an approval", argument="feedback")
        return acts.decide(self, candidate_id, feedback, actor=actor, promote=True)

    def candidate_dir(self, candidate_id: str) -> Path:
        """The candidate's files, materialized under the cache."""
        return candidates.materialize(self, candidate_id)

    def get_candidate(self, candidate_id: str) -> ToolCandidate:
        """The candidate with its current status. Raises NotFoundError."""
        if not self.is_initialized():
            from mcpforge.exceptions import NotFoundError

            raise NotFoundError("candidate", candidate_id)
        return candidates.get(self, candidate_id)

    def list_candidates(self, status: ToolStatus | None = None) -> list[ToolCandidate]:
        """Candidates ordered by creation time, optionally with one status."""
        return candidates.list_all(self, status) if self.is_initialized() else []

    # ---------------------------------------------------------------- monitoring
    def metrics(self) -> dict[str, Any]:
        """The metrics, computed from the audit log."""
        if not self.is_initialized():
            raise RegistryNotInitializedError(self.location)
        return compute_metrics(cast("Any", self.audit))

    def refresh_metrics(self) -> dict[str, Any]:
        """The same as :meth:`metrics`: nothing is cached in a file."""
        return self.metrics()

    def refresh_metrics_if_stale(self, *, min_interval: float = 30.0) -> bool:
        """Never needed: metrics are computed when read."""
        return False

    def record_tool_call(
        self,
        name: str,
        *,
        ok: bool,
        duration_ms: float,
        error: str | None = None,
        refresh_metrics: bool = True,
    ) -> None:
        """Record one call of an active tool."""
        self.record_tool_calls([tool_call_event(name, ok=ok, duration_ms=duration_ms, error=error)])

    def record_tool_calls(self, events: Sequence[MonitoringEvent]) -> None:
        """Append calls in one transaction (one batched insert)."""
        if events:
            self.ensure_initialized()
            with self.db.transaction() as conn:
                insert_events(conn, list(events))

    def record_event(self, kind: str, **fields: Any) -> None:
        """Record a monitoring event (the same fields as the file registry reads)."""
        ok = fields.get("ok", fields.get("passed"))
        duration = fields.get("duration_ms")
        name = fields.get("tool_name") or fields.get("name") or fields.get("tool")
        self.ensure_initialized()
        event = MonitoringEvent(
            kind=kind,
            name=str(name) if name is not None else None,
            ok=bool(ok) if ok is not None else None,
            duration_ms=float(duration) if isinstance(duration, int | float) else None,
            data=fields,
        )
        with self.db.transaction() as conn:
            insert_events(conn, [event])

    # ---------------------------------------------------------------- remembered choices
    def remembered_choices(self, dataset: Path | str) -> dict[str, str]:
        """The answers remembered for ``dataset`` (its resolved path), or {}."""
        if not self.is_initialized():
            return {}
        with self.db.transaction() as conn:
            row = conn.execute(
                "SELECT answers FROM choices WHERE dataset = %s", (str(Path(dataset).resolve()),)
            ).fetchone()
        return {str(k): str(v) for k, v in (row["answers"] if row else {}).items()}

    def remember_choices(self, dataset: Path | str, answers: dict[str, str]) -> None:
        """Remember ``answers`` for ``dataset`` (newer answers replace older ones for the same key)."""
        if not answers:
            return
        self.ensure_initialized()
        with self.db.transaction() as conn:
            conn.execute(
                "INSERT INTO choices (dataset, answers) VALUES (%s, %s) ON CONFLICT (dataset) "
                "DO UPDATE SET answers = choices.answers || EXCLUDED.answers",
                (str(Path(dataset).resolve()), Jsonb(dict(answers))),
            )

    # ---------------------------------------------------------------- doctor
    def doctor(self, *, repair: bool = False) -> DoctorReport:
        """Check the database (schema, blobs of active tools, statuses against the audit log); with
        ``repair``, first promote approvals whose promotion never ran."""
        from mcpforge.registry.postgres import doctor

        return doctor.repair(self) if repair else doctor.check(self)
