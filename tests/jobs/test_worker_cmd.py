"""``mcpforge worker``: one clear line for a bad set-up, an idempotent --init-queue, a graceful SIGTERM."""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path

from _queue_harness import MCPFORGE, Queue
from tests.postgres_server import free_port


def _worker(*args: str, env: dict[str, str] | None = None, cwd: Path) -> subprocess.CompletedProcess[str]:
    clean = {key: value for key, value in os.environ.items() if not key.startswith("MCPFORGE_QUEUE")}
    return subprocess.run(
        [MCPFORGE, "worker", *args], capture_output=True, text=True, timeout=60, check=False,
        env={**clean, **(env or {})}, cwd=cwd,
    )  # fmt: skip


def _one_error_line(done: subprocess.CompletedProcess[str]) -> str:
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert done.returncode != 0
    assert "Traceback" not in done.stderr + done.stdout
    assert len(lines) == 1 or (len(lines) == 2 and lines[0].startswith("mcpforge worker:")), done.stderr
    assert lines[-1].startswith("error: "), done.stderr
    return lines[-1]


def test_no_queue_url_is_one_clear_line(tmp_path: Path) -> None:
    line = _one_error_line(_worker(cwd=tmp_path))
    assert "no job queue" in line and "MCPFORGE_QUEUE_URL" in line


def test_a_dead_queue_url_is_one_clear_line_without_the_password(tmp_path: Path) -> None:
    url = f"postgresql://forge:s3cret-pw@127.0.0.1:{free_port()}/forge"
    done = _worker(env={"MCPFORGE_QUEUE_URL": url}, cwd=tmp_path)
    line = _one_error_line(done)
    assert "is not reachable" in line
    assert "s3cret-pw" not in done.stderr + done.stdout


def test_a_queue_url_that_is_not_postgresql_is_one_clear_line(tmp_path: Path) -> None:
    line = _one_error_line(_worker("--queue-url", "redis://127.0.0.1/0", cwd=tmp_path))
    assert "postgresql://" in line


def test_without_the_team_extra_the_worker_says_which_extra_to_install(tmp_path: Path) -> None:
    hide = tmp_path / "hide"
    hide.mkdir()
    (hide / "sitecustomize.py").write_text(
        "import sys\nsys.modules['procrastinate'] = None\n", encoding="utf-8"
    )
    done = _worker(
        env={"PYTHONPATH": str(hide), "MCPFORGE_QUEUE_URL": "postgresql://x@127.0.0.1/x"}, cwd=tmp_path
    )
    line = _one_error_line(done)
    assert "pip install 'mcpforge[team]'" in line and "procrastinate" in line


def test_init_queue_creates_the_tables_once(postgres_url: str, tmp_path: Path) -> None:
    first = _worker("--init-queue", "--queue-url", postgres_url, cwd=tmp_path)
    second = _worker("--init-queue", "--queue-url", postgres_url, cwd=tmp_path)
    assert (first.returncode, second.returncode) == (0, 0), first.stderr + second.stderr
    assert "tables created" in first.stdout
    assert "already set up" in second.stdout


def test_sigterm_lets_the_job_in_hand_finish_then_exits_0(queue: Queue) -> None:
    worker = queue.start_worker("w1")
    job_id = queue.enqueue()
    queue.wait_for(job_id, lambda row: row.stage == "validating")
    os.kill(worker.pid, signal.SIGTERM)  # the worker only: its sandboxes must be left to finish
    assert worker.wait(timeout=120) == 0, queue.log("w1")
    row = queue.api().status(job_id)
    assert row is not None
    assert (row.status, row.stage, row.attempts) == ("done", "staged", 1), row.error
    assert queue.candidates() == [row.candidate_id]
    assert "stopped" in queue.log("w1")
