"""The file registry's storage: active / staging / archive directories, metadata, lock, audit log and metrics.

:class:`FileStore` is the storage half of the file registry: layout, lock and :meth:`FileStore.writing`,
paths, metadata entries, candidate reads, active-set reads, file hashes, the audit log and monitoring.
The acts (staging, feedback, approval, promotion, removal) sit above it in ``acts.py``, ``lifecycle.py``
and ``promote.py``, and :class:`mcpforge.registry.file.registry.Registry` joins the two; this module
imports none of them ("storage below, acts above"), and finishing an interrupted act is a hook
(:meth:`FileStore.finish_interrupted`) the registry overrides.

Metadata files are the source of truth: a tool directory without a metadata entry is invisible (and
cleaned by ``doctor``), and a metadata entry whose files no longer match the recorded hashes is refused by
:meth:`FileStore.verify_tool`. Every write happens under ``<root>/.lock`` and is atomic; see ``acts.py`` for
the act journal that makes a status change, its audit rows and an approval's promotion one act, and
``promote.py`` for the promotion journal. Readers go through the tool index (``tool_index.py``), never a
scan of tool files.
"""

from __future__ import annotations

import hashlib
import json
import logging
import shutil
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from filelock import FileLock, Timeout
from pydantic import ValidationError

from mcpforge.config import MCPForgeConfig
from mcpforge.exceptions import (
    IntegrityError,
    NotFoundError,
    RegistryCorruptedError,
    RegistryError,
)
from mcpforge.models import (
    ChartSpec,
    ToolCandidate,
    ToolSpec,
    ToolStatus,
    ValidationReport,
    utc_now,
)
from mcpforge.registry._atomic import TEMP_PREFIX, atomic_write_json, atomic_write_text
from mcpforge.registry._space import SAFETY_MARGIN_BYTES, ensure_free_space
from mcpforge.registry.audit import AuditLog, MonitoringEvent
from mcpforge.registry.backend import (
    UNINITIALIZED_REVISION,
    ActiveTool,
    RegistryNotInitializedError,
    tool_call_event,
)
from mcpforge.registry.file_hashes import HashCache
from mcpforge.registry.monitor import compute_metrics
from mcpforge.registry.tool_index import IndexedTool, ToolIndex, file_identity

logger = logging.getLogger(__name__)

LOCK_TIMEOUT_SECONDS = 120.0
_BUILT_TOOLS_KEPT = 50_000
METRICS_REFRESH_SECONDS = 30.0  # a refresh reads the whole audit log: ~0.5 s at 10,000 tools
# Candidates whose report may still change: not yet promoted, rejected or removed.
_REPORT_STATUSES = frozenset({ToolStatus.STAGED.value, ToolStatus.APPROVED.value})


def read_json_file(path: Path, key: str) -> dict[str, Any]:
    """Read a registry metadata file whose top level holds the mapping ``key``.

    Raises:
        RegistryCorruptedError: the file is unreadable, not JSON, or has the wrong shape.
    """
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise RegistryCorruptedError(path, "the file is missing") from exc
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise RegistryCorruptedError(path, f"not valid JSON: {exc}") from exc
    if not isinstance(data, dict) or not isinstance(data.get(key), dict):
        raise RegistryCorruptedError(path, f"expected an object with a {key!r} mapping")
    entries: dict[str, Any] = data[key]
    if not all(isinstance(value, dict) for value in entries.values()):
        raise RegistryCorruptedError(path, f"every entry of {key!r} must be an object")
    return entries


class FileStore:
    """The storage of a filesystem registry of candidates and promoted tools. Creates nothing until
    written to. Use :class:`mcpforge.registry.file.registry.Registry`, which adds the acts."""

    def __init__(self, root: Path, config: MCPForgeConfig | None = None) -> None:
        self.root = Path(root)
        self.config = config or MCPForgeConfig()
        paths = self.config.registry
        self.active_dir = Path(paths.active_path) if paths.active_path else self.root / "active"
        self.staging_dir = Path(paths.staging_path) if paths.staging_path else self.root / "staging"
        self.archive_dir = Path(paths.archive_path) if paths.archive_path else self.root / "archive"
        self.tools_dir = self.active_dir / "tools"
        self.candidates_dir = self.staging_dir / "candidates"
        self.rejected_dir = self.archive_dir / "rejected"
        self.superseded_dir = self.archive_dir / "superseded"
        self.removed_dir = self.archive_dir / "removed"
        self.active_meta_path = self.active_dir / "metadata.json"
        self.staging_meta_path = self.staging_dir / "metadata.json"
        self.metrics_path = self.root / "metrics.json"
        self.journal_path = self.root / "promotion.journal.json"
        self.act_journal_path = self.root / "act.journal.json"
        self.audit = AuditLog(self.root / "audit.sqlite")
        self.tool_index = ToolIndex(self.root / "index.sqlite")
        self.hashes = HashCache()
        self._lock = FileLock(str(self.root / ".lock"), timeout=LOCK_TIMEOUT_SECONDS)
        self._writing = 0
        self._metrics_stale = False
        self._metrics_written = float("-inf")
        self._built_tools: dict[tuple[object, ...], ActiveTool] = {}

    # ---------------------------------------------------------------- layout, lock, paths
    def layout_dirs(self) -> list[Path]:
        """Every directory of the layout."""
        return [
            self.root,
            self.active_dir,
            self.tools_dir,
            self.staging_dir,
            self.candidates_dir,
            self.archive_dir,
            self.rejected_dir,
            self.superseded_dir,
            self.removed_dir,
        ]

    def is_initialized(self) -> bool:
        """Whether ``init`` has created the layout."""
        return (
            self.active_meta_path.is_file() and self.staging_meta_path.is_file() and self.audit.path.is_file()
        )

    def init(self) -> None:
        """Create the layout, metadata files and audit log; idempotent, never overwrites a file."""
        self.root.mkdir(parents=True, exist_ok=True)
        with self.locked():
            for directory in self.layout_dirs():
                directory.mkdir(parents=True, exist_ok=True)
            had_audit = self.audit.path.is_file()
            self.audit.create()
            for path, key in ((self.active_meta_path, "tools"), (self.staging_meta_path, "candidates")):
                if path.exists():
                    continue
                if had_audit and self.audit.check() > 0:
                    # The log says things happened; an empty file here would silently forget them.
                    raise RegistryCorruptedError(path, "the file is missing while the audit log has entries")
                atomic_write_json(path, {key: {}, "updated_at": utc_now()})
            if not self.metrics_path.exists():
                self.refresh_metrics()

    @contextmanager
    def locked(self) -> Iterator[None]:
        try:
            with self._lock:
                yield
        except Timeout as exc:
            raise RegistryError(
                f"registry {str(self.root)!r} is locked by another process "
                f"(waited {LOCK_TIMEOUT_SECONDS:.0f} s)"
            ) from exc

    @contextmanager
    def writing(self) -> Iterator[None]:
        """Hold the registry lock for a write, initializing and recovering first.

        Refuses with DiskFullError before anything is written when the disk has no room left.
        """
        if not self.is_initialized():
            self.init()
        with self.locked():
            self._writing += 1
            try:
                if self._writing == 1:
                    ensure_free_space(self.root, SAFETY_MARGIN_BYTES)
                    self.recover()
                yield
            finally:
                self._writing -= 1

    def pending_journals(self) -> list[Path]:
        """Journals of interrupted acts or promotions that the next command rolls forward."""
        return [path for path in (self.journal_path, self.act_journal_path) if path.exists()]

    def settle(self) -> None:
        """Finish any interrupted approval or promotion now (``serve`` calls this at start)."""
        if self.pending_journals() and self._writing == 0:
            with self.writing():
                pass

    def recover(self) -> None:
        """Finish an interrupted promotion or act (:meth:`finish_interrupted`), and drop stale temp dirs.

        Call with the lock held.
        """
        self.finish_interrupted()
        for parent in (
            self.tools_dir,
            self.candidates_dir,
            self.rejected_dir,
            self.superseded_dir,
            self.removed_dir,
        ):
            if not parent.is_dir():
                continue
            for entry in parent.iterdir():
                if entry.name.startswith(TEMP_PREFIX):
                    shutil.rmtree(entry, ignore_errors=True)

    def finish_interrupted(self) -> None:
        """Roll an interrupted promotion, then an interrupted act, forward. Call with the lock held.

        Finishing one is an act, so the storage does nothing here; the registry that knows the acts
        (:class:`mcpforge.registry.file.registry.Registry`) overrides it.
        """

    def rel(self, path: Path) -> str:
        """``path`` relative to the root when inside it (metadata stays valid if the root moves)."""
        try:
            return path.relative_to(self.root).as_posix()
        except ValueError:
            return str(path)

    def resolve(self, stored: str) -> Path:
        """Inverse of :meth:`rel`."""
        path = Path(stored)
        return path if path.is_absolute() else self.root / path

    # ---------------------------------------------------------------- metadata
    def active_entries(self) -> dict[str, dict[str, Any]]:
        """Raw ``active/metadata.json`` entries by tool name ({} when not initialized)."""
        if not self.active_meta_path.exists() and not self.is_initialized():
            return {}
        return read_json_file(self.active_meta_path, "tools")

    def write_active_entries(self, entries: Mapping[str, dict[str, Any]]) -> None:
        """Replace ``active/metadata.json`` atomically. Call with the lock held."""
        atomic_write_json(self.active_meta_path, {"tools": dict(entries), "updated_at": utc_now()})

    def staging_entries(self) -> dict[str, dict[str, Any]]:
        """Raw ``staging/metadata.json`` entries by candidate id ({} when not initialized)."""
        if not self.staging_meta_path.exists() and not self.is_initialized():
            return {}
        return read_json_file(self.staging_meta_path, "candidates")

    def write_staging_entries(self, entries: Mapping[str, dict[str, Any]]) -> None:
        """Replace ``staging/metadata.json`` atomically. Call with the lock held."""
        atomic_write_json(self.staging_meta_path, {"candidates": dict(entries), "updated_at": utc_now()})

    def refresh_metrics(self) -> dict[str, Any]:
        """Recompute ``metrics.json`` from the audit log and write it. Call with the lock held."""
        metrics = compute_metrics(self.audit)
        atomic_write_json(self.metrics_path, metrics)
        return metrics

    def metrics(self) -> dict[str, Any]:
        """The current metrics (recomputed from the audit log, so never stale)."""
        if not self.is_initialized():
            raise RegistryNotInitializedError(self.root)
        return compute_metrics(self.audit)

    # ---------------------------------------------------------------- candidates
    def update_validation_report(
        self,
        candidate_id: str,
        report: ValidationReport | Callable[[ValidationReport | None], ValidationReport | None],
    ) -> ToolCandidate | None:
        """Replace the validation report of a candidate still awaiting promotion, atomically under the lock.

        For results that arrive after staging (CodeBLEU in the background). ``report`` is the new report,
        or a function of the stored one (read under the lock) returning the new one or None to keep it.
        A candidate that is no longer STAGED or APPROVED (promoted, rejected, removed, unknown), or a
        registry that is gone, is left alone: nothing is written or recreated and None is returned.
        """
        if not self.is_initialized():
            return None
        with self.writing():
            entry = self.staging_entries().get(candidate_id)
            if entry is None or entry.get("status") not in _REPORT_STATUSES:
                return None
            directory = self.resolve(str(entry["path"]))
            if not (directory / "candidate.json").is_file():
                return None
            stored = self.get_candidate(candidate_id)
            new = report(stored.validation_report) if callable(report) else report
            if new is None:
                return stored
            updated = stored.model_copy(update={"validation_report": new})
            atomic_write_text(directory / "validation_report.json", new.model_dump_json(indent=2) + "\n")
            atomic_write_text(directory / "candidate.json", updated.model_dump_json(indent=2) + "\n")
        return updated

    def candidate_dir(self, candidate_id: str) -> Path:
        """Directory holding the candidate's files (under staging/, or archive/rejected/ once rejected)."""
        entry = self.staging_entries().get(candidate_id)
        if entry is None:
            raise NotFoundError("candidate", candidate_id)
        return self.resolve(str(entry["path"]))

    def get_candidate(self, candidate_id: str) -> ToolCandidate:
        """The candidate with its current status. Raises NotFoundError."""
        entry = self.staging_entries().get(candidate_id)
        if entry is None:
            raise NotFoundError("candidate", candidate_id)
        path = self.resolve(str(entry["path"])) / "candidate.json"
        try:
            candidate = ToolCandidate.model_validate_json(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValidationError) as exc:
            raise RegistryCorruptedError(path, f"cannot load candidate: {exc}") from exc
        # staging/metadata.json is the source of truth for the status.
        return candidate.model_copy(update={"status": ToolStatus(entry["status"])})

    def list_candidates(self, status: ToolStatus | None = None) -> list[ToolCandidate]:
        """Candidates ordered by creation time, optionally with one status."""
        entries = self.staging_entries()
        ordered = sorted(entries, key=lambda cid: (str(entries[cid].get("created_at", "")), cid))
        result = [self.get_candidate(cid) for cid in ordered]
        return [c for c in result if status is None or c.status == status]

    # ---------------------------------------------------------------- active tools
    def _settle(self) -> None:
        """Roll an interrupted act or promotion forward before reading, so readers never see its middle."""
        if self._writing == 0 and self.pending_journals():
            with self.writing():
                pass

    def _from_index(self, row: IndexedTool) -> ActiveTool:
        # Built once per index row: the row's hashes name its files and spec exactly, and gap detection
        # builds hundreds per request at 10,000 tools (parsing each spec was half of its time).
        key = (row.name, row.version, row.path, row.spec_hash, row.code_hash, row.promoted_at,
               row.created_by, row.operation, row.spec_ok)  # fmt: skip
        cached = self._built_tools.get(key)
        if cached is not None:
            return cached
        tool = self._build_active(row)
        if len(self._built_tools) >= _BUILT_TOOLS_KEPT:
            self._built_tools.clear()
        self._built_tools[key] = tool
        return tool

    def _build_active(self, row: IndexedTool) -> ActiveTool:
        text = row.spec_json if row.spec_json is not None else self.tool_index.spec_text(row.name)
        # Validated when the row was written (and its hash checked), so it is not validated again.
        data = json.loads(text or "{}")
        if isinstance(data.get("chart"), dict):  # construct() leaves nested models as plain dicts
            data["chart"] = ChartSpec.model_validate(data["chart"])
        spec = ToolSpec.model_construct(**data)
        return ActiveTool(
            name=row.name,
            version=row.version,
            path=self.resolve(row.path),
            spec=spec,
            spec_hash=row.spec_hash,
            code_hash=row.code_hash,
            promoted_at=row.promoted_at,
            created_by=row.created_by,
            operation=row.operation,
        )

    def indexed_tools(self, *, operation: str | None = None) -> list[IndexedTool]:
        """Index rows of the promoted tools in name order (optionally of one catalogue operation).

        Cheap at any registry size: no tool file is read. Use :meth:`verify_tool` before serving one.
        """
        if not self.is_initialized():
            return []
        self._settle()
        return self.tool_index.tools(self, operation=operation)

    def active_tools(self, *, operation: str | None = None) -> list[ActiveTool]:
        """Promoted tools in name order (optionally only those implementing ``operation``).

        Read from the tool index; use :meth:`verify_tool` before serving one (it checks the hashes).
        """
        if not self.is_initialized():
            return []
        self._settle()
        rows = self.tool_index.tools(self, operation=operation, with_spec=True)
        return [self._from_index(row) for row in rows]

    def active_tools_named(self, names: Sequence[str]) -> list[ActiveTool]:
        """The active tools among ``names``, in name order (a name not active is left out)."""
        if not self.is_initialized():
            return []
        self._settle()
        return [self._from_index(row) for row in self.tool_index.named(self, names)]

    def get_active_tool(self, name: str) -> ActiveTool | None:
        """The active tool ``name``, or None."""
        if not self.is_initialized():
            return None
        self._settle()
        row = self.tool_index.get(self, name)
        return None if row is None else self._from_index(row)

    def integrity(self, row: IndexedTool) -> str | None:
        """None when the tool's files match its promotion hashes, else why not (one line)."""
        # Plain strings, not pathlib: at ten thousand tools pathlib's parsing is most of the cost.
        path = row.path if row.path.startswith("/") else f"{self.root}/{row.path}"
        for file_name, expected in (("tool.py", row.code_hash), ("spec.json", row.spec_hash)):
            actual = self.hashes.sha256(f"{path}/{file_name}")
            if actual != expected:
                return str(IntegrityError(row.name, file_name, expected, actual or "missing"))
        if not row.spec_matches():
            return str(IntegrityError(row.name, "spec.json", row.spec_hash, "a stale index entry"))
        return None

    def learn_hashes(self) -> None:
        """Load the file hashes recorded in the tool index (a fresh process then hashes nothing it
        does not have to)."""
        self.hashes.learn(self.tool_index.known_hashes())

    def verify_tool(self, name: str) -> ActiveTool:
        """The active tool after checking tool.py and spec.json against the promotion hashes.

        Hashes are cached by file identity (:class:`HashCache`), so an unchanged file is not read again
        and a changed one always is.

        Raises:
            NotFoundError: no active tool ``name``.
            IntegrityError: a file is missing or changed since promotion.
        """
        if not self.is_initialized():
            raise NotFoundError("tool", name)
        self._settle()
        row = self.tool_index.get(self, name)
        if row is None:
            raise NotFoundError("tool", name)
        path = self.resolve(row.path)
        for file_name, expected in (("tool.py", row.code_hash), ("spec.json", row.spec_hash)):
            actual = self.hashes.sha256(str(path / file_name))
            if actual != expected:
                raise IntegrityError(name, file_name, expected, actual or "missing")
        if not row.spec_matches():  # indexed while spec.json was changed: rebuild, never trust it
            with self.locked():
                self.tool_index.rebuild(self)
            raise IntegrityError(name, "spec.json", row.spec_hash, "a stale index entry")
        return self._from_index(row)

    def active_revision(self) -> str:
        """A token that changes whenever the active set changes (servers poll it)."""
        self._settle()
        identity = file_identity(self.active_meta_path)
        if identity is None:
            return UNINITIALIZED_REVISION
        return hashlib.sha256(identity.encode("utf-8")).hexdigest()[:16]

    # ---------------------------------------------------------------- monitoring
    def record_tool_call(
        self,
        name: str,
        *,
        ok: bool,
        duration_ms: float,
        error: str | None = None,
        refresh_metrics: bool = True,
    ) -> None:
        """Record one call of an active tool (for per-tool call and error counts).

        A server records its calls in batches with :meth:`record_tool_calls` instead.
        """
        event = tool_call_event(name, ok=ok, duration_ms=duration_ms, error=error)
        if not refresh_metrics:
            self.record_tool_calls([event])
            return
        with self.writing():
            self.audit.append_events([event])
            self.refresh_metrics()

    def record_tool_calls(self, events: Sequence[MonitoringEvent]) -> None:
        """Append calls (from :func:`tool_call_event`) in one transaction, without rewriting metrics.json.

        SQLite serializes appends, so no registry lock is taken; metrics.json is rewritten by
        :meth:`refresh_metrics_if_stale` from a server's poll loop, so concurrent calls never queue
        behind a recomputation of every figure.
        """
        if not events:
            return
        ensure_free_space(self.root, SAFETY_MARGIN_BYTES)
        self.audit.append_events(list(events))
        self._metrics_stale = True

    def refresh_metrics_if_stale(self, *, min_interval: float = METRICS_REFRESH_SECONDS) -> bool:
        """Rewrite metrics.json when calls were recorded without it, at most every ``min_interval``
        seconds (recomputing every figure reads the whole audit log); returns whether it did."""
        now = time.monotonic()
        if not self._metrics_stale or now - self._metrics_written < min_interval:
            return False
        self._metrics_stale = False
        self._metrics_written = now
        with self.writing():
            self.refresh_metrics()
        return True

    def record_event(self, kind: str, **fields: Any) -> None:
        """Record a monitoring event for metrics.json.

        Kinds used by the metrics: ``generation`` (ok or passed, duration_ms, candidate_id, samples,
        correct) — one per generated candidate, with its candidate_id so it is counted once — and
        ``validation_failure`` (reason or reasons). Other kinds are stored as they are.
        """
        ok = fields.get("ok", fields.get("passed"))
        duration = fields.get("duration_ms")
        name = fields.get("tool_name") or fields.get("name") or fields.get("tool")
        with self.writing():
            self.audit.append_event(
                kind,
                name=str(name) if name is not None else None,
                ok=bool(ok) if ok is not None else None,
                duration_ms=float(duration) if isinstance(duration, int | float) else None,
                data=fields,
            )
            self.refresh_metrics()
