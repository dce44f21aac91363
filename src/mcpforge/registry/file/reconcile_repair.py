"""The file registry's repair of what ``reconcile.find`` reports, for ``doctor --repair``.

A missing audit row is derived from the metadata (the source of truth) and appended with the actor
``mcpforge:doctor``, and an APPROVED candidate whose promotion never ran is promoted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mcpforge.exceptions import IntegrityError, PromotionRefusedError
from mcpforge.models import utc_now
from mcpforge.registry.audit import AuditEntry
from mcpforge.registry.file.promote import promote_locked
from mcpforge.registry.reconcile import DOCTOR_ACTOR, Mismatch

if TYPE_CHECKING:
    from mcpforge.registry.file.store import FileStore


def _row(mismatch: Mismatch, details: dict[str, Any] | None = None, **values: Any) -> AuditEntry:
    return AuditEntry(
        time=utc_now(),
        actor=DOCTOR_ACTOR,
        note=f"reconciled by doctor --repair: {mismatch.detail}",
        details={"repair": mismatch.kind, **(details or {})},
        **values,
    )


def _finish_promotion(reg: FileStore, candidate_id: str) -> str:
    try:
        tool = promote_locked(reg, candidate_id, actor=DOCTOR_ACTOR)
    except PromotionRefusedError as exc:
        return f"left {candidate_id!r} APPROVED: {exc.reason}"
    except IntegrityError as exc:
        return f"left {candidate_id!r} APPROVED, not promoted: {exc}"
    return f"finished the promotion of {candidate_id!r} ({tool.name!r} v{tool.version})"


def repair_one(reg: FileStore, mismatch: Mismatch) -> str | None:
    """Fix one mismatch (lock held); returns what was done, None when it is left to the person."""
    if mismatch.kind == "approval-refused":
        return None
    if mismatch.kind == "approved-not-promoted":
        return _finish_promotion(reg, mismatch.subject)
    if mismatch.kind == "staging-audit":
        entry = mismatch.data["entry"]
        reg.audit.append(
            _row(
                mismatch,
                action="transition",
                tool=str(entry.get("tool_name")),
                candidate_id=mismatch.subject,
                version=entry.get("version"),
                from_status=mismatch.data["from_status"],
                to_status=str(entry.get("status")),
                spec_sha256=entry.get("spec_hash"),
                code_sha256=entry.get("code_hash"),
            )
        )
        return f"added the missing audit row {mismatch.subject!r} → {entry.get('status')}"
    if mismatch.kind == "active-audit":
        entry = mismatch.data["entry"]
        reg.audit.append(
            _row(
                mismatch,
                {"promotion": entry},
                action="transition",
                tool=mismatch.subject,
                candidate_id=entry.get("candidate_id"),
                version=entry.get("version"),
                from_status="APPROVED",
                to_status="PROMOTED",
                spec_sha256=entry.get("spec_hash"),
                code_sha256=entry.get("code_hash"),
            )
        )
        return f"added the missing promotion row of {mismatch.subject!r}"
    row = mismatch.data["row"]
    reg.audit.append(
        _row(
            mismatch,
            action="remove",
            tool=mismatch.subject,
            candidate_id=row.get("candidate_id"),
            version=row.get("version"),
            from_status="PROMOTED",
            spec_sha256=row.get("spec_sha256"),
            code_sha256=row.get("code_sha256"),
        )
    )
    return f"added the missing removal row of {mismatch.subject!r}"
