"""The requester's side of the queue (the server): queue a forge request, read how far it got."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from mcpforge.jobs.progress import JobProgress, JobRow
from mcpforge.jobs.queue import (
    FORGE_TASK,
    check_queue_url,
    connect,
    ensure_schema,
    make_app,
    require_team_extra,
    unreachable,
)

if TYPE_CHECKING:
    import procrastinate
    from procrastinate.types import JSONValue

__all__ = ["ForgeQueue"]


class ForgeQueue:
    """Forge requests queued for ``mcpforge worker`` on the queue at ``url`` (opened on first use).

    Thread-safe: the server calls it from worker threads.
    """

    def __init__(self, url: str) -> None:
        require_team_extra("queue.url")
        self.url = check_queue_url(url)
        self._app: procrastinate.App | None = None
        self._lock = threading.Lock()

    def _opened(self) -> procrastinate.App:
        with self._lock:
            if self._app is None:
                ensure_schema(self.url)
                app = make_app(self.url)
                app.open()
                self._app = app
            return self._app

    def enqueue(
        self,
        *,
        request: str,
        data_path: Path,
        answers: Mapping[str, str],
        actor: str,
        engine: str | None,
        allow_read: Sequence[Path],
    ) -> str:
        """Queue one forge request; returns its job id (what ``forge_status`` takes).

        Raises:
            QueueUnavailableError: the queue's database cannot be reached.
        """
        app = self._opened()
        job_id = uuid.uuid4().hex
        arguments: dict[str, JSONValue] = {
            "job_id": job_id,
            "request": request,
            "data_path": str(data_path),
            "answers": dict(answers),
            "actor": actor,
            "engine": engine,
            "allow_read": [str(path) for path in allow_read],
        }
        with connect(self.url) as conn:
            progress = JobProgress(conn)
            progress.create(job_id=job_id, actor=actor, request=request, data_path=str(data_path))
            try:
                # One job per id at a time (``lock``), never queued twice (``queueing_lock``).
                deferrer = app.configure_task(FORGE_TASK, lock=job_id, queueing_lock=job_id)
                queue_job_id = deferrer.defer(**arguments)
            except Exception as exc:
                progress.forget(job_id)
                raise unreachable(self.url, exc) from None
            progress.queued(job_id, queue_job_id)
        return job_id

    def status(self, job_id: str) -> JobRow | None:
        """The job's progress, or None for an unknown id."""
        with connect(self.url) as conn:
            return JobProgress(conn).get(job_id)

    def close(self) -> None:
        """Close the queue's connection pool (when it was opened)."""
        with self._lock:
            if self._app is not None:
                self._app.close()
                self._app = None
