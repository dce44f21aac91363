"""A worker killed mid-job: another worker runs the job again and the candidate is staged exactly once."""

from __future__ import annotations

import signal
import subprocess

import pytest
from _queue_harness import MCPFORGE, Queue, kill_worker

from mcpforge.jobs.forge_job import HOLD_ENV, STAGED_STEP
from mcpforge.registry._fault import FAULT_ENV

MCPFORGE_DOCTOR = ["doctor", "--registry"]


def _doctor(queue: Queue) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [MCPFORGE, *MCPFORGE_DOCTOR, str(queue.registry), "--config", str(queue.config)],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip


def test_a_queued_request_is_forged_by_a_worker_with_its_stages_reported(queue: Queue) -> None:
    queue.start_worker("w1")
    job_id = queue.enqueue()
    row = queue.wait_for(job_id, lambda r: r.finished)
    assert (row.status, row.stage, row.attempts) == ("done", "staged", 1), row.error
    stages = [event["stage"] for event in row.events]
    assert stages[0] == "reading"
    assert {"reading", "writing code", "validating"} <= set(stages)
    assert row.candidate_id is not None
    assert queue.candidates() == [row.candidate_id]
    assert row.result is not None
    assert "North" in row.result["text"]
    assert row.result["data"]["candidate_id"] == row.candidate_id


@pytest.mark.parametrize(
    ("env", "kill_at_stage"),
    [
        ({HOLD_ENV: "validating"}, "validating"),  # kill -9 from outside while the job validates
        ({FAULT_ENV: STAGED_STEP}, None),  # the worker dies right after staging, before recording it
    ],
    ids=["killed-while-validating", "killed-after-staging"],
)
def test_a_worker_killed_mid_job_leaves_the_job_to_another_worker_and_one_candidate(
    queue: Queue, env: dict[str, str], kill_at_stage: str | None
) -> None:
    first = queue.start_worker("w1", env=env)
    job_id = queue.enqueue()
    if kill_at_stage is not None:
        queue.wait_for(job_id, lambda r: r.stage == kill_at_stage)
        assert kill_worker(first) == -signal.SIGKILL
    else:
        assert first.wait(timeout=180) == -signal.SIGKILL, queue.log("w1")
    assert queue.api().status(job_id).status == "running"  # type: ignore[union-attr]
    if kill_at_stage is None:
        assert len(queue.candidates()) == 1, "the first attempt staged its candidate before it died"

    queue.start_worker("w2")
    row = queue.wait_for(job_id, lambda r: r.finished)
    assert (row.status, row.stage, row.attempts) == ("done", "staged", 2), row.error
    assert queue.candidates() == [row.candidate_id], "staged exactly once"
    assert row.staging_candidate_id == row.candidate_id
    assert "queued again" in queue.log("w2")
    doctor = _doctor(queue)
    assert doctor.returncode == 0, doctor.stdout + doctor.stderr
