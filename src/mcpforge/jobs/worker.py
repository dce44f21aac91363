"""``mcpforge worker``: run forge jobs from the queue, retry those of workers that died, stop gracefully.

procrastinate runs the jobs (``concurrency`` at a time, each in a thread), keeps a heartbeat of this
worker in the queue's database and, on SIGTERM or SIGINT, finishes the jobs in hand before it returns.
A worker killed outright (SIGKILL, a lost machine) stops beating: every running worker looks for jobs
of workers whose heartbeat is older than ``stalled_after`` and puts them back in the queue, where the
next free worker takes them (``forge_job.py`` makes that second run safe).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mcpforge.jobs.forge_job import RUNNER_KEY, ForgeRunner
from mcpforge.jobs.queue import FORGE_QUEUE, FORGE_TASK, make_app

if TYPE_CHECKING:
    import procrastinate
    from procrastinate.app import WorkerOptions as QueueWorkerOptions

__all__ = ["WorkerOptions", "retry_stalled_jobs", "run_worker"]

logger = logging.getLogger("mcpforge.jobs")


@dataclass(frozen=True, kw_only=True)
class WorkerOptions:
    """How a worker runs: jobs at a time, heartbeat, when another worker counts as dead, shutdown wait."""

    concurrency: int = 1
    heartbeat_seconds: float = 10.0
    stalled_after_seconds: float = 30.0
    graceful_timeout_seconds: float | None = None
    poll_seconds: float = 5.0


async def retry_stalled_jobs(app: procrastinate.App, stalled_after: float) -> list[int]:
    """Put back in the queue the forge jobs of workers silent for ``stalled_after`` s; their ids."""
    import procrastinate.exceptions

    retried = []
    stalled = await app.job_manager.get_stalled_jobs(
        task_name=FORGE_TASK, seconds_since_heartbeat=stalled_after
    )
    for job in stalled:
        try:
            await app.job_manager.retry_job(job)
        except procrastinate.exceptions.ConnectorException:
            continue  # another worker put it back first
        assert job.id is not None
        logger.warning("job %s of a stalled worker is queued again", job.id)
        retried.append(job.id)
    return retried


async def _keep_retrying_stalled(app: procrastinate.App, options: WorkerOptions) -> None:
    while True:
        try:
            await retry_stalled_jobs(app, options.stalled_after_seconds)
        except Exception:
            logger.exception("looking for stalled jobs failed; trying again")
        await asyncio.sleep(options.heartbeat_seconds)


def _procrastinate_options(runner: ForgeRunner, options: WorkerOptions) -> QueueWorkerOptions:
    chosen: QueueWorkerOptions = {
        "queues": [FORGE_QUEUE],
        "name": "mcpforge-worker",
        "concurrency": options.concurrency,
        "fetch_job_polling_interval": options.poll_seconds,
        "update_heartbeat_interval": options.heartbeat_seconds,
        "stalled_worker_timeout": options.stalled_after_seconds,
        "additional_context": {RUNNER_KEY: runner},
        "install_signal_handlers": True,  # SIGTERM/SIGINT: finish the jobs in hand, then return
    }
    if options.graceful_timeout_seconds is not None:  # absent: wait for them without limit
        chosen["shutdown_graceful_timeout"] = options.graceful_timeout_seconds
    return chosen


async def _run(runner: ForgeRunner, options: WorkerOptions) -> None:
    app = make_app(runner.url)
    async with app.open_async():
        retrier = asyncio.create_task(_keep_retrying_stalled(app, options), name="retry-stalled")
        try:
            await app.run_worker_async(**_procrastinate_options(runner, options))
        finally:
            retrier.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await retrier


def run_worker(runner: ForgeRunner, options: WorkerOptions) -> None:
    """Run forge jobs until SIGTERM/SIGINT, then finish the jobs in hand and return.

    The queue's tables must exist (:func:`mcpforge.jobs.queue.ensure_schema`).
    """
    asyncio.run(_run(runner, options))
