"""Approving an approved candidate tells the truth: disk full after the commit point, retries, lost races."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mcpforge.cli.registry_cmds.doctor_cmd import EXIT_PENDING
from mcpforge.models import ToolStatus
from mcpforge.registry import Registry
from mcpforge.registry._fault import ENOSPC_SUFFIX, FAULT_ENV
from mcpforge.registry.file.doctor import check
from mcpforge.registry.review import apply_review
from mcpforge.registry.testing import make_candidate

TIMEOUT = 120


def _staged(reg: Registry, name: str) -> str:
    candidate, files = make_candidate(name, description=f"{name} tool", variant=1)
    return reg.stage_candidate(candidate, files, actor="test").candidate_id


def _review_command(root: Path, candidate_id: str) -> list[str]:
    return [
        sys.executable, "-m", "mcpforge", "review", candidate_id,
        "--output", "yes", "--decision", "Approve", "--registry", str(root),
    ]  # fmt: skip


def _run(command: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command, env={**os.environ, **env}, capture_output=True, text=True, timeout=TIMEOUT, check=False
    )


@pytest.mark.parametrize("step", ["act-audit", "promotion-journal", "promotion-active-metadata"])
def test_a_full_disk_after_the_approval_is_recorded_says_so_and_the_retry_completes_it(
    registry: Registry, step: str
) -> None:
    cid = _staged(registry, "pending_tool")
    command = _review_command(registry.root, cid)
    first = _run(command, **{FAULT_ENV: step + ENOSPC_SUFFIX})
    assert first.returncode != 0
    lines = [line for line in first.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, first.stderr
    assert f"candidate {cid!r} is APPROVED (recorded)" in lines[0]
    assert "nothing was half-written" not in lines[0] and "running this command again is safe" in lines[0]
    assert not check(Registry(registry.root)).ok  # pending: not "ok" (issue 28, point 3)

    again = _run(command)
    assert again.returncode == 0, again.stderr
    assert "Already approved by human:" in again.stdout
    assert "its promotion has now completed" in again.stdout, again.stdout
    reg = Registry(registry.root)
    assert reg.get_candidate(cid).status == ToolStatus.PROMOTED
    assert reg.get_active_tool("pending_tool") is not None
    assert not reg.pending_journals()


def test_approving_a_promoted_candidate_again_says_nothing_more_is_needed(registry: Registry) -> None:
    cid = _staged(registry, "twice_tool")
    first = apply_review(registry, cid, output_answer="yes", decision_answer="Approve", actor="human:ann")
    assert first.promoted is not None
    second = apply_review(registry, cid, output_answer="yes", decision_answer="Approve", actor="human:bob")
    assert second.promoted is not None and second.refused_reason is None
    assert second.message.startswith("Already approved by human:ann at ")
    assert "nothing more is needed" in second.message and "promote" not in second.message.replace(
        "promoted", ""
    )


def test_the_losers_of_concurrent_approvals_are_told_who_won_and_that_nothing_is_needed(
    registry: Registry,
) -> None:
    cid = _staged(registry, "raced_tool")
    command = _review_command(registry.root, cid)
    processes = [
        subprocess.Popen(
            command,
            env={**os.environ, "USER": f"rev{index}", "LOGNAME": f"rev{index}"},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for index in range(4)
    ]
    outputs = [process.communicate(timeout=TIMEOUT) for process in processes]
    codes = [process.returncode for process in processes]
    assert codes == [0, 0, 0, 0], outputs
    stdout = [out for out, _ in outputs]
    winners = [out for out in stdout if out.startswith("Registered 'raced_tool'")]
    losers = [out for out in stdout if out.startswith("Already approved by human:rev")]
    assert len(winners) == 1 and len(losers) == 3, stdout
    assert all("`mcpforge promote" not in out + err for out, err in outputs)
    assert Registry(registry.root).get_candidate(cid).status == ToolStatus.PROMOTED


def test_doctor_with_a_pending_approval_is_not_ok_and_exits_with_its_own_code(registry: Registry) -> None:
    cid = _staged(registry, "doctor_pending_tool")
    killed = _run(_review_command(registry.root, cid), **{FAULT_ENV: "act-audit"})
    assert killed.returncode < 0  # SIGKILLed after the approval's commit point
    doctor = [sys.executable, "-m", "mcpforge", "doctor", "--json", "--registry", str(registry.root)]
    pending = _run(doctor)
    assert pending.returncode == EXIT_PENDING, pending.stderr
    report = json.loads(pending.stdout)
    assert report["ok"] is False
    assert len(report["pending"]) == 1 and cid in report["pending"][0]
    repaired = _run([*doctor, "--repair"])
    assert repaired.returncode == 0, repaired.stdout
    assert json.loads(repaired.stdout)["ok"] is True
    assert Registry(registry.root).get_candidate(cid).status == ToolStatus.PROMOTED
