"""doctor reports every APPROVED-but-inactive candidate and every metadata/audit mismatch; repair fixes it."""

from __future__ import annotations

from mcpforge.models import UserFeedback, utc_now
from mcpforge.registry import Registry
from mcpforge.registry.file.doctor import check, repair
from mcpforge.registry.reconcile import DOCTOR_ACTOR
from mcpforge.registry.testing import make_candidate


def _stage(reg: Registry, name: str) -> str:
    candidate, files = make_candidate(name)
    return reg.stage_candidate(candidate, files, actor="test").candidate_id


def _approved_only(reg: Registry, name: str) -> str:
    """An APPROVED candidate whose promotion never ran (what a kill between the old two steps left)."""
    candidate_id = _stage(reg, name)
    feedback = UserFeedback(decision="APPROVED", timestamp=utc_now(), stage="registration")
    reg.record_feedback(candidate_id, feedback, actor="human:test")
    return candidate_id


def _errors(reg: Registry) -> dict[str, str]:
    return {c.name: c.detail for c in check(reg).checks if c.level == "error"}


def test_an_approved_candidate_that_is_not_active_is_reported_and_promoted_by_repair(
    registry: Registry,
) -> None:
    candidate_id = _approved_only(registry, "orphan_approval")
    errors = _errors(registry)
    assert errors == {f"audit agreement {candidate_id}": "APPROVED but not active"}
    report = repair(registry)
    assert report.ok and all(c.level == "ok" for c in report.checks), report.to_dict()
    assert registry.get_candidate(candidate_id).status.value == "PROMOTED"
    registry.verify_tool("orphan_approval")
    promoted = [r for r in registry.audit.entries() if r.to_status == "PROMOTED"]
    assert [(r.candidate_id, r.actor) for r in promoted] == [(candidate_id, DOCTOR_ACTOR)]
    last = registry.audit.entries()[-1]
    assert (last.action, last.actor) == ("repair", DOCTOR_ACTOR)
    assert any(candidate_id in line for line in last.details["repaired"])


def test_metadata_ahead_of_the_audit_log_is_reported_and_the_missing_row_added(registry: Registry) -> None:
    candidate_id = _stage(registry, "silent_reject")
    entries = registry.staging_entries()
    # What an older mcpforge left after a kill between writing the metadata and appending the row.
    entries[candidate_id] = {**entries[candidate_id], "status": "REJECTED"}
    with registry.locked():
        registry.write_staging_entries(entries)
    errors = _errors(registry)
    assert errors == {
        f"audit agreement {candidate_id}": "metadata says REJECTED, the audit log says STAGED",
    }
    report = repair(registry)
    assert report.ok and not _errors(registry), report.to_dict()
    rows = [
        (r.from_status, r.to_status, r.actor)
        for r in registry.audit.entries()
        if r.candidate_id == candidate_id
    ]
    assert rows == [("DRAFT", "STAGED", "test"), ("STAGED", "REJECTED", DOCTOR_ACTOR)]


def test_a_removal_without_its_audit_row_is_reported_and_logged_by_repair(registry: Registry) -> None:
    candidate_id = _stage(registry, "gone_tool")
    feedback = UserFeedback(decision="APPROVED", timestamp=utc_now(), stage="registration")
    registry.approve(candidate_id, feedback, actor="human:test")
    entries = registry.active_entries()
    del entries["gone_tool"]
    with registry.locked():
        registry.write_active_entries(entries)
    assert _errors(registry) == {
        "audit agreement gone_tool": "not active, but the audit log's last word is its promotion"
    }
    report = repair(registry)
    assert not _errors(registry), report.to_dict()
    removal = [r for r in registry.audit.entries() if r.action == "remove"]
    assert [(r.tool, r.actor) for r in removal] == [("gone_tool", DOCTOR_ACTOR)]


def test_a_full_approval_leaves_metadata_and_audit_in_agreement(registry: Registry) -> None:
    candidate_id = _stage(registry, "agreeing_tool")
    feedback = UserFeedback(decision="APPROVED", timestamp=utc_now(), stage="registration")
    candidate, act = registry.approve(candidate_id, feedback, actor="human:test")
    assert act.promoted is not None and candidate.status.value == "PROMOTED"
    assert not registry.pending_journals()
    assert all(c.level == "ok" for c in check(registry).checks), check(registry).to_dict()


def test_staged_files_changed_before_approval_are_never_promoted_and_never_block_the_registry(
    registry: Registry,
) -> None:
    candidate_id = _stage(registry, "tampered_tool")
    tool_py = registry.candidate_dir(candidate_id) / "tool.py"
    tool_py.write_text(tool_py.read_text(encoding="utf-8") + "\n# changed after review\n", encoding="utf-8")
    feedback = UserFeedback(decision="APPROVED", timestamp=utc_now(), stage="registration")
    candidate, act = registry.approve(candidate_id, feedback, actor="human:test")
    assert act.promoted is None and act.refused_reason is not None and "tool.py" in act.refused_reason
    assert candidate.status.value == "APPROVED"
    assert not registry.pending_journals()
    assert registry.active_entries() == {}
    report = repair(registry)
    assert any("not promoted" in line for line in report.repaired), report.repaired
    assert registry.active_entries() == {}
    _stage(registry, "next_tool")  # the registry still takes writes
