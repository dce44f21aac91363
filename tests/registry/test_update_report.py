"""Registry.update_validation_report: late results for candidates still awaiting promotion, nothing else."""

from __future__ import annotations

import shutil

from mcpforge.models import ToolStatus, UserFeedback, ValidationReport, utc_now
from mcpforge.registry import Registry
from mcpforge.registry.testing import make_candidate

REPORT = ValidationReport(schema_ok=True, tests_ok=True, sandbox_ok=True, logs=["first"])
LATER = REPORT.model_copy(update={"logs": ["first", "later"]})


def _stage(registry: Registry, name: str = "demo_tool") -> str:
    candidate, files = make_candidate(name)
    staged = registry.stage_candidate(
        candidate.model_copy(update={"validation_report": REPORT}), files, actor="test"
    )
    return staged.candidate_id


def _decide(registry: Registry, candidate_id: str, decision: str) -> None:
    feedback = UserFeedback(decision=decision, notes=decision, timestamp=utc_now(), stage="registration")
    registry.record_feedback(candidate_id, feedback, actor="test")


def test_a_staged_candidate_gets_the_new_report_in_both_files(registry: Registry) -> None:
    cid = _stage(registry)
    updated = registry.update_validation_report(cid, LATER)
    assert updated is not None and updated.validation_report == LATER
    assert registry.get_candidate(cid).validation_report == LATER
    stored = (registry.candidate_dir(cid) / "validation_report.json").read_text(encoding="utf-8")
    assert ValidationReport.model_validate_json(stored) == LATER
    assert registry.get_candidate(cid).status == ToolStatus.STAGED


def test_a_function_sees_the_stored_report_and_none_keeps_it(registry: Registry) -> None:
    cid = _stage(registry)
    seen: list[ValidationReport | None] = []

    def keep(stored: ValidationReport | None) -> ValidationReport | None:
        seen.append(stored)

    assert registry.update_validation_report(cid, keep) == registry.get_candidate(cid)
    assert seen == [REPORT]

    def add(stored: ValidationReport | None) -> ValidationReport | None:
        assert stored is not None
        return stored.model_copy(update={"logs": [*stored.logs, "later"]})

    registry.update_validation_report(cid, add)
    assert registry.get_candidate(cid).validation_report == LATER


def test_an_approved_candidate_still_takes_the_report(registry: Registry) -> None:
    cid = _stage(registry)
    _decide(registry, cid, "APPROVED")
    assert registry.update_validation_report(cid, LATER) is not None
    assert registry.get_candidate(cid).validation_report == LATER
    assert registry.get_candidate(cid).status == ToolStatus.APPROVED


def test_promoted_rejected_and_unknown_candidates_are_left_alone(registry: Registry) -> None:
    promoted = _stage(registry, "kept")
    _decide(registry, promoted, "APPROVED")
    registry.promote(promoted, actor="test")
    rejected = _stage(registry, "dropped")
    _decide(registry, rejected, "REJECTED")
    archive = registry.candidate_dir(rejected)
    before = {p.name: p.read_text(encoding="utf-8") for p in archive.iterdir()}
    for cid in (promoted, rejected, "nope_1.0.0"):
        assert registry.update_validation_report(cid, LATER) is None
    assert registry.get_candidate(promoted).validation_report == REPORT
    assert registry.get_candidate(rejected).validation_report == REPORT
    assert {p.name: p.read_text(encoding="utf-8") for p in archive.iterdir()} == before
    assert not (registry.candidates_dir / rejected).exists()


def test_a_candidate_whose_directory_vanished_is_not_recreated(registry: Registry) -> None:
    cid = _stage(registry)
    directory = registry.candidate_dir(cid)
    shutil.rmtree(directory)
    assert registry.update_validation_report(cid, LATER) is None
    assert not directory.exists()


def test_a_registry_that_was_deleted_is_not_recreated(registry: Registry) -> None:
    cid = _stage(registry)
    shutil.rmtree(registry.root)
    assert registry.update_validation_report(cid, LATER) is None
    assert not registry.root.exists()
