"""The forge job: the server's ``forge_request`` pipeline, run by ``mcpforge worker`` off the request path.

A job runs :func:`mcpforge.pipeline.forge.forge` (the function the server's ``forge_request`` calls),
reports each step to its row (``progress.py``) and records the outcome with the presentation
``forge_request`` would have returned. It is keyed by its job id (the queue's ``lock`` and
``queueing_lock``) and safe to run again after a kill at any instant:

- a job whose row already holds an outcome returns it without forging again;
- before staging, the candidate's id is written to the row; a retry that finds that candidate in the
  registry (same code and spec) takes it instead of staging a second one (the registry's staging is
  itself atomic, so a candidate is either wholly there or not at all);
- the outcome is one statement, after staging.

``MCPFORGE_FAULT_AFTER=job-staged`` SIGKILLs the worker right after the candidate is staged and before
the outcome is recorded (``registry/_fault.py``); ``MCPFORGE_JOB_HOLD_AT=<stage>`` makes a job stop
(and wait to be killed) once it reaches that stage. Both exist for the crash tests.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import procrastinate

from mcpforge.exceptions import MCPForgeError, NeedsClarificationError, NotFoundError
from mcpforge.jobs.progress import JobProgress, JobRow, stage_of
from mcpforge.jobs.queue import connect
from mcpforge.models import ToolCandidate, ToolStatus
from mcpforge.registry._fault import durable_step

if TYPE_CHECKING:
    from fastmcp.tools.base import ToolResult

    from mcpforge.config import MCPForgeConfig
    from mcpforge.pipeline.forge import ForgeResult
    from mcpforge.registry import RegistryBackend

__all__ = ["HOLD_ENV", "RUNNER_KEY", "ForgeArgs", "ForgeRunner", "forge_job", "presentation"]

logger = logging.getLogger("mcpforge.jobs")

HOLD_ENV = "MCPFORGE_JOB_HOLD_AT"
STAGED_STEP = "job-staged"
RUNNER_KEY = "forge_runner"


def _shown(tool_result: ToolResult) -> dict[str, Any]:
    text = "\n".join(getattr(block, "text", "") for block in tool_result.content)
    return {"text": text, "data": tool_result.structured_content, "is_error": bool(tool_result.is_error)}


def presentation(result: ForgeResult) -> dict[str, Any]:
    """What ``forge_request`` returns for ``result``: its text, structured content and error flag."""
    from mcpforge.server.forge_tools import forge_result

    return _shown(forge_result(result))


def question_presentation(question: NeedsClarificationError, request: str) -> dict[str, Any]:
    """What ``forge_request`` returns for a request that needs an answer first (not an error)."""
    from mcpforge.server._clarify_flow import clarification_result

    return _shown(clarification_result(question, request))


class _StagingOnce:
    """The registry as the pipeline sees it in a job: staging writes the job's write-ahead note first,
    and a retry takes the candidate an earlier attempt staged (everything else is the registry's)."""

    def __init__(
        self, registry: RegistryBackend, *, job_id: str, progress: JobProgress, earlier: str | None
    ) -> None:
        self._registry = registry
        self._job_id = job_id
        self._progress = progress
        self._earlier = earlier

    def __getattr__(self, name: str) -> Any:
        return getattr(self._registry, name)

    def _staged_before(self, candidate: ToolCandidate) -> ToolCandidate | None:
        if self._earlier is None:
            return None
        try:
            found = self._registry.get_candidate(self._earlier)
        except NotFoundError:
            return None  # the earlier attempt stopped before its candidate reached the registry
        same = (found.code_hash, found.spec_hash) == (candidate.code_hash, candidate.spec_hash)
        return found if same else None

    def stage_candidate(
        self, candidate: ToolCandidate, files: Mapping[str, str], *, actor: str
    ) -> ToolCandidate:
        earlier = self._staged_before(candidate)
        if earlier is not None:
            logger.info("job %s: taking %s, staged by an earlier attempt", self._job_id, earlier.candidate_id)
            return earlier
        self._progress.intend_staging(self._job_id, candidate.candidate_id)
        staged = self._registry.stage_candidate(candidate, files, actor=actor)
        durable_step(STAGED_STEP)
        return staged


def _hold_if_asked(stage: str) -> None:
    if os.environ.get(HOLD_ENV) == stage:
        logger.warning("job held at %r (%s): waiting to be killed", stage, HOLD_ENV)
        threading.Event().wait()


@dataclass(frozen=True, kw_only=True)
class ForgeArgs:
    """A forge job's arguments, as the server queued them (JSON in the queue)."""

    job_id: str
    request: str
    data_path: str
    answers: dict[str, str]
    actor: str
    engine: str | None
    allow_read: list[str]


@dataclass(kw_only=True)
class ForgeRunner:
    """What a worker needs to run forge jobs: its configuration, registry and queue URL."""

    config: MCPForgeConfig
    registry: RegistryBackend
    url: str

    def run(self, args: ForgeArgs) -> str:
        """Run one forge job; returns its final status."""
        with connect(self.url) as conn:
            progress = JobProgress(conn)
            row = progress.start(args.job_id)
            if row is None:
                logger.error("job %s has no row in the queue database: nothing to run", args.job_id)
                return "failed"
            if row.finished:  # an earlier attempt recorded the outcome: never forge twice
                return row.status
            return self._forge(progress, row, args)

    def _forge(self, progress: JobProgress, row: JobRow, args: ForgeArgs) -> str:
        from mcpforge.pipeline.forge import forge

        job_id = args.job_id
        stage = "queued"

        def report(message: str) -> None:
            nonlocal stage
            stage = stage_of(message, stage)
            progress.report(job_id, stage=stage, message=message, attempt=row.attempts)
            _hold_if_asked(stage)

        report(f"reading the request (attempt {row.attempts})")
        registry = _StagingOnce(
            self.registry, job_id=job_id, progress=progress, earlier=row.staging_candidate_id
        )
        try:
            result = forge(
                args.request, Path(args.data_path), registry=cast("RegistryBackend", registry),
                config=self.config, engine=args.engine or self.config.llm.engine,
                allow_read=[Path(p) for p in args.allow_read], actor=args.actor, answers=args.answers,
                progress=report,
            )  # fmt: skip
        except NeedsClarificationError as question:
            asked = question_presentation(question, args.request)
            progress.finish(job_id, status="needs_clarification", stage=stage, result=asked)
            return "needs_clarification"
        except MCPForgeError as exc:
            progress.finish(job_id, status="failed", stage=stage, error=str(exc))
            return "failed"
        except Exception as exc:
            progress.finish(
                job_id, status="failed", stage=stage, error=f"unexpected {type(exc).__name__}: {exc}"
            )
            raise
        shown = presentation(result)
        status = "failed" if shown["is_error"] else "done"
        final = "staged" if result.status == ToolStatus.STAGED.value else (result.status or stage).lower()
        progress.finish(
            job_id,
            status=status,
            stage=final,
            candidate_id=result.candidate_id,
            result=shown,
            error=result.error,
        )
        return status


def forge_job(context: procrastinate.JobContext, /, **arguments: Any) -> str:
    """The queue's task (``FORGE_TASK``): one forge request, run by a worker (``context.additional_context``
    holds its ForgeRunner).

    ``arguments``: the fields of :class:`ForgeArgs` (job_id, request, data_path, answers, actor, engine,
    allow_read).
    """
    runner: ForgeRunner = context.additional_context[RUNNER_KEY]
    return runner.run(ForgeArgs(**arguments))
