"""The registry API: staging, feedback, promotion, versions, active tools, corruption."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mcpforge.exceptions import (
    IllegalTransitionError,
    IntegrityError,
    InvalidArgumentError,
    NotFoundError,
    PromotionRefusedError,
    RegistryCorruptedError,
)
from mcpforge.models import ToolStatus, UserFeedback, utc_now
from mcpforge.registry import IDENTICAL_REASON, Registry
from mcpforge.registry.testing import make_candidate


def _approve(reg: Registry, candidate_id: str) -> None:
    feedback = UserFeedback(decision="APPROVED", notes="Approve", timestamp=utc_now(), stage="registration")
    reg.record_feedback(candidate_id, feedback, actor="human:test")


def _stage_and_promote(reg: Registry, **kwargs: object) -> str:
    candidate, files = make_candidate(**kwargs)  # type: ignore[arg-type]
    staged = reg.stage_candidate(candidate, files, actor="test")
    _approve(reg, staged.candidate_id)
    reg.promote(staged.candidate_id, actor="human:test")
    return staged.candidate_id


def test_a_new_registry_creates_nothing_until_initialized(tmp_path: Path) -> None:
    reg = Registry(tmp_path / "reg")
    assert not reg.is_initialized()
    assert reg.active_tools() == []
    assert not (tmp_path / "reg").exists()
    reg.init()
    reg.init()
    assert reg.is_initialized()
    for sub in ("active/tools", "staging/candidates", "archive/rejected", "archive/superseded"):
        assert (tmp_path / "reg" / sub).is_dir()
    assert json.loads((tmp_path / "reg" / "metrics.json").read_text(encoding="utf-8"))["total_generated"] == 0


def test_staging_writes_the_package_and_moves_draft_to_staged(registry: Registry) -> None:
    candidate, files = make_candidate()
    staged = registry.stage_candidate(candidate, files, actor="test")
    assert staged.status == ToolStatus.STAGED
    directory = registry.candidate_dir(staged.candidate_id)
    assert directory == registry.root / "staging" / "candidates" / "demo_tool_1.0.0"
    assert (directory / "tool.py").read_text(encoding="utf-8") == files["tool.py"]
    assert (directory / "spec.json").read_text(encoding="utf-8") == candidate.spec.to_json()
    assert registry.get_candidate(staged.candidate_id) == staged
    assert [c.candidate_id for c in registry.list_candidates(ToolStatus.STAGED)] == ["demo_tool_1.0.0"]
    rows = registry.audit.entries()
    assert [(r.from_status, r.to_status, r.code_sha256) for r in rows] == [
        ("DRAFT", "STAGED", candidate.code_hash)
    ]


def test_staging_refuses_files_whose_hash_differs_from_the_candidate(registry: Registry) -> None:
    candidate, files = make_candidate()
    with pytest.raises(InvalidArgumentError):
        registry.stage_candidate(
            candidate, {**files, "tool.py": files["tool.py"] + "\n# changed\n"}, actor="t"
        )
    with pytest.raises(InvalidArgumentError):
        registry.stage_candidate(candidate, {**files, "../evil.py": "x"}, actor="t")
    assert registry.list_candidates() == []


def test_staging_the_same_candidate_twice_is_refused(registry: Registry) -> None:
    candidate, files = make_candidate()
    registry.stage_candidate(candidate, files, actor="test")
    with pytest.raises(InvalidArgumentError):
        registry.stage_candidate(candidate, files, actor="test")


def test_a_candidate_rejected_by_validation_goes_straight_to_the_archive(registry: Registry) -> None:
    candidate, files = make_candidate(status=ToolStatus.REJECTED)
    result = registry.stage_candidate(candidate, files, actor="pipeline")
    assert result.status == ToolStatus.REJECTED
    archived = registry.candidate_dir(result.candidate_id)
    assert archived.parent == registry.root / "archive" / "rejected"
    assert {"tool.py", "spec.json", "user_feedback.json", "metadata.json"} <= {
        p.name for p in archived.iterdir()
    }
    assert not (registry.root / "staging" / "candidates" / result.candidate_id).exists()


def test_rejection_archives_with_feedback_and_metadata(registry: Registry) -> None:
    candidate, files = make_candidate()
    staged = registry.stage_candidate(candidate, files, actor="test")
    feedback = UserFeedback(
        decision="REJECTED",
        notes="wrong column",
        timestamp=utc_now(),
        stage="registration",
        issues=["COLUMN_MISMATCH"],
    )
    rejected = registry.record_feedback(staged.candidate_id, feedback, actor="human:ann")
    assert rejected.status == ToolStatus.REJECTED
    archived = registry.candidate_dir(staged.candidate_id)
    assert archived.parent == registry.root / "archive" / "rejected"
    assert archived.name.startswith("demo_tool_")
    stored = UserFeedback.model_validate_json((archived / "user_feedback.json").read_text(encoding="utf-8"))
    assert stored == feedback
    meta = json.loads((archived / "metadata.json").read_text(encoding="utf-8"))
    assert (meta["candidate_id"], meta["rejected_by"], meta["issues"]) == (
        "demo_tool_1.0.0",
        "human:ann",
        ["COLUMN_MISMATCH"],
    )
    assert not (registry.root / "staging" / "candidates" / "demo_tool_1.0.0").exists()
    assert registry.get_candidate(staged.candidate_id).user_feedback == feedback
    assert registry.metrics()["common_rejection_reasons"] == ["COLUMN_MISMATCH"]


def test_an_illegal_transition_raises_and_changes_nothing(registry: Registry) -> None:
    candidate, files = make_candidate()
    staged = registry.stage_candidate(candidate, files, actor="test")
    before = (registry.staging_meta_path.read_text(encoding="utf-8"), len(registry.audit.entries()))
    with pytest.raises(PromotionRefusedError):
        registry.promote(staged.candidate_id, actor="test")  # STAGED, not APPROVED
    _approve(registry, staged.candidate_id)
    with pytest.raises(IllegalTransitionError):
        _approve(registry, staged.candidate_id)  # APPROVED -> APPROVED
    after_approve = (registry.staging_meta_path.read_text(encoding="utf-8"), len(registry.audit.entries()))
    with pytest.raises(IllegalTransitionError):
        registry.record_feedback(
            staged.candidate_id,
            UserFeedback(decision="REJECTED", timestamp=utc_now()),
            actor="test",
        )  # APPROVED -> REJECTED is not an edge
    assert (
        registry.staging_meta_path.read_text(encoding="utf-8"),
        len(registry.audit.entries()),
    ) == after_approve
    assert before[1] + 1 == after_approve[1]


def test_promotion_installs_the_tool_and_records_the_hashes(registry: Registry) -> None:
    cid = _stage_and_promote(registry, created_by="model-x")
    tool = registry.verify_tool("demo_tool")
    assert (tool.name, tool.version, tool.created_by) == ("demo_tool", "1.0.0", "model-x")
    assert tool.path == registry.root / "active" / "tools" / "demo_tool"
    assert {p.name for p in tool.path.iterdir()} == {"tool.py", "spec.json", "tests.py", "VERSION"}
    assert (tool.path / "VERSION").read_text(encoding="utf-8") == "1.0.0\n"
    entry = registry.active_entries()["demo_tool"]
    assert set(entry) >= {"version", "path", "spec_hash", "code_hash", "promoted_at", "created_by"}
    assert registry.get_candidate(cid).status == ToolStatus.PROMOTED
    promotions = [r for r in registry.audit.entries() if r.to_status == "PROMOTED"]
    assert [(r.actor, r.spec_sha256) for r in promotions] == [("human:test", tool.spec_hash)]


def test_promoting_an_identical_spec_is_refused_as_a_no_op(registry: Registry) -> None:
    _stage_and_promote(registry)
    assert registry.plan_version("demo_tool", make_candidate()[0].spec_hash) == "1.0.0"
    again, files = make_candidate(version="1.1.0", variant=2)
    staged = registry.stage_candidate(again, files, actor="t")
    _approve(registry, staged.candidate_id)
    revision = registry.active_revision()
    with pytest.raises(PromotionRefusedError) as info:
        registry.promote(staged.candidate_id, actor="t")
    assert info.value.reason == IDENTICAL_REASON
    assert registry.active_revision() == revision
    assert registry.get_candidate(staged.candidate_id).status == ToolStatus.APPROVED


def test_a_changed_spec_needs_a_higher_version_and_supersedes_the_old_one(registry: Registry) -> None:
    _stage_and_promote(registry)
    same_version, files = make_candidate(description="a better description")
    staged = registry.stage_candidate(same_version.model_copy(update={"version": "0.9.0"}), files, actor="t")
    _approve(registry, staged.candidate_id)
    assert registry.can_promote(registry.get_candidate(staged.candidate_id))[0] is False
    with pytest.raises(PromotionRefusedError):
        registry.promote(staged.candidate_id, actor="t")
    version = registry.plan_version("demo_tool", same_version.spec_hash)
    assert version == "1.1.0"
    _stage_and_promote(registry, version=version, description="a better description")
    tool = registry.verify_tool("demo_tool")
    assert tool.version == "1.1.0"
    superseded = registry.root / "archive" / "superseded" / "demo_tool_1.0.0"
    assert (superseded / "VERSION").read_text(encoding="utf-8") == "1.0.0\n"
    assert [r.action for r in registry.audit.entries(tool="demo_tool") if r.action == "supersede"] == [
        "supersede"
    ]


def test_plan_version_starts_at_one_and_bumps_minor(registry: Registry) -> None:
    assert registry.plan_version("new_tool", "abc") == "1.0.0"
    candidate, files = make_candidate("new_tool")
    registry.stage_candidate(candidate, files, actor="t")
    assert registry.plan_version("new_tool", "different") == "1.1.0"


def test_a_tampered_active_tool_is_refused_by_verify(registry: Registry) -> None:
    _stage_and_promote(registry)
    tool_py = registry.root / "active" / "tools" / "demo_tool" / "tool.py"
    tool_py.write_text(tool_py.read_text(encoding="utf-8") + "\nimport os\n", encoding="utf-8")
    with pytest.raises(IntegrityError):
        registry.verify_tool("demo_tool")
    with pytest.raises(NotFoundError):
        registry.verify_tool("missing_tool")


def test_a_tampered_staged_candidate_cannot_be_promoted(registry: Registry) -> None:
    candidate, files = make_candidate()
    staged = registry.stage_candidate(candidate, files, actor="t")
    _approve(registry, staged.candidate_id)
    (registry.candidate_dir(staged.candidate_id) / "tool.py").write_text("print('evil')\n", encoding="utf-8")
    with pytest.raises(IntegrityError):
        registry.promote(staged.candidate_id, actor="t")
    assert registry.active_tools() == []


def test_remove_tool_unregisters_and_archives(registry: Registry) -> None:
    _stage_and_promote(registry)
    revision = registry.active_revision()
    registry.remove_tool("demo_tool", actor="human:test")
    assert registry.get_active_tool("demo_tool") is None
    assert registry.active_revision() != revision
    assert (registry.root / "archive" / "removed" / "demo_tool_1.0.0" / "tool.py").is_file()
    with pytest.raises(NotFoundError):
        registry.remove_tool("demo_tool", actor="human:test")


def test_a_corrupted_metadata_file_raises_and_is_not_overwritten(registry: Registry) -> None:
    _stage_and_promote(registry)
    registry.active_meta_path.write_text("{ not json", encoding="utf-8")
    with pytest.raises(RegistryCorruptedError) as info:
        registry.active_tools()
    assert info.value.path == registry.active_meta_path
    candidate, files = make_candidate("other_tool")
    staged = registry.stage_candidate(candidate, files, actor="t")
    _approve(registry, staged.candidate_id)
    with pytest.raises(RegistryCorruptedError):
        registry.promote(staged.candidate_id, actor="t")
    assert registry.active_meta_path.read_text(encoding="utf-8") == "{ not json"


def test_a_missing_metadata_file_with_history_is_not_recreated_empty(registry: Registry) -> None:
    _stage_and_promote(registry)
    registry.active_meta_path.unlink()
    with pytest.raises(RegistryCorruptedError):
        registry.init()


def test_save_candidate_rewrites_json_but_not_status(registry: Registry) -> None:
    candidate, files = make_candidate()
    staged = registry.stage_candidate(candidate, files, actor="t")
    registry.save_candidate(staged.model_copy(update={"run_arguments": {"value": 3}}))
    assert registry.get_candidate(staged.candidate_id).run_arguments == {"value": 3}
    with pytest.raises(IllegalTransitionError):
        registry.save_candidate(staged.model_copy(update={"status": ToolStatus.APPROVED}))


def test_the_audit_log_refuses_update_and_delete(registry: Registry) -> None:
    import sqlite3
    from contextlib import closing

    _stage_and_promote(registry)
    registry.record_tool_call("demo_tool", ok=True, duration_ms=1.0)
    with closing(sqlite3.connect(registry.audit.path)) as conn:
        for statement in ("UPDATE audit SET actor = 'x'", "DELETE FROM audit", "DELETE FROM events"):
            with pytest.raises(sqlite3.IntegrityError):
                conn.execute(statement)
    assert len(registry.audit.entries()) == 3


def test_metrics_follow_every_event(registry: Registry) -> None:
    _stage_and_promote(registry)
    registry.record_event(
        "generation", ok=True, duration_ms=100.0, candidate_id="x_1.0.0", samples=10, correct=3
    )
    registry.record_event("validation_failure", reason="tests_failed")
    registry.record_tool_call("demo_tool", ok=False, duration_ms=5.0, error="boom")
    registry.record_tool_call("demo_tool", ok=True, duration_ms=3.0)
    metrics = json.loads(registry.metrics_path.read_text(encoding="utf-8"))
    assert (metrics["total_generated"], metrics["approved"], metrics["promoted"]) == (2, 1, 1)
    assert metrics["validation_failures"] == 1
    assert metrics["validation_failure_reasons"] == {"tests_failed": 1}
    assert metrics["avg_generation_time_ms"] == 100.0
    assert metrics["approval_rate"] == 1.0
    assert metrics["pass_at_k"]["5"] == pytest.approx(0.9166667, abs=1e-4)
    assert metrics["tool_calls"]["demo_tool"]["calls"] == 2
    assert metrics["tool_calls"]["demo_tool"]["errors"] == 1
    assert metrics["tool_calls"]["demo_tool"]["last_error"] == "boom"
    assert metrics["tools_failing_after_promotion"] == ["demo_tool"]


def test_feedback_that_is_not_a_registration_decision_is_refused(registry: Registry) -> None:
    candidate, files = make_candidate()
    staged = registry.stage_candidate(candidate, files, actor="t")
    with pytest.raises(InvalidArgumentError):
        registry.record_feedback(
            staged.candidate_id, UserFeedback(decision="PENDING", timestamp=utc_now()), actor="t"
        )
    assert registry.get_candidate(staged.candidate_id).status == ToolStatus.STAGED
