"""What a forge job reports back to its requester: one row per job in the queue's database.

The row is created when the server queues the request and updated by the worker at each step:
``status`` (queued, running, done, failed, needs_clarification), ``stage`` (queued, reading, writing
code, validating, staged), every progress message with its time and attempt in ``events``, and at the
end the staged candidate's id and the presentation ``forge_request`` would have returned. Its
``staging_candidate_id`` is the job's write-ahead note: set just before the candidate is staged, so a
retry of a job killed after staging finds the candidate instead of staging a second one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from psycopg.types.json import Jsonb

if TYPE_CHECKING:
    import psycopg

__all__ = ["FINAL_STATUSES", "TABLE_SQL", "JobProgress", "JobRow", "stage_of"]

TABLE = "mcpforge_forge_jobs"
TABLE_SQL = f"""
CREATE TABLE IF NOT EXISTS {TABLE} (
    job_id text PRIMARY KEY,
    queue_job_id bigint,
    actor text NOT NULL,
    request text NOT NULL,
    data_path text NOT NULL,
    status text NOT NULL DEFAULT 'queued',
    stage text NOT NULL DEFAULT 'queued',
    events jsonb NOT NULL DEFAULT '[]'::jsonb,
    attempts integer NOT NULL DEFAULT 0,
    staging_candidate_id text,
    candidate_id text,
    result jsonb,
    error text,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
)
"""
FINAL_STATUSES = ("done", "failed", "needs_clarification")
COLUMNS = (
    "job_id, queue_job_id, actor, request, data_path, status, stage, events, attempts, "
    "staging_candidate_id, candidate_id, result, error"
)

# The pipeline's progress messages, by the stage they belong to (first match wins).
_STAGE_WORDS = (
    ("validating", ("validat",)),
    ("writing code", ("render", "writing", "generat", "repair")),
    ("reading", ("reading", "schema")),
)


def stage_of(message: str, current: str) -> str:
    """The stage a progress message belongs to (``current`` when it names none)."""
    lowered = message.lower()
    for stage, words in _STAGE_WORDS:
        if any(word in lowered for word in words):
            return stage
    return current


@dataclass(frozen=True, kw_only=True)
class JobRow:
    """One forge job as the requester sees it."""

    job_id: str
    queue_job_id: int | None
    actor: str
    request: str
    data_path: str
    status: str
    stage: str
    events: list[dict[str, Any]] = field(default_factory=list)
    attempts: int = 0
    staging_candidate_id: str | None = None
    candidate_id: str | None = None
    result: dict[str, Any] | None = None
    error: str | None = None

    @property
    def finished(self) -> bool:
        return self.status in FINAL_STATUSES


class JobProgress:
    """Reads and writes the job rows over one autocommit connection (each statement is atomic)."""

    def __init__(self, conn: psycopg.Connection[dict[str, Any]]) -> None:
        self.conn = conn

    def create(self, *, job_id: str, actor: str, request: str, data_path: str) -> None:
        """The row of a job about to be queued."""
        self.conn.execute(
            f"INSERT INTO {TABLE} (job_id, actor, request, data_path) VALUES (%s, %s, %s, %s)",
            (job_id, actor, request, data_path),
        )

    def queued(self, job_id: str, queue_job_id: int) -> None:
        """Note the queue's own id of the job."""
        self.conn.execute(f"UPDATE {TABLE} SET queue_job_id = %s WHERE job_id = %s", (queue_job_id, job_id))

    def forget(self, job_id: str) -> None:
        """Remove the row of a job that could not be queued."""
        self.conn.execute(f"DELETE FROM {TABLE} WHERE job_id = %s", (job_id,))

    def get(self, job_id: str) -> JobRow | None:
        """The job's row, or None."""
        row = self.conn.execute(f"SELECT {COLUMNS} FROM {TABLE} WHERE job_id = %s", (job_id,)).fetchone()
        return None if row is None else JobRow(**row)

    def start(self, job_id: str) -> JobRow | None:
        """Mark an attempt started (status running); the row as it is when the job already ended."""
        self.conn.execute(
            f"UPDATE {TABLE} SET status = 'running', attempts = attempts + 1, updated_at = now() "
            f"WHERE job_id = %s AND status NOT IN ({', '.join(repr(s) for s in FINAL_STATUSES)})",
            (job_id,),
        )
        return self.get(job_id)

    def report(self, job_id: str, *, stage: str, message: str, attempt: int) -> None:
        """Append one progress message and move the job to ``stage``."""
        event = {"stage": stage, "message": message, "attempt": attempt}
        self.conn.execute(
            f"UPDATE {TABLE} SET stage = %s, updated_at = now(), "
            "events = events || jsonb_build_array(%s::jsonb || jsonb_build_object('at', now())) "
            "WHERE job_id = %s",
            (stage, Jsonb(event), job_id),
        )

    def intend_staging(self, job_id: str, candidate_id: str) -> None:
        """The write-ahead note: ``candidate_id`` is about to be staged for this job."""
        self.conn.execute(
            f"UPDATE {TABLE} SET staging_candidate_id = %s, updated_at = now() WHERE job_id = %s",
            (candidate_id, job_id),
        )

    def finish(
        self,
        job_id: str,
        *,
        status: str,
        stage: str,
        candidate_id: str | None = None,
        result: dict[str, Any] | None = None,
        error: str | None = None,
    ) -> None:
        """Record the job's outcome (one statement: never half-recorded)."""
        self.conn.execute(
            f"UPDATE {TABLE} SET status = %s, stage = %s, candidate_id = %s, result = %s, error = %s, "
            "updated_at = now() WHERE job_id = %s",
            (status, stage, candidate_id, None if result is None else Jsonb(result), error, job_id),
        )
