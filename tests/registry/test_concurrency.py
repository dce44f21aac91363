"""Eight real processes staging, approving, promoting and rejecting at once lose no update."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

from mcpforge.models import ToolStatus, UserFeedback, utc_now
from mcpforge.registry import Registry
from mcpforge.registry.file.doctor import check
from mcpforge.registry.testing import make_candidate

WORKERS = 8
PER_WORKER = 3


def _worker(root: str, index: int) -> None:
    reg = Registry(Path(root))
    for j in range(PER_WORKER):
        candidate, files = make_candidate(f"tool_{index}_{j}")
        staged = reg.stage_candidate(candidate, files, actor=f"worker-{index}")
        if j % 2 == 0:
            feedback = UserFeedback(decision="APPROVED", timestamp=utc_now(), stage="registration")
            reg.record_feedback(staged.candidate_id, feedback, actor=f"human:{index}")
            reg.promote(staged.candidate_id, actor=f"human:{index}")
        else:
            feedback = UserFeedback(decision="REJECTED", notes="wrong column", timestamp=utc_now())
            reg.record_feedback(staged.candidate_id, feedback, actor=f"human:{index}")
        reg.record_tool_call("shared", ok=True, duration_ms=1.0)


def test_eight_processes_promoting_and_rejecting_lose_no_update(tmp_path: Path) -> None:
    root = tmp_path / "registry"
    Registry(root).init()
    context = multiprocessing.get_context("fork")
    processes = [context.Process(target=_worker, args=(str(root), i)) for i in range(WORKERS)]
    for process in processes:
        process.start()
    for process in processes:
        process.join(timeout=100)
    assert [p.exitcode for p in processes] == [0] * WORKERS

    reg = Registry(root)
    promoted = WORKERS * len(range(0, PER_WORKER, 2))
    rejected = WORKERS * PER_WORKER - promoted
    assert len(reg.active_tools()) == promoted
    for tool in reg.active_tools():
        reg.verify_tool(tool.name)
    statuses = [c.status for c in reg.list_candidates()]
    assert statuses.count(ToolStatus.PROMOTED) == promoted
    assert statuses.count(ToolStatus.REJECTED) == rejected
    transitions = [r for r in reg.audit.entries() if r.action == "transition"]
    assert len(transitions) == WORKERS * PER_WORKER + 2 * promoted + rejected
    assert len(list((root / "archive" / "rejected").iterdir())) == rejected
    metrics = reg.metrics()
    assert (metrics["promoted"], metrics["rejected"]) == (promoted, rejected)
    assert metrics["tool_calls"]["shared"]["calls"] == WORKERS * PER_WORKER
    assert check(reg).ok
