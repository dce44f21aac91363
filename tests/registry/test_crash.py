"""`mcpforge review --decision Approve` killed after each durable step is never left half-done.

The process kills itself (``MCPFORGE_FAULT_AFTER``) right after the named step reached the disk, so every
instant of the approval is hit, not the random few a timed kill would reach. After each kill the registry
is either complete (promoted, with its audit rows), untouched (STAGED, no approval row), or carries a
journal that ``doctor`` reports; and any later command completes it.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from mcpforge.models import ToolStatus, UserFeedback, utc_now
from mcpforge.registry import Registry
from mcpforge.registry._fault import APPROVAL_STEPS, FAULT_ENV
from mcpforge.registry.file.doctor import check, repair
from mcpforge.registry.testing import make_candidate

_SUPERSEDE_ONLY = {"promotion-superseded", "promotion-audit-supersede"}
REVIEW_TIMEOUT_SECONDS = 120


def _stage(reg: Registry, name: str, variant: int) -> str:
    candidate, files = make_candidate(name, description=f"{name} revision {variant}", variant=variant)
    version = reg.plan_version(name, candidate.spec_hash)
    staged = reg.stage_candidate(candidate.model_copy(update={"version": version}), files, actor="test")
    return staged.candidate_id


def _promote_first_version(reg: Registry, name: str) -> None:
    candidate_id = _stage(reg, name, 1)
    feedback = UserFeedback(decision="APPROVED", timestamp=utc_now(), stage="registration")
    _, act = reg.approve(candidate_id, feedback, actor="human:test")
    assert act.promoted is not None


def _review(root: Path, candidate_id: str, step: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, FAULT_ENV: step, "MCPFORGE_REGISTRY__ROOT": str(root)}
    return subprocess.run(
        [
            sys.executable, "-m", "mcpforge", "review", candidate_id,
            "--output", "yes", "--decision", "Approve", "--registry", str(root),
        ],
        env=env, capture_output=True, text=True, timeout=REVIEW_TIMEOUT_SECONDS, check=False,
    )  # fmt: skip


def _rows(reg: Registry, candidate_id: str) -> list[tuple[str | None, str | None]]:
    return [
        (row.from_status, row.to_status)
        for row in reg.audit.entries()
        if row.candidate_id == candidate_id and row.action == "transition"
    ]


def _state(reg: Registry, candidate_id: str, name: str) -> str:
    """``complete``, ``untouched`` or ``pending`` — read from the files, without rolling anything forward."""
    staged = reg.staging_entries()[candidate_id]
    active = reg.active_entries().get(name)
    rows = _rows(reg, candidate_id)
    if reg.pending_journals():
        return "pending"
    if staged["status"] == "STAGED" and rows == [("DRAFT", "STAGED")]:
        return "untouched"
    assert staged["status"] == "PROMOTED", (staged, rows)
    assert active is not None
    assert active["candidate_id"] == candidate_id
    assert rows == [("DRAFT", "STAGED"), ("STAGED", "APPROVED"), ("APPROVED", "PROMOTED")]
    return "complete"


def _assert_complete(reg: Registry, candidate_id: str, name: str) -> None:
    assert reg.get_candidate(candidate_id).status == ToolStatus.PROMOTED
    tool = reg.verify_tool(name)
    assert tool.version == reg.get_candidate(candidate_id).version
    assert _state(reg, candidate_id, name) == "complete"
    report = check(reg)
    assert report.ok, report.to_dict()
    assert all(c.level == "ok" for c in report.checks if c.name != "sandbox"), report.to_dict()


@pytest.mark.parametrize("supersede", [False, True], ids=["new-tool", "new-version"])
def test_review_killed_after_each_durable_step_is_complete_or_untouched_or_reported(
    tmp_path: Path, supersede: bool
) -> None:
    steps = APPROVAL_STEPS if supersede else tuple(s for s in APPROVAL_STEPS if s not in _SUPERSEDE_ONLY)
    seen: dict[str, str] = {}
    for index, step in enumerate(steps):
        root = tmp_path / f"registry-{index}"
        reg = Registry(root)
        reg.init()
        name = f"crash_tool_{index}"
        if supersede:
            _promote_first_version(reg, name)
        candidate_id = _stage(reg, name, 2)
        completed = _review(root, candidate_id, step)
        assert completed.returncode == -signal.SIGKILL, (step, completed.returncode, completed.stderr[-2000:])
        after = Registry(root)
        state = _state(after, candidate_id, name)
        seen[step] = state
        if state == "pending":
            report = check(Registry(root))
            assert any(c.level != "ok" and "journal" in c.name for c in report.checks), report.to_dict()
        # Any later command (here: a read of the active set, as `tools list` does) completes the approval.
        names = [tool.name for tool in Registry(root).active_tools()]
        assert name in names
        _assert_complete(Registry(root), candidate_id, name)
    # The first step already commits the approval (its journal); nothing is ever left half-approved.
    assert seen["act-journal"] == "pending"
    assert seen["act-journal-removed"] == "complete"
    assert "untouched" not in seen.values()


def test_an_approval_journal_is_finished_by_doctor_repair_and_logged(tmp_path: Path) -> None:
    root = tmp_path / "registry"
    reg = Registry(root)
    reg.init()
    candidate_id = _stage(reg, "journal_tool", 1)
    completed = _review(root, candidate_id, "act-staging-metadata")
    assert completed.returncode == -signal.SIGKILL
    fresh = Registry(root)
    assert fresh.staging_entries()[candidate_id]["status"] == "APPROVED"
    assert fresh.active_entries() == {}
    report = repair(fresh)
    assert report.ok, report.to_dict()
    assert any("approval" in line for line in report.repaired), report.repaired
    assert [r.action for r in fresh.audit.entries()][-1] == "repair"
    _assert_complete(fresh, candidate_id, "journal_tool")


def test_a_review_that_is_not_killed_promotes_with_one_act(tmp_path: Path) -> None:
    root = tmp_path / "registry"
    reg = Registry(root)
    reg.init()
    candidate_id = _stage(reg, "plain_tool", 1)
    completed = _review(root, candidate_id, "no-such-step")
    assert completed.returncode == 0, completed.stderr
    _assert_complete(Registry(root), candidate_id, "plain_tool")


def test_serve_finishes_an_interrupted_approval_before_its_first_listing(tmp_path: Path) -> None:
    import anyio
    from fastmcp import Client

    from mcpforge.config import MCPForgeConfig
    from mcpforge.server import build_server

    root = tmp_path / "registry"
    reg = Registry(root)
    reg.init()
    candidate_id = _stage(reg, "served_after_crash", 1)
    assert _review(root, candidate_id, "promotion-journal").returncode == -signal.SIGKILL
    assert Registry(root).pending_journals()

    async def listed() -> set[str]:
        server = build_server(Registry(root), MCPForgeConfig(), forge_tools=False)
        with anyio.fail_after(60):
            async with Client(server) as client:
                assert not Registry(root).pending_journals()  # finished at start, before any request
                return {tool.name for tool in await client.list_tools()}

    assert "served_after_crash" in anyio.run(listed)
    _assert_complete(Registry(root), candidate_id, "served_after_crash")
