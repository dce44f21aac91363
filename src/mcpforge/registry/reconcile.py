"""Metadata against the audit log, and approvals against the active set, for ``doctor``.

The act journal (``acts.py``) keeps metadata and audit log in step; this module finds what it cannot
have prevented (a registry written by an older mcpforge, a restored backup, a hand edit) and repairs
it: a missing audit row is derived from the metadata (the source of truth) and appended with the actor
``mcpforge:doctor``, and an APPROVED candidate whose promotion never ran is promoted.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from mcpforge.exceptions import IntegrityError, PromotionRefusedError
from mcpforge.models import utc_now
from mcpforge.registry.audit import AuditEntry
from mcpforge.registry.backend import IDENTICAL_REASON
from mcpforge.registry.promote import can_promote, promote_locked

if TYPE_CHECKING:
    from mcpforge.registry.store import Registry

DOCTOR_ACTOR = "mcpforge:doctor"
Kind = Literal["approved-not-promoted", "approval-refused", "staging-audit", "active-audit", "removed-audit"]


@dataclass(frozen=True, kw_only=True)
class Mismatch:
    """One disagreement the doctor reports (and repairs, except a refused approval)."""

    kind: Kind
    subject: str
    detail: str
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def is_error(self) -> bool:
        """A refused approval is the person's to settle; everything else is an error repair fixes."""
        return self.kind != "approval-refused"


def _approvals(reg: Registry, active: dict[str, dict[str, Any]]) -> list[Mismatch]:
    found = []
    for cid, entry in sorted(reg.staging_entries().items()):
        if entry.get("status") != "APPROVED":
            continue
        current = active.get(str(entry.get("tool_name")))
        if current is not None and current.get("spec_hash") == entry.get("spec_hash"):
            continue  # an identical tool is served: nothing is missing
        ok, reason = can_promote(reg, reg.get_candidate(cid))
        if ok:
            found.append(
                Mismatch(kind="approved-not-promoted", subject=cid, detail="APPROVED but not active")
            )
        elif reason != IDENTICAL_REASON:
            found.append(
                Mismatch(
                    kind="approval-refused", subject=cid, detail=f"APPROVED, promotion refused: {reason}"
                )
            )
    return found


def _staging_rows(reg: Registry) -> list[Mismatch]:
    last = reg.audit.last_statuses()
    found = []
    for cid, entry in sorted(reg.staging_entries().items()):
        status = str(entry.get("status"))
        logged = last.get(cid)
        if logged is None or logged[1] != status:
            shown = "no transition" if logged is None else logged[1]
            found.append(
                Mismatch(
                    kind="staging-audit",
                    subject=cid,
                    detail=f"metadata says {status}, the audit log says {shown}",
                    data={"entry": entry, "from_status": None if logged is None else logged[1]},
                )
            )
    return found


def _active_rows(reg: Registry, active: dict[str, dict[str, Any]]) -> list[Mismatch]:
    last: dict[str, AuditEntry] = {}
    for row in reg.audit.entries():
        if row.action == "remove" or (row.action == "transition" and row.to_status == "PROMOTED"):
            last[row.tool] = row
    found = []
    for name, entry in sorted(active.items()):
        promoted = last.get(name)
        if promoted is None or promoted.action == "remove" or promoted.code_sha256 != entry.get("code_hash"):
            found.append(
                Mismatch(
                    kind="active-audit",
                    subject=name,
                    detail=f"active v{entry.get('version')} has no promotion row in the audit log",
                    data={"entry": entry},
                )
            )
    for name, row in sorted(last.items()):
        if row.action != "remove" and name not in active:
            found.append(
                Mismatch(
                    kind="removed-audit",
                    subject=name,
                    detail="not active, but the audit log's last word is its promotion",
                    data={"row": row.to_dict()},
                )
            )
    return found


def find(reg: Registry) -> list[Mismatch]:
    """Every disagreement between metadata, audit log and the approvals (reads only)."""
    active = reg.active_entries()
    return [*_approvals(reg, active), *_staging_rows(reg), *_active_rows(reg, active)]


def _row(mismatch: Mismatch, details: dict[str, Any] | None = None, **values: Any) -> AuditEntry:
    return AuditEntry(
        time=utc_now(),
        actor=DOCTOR_ACTOR,
        note=f"reconciled by doctor --repair: {mismatch.detail}",
        details={"repair": mismatch.kind, **(details or {})},
        **values,
    )


def _finish_promotion(reg: Registry, candidate_id: str) -> str:
    try:
        tool = promote_locked(reg, candidate_id, actor=DOCTOR_ACTOR)
    except PromotionRefusedError as exc:
        return f"left {candidate_id!r} APPROVED: {exc.reason}"
    except IntegrityError as exc:
        return f"left {candidate_id!r} APPROVED, not promoted: {exc}"
    return f"finished the promotion of {candidate_id!r} ({tool.name!r} v{tool.version})"


def repair_one(reg: Registry, mismatch: Mismatch) -> str | None:
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
