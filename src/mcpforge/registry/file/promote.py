"""Versions, pre-promotion checks, promotion and removal (requirements 8A).

A promotion is journalled so that a SIGKILL at any point leaves a consistent registry:

1. the package is built completely in ``active/tools/.tmp-<name>-*`` (fsynced);
2. ``promotion.journal.json`` records the whole plan (written atomically);
3. the previous ``active/tools/<name>`` (if any) is parked, the new dir renamed into place;
4. ``active/metadata.json`` gets the new entry (the commit point for readers);
5. the parked version moves to ``archive/superseded/``, the audit rows and candidate status are written;
6. the journal is removed.

A crash before step 2 leaves only a temp dir (removed on the next write). After step 2 every step is
idempotent and :func:`finish_pending` rolls the promotion forward under the lock, before any other
write and before any read of the active set.
"""

from __future__ import annotations

import json
import logging
import secrets
import shutil
from typing import TYPE_CHECKING, Any

from mcpforge.exceptions import (
    IntegrityError,
    NotFoundError,
    PromotionRefusedError,
    RegistryCorruptedError,
)
from mcpforge.models import ToolCandidate, ToolStatus, check_transition, sha256_text, utc_now
from mcpforge.registry._atomic import (
    atomic_write_json,
    atomic_write_text,
    build_dir,
    free_path,
    fsync_dir,
    rename_dir,
)
from mcpforge.registry._fault import durable_step
from mcpforge.registry._space import ensure_free_space
from mcpforge.registry.audit import AuditEntry
from mcpforge.registry.tool_index import file_identity
from mcpforge.registry.versions import PACKAGE_FILES, can_promote

if TYPE_CHECKING:
    from mcpforge.registry.backend import ActiveTool
    from mcpforge.registry.file.store import FileStore

logger = logging.getLogger(__name__)

PARKED_PREFIX = ".parked-"


def _package(reg: FileStore, candidate: ToolCandidate) -> dict[str, str]:
    """The files to install, after checking the staged files still match the candidate's hashes."""
    directory = reg.candidate_dir(candidate.candidate_id)
    files: dict[str, str] = {}
    for name in PACKAGE_FILES:
        path = directory / name
        if path.is_file() and not path.is_symlink():
            files[name] = path.read_text(encoding="utf-8")
    for name, key in (("tool.py", candidate.code_hash), ("spec.json", candidate.spec_hash)):
        actual = sha256_text(files[name]) if name in files else "missing"
        if actual != key:
            raise IntegrityError(candidate.candidate_id, name, key, actual)
    files["VERSION"] = candidate.version + "\n"
    return files


def promote(reg: FileStore, candidate_id: str, *, actor: str) -> ActiveTool:
    """Promote an APPROVED candidate. Raises PromotionRefusedError when a pre-promotion check refuses."""
    with reg.writing():
        return promote_locked(reg, candidate_id, actor=actor)


def promote_locked(reg: FileStore, candidate_id: str, *, actor: str) -> ActiveTool:
    """:func:`promote` for a caller that already holds the lock (an approval act)."""
    candidate = reg.get_candidate(candidate_id)
    ok, reason = can_promote(reg, candidate)
    if not ok:
        raise PromotionRefusedError(candidate_id, reason)
    check_transition(candidate_id, candidate.status, ToolStatus.PROMOTED)
    name = candidate.spec.tool_name
    package = _package(reg, candidate)
    package_bytes = sum(len(text.encode("utf-8")) for text in package.values())
    ensure_free_space(reg.root, package_bytes + 2 * _metadata_bytes(reg))
    built = build_dir(reg.tools_dir, name, package)
    durable_step("promotion-build")
    old = reg.active_entries().get(name)
    target = reg.tools_dir / name
    entry = {
        "version": candidate.version,
        "path": reg.rel(target),
        "spec_hash": candidate.spec_hash,
        "code_hash": candidate.code_hash,
        "promoted_at": utc_now(),
        "created_by": candidate.created_by,
        "candidate_id": candidate_id,
        "tool_id": candidate.tool_id,
        "promoted_by": actor,
    }
    superseded = free_path(reg.superseded_dir / f"{name}_{old['version']}") if old else None
    journal = {
        "op_id": secrets.token_hex(8),
        "name": name,
        "candidate_id": candidate_id,
        "actor": actor,
        "built": reg.rel(built),
        "target": reg.rel(target),
        "parked": reg.rel(reg.tools_dir / f"{PARKED_PREFIX}{name}-{secrets.token_hex(4)}"),
        "entry": entry,
        "old_entry": old,
        "superseded": reg.rel(superseded) if superseded else None,
    }
    try:
        atomic_write_json(reg.journal_path, journal)
    except BaseException:
        shutil.rmtree(built, ignore_errors=True)
        raise
    durable_step("promotion-journal")
    _finish(reg, journal)
    tool = reg.get_active_tool(name)
    if tool is None:  # pragma: no cover - the entry was committed above under the lock
        raise RegistryCorruptedError(reg.active_meta_path, f"promoted tool {name!r} is not readable")
    return tool


def _metadata_bytes(reg: FileStore) -> int:
    total = 0
    for path in (reg.active_meta_path, reg.staging_meta_path):
        try:
            total += path.stat().st_size
        except OSError:
            continue
    return total


def finish_pending(reg: FileStore) -> None:
    """Roll an interrupted promotion forward (idempotent). Call with the lock held."""
    if not reg.journal_path.exists():
        return
    try:
        journal = json.loads(reg.journal_path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        # The journal is written atomically, so this means outside damage; refuse to guess.
        raise RegistryCorruptedError(reg.journal_path, f"unreadable promotion journal: {exc}") from exc
    logger.warning("finishing the interrupted promotion of %r", journal.get("name"))
    _finish(reg, journal)


def _finish(reg: FileStore, journal: dict[str, Any]) -> None:
    name: str = journal["name"]
    built, target, parked = (reg.resolve(journal[key]) for key in ("built", "target", "parked"))
    entry: dict[str, Any] = journal["entry"]
    old: dict[str, Any] | None = journal["old_entry"]
    if built.exists():  # the new dir is not in place yet
        if target.exists():
            rename_dir(target, parked)
        rename_dir(built, target)
    durable_step("promotion-rename")
    entries = reg.active_entries()
    before = file_identity(reg.active_meta_path)
    if entries.get(name) != entry:
        entries[name] = entry
        reg.write_active_entries(entries)
    durable_step("promotion-active-metadata")
    reg.tool_index.note_promoted(reg, name, entry, before=before)
    durable_step("promotion-tool-index")
    if parked.exists():
        if old is not None and journal["superseded"]:
            rename_dir(parked, reg.resolve(journal["superseded"]))
            durable_step("promotion-superseded")
        else:  # a leftover dir that no metadata entry trusted
            shutil.rmtree(parked)
    op_id: str = journal["op_id"]
    if old is not None and not reg.audit.has_op(f"{op_id}:supersede"):
        reg.audit.append(
            AuditEntry(
                time=utc_now(),
                actor=journal["actor"],
                action="supersede",
                tool=name,
                candidate_id=old.get("candidate_id"),
                version=str(old["version"]),
                from_status="PROMOTED",
                to_status=None,
                spec_sha256=old.get("spec_hash"),
                code_sha256=old.get("code_hash"),
                note=f"superseded by v{entry['version']}",
                op_id=f"{op_id}:supersede",
                details={"archive": journal["superseded"]},
            )
        )
        durable_step("promotion-audit-supersede")
    if not reg.audit.has_op(op_id):
        reg.audit.append(
            AuditEntry(
                time=entry["promoted_at"],
                actor=journal["actor"],
                action="transition",
                tool=name,
                candidate_id=journal["candidate_id"],
                version=entry["version"],
                from_status="APPROVED",
                to_status="PROMOTED",
                spec_sha256=entry["spec_hash"],
                code_sha256=entry["code_hash"],
                note="promoted",
                op_id=op_id,
                details={"promotion": entry},
            )
        )
    durable_step("promotion-audit")
    _mark_candidate_promoted(reg, journal["candidate_id"])
    reg.refresh_metrics()
    durable_step("promotion-metrics")
    reg.journal_path.unlink(missing_ok=True)
    fsync_dir(reg.root)
    durable_step("promotion-journal-removed")


def _mark_candidate_promoted(reg: FileStore, candidate_id: str) -> None:
    staging = reg.staging_entries()
    staged = staging.get(candidate_id)
    if staged is None or staged.get("status") == ToolStatus.PROMOTED.value:
        return
    directory = reg.resolve(str(staged["path"]))
    candidate_file = directory / "candidate.json"
    if candidate_file.is_file():
        data = json.loads(candidate_file.read_text(encoding="utf-8"))
        data["status"] = ToolStatus.PROMOTED.value
        atomic_write_text(candidate_file, json.dumps(data, indent=2) + "\n")
    durable_step("promotion-candidate-file")
    staging[candidate_id] = {**staged, "status": ToolStatus.PROMOTED.value, "updated_at": utc_now()}
    reg.write_staging_entries(staging)
    durable_step("promotion-staging-metadata")


def remove_tool(reg: FileStore, name: str, *, actor: str) -> None:
    """Unregister ``name``: drop its metadata entry (commit), then move its files to archive/removed/."""
    with reg.writing():
        entries = reg.active_entries()
        entry = entries.pop(name, None)
        if entry is None:
            raise NotFoundError("tool", name)
        before = file_identity(reg.active_meta_path)
        reg.write_active_entries(entries)
        reg.tool_index.note_removed(reg, name, before=before)
        source = reg.resolve(str(entry["path"]))
        archived = free_path(reg.removed_dir / f"{name}_{entry['version']}")
        if source.exists():
            rename_dir(source, archived)
        reg.audit.append(
            AuditEntry(
                time=utc_now(),
                actor=actor,
                action="remove",
                tool=name,
                candidate_id=entry.get("candidate_id"),
                version=str(entry["version"]),
                from_status="PROMOTED",
                to_status=None,
                spec_sha256=entry.get("spec_hash"),
                code_sha256=entry.get("code_hash"),
                note="removed",
                details={"archive": reg.rel(archived)},
            )
        )
        reg.refresh_metrics()
