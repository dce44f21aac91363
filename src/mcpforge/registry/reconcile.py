"""Metadata against the audit log, and approvals against the active set, for ``doctor`` (either backend).

The act journal (``acts.py``) keeps metadata and audit log in step; this module finds what it cannot
have prevented (a registry written by an older mcpforge, a restored backup, a hand edit). Reads only:
the file registry's repairs are in ``reconcile_repair.py``, the PostgreSQL registry's in its doctor.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol

from mcpforge.registry.audit import AuditEntry
from mcpforge.registry.backend import IDENTICAL_REASON
from mcpforge.registry.versions import can_promote

if TYPE_CHECKING:
    from mcpforge.models import ToolCandidate


class _AuditRows(Protocol):
    def last_statuses(self) -> dict[str, tuple[str | None, str]]: ...
    def entries(self, *, tool: str | None = None, action: str | None = None) -> list[AuditEntry]: ...


class ReconcileView(Protocol):
    """What finding mismatches reads, on either backend."""

    @property
    def audit(self) -> _AuditRows: ...

    def active_entries(self) -> dict[str, dict[str, Any]]: ...
    def staging_entries(self) -> dict[str, dict[str, Any]]: ...
    def get_candidate(self, candidate_id: str) -> ToolCandidate: ...


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


def _approvals(reg: ReconcileView, active: dict[str, dict[str, Any]]) -> list[Mismatch]:
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


def _staging_rows(reg: ReconcileView) -> list[Mismatch]:
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


def _active_rows(reg: ReconcileView, active: dict[str, dict[str, Any]]) -> list[Mismatch]:
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


def find(reg: ReconcileView) -> list[Mismatch]:
    """Every disagreement between metadata, audit log and the approvals (reads only)."""
    active = reg.active_entries()
    return [*_approvals(reg, active), *_staging_rows(reg), *_active_rows(reg, active)]
