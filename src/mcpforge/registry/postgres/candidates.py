"""Candidates in PostgreSQL: staging, rewriting, reading and materializing their files.

A candidate is one ``candidates`` row (its JSON, with the status column as the source of truth) and
its files as blobs (``candidate_files``). The JSON files a candidate folder holds (candidate.json,
validation_report.json, run_artifacts.json) are derived from the row, as the file registry writes them.
``package_path`` is the candidate's folder under the local cache, named by the hash of its contents.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import psycopg
from psycopg.types.json import Jsonb

from mcpforge.exceptions import IllegalTransitionError, InvalidArgumentError, NotFoundError
from mcpforge.models import (
    ToolCandidate,
    ToolStatus,
    ValidationReport,
    sha256_text,
    utc_now,
)
from mcpforge.registry._atomic import dumps_json
from mcpforge.registry.postgres.audit import insert_entries
from mcpforge.registry.postgres.blob_store import DatabaseBlobs
from mcpforge.registry.postgres.blobs import folder_name, write_folder
from mcpforge.registry.transitions import candidate_files, staging_target, transition_row

if TYPE_CHECKING:
    from mcpforge.registry.postgres.registry import PostgresRegistry

DERIVED = ("candidate.json", "validation_report.json", "run_artifacts.json")
REPORT_STATUSES = frozenset({ToolStatus.STAGED.value, ToolStatus.APPROVED.value})


def _stored(candidate: ToolCandidate) -> dict[str, Any]:
    """The candidate's JSON as the row keeps it (its folder is computed when read)."""
    data: dict[str, Any] = candidate.model_copy(update={"package_path": ""}).model_dump(mode="json")
    return data


def folder_manifest(candidate: ToolCandidate, manifest: Mapping[str, str]) -> dict[str, str]:
    """Every file of the candidate's folder by hash (candidate.json as stored, without its path)."""
    derived = candidate_files(candidate.model_copy(update={"package_path": ""}), {})
    return {**manifest, **{name: sha256_text(text) for name, text in derived.items()}}


def candidate_folder(reg: PostgresRegistry, candidate: ToolCandidate, manifest: Mapping[str, str]) -> Path:
    """The cache folder holding the candidate's files (content-addressed)."""
    return reg.root / "candidates" / folder_name(folder_manifest(candidate, manifest))


def from_row(reg: PostgresRegistry, row: Mapping[str, Any], manifest: Mapping[str, str]) -> ToolCandidate:
    """The candidate of a row, with its status from the status column and its folder as package_path."""
    candidate = ToolCandidate.model_validate(row["candidate_json"])
    candidate = candidate.model_copy(update={"status": ToolStatus(row["status"])})
    return candidate.model_copy(update={"package_path": str(candidate_folder(reg, candidate, manifest))})


def manifests(conn: psycopg.Connection[Any], ids: list[str]) -> dict[str, dict[str, str]]:
    """``{candidate id: {file name: sha256}}`` of the stored files of ``ids``."""
    rows = conn.execute(
        "SELECT candidate_id, name, sha256 FROM candidate_files WHERE candidate_id = ANY(%s)", (ids,)
    ).fetchall()
    found: dict[str, dict[str, str]] = {cid: {} for cid in ids}
    for row in rows:
        found[str(row["candidate_id"])][str(row["name"])] = str(row["sha256"])
    return found


def locked_row(conn: psycopg.Connection[Any], candidate_id: str) -> dict[str, Any] | None:
    """The candidate's row, locked until the transaction ends (a concurrent act waits here)."""
    row: dict[str, Any] | None = conn.execute(
        "SELECT * FROM candidates WHERE id = %s FOR UPDATE", (candidate_id,)
    ).fetchone()
    return row


def write_row(conn: psycopg.Connection[Any], candidate: ToolCandidate) -> None:
    """Insert or replace the candidate's row."""
    now = utc_now()
    conn.execute(
        "INSERT INTO candidates (id, tool, tool_id, version, status, spec_hash, code_hash, created_at, "
        "created_by, updated_at, candidate_json) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s) "
        "ON CONFLICT (id) DO UPDATE SET tool = EXCLUDED.tool, tool_id = EXCLUDED.tool_id, "
        "version = EXCLUDED.version, status = EXCLUDED.status, spec_hash = EXCLUDED.spec_hash, "
        "code_hash = EXCLUDED.code_hash, created_at = EXCLUDED.created_at, created_by = EXCLUDED.created_by, "
        "updated_at = EXCLUDED.updated_at, candidate_json = EXCLUDED.candidate_json",
        (
            candidate.candidate_id,
            candidate.spec.tool_name,
            candidate.tool_id,
            candidate.version,
            candidate.status.value,
            candidate.spec_hash,
            candidate.code_hash,
            candidate.created_at,
            candidate.created_by,
            now,
            Jsonb(_stored(candidate)),
        ),
    )


def write_files(
    conn: psycopg.Connection[Any], blobs: DatabaseBlobs, candidate_id: str, files: Mapping[str, str]
) -> dict[str, str]:
    """Replace the candidate's stored files (the derived JSON files left out); returns their manifest."""
    stored = {name: text for name, text in files.items() if name not in DERIVED}
    manifest = blobs.put(conn, stored)
    conn.execute("DELETE FROM candidate_files WHERE candidate_id = %s", (candidate_id,))
    with conn.cursor() as cur:
        cur.executemany(
            "INSERT INTO candidate_files (candidate_id, name, sha256) VALUES (%s, %s, %s)",
            [(candidate_id, name, digest) for name, digest in sorted(manifest.items())],
        )
    return manifest


def rejected_files(
    candidate: ToolCandidate, files: Mapping[str, str], *, actor: str, current: ToolStatus, reason: str
) -> dict[str, str]:
    """The files of a rejected candidate, as the file registry archives them."""
    feedback = candidate.user_feedback
    out = candidate_files(candidate, files)
    out["user_feedback.json"] = (feedback.model_dump_json(indent=2) + "\n") if feedback else "null\n"
    out["metadata.json"] = dumps_json(
        {
            "candidate_id": candidate.candidate_id,
            "tool_id": candidate.tool_id,
            "tool_name": candidate.spec.tool_name,
            "version": candidate.version,
            "status": ToolStatus.REJECTED.value,
            "previous_status": current.value,
            "rejected_at": utc_now(),
            "rejected_by": actor,
            "reason": reason,
            "issues": list(feedback.issues) if feedback else [],
            "spec_hash": candidate.spec_hash,
            "code_hash": candidate.code_hash,
            "created_at": candidate.created_at,
            "created_by": candidate.created_by,
        }
    )
    return out


def archive_rejected(
    reg: PostgresRegistry,
    conn: psycopg.Connection[Any],
    candidate: ToolCandidate,
    files: Mapping[str, str],
    *,
    actor: str,
    current: ToolStatus,
    reason: str,
) -> ToolCandidate:
    """Record ``candidate`` REJECTED with its files and the transition row, in the caller's transaction."""
    rejected = candidate.model_copy(update={"status": ToolStatus.REJECTED, "package_path": ""})
    archive = rejected_files(rejected, files, actor=actor, current=current, reason=reason)
    write_row(conn, rejected)
    manifest = write_files(conn, reg.blobs, rejected.candidate_id, archive)
    folder = candidate_folder(reg, rejected, manifest)
    issues = list(rejected.user_feedback.issues) if rejected.user_feedback else []
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
    row = transition_row(
        rejected, actor, current, ToolStatus.REJECTED, reason, issues=issues,
        archive=f"archive/rejected/{rejected.tool_id}_{stamp}",
    )  # fmt: skip
    insert_entries(conn, [row])
    return rejected.model_copy(update={"package_path": str(folder)})


def stage(
    reg: PostgresRegistry, candidate: ToolCandidate, files: Mapping[str, str], *, actor: str
) -> ToolCandidate:
    """DRAFT → STAGED (or an already REJECTED try recorded as such), as the file registry does it."""
    target = staging_target(candidate, files)
    cid = candidate.candidate_id
    reg.ensure_initialized()
    with reg.db.transaction() as conn:
        conn.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (f"candidate:{cid}",))
        existing = locked_row(conn, cid)
        if existing is not None and existing["status"] != ToolStatus.REJECTED.value:
            raise InvalidArgumentError(
                f"candidate {cid!r} is already in the registry ({existing['status']}); "
                f"plan a new version with Registry.plan_version",
                argument="candidate",
            )
        if target == ToolStatus.REJECTED:
            draft = candidate.model_copy(update={"status": ToolStatus.DRAFT})
            return archive_rejected(
                reg, conn, draft, dict(files), actor=actor, current=ToolStatus.DRAFT,
                reason="rejected before staging",
            )  # fmt: skip
        staged = candidate.model_copy(update={"status": ToolStatus.STAGED, "package_path": ""})
        all_files = candidate_files(staged, files)
        write_row(conn, staged)
        manifest = write_files(conn, reg.blobs, cid, all_files)
        insert_entries(conn, [transition_row(staged, actor, ToolStatus.DRAFT, ToolStatus.STAGED)])
    folder = candidate_folder(reg, staged, manifest)
    result = staged.model_copy(update={"package_path": str(folder)})
    write_folder(folder, {**all_files, "candidate.json": result.model_dump_json(indent=2) + "\n"})
    return result


def get(reg: PostgresRegistry, candidate_id: str) -> ToolCandidate:
    """The candidate with its current status. Raises NotFoundError."""
    with reg.db.transaction() as conn:
        row = conn.execute("SELECT * FROM candidates WHERE id = %s", (candidate_id,)).fetchone()
        if row is None:
            raise NotFoundError("candidate", candidate_id)
        manifest = manifests(conn, [candidate_id])[candidate_id]
    return from_row(reg, row, manifest)


def list_all(reg: PostgresRegistry, status: ToolStatus | None = None) -> list[ToolCandidate]:
    """Candidates ordered by creation time (then id), optionally with one status."""
    query = "SELECT * FROM candidates"
    params: tuple[str, ...] = ()
    if status is not None:
        query += " WHERE status = %s"
        params = (status.value,)
    with reg.db.transaction() as conn:
        rows = conn.execute(query + " ORDER BY created_at, id", params).fetchall()
        found = manifests(conn, [str(row["id"]) for row in rows])
    return [from_row(reg, row, found[str(row["id"])]) for row in rows]


def materialize(reg: PostgresRegistry, candidate_id: str) -> Path:
    """The candidate's folder under the cache, written from the database when not there yet."""
    with reg.db.transaction() as conn:
        row = conn.execute("SELECT * FROM candidates WHERE id = %s", (candidate_id,)).fetchone()
        if row is None:
            raise NotFoundError("candidate", candidate_id)
        manifest = manifests(conn, [candidate_id])[candidate_id]
        candidate = from_row(reg, row, manifest)
        folder = Path(candidate.package_path)
        if folder.is_dir():
            return folder
        texts = reg.blobs.fetch(conn, manifest, owner=candidate_id)
    derived = candidate_files(candidate, {})
    return write_folder(folder, {**texts, **{n: t for n, t in derived.items() if n in DERIVED}})


def save(reg: PostgresRegistry, candidate: ToolCandidate) -> None:
    """Rewrite the candidate's JSON (new run artifacts, report); its status, spec and code must not change."""
    cid = candidate.candidate_id
    with reg.db.transaction() as conn:
        row = locked_row(conn, cid)
        if row is None:
            raise NotFoundError("candidate", cid)
        stored = from_row(reg, row, {})
        if candidate.status != stored.status:
            raise IllegalTransitionError(cid, stored.status.value, candidate.status.value)
        if (candidate.spec_hash, candidate.code_hash) != (stored.spec_hash, stored.code_hash):
            raise InvalidArgumentError(f"candidate {cid!r}: spec and code cannot change once staged")
        write_row(conn, candidate.model_copy(update={"created_at": stored.created_at}))


def update_report(
    reg: PostgresRegistry,
    candidate_id: str,
    report: ValidationReport | Callable[[ValidationReport | None], ValidationReport | None],
) -> ToolCandidate | None:
    """Replace the report of a candidate still STAGED or APPROVED (else None, nothing written)."""
    if not reg.is_initialized():
        return None
    with reg.db.transaction() as conn:
        row = locked_row(conn, candidate_id)
        if row is None or row["status"] not in REPORT_STATUSES:
            return None
        manifest = manifests(conn, [candidate_id])[candidate_id]
        stored = from_row(reg, row, manifest)
        new = report(stored.validation_report) if callable(report) else report
        if new is None:
            return stored
        updated = stored.model_copy(update={"validation_report": new})
        write_row(conn, updated)
    return updated.model_copy(update={"package_path": str(candidate_folder(reg, updated, manifest))})
