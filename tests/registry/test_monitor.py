"""metrics.json figures derived from the audit log."""

from __future__ import annotations

import json

import pytest

from mcpforge.models import ToolStatus, UserFeedback, utc_now
from mcpforge.registry import Registry
from mcpforge.registry.monitor import _local_pass_at_k, _pass_at_k_function
from mcpforge.registry.testing import make_candidate


@pytest.mark.parametrize(("n", "c", "k", "expected"), [(10, 3, 5, 0.9166667), (200, 37, 10, 0.8773746)])
def test_pass_at_k_matches_the_known_values(n: int, c: int, k: int, expected: float) -> None:
    assert _local_pass_at_k(n, c, k) == pytest.approx(expected, abs=1e-6)
    assert _pass_at_k_function()(n, c, k) == pytest.approx(expected, abs=1e-6)


def test_a_generation_event_without_candidate_id_is_not_counted_twice(registry: Registry) -> None:
    candidate, files = make_candidate("hand_written")
    registry.stage_candidate(candidate, files, actor="t")
    registry.record_event("generation", tool="hand_written", passed=True)
    registry.record_event("generation", tool="never_staged", passed=False)
    metrics = json.loads(registry.metrics_path.read_text(encoding="utf-8"))
    assert metrics["total_generated"] == 2
    assert metrics["generation_success_rate"] == 0.5


def test_rates_count_only_the_persons_decisions(registry: Registry) -> None:
    failed, failed_files = make_candidate("failed_validation", status=ToolStatus.REJECTED)
    registry.stage_candidate(failed, failed_files, actor="pipeline")
    for name, decision in (("a", "APPROVED"), ("b", "REJECTED"), ("c", "REJECTED")):
        candidate, files = make_candidate(name)
        staged = registry.stage_candidate(candidate, files, actor="t")
        feedback = UserFeedback(decision=decision, notes="top 5 only", timestamp=utc_now(), issues=["LIMIT"])
        registry.record_feedback(staged.candidate_id, feedback, actor="human:x")
    metrics = registry.metrics()
    assert (metrics["approved"], metrics["rejected"], metrics["rejected_by_user"]) == (1, 3, 2)
    assert metrics["approval_rate"] == pytest.approx(1 / 3, abs=1e-4)
    assert metrics["rejection_rate"] == pytest.approx(2 / 3, abs=1e-4)
    assert metrics["rejection_reason_counts"] == {"LIMIT": 2}
