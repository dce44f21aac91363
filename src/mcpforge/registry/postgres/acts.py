"""Acts on a PostgreSQL registry, each ONE transaction: a decision (its status change, audit rows and,
for an approval, the promotion), a promotion, a removal.

The candidate row is taken ``FOR UPDATE`` first, so of two reviewers approving the same candidate from
two processes one waits for the other's commit, then finds it APPROVED or PROMOTED and gets the
IllegalTransitionError the file registry gives a concurrent loser. Promotions of one tool are further
serialized by an advisory lock on its name. A promotion or removal bumps the revision and sends
``NOTIFY mcpforge_active`` inside its transaction, so listeners hear of it only once it is committed.
"""

from __future__ import annotations

import dataclasses
import json
import os
import secrets
import time
from typing import TYPE_CHECKING, Any, cast

import psycopg
from psycopg.types.json import Jsonb

from mcpforge.exceptions import IntegrityError, NotFoundError, PromotionRefusedError
from mcpforge.models import ToolCandidate, ToolStatus, UserFeedback, check_transition, utc_now
from mcpforge.registry import versions
from mcpforge.registry._fault import durable_step
from mcpforge.registry.audit import AuditEntry
from mcpforge.registry.backend import ActiveTool, ActResult
from mcpforge.registry.postgres._db import CHANNEL
from mcpforge.registry.postgres.audit import insert_entries
from mcpforge.registry.postgres.blobs import folder_name
from mcpforge.registry.postgres.candidates import archive_rejected, from_row, locked_row, manifests, write_row
from mcpforge.registry.tool_index import operation_of
from mcpforge.registry.transitions import decision_target, transition_row

if TYPE_CHECKING:
    from mcpforge.registry.postgres.registry import PostgresRegistry

HOLD_ENV = "MCPFORGE_PG_HOLD"  # "<step>:<seconds>": sleep at that step (tests hold a transaction open)
BEFORE_COMMIT = "pg-act-before-commit"


def fault_point(step: str) -> None:
    """A named point inside an act's transaction: crash tests kill (MCPFORGE_FAULT_AFTER) or hold here."""
    hold = os.environ.get(HOLD_ENV, "")
    if hold.startswith(step + ":"):
        time.sleep(float(hold.rsplit(":", 1)[1]))
    durable_step(step)


class VersionView:
    """The two metadata views ``versions.plan_version`` and ``versions.can_promote`` read, for one tool."""

    def __init__(self, staging: dict[str, dict[str, Any]], active: dict[str, dict[str, Any]]) -> None:
        self._staging = staging
        self._active = active

    def staging_entries(self) -> dict[str, dict[str, Any]]:
        return self._staging

    def active_entries(self) -> dict[str, dict[str, Any]]:
        return self._active


def active_entry(row: dict[str, Any]) -> dict[str, Any]:
    """A tools row as the file registry's ``active/metadata.json`` entry."""
    return {
        "version": row["version"],
        "path": f"tools/{row['package']}",
        "spec_hash": row["spec_hash"],
        "code_hash": row["code_hash"],
        "promoted_at": row["promoted_at"],
        "created_by": row["created_by"],
        "candidate_id": row["candidate_id"],
        "tool_id": row["tool_id"],
        "promoted_by": row["promoted_by"],
    }


def version_view(conn: psycopg.Connection[Any], tool_name: str) -> VersionView:
    """What is known of ``tool_name``'s versions: its candidates and its active entry."""
    rows = conn.execute("SELECT id, version, status FROM candidates WHERE tool = %s", (tool_name,)).fetchall()
    staging = {
        str(r["id"]): {"tool_name": tool_name, "version": r["version"], "status": r["status"]} for r in rows
    }
    tool = conn.execute("SELECT * FROM tools WHERE name = %s", (tool_name,)).fetchone()
    return VersionView(staging, {tool_name: active_entry(tool)} if tool else {})


def plan_version(reg: PostgresRegistry, tool_name: str, spec_hash: str, *, rejected: bool = False) -> str:
    """The file registry's version plan, over this database's candidates and tools."""
    with reg.db.transaction() as conn:
        view = version_view(conn, tool_name)
    return versions.plan_version(cast("Any", view), tool_name, spec_hash, rejected=rejected)


def can_promote(reg: PostgresRegistry, candidate: ToolCandidate) -> tuple[bool, str]:
    """The file registry's pre-promotion checks against this database's active tool."""
    with reg.db.transaction() as conn:
        view = version_view(conn, candidate.spec.tool_name)
    return versions.can_promote(cast("Any", view), candidate)


def bump_revision(conn: psycopg.Connection[Any]) -> str:
    """Advance the active-set revision and NOTIFY it (delivered when the transaction commits)."""
    row = conn.execute(
        "UPDATE meta SET value = (value::bigint + 1)::text WHERE key = 'revision' RETURNING value"
    ).fetchone()
    revision = str(row["value"]) if row else "0"
    conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, revision))
    return revision


def _end_version(conn: psycopg.Connection[Any], name: str, *, actor: str, how: str) -> None:
    conn.execute(
        "UPDATE versions SET ended_at = %s, ended_by = %s, ended_how = %s "
        "WHERE tool = %s AND ended_at IS NULL",
        (utc_now(), actor, how, name),
    )


def promote_in(reg: PostgresRegistry, conn: psycopg.Connection[Any], candidate_id: str, *, actor: str) -> str:
    """Promote an APPROVED candidate inside the caller's transaction; returns the tool name.

    Raises:
        PromotionRefusedError: a pre-promotion check refused (identical tool, version not higher, status).
        IntegrityError: a staged file or its blob no longer matches the candidate's hashes.
    """
    row = locked_row(conn, candidate_id)
    if row is None:
        raise NotFoundError("candidate", candidate_id)
    manifest = manifests(conn, [candidate_id])[candidate_id]
    candidate = from_row(reg, row, manifest)
    name = candidate.spec.tool_name
    conn.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (f"tool:{name}",))
    view = version_view(conn, name)
    ok, reason = versions.can_promote(cast("Any", view), candidate)
    if not ok:
        raise PromotionRefusedError(candidate_id, reason)
    check_transition(candidate_id, candidate.status, ToolStatus.PROMOTED)
    package = {n: manifest[n] for n in versions.PACKAGE_FILES if n in manifest}
    for file_name, key in (("tool.py", candidate.code_hash), ("spec.json", candidate.spec_hash)):
        if package.get(file_name) != key:
            raise IntegrityError(candidate_id, file_name, key, package.get(file_name) or "missing")
    texts = reg.blobs.fetch(conn, package, owner=candidate_id)  # every blob still hashes to its name
    files = {**package, **reg.blobs.put(conn, {"VERSION": candidate.version + "\n"})}
    old = view.active_entries().get(name)
    now = utc_now()
    entry = {
        "version": candidate.version,
        "path": f"tools/{folder_name(files)}",
        "spec_hash": candidate.spec_hash,
        "code_hash": candidate.code_hash,
        "promoted_at": now,
        "created_by": candidate.created_by,
        "candidate_id": candidate_id,
        "tool_id": candidate.tool_id,
        "promoted_by": actor,
    }
    op_id = secrets.token_hex(8)
    rows: list[AuditEntry] = []
    if old is not None:
        rows.append(
            AuditEntry(
                time=now, actor=actor, action="supersede", tool=name, candidate_id=old.get("candidate_id"),
                version=str(old["version"]), from_status="PROMOTED", to_status=None,
                spec_sha256=old.get("spec_hash"), code_sha256=old.get("code_hash"),
                note=f"superseded by v{entry['version']}", op_id=f"{op_id}:supersede",
                details={"archive": f"versions/{name}/{old['version']}"},
            )
        )  # fmt: skip
        _end_version(conn, name, actor=actor, how="superseded")
    rows.append(
        AuditEntry(
            time=now, actor=actor, action="transition", tool=name, candidate_id=candidate_id,
            version=candidate.version, from_status="APPROVED", to_status="PROMOTED",
            spec_sha256=candidate.spec_hash, code_sha256=candidate.code_hash, note="promoted", op_id=op_id,
            details={"promotion": entry},
        )
    )  # fmt: skip
    conn.execute(
        "INSERT INTO versions (tool, version, candidate_id, spec_hash, code_hash, promoted_at, promoted_by, "
        "created_by, files) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)",
        (name, candidate.version, candidate_id, candidate.spec_hash, candidate.code_hash, now, actor,
         candidate.created_by, Jsonb(files)),
    )  # fmt: skip
    upsert_tool(conn, name, entry, files, spec_text=texts["spec.json"], source=texts["tool.py"])
    insert_entries(conn, rows)
    conn.execute(
        "UPDATE candidates SET status = 'PROMOTED', updated_at = %s, "
        "candidate_json = jsonb_set(candidate_json, '{status}', '\"PROMOTED\"') WHERE id = %s",
        (now, candidate_id),
    )
    bump_revision(conn)
    return name


def upsert_tool(
    conn: psycopg.Connection[Any],
    name: str,
    entry: dict[str, Any],
    files: dict[str, str],
    *,
    spec_text: str,
    source: str,
) -> None:
    """Write the tool's row of the active index (the same columns as the file registry's tool index)."""
    description = str(json.loads(spec_text).get("description", ""))
    conn.execute(
        "INSERT INTO tools (name, version, package, spec_hash, code_hash, promoted_at, created_by, "
        "description, operation, spec_ok, spec_json, candidate_id, tool_id, promoted_by, files) VALUES "
        "(%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s) ON CONFLICT (name) DO UPDATE SET "
        "version = EXCLUDED.version, package = EXCLUDED.package, spec_hash = EXCLUDED.spec_hash, "
        "code_hash = EXCLUDED.code_hash, promoted_at = EXCLUDED.promoted_at, "
        "created_by = EXCLUDED.created_by, "
        "description = EXCLUDED.description, operation = EXCLUDED.operation, spec_ok = EXCLUDED.spec_ok, "
        "spec_json = EXCLUDED.spec_json, candidate_id = EXCLUDED.candidate_id, tool_id = EXCLUDED.tool_id, "
        "promoted_by = EXCLUDED.promoted_by, files = EXCLUDED.files",
        (
            name, str(entry["version"]), folder_name(files), entry["spec_hash"], entry["code_hash"],
            entry["promoted_at"], str(entry.get("created_by", "")), description,
            operation_of(source, description), True, spec_text, entry.get("candidate_id"),
            entry.get("tool_id"), entry.get("promoted_by"), Jsonb(files),
        ),
    )  # fmt: skip


def decide(
    reg: PostgresRegistry, candidate_id: str, feedback: UserFeedback, *, actor: str, promote: bool
) -> tuple[ToolCandidate, ActResult]:
    """A registration decision as one transaction: APPROVED (and, with ``promote``, its promotion) or
    REJECTED with its files archived."""
    target = decision_target(feedback)
    reg.ensure_initialized()
    promoted: str | None = None
    outcome = ActResult()
    with reg.db.transaction() as conn:
        row = locked_row(conn, candidate_id)
        if row is None:
            raise NotFoundError("candidate", candidate_id)
        manifest = manifests(conn, [candidate_id])[candidate_id]
        candidate = from_row(reg, row, manifest)
        current = candidate.status
        check_transition(candidate_id, current, target)
        updated = candidate.model_copy(update={"user_feedback": feedback, "status": target})
        if target == ToolStatus.REJECTED:
            files = reg.blobs.fetch(conn, manifest, owner=candidate_id)
            result = archive_rejected(
                reg, conn, updated, files, actor=actor, current=current, reason=feedback.notes or "rejected"
            )
            fault_point(BEFORE_COMMIT)
            return result, ActResult()
        write_row(conn, updated)
        transition = transition_row(updated, actor, current, target, feedback.notes)
        insert_entries(conn, [dataclasses.replace(transition, op_id=f"{secrets.token_hex(8)}:0")])
        if promote:
            try:
                promoted = promote_in(reg, conn, candidate_id, actor=actor)
            except PromotionRefusedError as exc:
                outcome = ActResult(refused_reason=exc.reason)
            except IntegrityError as exc:
                outcome = ActResult(refused_reason=str(exc))
        fault_point(BEFORE_COMMIT)
    if promoted is not None:
        outcome = ActResult(promoted=_promoted(reg, promoted))
    return reg.get_candidate(candidate_id), outcome


def _promoted(reg: PostgresRegistry, name: str) -> ActiveTool:
    tool = reg.get_active_tool(name)
    if tool is None:  # pragma: no cover - committed just above
        raise NotFoundError("tool", name)
    return tool


def promote(reg: PostgresRegistry, candidate_id: str, *, actor: str) -> ActiveTool:
    """APPROVED → PROMOTED as one transaction. Raises PromotionRefusedError."""
    reg.ensure_initialized()
    with reg.db.transaction() as conn:
        name = promote_in(reg, conn, candidate_id, actor=actor)
        fault_point(BEFORE_COMMIT)
    return _promoted(reg, name)


def remove_tool(reg: PostgresRegistry, name: str, *, actor: str) -> None:
    """Unregister ``name`` (its version stays in ``versions``, ended as removed) in one transaction."""
    reg.ensure_initialized()
    with reg.db.transaction() as conn:
        conn.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (f"tool:{name}",))
        row = conn.execute("DELETE FROM tools WHERE name = %s RETURNING *", (name,)).fetchone()
        if row is None:
            raise NotFoundError("tool", name)
        _end_version(conn, name, actor=actor, how="removed")
        entry = active_entry(row)
        insert_entries(
            conn,
            [
                AuditEntry(
                    time=utc_now(), actor=actor, action="remove", tool=name,
                    candidate_id=entry.get("candidate_id"), version=str(entry["version"]),
                    from_status="PROMOTED", to_status=None, spec_sha256=entry.get("spec_hash"),
                    code_sha256=entry.get("code_hash"), note="removed",
                    details={"archive": f"versions/{name}/{entry['version']}"},
                )
            ],
        )  # fmt: skip
        bump_revision(conn)
        fault_point(BEFORE_COMMIT)
