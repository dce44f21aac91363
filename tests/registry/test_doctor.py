"""The doctor finds damage and repairs it from the audit log and the files."""

from __future__ import annotations

import shutil

from mcpforge.models import ToolStatus, UserFeedback, utc_now
from mcpforge.registry import Registry
from mcpforge.registry.file.doctor import check, repair
from mcpforge.registry.testing import make_candidate


def _promote(reg: Registry, name: str, **kwargs: object) -> str:
    candidate, files = make_candidate(name, **kwargs)  # type: ignore[arg-type]
    staged = reg.stage_candidate(candidate, files, actor="t")
    reg.record_feedback(
        staged.candidate_id, UserFeedback(decision="APPROVED", timestamp=utc_now()), actor="h"
    )
    reg.promote(staged.candidate_id, actor="h")
    return staged.candidate_id


def test_a_healthy_registry_has_no_errors(registry: Registry) -> None:
    _promote(registry, "alpha")
    report = check(registry)
    assert report.ok
    assert {c.name for c in report.checks} >= {
        "layout",
        "audit log",
        "active metadata",
        "tool alpha",
        "orphans",
    }


def test_corrupted_active_metadata_is_rebuilt_from_the_audit_log(registry: Registry) -> None:
    _promote(registry, "alpha")
    _promote(registry, "beta")
    _promote(registry, "alpha", version="1.1.0", description="alpha again")
    expected = registry.active_entries()
    registry.active_meta_path.write_text("garbage", encoding="utf-8")
    assert not check(registry).ok
    report = repair(registry)
    assert report.ok, report.to_dict()
    assert registry.active_entries() == expected
    assert registry.verify_tool("alpha").version == "1.1.0"


def test_repair_drops_a_tampered_tool_and_keeps_the_others(registry: Registry) -> None:
    _promote(registry, "alpha")
    _promote(registry, "beta")
    (registry.tools_dir / "beta" / "tool.py").write_text("print('changed')\n", encoding="utf-8")
    assert not check(registry).ok
    report = repair(registry)
    assert report.ok
    assert sorted(registry.active_entries()) == ["alpha"]
    assert any("beta" in change for change in report.repaired)
    assert not (registry.tools_dir / "beta").exists()  # moved to archive/orphans, not served


def test_orphan_and_temp_dirs_are_reported_and_cleaned(registry: Registry) -> None:
    _promote(registry, "alpha")
    shutil.copytree(registry.tools_dir / "alpha", registry.tools_dir / "ghost")
    (registry.tools_dir / ".tmp-half-copied-1234").mkdir()
    (registry.candidates_dir / "never_committed_1.0.0").mkdir()
    report = check(registry)
    assert any(c.name == "orphans" and c.level == "warning" for c in report.checks)
    assert [t.name for t in registry.active_tools()] == ["alpha"]  # the ghost is not visible
    repair(registry)
    assert sorted(p.name for p in registry.tools_dir.iterdir()) == ["alpha"]
    assert not (registry.candidates_dir / "never_committed_1.0.0").exists()
    assert any(c.name == "orphans" and c.level == "ok" for c in check(registry).checks)


def test_corrupted_staging_metadata_is_rebuilt_with_statuses_from_the_audit_log(registry: Registry) -> None:
    promoted = _promote(registry, "alpha")
    candidate, files = make_candidate("beta")
    staged = registry.stage_candidate(candidate, files, actor="t")
    rejected_candidate, rejected_files = make_candidate("gamma")
    rejected = registry.stage_candidate(rejected_candidate, rejected_files, actor="t")
    registry.record_feedback(
        rejected.candidate_id, UserFeedback(decision="REJECTED", timestamp=utc_now()), actor="h"
    )
    registry.staging_meta_path.write_text("[1, 2", encoding="utf-8")
    report = repair(registry)
    assert report.ok, report.to_dict()
    statuses = {c.candidate_id: c.status for c in registry.list_candidates()}
    assert statuses == {
        promoted: ToolStatus.PROMOTED,
        staged.candidate_id: ToolStatus.STAGED,
        rejected.candidate_id: ToolStatus.REJECTED,
    }


def test_a_deleted_metadata_file_is_reported_and_restored(registry: Registry) -> None:
    _promote(registry, "alpha")
    registry.active_meta_path.unlink()
    assert registry.active_tools() == []  # nothing unverified is served meanwhile
    assert not check(registry).ok
    assert repair(registry).ok
    assert [t.name for t in registry.active_tools()] == ["alpha"]
