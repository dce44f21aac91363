"""The forge-job tests' harness: a PostgreSQL queue, ``mcpforge worker`` subprocesses, a file registry.

``Queue`` starts workers (each in a session of its own, so a test can SIGKILL it with every child),
queues requests through the same Python API the server uses (``ForgeQueue``) and waits on their rows.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from mcpforge.jobs.client import ForgeQueue
from mcpforge.jobs.progress import JobRow

MCPFORGE = str(Path(sys.executable).with_name("mcpforge"))
SAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sales.csv"
REQUEST = "total units by region"
# Short enough for a test, long enough that a worker busy validating is never taken for a dead one.
HEARTBEAT = ["--heartbeat", "0.5", "--stalled-after", "4"]


@dataclass
class Queue:
    """A queue database, a registry folder, a data folder and the workers started on them."""

    url: str
    registry: Path
    data: Path
    config: Path
    logs: Path
    workers: list[subprocess.Popen[bytes]] = field(default_factory=list)
    client: ForgeQueue | None = None

    @property
    def csv(self) -> Path:
        return self.data / SAMPLE.name

    def api(self) -> ForgeQueue:
        if self.client is None:
            self.client = ForgeQueue(self.url)
        return self.client

    def enqueue(self, request: str = REQUEST) -> str:
        return self.api().enqueue(
            request=request, data_path=self.csv, answers={}, actor="test:jobs", engine=None,
            allow_read=[self.data],
        )  # fmt: skip

    def start_worker(
        self, name: str, *extra: str, env: dict[str, str] | None = None
    ) -> subprocess.Popen[bytes]:
        proc = start_worker_process(
            str(self.registry), self.config, self.logs / f"{name}.log", *extra, env=env, cwd=self.data
        )
        self.workers.append(proc)
        return proc

    def log(self, name: str) -> str:
        return (self.logs / f"{name}.log").read_text(encoding="utf-8", errors="replace")

    def wait_for(self, job_id: str, done: Callable[[JobRow], bool], timeout: float = 90) -> JobRow:
        """The job's row once ``done(row)``; fails with the workers' logs after ``timeout`` s."""
        deadline = time.monotonic() + timeout
        while True:
            row = self.api().status(job_id)
            assert row is not None, f"no row for job {job_id}"
            if done(row):
                return row
            if time.monotonic() > deadline:
                logs = "\n".join(
                    f"--- {p.name}\n{p.read_text(errors='replace')}" for p in self.logs.glob("*.log")
                )
                pytest.fail(f"job {job_id} stuck at {row.status}/{row.stage}:\n{logs}")
            time.sleep(0.2)  # polling another process's progress; bounded by the deadline

    def candidates(self) -> list[str]:
        folder = self.registry / "staging" / "candidates"
        return sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []


def start_worker_process(
    registry: str, config: Path, log: Path, *extra: str, env: dict[str, str] | None = None, cwd: Path
) -> subprocess.Popen[bytes]:
    """``mcpforge worker`` on ``registry`` (folder or URL) with the tests' short heartbeat, in a session
    of its own (:func:`kill_worker` kills it with its sandboxes); ``env`` is added to this environment."""
    args = [MCPFORGE, "worker", "--registry", registry, "--config", str(config), *HEARTBEAT, *extra]
    with log.open("wb") as out:
        return subprocess.Popen(
            args, stdout=out, stderr=subprocess.STDOUT, env={**os.environ, **(env or {})}, cwd=cwd,
            start_new_session=True,
        )  # fmt: skip


def kill_worker(proc: subprocess.Popen[bytes], sig: int = signal.SIGKILL) -> int:
    """Send ``sig`` to the worker's whole session (its sandboxes too) and wait for its exit status."""
    if proc.poll() is None:
        os.killpg(proc.pid, sig)
    return proc.wait(timeout=60)
