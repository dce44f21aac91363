"""A promotion killed with SIGKILL at a random point leaves a consistent registry (50 times)."""

from __future__ import annotations

import multiprocessing
import random
import signal
import time
from multiprocessing.connection import Connection
from pathlib import Path

from mcpforge.models import ToolStatus, UserFeedback, utc_now
from mcpforge.registry import Registry
from mcpforge.registry.doctor import check, repair
from mcpforge.registry.testing import make_candidate

ITERATIONS = 50


def _promote_child(root: str, receiver: Connection) -> None:
    candidate_id = receiver.recv()
    Registry(Path(root)).promote(candidate_id, actor="human:crash-test")


def _approved_candidate(reg: Registry, iteration: int) -> str:
    # Five tool names, so most promotions supersede an earlier version (the riskiest path).
    name = f"crash_tool_{iteration % 5}"
    description = f"crash tool revision {iteration}"
    candidate, files = make_candidate(name, description=description, variant=iteration)
    version = reg.plan_version(name, candidate.spec_hash)
    staged = reg.stage_candidate(candidate.model_copy(update={"version": version}), files, actor="test")
    feedback = UserFeedback(decision="APPROVED", timestamp=utc_now(), stage="registration")
    reg.record_feedback(staged.candidate_id, feedback, actor="human:test")
    return staged.candidate_id


def _assert_consistent(reg: Registry, candidate_id: str) -> None:
    tools = reg.active_tools()  # rolls an interrupted promotion forward first
    for tool in tools:
        reg.verify_tool(tool.name)
        assert (tool.path / "VERSION").read_text(encoding="utf-8") == tool.version + "\n"
    status = reg.get_candidate(candidate_id).status
    promoted_ids = {entry.get("candidate_id") for entry in reg.active_entries().values()}
    assert status == (ToolStatus.PROMOTED if candidate_id in promoted_ids else ToolStatus.APPROVED)
    promotions = [
        r for r in reg.audit.entries() if r.to_status == "PROMOTED" and r.candidate_id == candidate_id
    ]
    assert len(promotions) == (1 if status == ToolStatus.PROMOTED else 0)
    report = check(reg)
    if not report.ok:
        report = repair(reg)
    assert report.ok, report.to_dict()


def test_sigkill_during_promotion_never_leaves_a_half_promoted_tool(tmp_path: Path) -> None:
    rng = random.Random(20261122)
    root = tmp_path / "registry"
    reg = Registry(root)
    reg.init()
    outcomes = {"killed_before_commit": 0, "killed_after_commit": 0, "finished": 0}
    # Forked from this already-imported process, so a child is ready in milliseconds, not a second.
    context = multiprocessing.get_context("fork")
    for iteration in range(ITERATIONS):
        candidate_id = _approved_candidate(reg, iteration)
        receiver, sender = context.Pipe(duplex=False)
        child = context.Process(target=_promote_child, args=(str(root), receiver))
        child.start()
        sender.send(candidate_id)
        # A promotion takes roughly 20-150 ms here (fsyncs); kill anywhere in that window.
        deadline = time.monotonic() + rng.uniform(0.0, 0.15)
        while time.monotonic() < deadline and child.is_alive():
            pass  # busy-wait: a sleep's granularity would blur the kill points
        child.kill()
        child.join(timeout=30)
        receiver.close()
        sender.close()
        after = Registry(root)
        _assert_consistent(after, candidate_id)
        if child.exitcode != -signal.SIGKILL:
            outcomes["finished"] += 1
        elif after.get_candidate(candidate_id).status == ToolStatus.PROMOTED:
            outcomes["killed_after_commit"] += 1
        else:
            outcomes["killed_before_commit"] += 1
    # The random delays must actually interrupt promotions, or the test proves nothing.
    assert outcomes["killed_before_commit"] >= 2, outcomes
    assert outcomes["killed_after_commit"] + outcomes["finished"] >= 2, outcomes
