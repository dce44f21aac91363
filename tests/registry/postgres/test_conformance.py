"""One behaviour, two backends: every test here runs on the file registry and on PostgreSQL."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mcpforge.exceptions import IllegalTransitionError, IntegrityError, InvalidArgumentError, NotFoundError
from mcpforge.models import ToolStatus, UserFeedback, sha256_text, utc_now
from mcpforge.registry.backend import IDENTICAL_REASON, RegistryBackend
from mcpforge.registry.review import apply_review
from mcpforge.registry.testing import make_candidate


def feedback(decision: str, notes: str | None = None) -> UserFeedback:
    return UserFeedback(decision=decision, notes=notes, timestamp=utc_now(), stage="registration")


def staged(reg: Any, name: str = "demo_tool", **kwargs: Any) -> str:
    candidate, files = make_candidate(name, **kwargs)
    return str(reg.stage_candidate(candidate, files, actor="human:alice").candidate_id)


def transitions(reg: Any, cid: str) -> list[tuple[str | None, str | None, str]]:
    return [
        (row.from_status, row.to_status, row.actor)
        for row in reg.audit.entries(action="transition")
        if row.candidate_id == cid
    ]


def test_the_backend_implements_the_protocol(backend: Any) -> None:
    assert isinstance(backend, RegistryBackend)
    assert backend.is_initialized()
    backend.init()  # idempotent
    assert backend.is_initialized()


def test_stage_approve_makes_the_tool_active_and_verified(backend: Any) -> None:
    cid = staged(backend)
    assert backend.get_candidate(cid).status == ToolStatus.STAGED
    revision = backend.active_revision()
    candidate, act = backend.approve(cid, feedback("APPROVED"), actor="human:bob")
    assert candidate.status == ToolStatus.PROMOTED
    assert act.promoted is not None and act.promoted.version == "1.0.0"
    assert backend.active_revision() != revision
    tool = backend.verify_tool("demo_tool")
    assert tool.source() == make_candidate("demo_tool")[1]["tool.py"]
    assert sha256_text((tool.path / "spec.json").read_text(encoding="utf-8")) == tool.spec_hash
    assert [t.name for t in backend.active_tools()] == ["demo_tool"]
    assert [t.name for t in backend.indexed_tools()] == ["demo_tool"]
    assert [t.name for t in backend.active_tools_named(["demo_tool", "nope"])] == ["demo_tool"]
    assert backend.integrity(backend.indexed_tools()[0]) is None
    assert transitions(backend, cid) == [
        ("DRAFT", "STAGED", "human:alice"),
        ("STAGED", "APPROVED", "human:bob"),
        ("APPROVED", "PROMOTED", "human:bob"),
    ]
    with pytest.raises(IllegalTransitionError):
        backend.approve(cid, feedback("APPROVED"), actor="human:carol")


def test_reject_archives_the_candidate_and_logs_it(backend: Any) -> None:
    cid = staged(backend)
    rejected = backend.record_feedback(cid, feedback("REJECTED", "wrong column"), actor="human:bob")
    assert rejected.status == ToolStatus.REJECTED
    assert backend.get_candidate(cid).status == ToolStatus.REJECTED
    assert (Path(backend.candidate_dir(cid)) / "tool.py").is_file()
    assert backend.get_active_tool("demo_tool") is None
    assert transitions(backend, cid)[-1] == ("STAGED", "REJECTED", "human:bob")
    assert backend.audit.entries(action="transition")[-1].note == "wrong column"
    with pytest.raises(IllegalTransitionError):
        backend.approve(cid, feedback("APPROVED"), actor="human:bob")


def test_a_rejected_try_is_recorded_rejected_and_takes_no_version(backend: Any) -> None:
    version = backend.plan_version("demo_tool", "x", rejected=True)
    assert version == "1.0.0-rejected.1"
    candidate, files = make_candidate("demo_tool", version=version, status=ToolStatus.REJECTED)
    result = backend.stage_candidate(candidate, files, actor="mcpforge")
    assert result.status == ToolStatus.REJECTED
    assert backend.plan_version("demo_tool", "x", rejected=True) == "1.0.0-rejected.2"
    assert backend.plan_version("demo_tool", "x") == "1.0.0"


def test_an_identical_spec_is_a_no_op_and_a_changed_spec_bumps_the_version(backend: Any) -> None:
    backend.approve(staged(backend), feedback("APPROVED"), actor="human:bob")
    first = backend.get_active_tool("demo_tool")
    same_spec = make_candidate("demo_tool")[0].spec_hash
    assert backend.plan_version("demo_tool", same_spec) == "1.0.0"
    twin = staged(backend, version="1.1.0", variant=2)
    ok, reason = backend.can_promote(backend.get_candidate(twin))
    assert (ok, reason) == (False, IDENTICAL_REASON)
    _, act = backend.approve(twin, feedback("APPROVED"), actor="human:bob")
    assert act.promoted is None and act.refused_reason == IDENTICAL_REASON
    assert backend.get_candidate(twin).status == ToolStatus.APPROVED
    assert backend.get_active_tool("demo_tool") == first
    changed = make_candidate("demo_tool", description="a changed description")[0].spec_hash
    version = backend.plan_version("demo_tool", changed)
    assert version == "1.2.0"
    newer = staged(backend, version=version, description="a changed description", variant=3)
    _, act = backend.approve(newer, feedback("APPROVED"), actor="human:bob")
    assert act.promoted is not None and act.promoted.version == "1.2.0"
    assert backend.verify_tool("demo_tool").version == "1.2.0"
    superseded = backend.audit.entries(action="supersede")
    assert [(row.tool, row.version, row.note) for row in superseded] == [
        ("demo_tool", "1.0.0", "superseded by v1.2.0")
    ]
    with pytest.raises(InvalidArgumentError, match="already in the registry"):
        candidate, files = make_candidate("demo_tool", version="1.2.0")
        backend.stage_candidate(candidate, files, actor="human:alice")


def test_remove_unregisters_the_tool(backend: Any) -> None:
    backend.approve(staged(backend), feedback("APPROVED"), actor="human:bob")
    revision = backend.active_revision()
    backend.remove_tool("demo_tool", actor="human:admin")
    assert backend.get_active_tool("demo_tool") is None
    assert backend.active_tools() == []
    assert backend.active_revision() != revision
    assert [(r.tool, r.version, r.actor) for r in backend.audit.entries(action="remove")] == [
        ("demo_tool", "1.0.0", "human:admin")
    ]
    with pytest.raises(NotFoundError):
        backend.remove_tool("demo_tool", actor="human:admin")
    with pytest.raises(NotFoundError):
        backend.verify_tool("demo_tool")


def _tamper(backend: Any, name: str) -> None:
    if hasattr(backend, "db"):  # PostgreSQL: change the stored blob; a fresh cache must not trust it
        code_hash = backend.get_active_tool(name).code_hash
        with backend.db.transaction() as conn:
            conn.execute(
                "UPDATE blobs SET content = %s WHERE sha256 = %s", (b"print('tampered')\n", code_hash)
            )
        for folder in (backend.root / "tools").iterdir():
            for file in folder.iterdir():
                file.unlink()
            folder.rmdir()
    else:
        path = backend.get_active_tool(name).path / "tool.py"
        path.write_text("print('tampered')\n", encoding="utf-8")


def test_a_tampered_tool_is_refused(backend: Any) -> None:
    backend.approve(staged(backend), feedback("APPROVED"), actor="human:bob")
    backend.verify_tool("demo_tool")
    _tamper(backend, "demo_tool")
    with pytest.raises(IntegrityError, match=r"tool\.py"):
        backend.verify_tool("demo_tool")
    assert "tool.py" in (backend.integrity(backend.indexed_tools()[0]) or "")


def test_a_changed_file_in_the_tool_folder_is_refused(backend: Any) -> None:
    backend.approve(staged(backend), feedback("APPROVED"), actor="human:bob")
    tool = backend.verify_tool("demo_tool")
    (tool.path / "spec.json").write_text("{}", encoding="utf-8")
    with pytest.raises(IntegrityError, match=r"spec\.json"):
        backend.verify_tool("demo_tool")


def test_events_and_metrics(backend: Any) -> None:
    cid = staged(backend)
    backend.record_event("generation", ok=True, duration_ms=12.5, candidate_id=cid, samples=5, correct=4)
    backend.record_event("validation_failure", reason="tests failed")
    backend.approve(cid, feedback("APPROVED"), actor="human:bob")
    backend.record_tool_call("demo_tool", ok=True, duration_ms=3.0)
    backend.record_tool_call("demo_tool", ok=False, duration_ms=5.0, error="boom", refresh_metrics=False)
    metrics = backend.metrics()
    assert metrics["tool_calls"]["demo_tool"] == {
        "calls": 2,
        "errors": 1,
        "avg_duration_ms": 4.0,
        "last_error": "boom",
    }
    assert (metrics["promoted"], metrics["approved"], metrics["validation_failures"]) == (1, 1, 1)
    assert metrics["avg_generation_time_ms"] == 12.5
    assert metrics["tools_failing_after_promotion"] == ["demo_tool"]
    assert [e.kind for e in backend.audit.events()] == [
        "generation",
        "validation_failure",
        "tool_call",
        "tool_call",
    ]


def test_remembered_choices(backend: Any, tmp_path: Path) -> None:
    data = tmp_path / "orders.csv"
    assert backend.remembered_choices(data) == {}
    backend.remember_choices(data, {"revenue": "amount"})
    backend.remember_choices(data, {"region": "city"})
    backend.remember_choices(data, {"revenue": "total"})
    assert backend.remembered_choices(data) == {"revenue": "total", "region": "city"}
    assert backend.remembered_choices(tmp_path / "other.csv") == {}


def test_list_and_get_candidates(backend: Any) -> None:
    first = staged(backend, "a_tool")
    second = staged(backend, "b_tool")
    backend.record_feedback(second, feedback("REJECTED", "no"), actor="human:bob")
    assert [c.candidate_id for c in backend.list_candidates()] == [first, second]
    assert [c.candidate_id for c in backend.list_candidates(ToolStatus.STAGED)] == [first]
    assert [c.candidate_id for c in backend.list_candidates(ToolStatus.REJECTED)] == [second]
    with pytest.raises(NotFoundError):
        backend.get_candidate("missing_1.0.0")
    folder = Path(backend.candidate_dir(first))
    assert sorted(p.name for p in folder.iterdir()) >= ["candidate.json", "spec.json", "tests.py", "tool.py"]


def test_reports_are_updated_only_while_awaiting_promotion(backend: Any) -> None:
    from mcpforge.models import ValidationReport

    cid = staged(backend)
    report = ValidationReport(schema_ok=True, tests_ok=True, sandbox_ok=True, logs=["ok"])
    updated = backend.update_validation_report(cid, report)
    assert updated is not None and updated.validation_report == report
    assert backend.get_candidate(cid).validation_report == report
    assert backend.update_validation_report(cid, lambda old: None) == backend.get_candidate(cid)
    candidate = backend.get_candidate(cid)
    backend.save_candidate(candidate.model_copy(update={"created_by": "someone"}))
    with pytest.raises(IllegalTransitionError):
        backend.save_candidate(candidate.model_copy(update={"status": ToolStatus.APPROVED}))
    backend.approve(cid, feedback("APPROVED"), actor="human:bob")
    assert backend.update_validation_report(cid, report) is None


def test_a_review_through_apply_review_registers_and_a_second_is_told_it_is_done(backend: Any) -> None:
    cid = staged(backend)
    outcome = apply_review(backend, cid, output_answer="yes", decision_answer="approve", actor="human:bob")
    assert outcome.message == "Registered 'demo_tool' v1.0.0; `mcpforge serve` now serves it."
    again = apply_review(backend, cid, output_answer="yes", decision_answer="approve", actor="human:eve")
    assert again.message.startswith("Already approved by human:bob at ")
    assert again.message.endswith("nothing more is needed: 'demo_tool' v1.0.0 is registered.")
