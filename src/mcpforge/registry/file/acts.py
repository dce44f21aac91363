"""Journaled acts: a status change, its audit rows and (for an approval) its promotion are one act.

An act is written whole to ``act.journal.json`` before any of its steps, so a crash at any instant
leaves either nothing (no journal: the act never happened) or a journal that the next command (any
write, any read of the active set, ``serve`` at start, ``doctor --repair``) rolls forward:

1. ``act.journal.json``: the candidate's new staging entry, its candidate.json text, the audit rows
   (each with an ``op_id``) and whether a promotion follows (written atomically);
2. ``staging/metadata.json`` gets the entry (the commit point of the status change);
3. ``candidate.json`` is rewritten;
4. the audit rows are appended in one SQLite transaction, skipping rows whose ``op_id`` is present;
5. for an approval, the promotion runs (itself journaled, see ``promote.py``);
6. the journal is removed.

Every step is idempotent and guarded by the state it expects, so replaying a journal never undoes a
later step: metadata and audit log cannot disagree after a crash, and an approval is never left
APPROVED-but-not-promoted without a journal saying so.
"""

from __future__ import annotations

import json
import logging
import secrets
from typing import TYPE_CHECKING, Any

from mcpforge.exceptions import (
    ActPendingError,
    DiskFullError,
    IntegrityError,
    PromotionRefusedError,
    RegistryCorruptedError,
)
from mcpforge.registry._atomic import atomic_write_text, dumps_json, fsync_dir
from mcpforge.registry._fault import durable_step
from mcpforge.registry._space import ensure_free_space
from mcpforge.registry.audit import AuditEntry
from mcpforge.registry.backend import ActResult
from mcpforge.registry.file.promote import promote_locked

if TYPE_CHECKING:
    from pathlib import Path

    from mcpforge.registry.file.store import FileStore

logger = logging.getLogger(__name__)


def _file_size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def space_needed(reg: FileStore, *, extra_bytes: int = 0) -> int:
    """Bytes an act may write: two copies of each metadata file (temp + final) and its own files."""
    metadata = _file_size(reg.active_meta_path) + _file_size(reg.staging_meta_path)
    return 2 * metadata + extra_bytes


def commit_act(
    reg: FileStore,
    *,
    candidate_id: str,
    expect_status: str | None,
    entry: dict[str, Any],
    rows: list[AuditEntry],
    candidate_file: Path | None = None,
    candidate_text: str | None = None,
    promote_actor: str | None = None,
    extra_bytes: int = 0,
) -> ActResult:
    """Write the act's journal, then apply it. Call with the registry lock held.

    Args:
        reg: the registry.
        candidate_id: the candidate whose status changes.
        expect_status: its status before the act (None for a new candidate); the guard of a replay.
        entry: its new ``staging/metadata.json`` entry.
        rows: audit rows of the act (op_ids are assigned here).
        candidate_file: the candidate.json to rewrite with ``candidate_text``.
        candidate_text: the new candidate.json text.
        promote_actor: when set, the act is an approval and the promotion runs as its last step.
        extra_bytes: bytes the act writes besides metadata (package files), for the free-space check.

    Raises:
        DiskFullError: the disk is full; before the commit point nothing was recorded.
        ActPendingError: the disk filled up after the commit point; the journal finishes the act later.
    """
    op_id = secrets.token_hex(8)
    journal = {
        "op_id": op_id,
        "candidate_id": candidate_id,
        "expect_status": expect_status,
        "entry": entry,
        "rows": [
            {**row.to_dict(), "op_id": row.op_id or f"{op_id}:{index}"} for index, row in enumerate(rows)
        ],
        "candidate_file": reg.rel(candidate_file) if candidate_file is not None else None,
        "candidate_text": candidate_text,
        "promote_actor": promote_actor,
    }
    text = dumps_json(journal)
    ensure_free_space(reg.root, space_needed(reg, extra_bytes=extra_bytes + 2 * len(text)))
    atomic_write_text(reg.act_journal_path, text)
    durable_step("act-journal")
    try:
        return _apply(reg, journal)
    except DiskFullError as exc:
        if _staging_status(reg, candidate_id) == expect_status:
            # Before the commit point: withdraw the act, so the status change is not recorded at all.
            reg.act_journal_path.unlink(missing_ok=True)
            fsync_dir(reg.root)
            raise
        raise _pending(exc, journal) from exc


def finish_pending_act(reg: FileStore) -> ActResult | None:
    """Roll an interrupted act forward (idempotent). Call with the lock held; None when none is pending."""
    if not reg.act_journal_path.exists():
        return None
    try:
        journal = json.loads(reg.act_journal_path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise RegistryCorruptedError(reg.act_journal_path, f"unreadable act journal: {exc}") from exc
    logger.warning("finishing the interrupted act on candidate %r", journal.get("candidate_id"))
    try:
        return _apply(reg, journal)
    except DiskFullError as exc:
        raise _pending(exc, journal) from exc


def _pending(exc: DiskFullError, journal: dict[str, Any]) -> ActPendingError:
    """The error for a full disk after the act's commit point: recorded, to be finished later."""
    if isinstance(exc, ActPendingError):
        return exc
    entry = journal.get("entry") or {}
    return ActPendingError(
        exc, candidate_id=str(journal.get("candidate_id")), status=str(entry.get("status"))
    )


def pending_act(reg: FileStore) -> dict[str, Any] | None:
    """The journal of an act waiting to be finished (None when none is, or it cannot be read)."""
    try:
        data = json.loads(reg.act_journal_path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return None
    return data if isinstance(data, dict) else None


def _staging_status(reg: FileStore, candidate_id: str) -> str | None:
    entry = reg.staging_entries().get(candidate_id)
    return None if entry is None else str(entry.get("status"))


def _apply(reg: FileStore, journal: dict[str, Any]) -> ActResult:
    candidate_id: str = journal["candidate_id"]
    entry: dict[str, Any] = journal["entry"]
    target = str(entry["status"])
    entries = reg.staging_entries()
    current = entries.get(candidate_id)
    current_status = None if current is None else str(current.get("status"))
    if current_status == journal["expect_status"] and current != entry:
        entries[candidate_id] = entry
        reg.write_staging_entries(entries)
        current_status = target
    durable_step("act-staging-metadata")
    if current_status == target and journal.get("candidate_file") and journal.get("candidate_text"):
        path = reg.resolve(str(journal["candidate_file"]))
        if path.parent.is_dir() and _read(path) != journal["candidate_text"]:
            atomic_write_text(path, str(journal["candidate_text"]))
    durable_step("act-candidate-file")
    reg.audit.append_missing([AuditEntry.from_dict(row) for row in journal["rows"]])
    durable_step("act-audit")
    result = ActResult()
    actor = journal.get("promote_actor")
    if actor and _staging_status(reg, candidate_id) == "APPROVED":
        try:
            result = ActResult(promoted=promote_locked(reg, candidate_id, actor=str(actor)))
        except PromotionRefusedError as exc:
            # Refused by a pre-promotion check (identical tool, version): the approval stands and
            # doctor reports the candidate; the act itself is complete.
            result = ActResult(refused_reason=exc.reason)
        except IntegrityError as exc:
            # The staged files changed after review: never promote them, never retry forever.
            result = ActResult(refused_reason=str(exc))
    reg.refresh_metrics()
    reg.act_journal_path.unlink(missing_ok=True)
    fsync_dir(reg.root)
    durable_step("act-journal-removed")
    return result


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
