"""``doctor`` for a PostgreSQL registry: the file doctor's report, from the database.

Checks: the schema is at head; the audit log is readable; the blob store answers (the S3 bucket, when
one is configured); every active tool's blobs are present (in the database or the bucket) and hash to
their names, and its tool.py and spec.json are the ones its row pins; every candidate's files
are present; every candidate's status agrees with the audit log's last transition, every active tool
has its promotion row and no APPROVED candidate lacks its promotion (``reconcile.find``, shared with
the file doctor). Nothing can be half-written (every act is one transaction), so there is nothing
pending and no journal to replay; repair promotes an APPROVED candidate whose promotion never ran
(a database written by hand or restored from a backup) and reports everything else.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from mcpforge.exceptions import IntegrityError, MCPForgeError, PromotionRefusedError
from mcpforge.registry import reconcile
from mcpforge.registry.doctor_report import DoctorReport
from mcpforge.registry.postgres import schema
from mcpforge.registry.postgres.candidates import manifests

if TYPE_CHECKING:
    from mcpforge.registry.postgres.registry import PostgresRegistry

__all__ = ["DoctorReport", "check"]


def _check_tools(reg: PostgresRegistry, report: DoctorReport) -> None:
    with reg.db.transaction() as conn:
        rows = conn.execute("SELECT * FROM tools ORDER BY name").fetchall()
        report.add("active metadata", "ok", f"{len(rows)} tool(s)")
        for row in rows:
            name, files = str(row["name"]), dict(row["files"])
            try:
                reg.blobs.fetch(conn, files, owner=name)
                for file_name, key in (("tool.py", "code_hash"), ("spec.json", "spec_hash")):
                    if files.get(file_name) != row[key]:
                        actual = files.get(file_name) or "missing"
                        raise IntegrityError(name, file_name, str(row[key]), actual)
            except IntegrityError as exc:
                report.add(f"tool {name}", "error", str(exc))
            else:
                report.add(f"tool {name}", "ok", f"v{row['version']} hashes match")


def _check_candidates(reg: PostgresRegistry, report: DoctorReport) -> None:
    with reg.db.transaction() as conn:
        ids = [str(r["id"]) for r in conn.execute("SELECT id FROM candidates ORDER BY id").fetchall()]
        report.add("staging metadata", "ok", f"{len(ids)} candidate(s)")
        for cid, manifest in manifests(conn, ids).items():
            try:
                reg.blobs.fetch(conn, manifest, owner=cid)
            except IntegrityError as exc:
                report.add(f"candidate {cid}", "error", str(exc))


def check(reg: PostgresRegistry) -> DoctorReport:
    """Check the registry without changing anything."""
    report = DoctorReport(root=reg.location)
    try:
        revision = schema.current_revision(reg.db)
    except MCPForgeError as exc:
        report.add("schema", "error", str(exc))
        return report
    if revision != schema.HEAD:
        detail = f"at revision {revision or 'none'}, head is {schema.HEAD}; run `mcpforge init`"
        report.add("schema", "error", detail)
        return report
    report.add("schema", "ok", f"at head ({schema.HEAD})")
    report.add("audit log", "ok", f"{reg.audit.check()} entries, readable")
    try:
        report.add("blob store", "ok", reg.blobs.check())
    except MCPForgeError as exc:
        report.add("blob store", "error", str(exc))
    else:
        _check_tools(reg, report)
        _check_candidates(reg, report)
    found = reconcile.find(cast("Any", reg))
    for mismatch in found:
        if mismatch.is_error:
            report.add(f"audit agreement {mismatch.subject}", "error", mismatch.detail)
        else:
            report.add(f"audit agreement {mismatch.subject}", "warning", mismatch.detail)
    if not found:
        report.add("audit agreement", "ok", "candidates and audit log agree; every approval is active")
    return report


def repair(reg: PostgresRegistry) -> DoctorReport:
    """Promote approvals whose promotion never ran, then check again; the report lists what was done."""
    from mcpforge.registry.postgres.acts import promote

    repaired: list[str] = []
    for mismatch in reconcile.find(cast("Any", reg)) if reg.is_initialized() else []:
        if mismatch.kind != "approved-not-promoted":
            continue
        try:
            tool = promote(reg, mismatch.subject, actor=reconcile.DOCTOR_ACTOR)
        except (PromotionRefusedError, IntegrityError) as exc:
            repaired.append(f"left {mismatch.subject!r} APPROVED: {exc}")
        else:
            repaired.append(f"finished the promotion of {mismatch.subject!r} ({tool.name!r} v{tool.version})")
    report = check(reg)
    report.repaired = repaired
    return report
