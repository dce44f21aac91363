"""``mcpforge doctor``: check the registry and, with ``repair``, rebuild it from the audit log and files.

Checks: layout, metadata parse, hashes of active tools, orphan directories, staging entries against
their directories, an interrupted act or promotion, APPROVED candidates that are not active, metadata
against the audit log (``reconcile.py``), the tool index, the audit log and metrics.json. Repair rebuilds
``active/metadata.json`` from the last promotion of each tool in the audit log (keeping only tools whose
files still match those hashes), rebuilds ``staging/metadata.json`` from the candidate directories,
finishes an interrupted act or promotion, promotes approved candidates whose promotion never ran,
appends the audit rows the metadata implies, rebuilds the tool index, moves orphan tool directories to
``archive/orphans/`` and deletes temp directories. What repair did is appended to the audit log.

:func:`run_doctor` is the entry every front end calls: this file doctor for a file registry, the
registry's own ``doctor(repair=...)`` (returning a :class:`DoctorReport`) for another kind.

An interrupted act or promotion waiting to be finished is not "ok": it is listed in ``pending`` (``ok``
is false) and ``mcpforge doctor`` exits with its own code, so a script can tell it from both health and
damage. Repair (or any later command) finishes it.
"""

from __future__ import annotations

import json
import shutil
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from mcpforge.exceptions import IntegrityError, MCPForgeError, RegistryCorruptedError, UserError
from mcpforge.models import ToolCandidate, utc_now
from mcpforge.registry import reconcile
from mcpforge.registry._atomic import TEMP_PREFIX, free_path, rename_dir
from mcpforge.registry.audit import AuditEntry
from mcpforge.registry.doctor_report import DoctorReport
from mcpforge.registry.file import reconcile_repair
from mcpforge.registry.file.acts import finish_pending_act, pending_act
from mcpforge.registry.file.promote import PARKED_PREFIX, finish_pending
from mcpforge.registry.file.store import FileStore
from mcpforge.registry.file_hashes import file_sha256

if TYPE_CHECKING:
    from mcpforge.registry.backend import RegistryBackend


def _referenced(reg: FileStore, entries: dict[str, dict[str, Any]]) -> set[Path]:
    return {reg.resolve(str(entry.get("path", ""))) for entry in entries.values()}


def _check_active(reg: FileStore, report: DoctorReport) -> dict[str, dict[str, Any]] | None:
    if not reg.active_meta_path.is_file():
        report.add("active metadata", "error", f"{reg.rel(reg.active_meta_path)} is missing")
        return None
    try:
        entries = reg.active_entries()
    except RegistryCorruptedError as exc:
        report.add("active metadata", "error", str(exc))
        return None
    report.add("active metadata", "ok", f"{len(entries)} tool(s)")
    # Against the metadata itself (the source of truth), not through the tool index it checks.
    for name, entry in sorted(entries.items()):
        path = reg.resolve(str(entry.get("path", "")))
        problem = None
        for file_name, key in (("tool.py", "code_hash"), ("spec.json", "spec_hash")):
            actual = file_sha256(path / file_name)
            if problem is None and actual != entry.get(key):
                problem = str(IntegrityError(name, file_name, str(entry.get(key)), actual or "missing"))
        if problem is not None:
            report.add(f"tool {name}", "error", problem)
        else:
            report.add(f"tool {name}", "ok", f"v{entry.get('version')} hashes match")
    return entries


def _check_staging(reg: FileStore, report: DoctorReport) -> dict[str, dict[str, Any]] | None:
    if not reg.staging_meta_path.is_file():
        report.add("staging metadata", "error", f"{reg.rel(reg.staging_meta_path)} is missing")
        return None
    try:
        entries = reg.staging_entries()
    except RegistryCorruptedError as exc:
        report.add("staging metadata", "error", str(exc))
        return None
    report.add("staging metadata", "ok", f"{len(entries)} candidate(s)")
    for cid, entry in sorted(entries.items()):
        path = reg.resolve(str(entry.get("path", ""))) / "candidate.json"
        try:
            ToolCandidate.model_validate_json(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValidationError) as exc:
            report.add(f"candidate {cid}", "error", f"{path} cannot be loaded: {type(exc).__name__}")
    return entries


def _orphans(
    reg: FileStore, active: dict[str, dict[str, Any]] | None, staging: dict[str, dict[str, Any]] | None
) -> list[Path]:
    """Directories no metadata entry points at (only where that metadata could be read)."""
    found: list[Path] = []
    journal = reg.journal_path.exists()
    if active is not None and reg.tools_dir.is_dir():
        keep = _referenced(reg, active)
        for path in reg.tools_dir.iterdir():
            if path not in keep and not (journal and path.name.startswith((TEMP_PREFIX, PARKED_PREFIX))):
                found.append(path)
    if staging is not None:
        keep = _referenced(reg, staging)
        for parent in (reg.candidates_dir, reg.rejected_dir):
            if parent.is_dir():
                found.extend(path for path in parent.iterdir() if path not in keep)
    return sorted(found)


def check(reg: FileStore) -> DoctorReport:
    """Check the registry without changing anything."""
    report = DoctorReport(root=str(reg.root))
    missing = [reg.rel(d) for d in reg.layout_dirs() if not d.is_dir()]
    if missing:
        report.add("layout", "error", f"missing directories: {', '.join(missing)}")
    else:
        report.add("layout", "ok", "all directories present")
    try:
        rows = reg.audit.check()
    except (RegistryCorruptedError, OSError) as exc:
        report.add("audit log", "error", str(exc))
    else:
        report.add("audit log", "ok", f"{rows} entries, readable")
    _check_journals(reg, report)
    _check_index(reg, report)  # before the hash checks, which read through (and so refresh) the index
    active = _check_active(reg, report)
    staging = _check_staging(reg, report)
    if active is not None and staging is not None:
        _check_reconciled(reg, report)
    orphans = _orphans(reg, active, staging)
    if orphans:
        report.add(
            "orphans",
            "warning",
            f"{len(orphans)} dir(s) without metadata: " + ", ".join(reg.rel(p) for p in orphans[:10]),
        )
    else:
        report.add("orphans", "ok", "none")
    _check_services(reg, report)
    try:
        json.loads(reg.metrics_path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        report.add(
            "metrics", "warning", f"metrics.json unreadable ({type(exc).__name__}); repair rewrites it"
        )
    else:
        report.add("metrics", "ok", "readable")
    return report


def _check_services(reg: FileStore, report: DoctorReport) -> None:
    """Converted services (``services/``): staged dirs present, approved packages unchanged."""
    from mcpforge.registry.file.services import check_services

    try:
        findings = check_services(reg)
    except RegistryCorruptedError as exc:
        report.add("services", "error", str(exc))
        return
    for level, detail in findings:
        report.add("services", "error" if level == "error" else "ok", detail)


def _check_journals(reg: FileStore, report: DoctorReport) -> None:
    if reg.journal_path.exists():
        detail = "an interrupted promotion is pending; the next command or repair finishes it"
        report.add("promotion journal", "warning", detail)
        report.pending.append(detail)
    if reg.act_journal_path.exists():
        act = pending_act(reg) or {}
        status = (act.get("entry") or {}).get("status", "?")
        what = "an approval" if act.get("promote_actor") else f"a status change to {status}"
        detail = (
            f"{what} of candidate {act.get('candidate_id', '?')!r} is recorded but not finished; "
            "the next command or repair finishes it"
        )
        report.add("act journal", "warning", detail)
        report.pending.append(detail)


def _pending_candidates(reg: FileStore) -> set[str]:
    """Candidates of the act and promotion journals waiting to be finished."""
    found = set()
    act = pending_act(reg)
    if act is not None:
        found.add(str(act.get("candidate_id")))
    try:
        promotion = json.loads(reg.journal_path.read_text(encoding="utf-8"))
        found.add(str(promotion["candidate_id"]))
    except (OSError, ValueError, KeyError, TypeError):
        pass
    return found


def _check_index(reg: FileStore, report: DoctorReport) -> None:
    if not reg.active_meta_path.is_file():
        return
    try:
        fresh = reg.tool_index.is_fresh(reg)
    except MCPForgeError as exc:
        report.add("tool index", "warning", f"unreadable ({exc}); repair rebuilds it")
        return
    if fresh:
        report.add("tool index", "ok", "describes active/metadata.json")
    else:
        report.add("tool index", "warning", "stale; the next read or repair rebuilds it")


def _finish_journals(reg: FileStore, repaired: list[str]) -> None:
    if reg.journal_path.exists():
        try:
            finish_pending(reg)
            repaired.append("finished an interrupted promotion")
        except (MCPForgeError, OSError, KeyError) as exc:
            reg.journal_path.unlink()
            repaired.append(f"dropped an unusable promotion journal ({type(exc).__name__})")
    if reg.act_journal_path.exists():
        try:
            finish_pending_act(reg)
            repaired.append("finished an interrupted approval or status change")
        except (MCPForgeError, OSError, KeyError) as exc:
            reg.act_journal_path.unlink()
            repaired.append(f"dropped an unusable act journal ({type(exc).__name__})")
    for mismatch in reconcile.find(reg):
        done = reconcile_repair.repair_one(reg, mismatch)
        if done is not None:
            repaired.append(done)


def _check_reconciled(reg: FileStore, report: DoctorReport) -> None:
    try:
        found = reconcile.find(reg)
    except (MCPForgeError, OSError) as exc:
        report.add("audit agreement", "error", f"cannot compare metadata and audit log: {exc}")
        return
    pending = _pending_candidates(reg)
    for mismatch in found:
        if mismatch.subject in pending:  # what the pending act will write, not damage
            report.add(f"audit agreement {mismatch.subject}", "warning", f"{mismatch.detail} (pending)")
            continue
        report.add(
            f"audit agreement {mismatch.subject}",
            "error" if mismatch.is_error else "warning",
            mismatch.detail,
        )
    if not found:
        report.add("audit agreement", "ok", "metadata and audit log agree; every approval is active")


def _rebuild_active(reg: FileStore) -> tuple[dict[str, dict[str, Any]], list[str]]:
    """Active entries from the last promotion of each tool in the audit log, kept only if files match."""
    last: dict[str, dict[str, Any] | None] = {}
    for row in reg.audit.entries():
        if row.action == "transition" and row.to_status == "PROMOTED" and row.details.get("promotion"):
            last[row.tool] = dict(row.details["promotion"])
        elif row.action == "remove":
            last[row.tool] = None
    entries: dict[str, dict[str, Any]] = {}
    dropped: list[str] = []
    for name, entry in sorted(last.items()):
        if entry is None:
            continue
        path = reg.resolve(str(entry["path"]))
        if (file_sha256(path / "tool.py"), file_sha256(path / "spec.json")) == (
            entry["code_hash"],
            entry["spec_hash"],
        ):
            entries[name] = entry
        else:
            dropped.append(name)
    return entries, dropped


def _rebuild_staging(reg: FileStore) -> dict[str, dict[str, Any]]:
    """Staging entries from candidate directories; the audit log's last transition gives the status."""
    status: dict[str, str] = {}
    for row in reg.audit.entries():
        if row.action == "transition" and row.candidate_id and row.to_status:
            status[row.candidate_id] = row.to_status
    entries: dict[str, dict[str, Any]] = {}
    for parent in (reg.candidates_dir, reg.rejected_dir):
        if not parent.is_dir():
            continue
        for directory in sorted(parent.iterdir()):
            try:
                candidate = ToolCandidate.model_validate_json(
                    (directory / "candidate.json").read_text(encoding="utf-8")
                )
            except (OSError, UnicodeDecodeError, ValidationError):
                continue
            cid = candidate.candidate_id
            if cid not in status:
                continue  # never committed: a leftover of an interrupted write
            in_archive = parent == reg.rejected_dir
            if (status[cid] == "REJECTED") != in_archive:
                continue
            entries[cid] = {
                "tool_id": candidate.tool_id,
                "tool_name": candidate.spec.tool_name,
                "version": candidate.version,
                "status": status[cid],
                "path": reg.rel(directory),
                "spec_hash": candidate.spec_hash,
                "code_hash": candidate.code_hash,
                "created_at": candidate.created_at,
                "created_by": candidate.created_by,
                "updated_at": candidate.created_at,
            }
    return entries


def _stamp() -> str:
    return datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")


def repair(reg: FileStore) -> DoctorReport:
    """Repair what :func:`check` finds, then check again; the returned report lists the changes."""
    repaired: list[str] = []
    for directory in reg.layout_dirs():
        if not directory.is_dir():
            directory.mkdir(parents=True, exist_ok=True)
            repaired.append(f"created {reg.rel(directory)}")
    reg.audit.create()
    with reg.locked():
        index_stale = reg.active_meta_path.is_file() and not reg.tool_index.is_fresh(reg)
        before = check(reg)
        if any(c.name == "active metadata" and c.level == "error" for c in before.checks) or any(
            c.name.startswith("tool ") and c.level == "error" for c in before.checks
        ):
            entries, dropped = _rebuild_active(reg)
            reg.write_active_entries(entries)
            repaired.append(f"rebuilt active/metadata.json from the audit log ({len(entries)} tool(s))")
            repaired.extend(
                f"dropped tool {name!r}: files do not match its last promotion" for name in dropped
            )
        if any(c.name == "staging metadata" and c.level == "error" for c in before.checks) or any(
            c.name.startswith("candidate ") and c.level == "error" for c in before.checks
        ):
            staging = _rebuild_staging(reg)
            reg.write_staging_entries(staging)
            repaired.append(
                f"rebuilt staging/metadata.json from the candidate dirs ({len(staging)} candidate(s))"
            )
        _finish_journals(reg, repaired)
        orphan_root = reg.archive_dir / "orphans"
        for path in _orphans(reg, reg.active_entries(), reg.staging_entries()):
            if path.name.startswith((TEMP_PREFIX, PARKED_PREFIX)) or path.parent != reg.tools_dir:
                shutil.rmtree(path, ignore_errors=True)
                repaired.append(f"removed leftover {reg.rel(path)}")
            else:
                target = free_path(orphan_root / f"{path.name}_{_stamp()}")
                rename_dir(path, target)
                repaired.append(f"moved unregistered {reg.rel(path)} to {reg.rel(target)}")
        if index_stale or not reg.tool_index.is_fresh(reg):
            count = reg.tool_index.rebuild(reg)
            repaired.append(f"rebuilt the tool index ({count} tool(s))")
        _log_repair(reg, repaired)
        reg.refresh_metrics()
    after = check(reg)
    after.repaired = repaired
    return after


def _log_repair(reg: FileStore, repaired: list[str]) -> None:
    """Append one audit row saying what ``doctor --repair`` did (nothing when it did nothing)."""
    if repaired:
        reg.audit.append(
            AuditEntry(
                time=utc_now(),
                actor=reconcile.DOCTOR_ACTOR,
                action="repair",
                tool="(registry)",
                note="; ".join(repaired)[:2000],
                details={"repaired": repaired},
            )
        )


_repair_file = repair  # run_doctor's ``repair`` keyword hides the function's name there


def run_doctor(reg: RegistryBackend, *, repair: bool = False) -> DoctorReport:
    """Check (and with ``repair``, repair) any kind of registry.

    A file registry gets :func:`check` / :func:`repair`; another kind its own ``doctor(repair=...)``.

    Raises:
        UserError: the registry has no doctor yet.
    """
    if isinstance(reg, FileStore):
        return _repair_file(reg) if repair else check(reg)
    doctor = getattr(reg, "doctor", None)
    if doctor is None:
        raise UserError(f"doctor is not supported yet on {reg.location}")
    report: DoctorReport = doctor(repair=repair)
    return report
