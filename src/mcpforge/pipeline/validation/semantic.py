"""CodeBLEU of a candidate against its reference code, computed in the background (issue 6, §4.7 note).

The reference of a catalogue tool is the source of its operation's independent reference implementation
(``compute_reference``). Model-written (``custom``) and hand-written tools have none, so their
``semantic_closeness`` stays None and the validation report says why.

Those references are written on purpose in another idiom (plain Python, so that functional correctness is
checked independently), so CodeBLEU against them measures style distance, not quality: it is attached
for information only and the overall score and tier stay as validation computed them.

The computation starts as soon as the tool is rendered and is cached by code hash under
``<registry>/cache/codebleu/``. A result ready when the candidate is written goes into that write;
otherwise the candidate is written without it and the result is attached when it arrives
(:meth:`RegistryBackend.update_validation_report`, atomic under the registry lock). Staging never waits.
A process that lives for one answer (``mcpforge ask``) computes it itself once the answer is out, instead
of in a worker process (``pipeline/_deferred.py``).
"""

from __future__ import annotations

import functools
import inspect
import logging
import textwrap
import threading
from collections import OrderedDict
from concurrent.futures import Executor, Future, wait
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mcpforge.exceptions import MCPForgeError
from mcpforge.metrics.cache import CodeBleuCache, compute_code_bleu_async
from mcpforge.metrics.quality import attach_semantic_closeness
from mcpforge.models import SemanticClosenessMetrics, ToolCandidate, ValidationReport
from mcpforge.pipeline._deferred import deferred_executor, run_deferred

if TYPE_CHECKING:
    from mcpforge.registry import RegistryBackend

logger = logging.getLogger(__name__)

LOG_PREFIX = "CodeBLEU:"
PENDING_LOG = f"{LOG_PREFIX} computing in the background"
NO_REFERENCE_LOG = {
    "custom": f"{LOG_PREFIX} not measured: a model-written tool has no reference code",
    None: f"{LOG_PREFIX} not measured: a hand-written tool has no reference code",
}
DEFAULT_WAIT_SECONDS = 5.0
_MAX_REMEMBERED_JOBS = 64


@dataclass(frozen=True, kw_only=True)
class Reference:
    """The code a candidate is compared with, and a name that says what it is."""

    name: str
    code: str


@dataclass(frozen=True, kw_only=True)
class SemanticJob:
    """A CodeBLEU computation of one tool.py against its reference."""

    future: Future[SemanticClosenessMetrics]
    reference: str


_lock = threading.Lock()
_jobs: OrderedDict[str, SemanticJob] = OrderedDict()  # candidate id → job, for settle()
_attachments: set[Future[None]] = set()  # late attaches not yet written
_caches: dict[Path, CodeBleuCache] = {}


@functools.lru_cache(maxsize=64)
def reference_for(operation: str | None) -> Reference | None:
    """The reference code of a catalogue operation; None for ``custom``, hand-written or unknown tools."""
    if operation is None or operation == "custom":
        return None
    from mcpforge.catalogue import CATALOGUE

    found = CATALOGUE.get(operation)
    if found is None:
        return None
    function = type(found).compute_reference
    try:
        code = textwrap.dedent(inspect.getsource(function))
    except (OSError, TypeError):  # no source on disk (e.g. a zipped install): nothing to compare with
        logger.info("no source for the reference of %r; CodeBLEU is not measured", operation)
        return None
    return Reference(name=f"{function.__module__}.{function.__qualname__}", code=code)


def operation_of(intent: dict[str, Any] | None) -> str | None:
    """The catalogue operation named by a stored intent (None for a hand-written tool)."""
    value = (intent or {}).get("operation")
    return str(value) if value else None


def cache_for(registry: RegistryBackend) -> CodeBleuCache:
    """The registry's CodeBLEU cache (``<registry>/cache/codebleu/``), one object per directory so that
    a computation already running is shared rather than started twice."""
    directory = (Path(registry.root) / "cache" / "codebleu").absolute()
    with _lock:
        cache = _caches.get(directory)
        if cache is None:
            cache = _caches[directory] = CodeBleuCache(directory, within=directory.parents[1])
        return cache


def start(
    registry: RegistryBackend, source: str, operation: str | None, *, executor: Executor | None = None
) -> SemanticJob | None:
    """Start (or find cached or running) the CodeBLEU of ``source``; None when there is no reference.

    Returns at once; starting twice for the same code shares the computation.
    """
    reference = reference_for(operation)
    if reference is None:
        return None
    executor = executor or deferred_executor()  # a one-answer process scores it itself, at its end
    future = compute_code_bleu_async(
        source, reference.code, cache_for(registry), executor, config=registry.config, include_standard=True
    )
    return SemanticJob(future=future, reference=reference.name)


def finished(job: SemanticJob) -> SemanticClosenessMetrics | None:
    """The job's metrics when it is done and succeeded, else None (a failure is logged, never raised)."""
    if not job.future.done() or job.future.cancelled():
        return None
    error = job.future.exception()
    if error is not None:
        logger.warning("CodeBLEU against %s failed: %s", job.reference, error)
        return None
    return job.future.result()


def _without_codebleu_logs(logs: list[str]) -> list[str]:
    return [line for line in logs if not line.startswith(LOG_PREFIX)]


def with_semantic(
    report: ValidationReport, metrics: SemanticClosenessMetrics, reference: str
) -> ValidationReport:
    """``report`` with CodeBLEU attached for information (overall score and tier unchanged) and logged."""
    if report.code_metrics is None:
        return report
    named = metrics.model_copy(update={"reference": reference})
    attached = attach_semantic_closeness(report, named, rescore=False)
    line = (
        f"{LOG_PREFIX} {named.code_bleu_score:.2f} against {reference} "
        "(informational: style distance from the reference, not part of the overall score)"
    )
    return attached.model_copy(update={"logs": [*_without_codebleu_logs(report.logs), line]})


def with_note(report: ValidationReport, line: str) -> ValidationReport:
    """``report`` with one CodeBLEU log line (replacing an earlier one)."""
    return report.model_copy(update={"logs": [*_without_codebleu_logs(report.logs), line]})


def prepare_report(
    registry: RegistryBackend,
    report: ValidationReport,
    source: str,
    intent: dict[str, Any] | None,
    *,
    staged: bool = True,
    executor: Executor | None = None,
) -> tuple[ValidationReport, SemanticJob | None]:
    """The report to write with the candidate, and the job still to attach later (None when done or none).

    Called just before the candidate is written: a finished result goes into the same write. A
    candidate that is not ``staged`` (rejected by validation) takes only a result that is already there.
    """
    if report.code_metrics is None:
        return report, None
    operation = operation_of(intent)
    job = start(registry, source, operation, executor=executor)
    if job is None:
        note = NO_REFERENCE_LOG.get(
            operation, f"{LOG_PREFIX} not measured: no reference code for {operation!r}"
        )
        return with_note(report, note), None
    metrics = finished(job)
    if metrics is not None:
        return with_semantic(report, metrics, job.reference), None
    if not staged:
        return with_note(report, f"{LOG_PREFIX} not attached: the candidate was rejected first"), None
    return with_note(report, f"{PENDING_LOG} against {job.reference}"), job


def _remember(candidate_id: str, job: SemanticJob) -> None:
    with _lock:
        _jobs[candidate_id] = job
        _jobs.move_to_end(candidate_id)
        while len(_jobs) > _MAX_REMEMBERED_JOBS:
            _jobs.popitem(last=False)


def apply(registry: RegistryBackend, candidate_id: str, job: SemanticJob) -> ToolCandidate | None:
    """Write the job's result into the stored report if it is done and not there yet.

    Returns the stored candidate (updated or not); None when the job is not done or failed, or the
    candidate is no longer awaiting promotion (it is then left alone).
    """
    metrics = finished(job)
    if metrics is None:
        return None
    named = metrics.model_copy(update={"reference": job.reference})

    def update(stored: ValidationReport | None) -> ValidationReport | None:
        if stored is None or stored.code_metrics is None:
            return None
        if stored.code_metrics.semantic_closeness == named:
            return None
        return with_semantic(stored, metrics, job.reference)

    try:
        return registry.update_validation_report(candidate_id, update)
    except (MCPForgeError, OSError) as exc:
        # Informational metric: a registry that cannot take it now keeps the candidate as it is.
        logger.warning("CodeBLEU of %r could not be attached: %s", candidate_id, exc)
        return None


def attach_later(registry: RegistryBackend, candidate_id: str, job: SemanticJob) -> None:
    """Attach the job's result to the stored candidate when it completes (on the computing thread)."""
    _remember(candidate_id, job)
    written: Future[None] = Future()
    with _lock:
        _attachments.add(written)

    def finish(_: Future[SemanticClosenessMetrics]) -> None:
        try:
            apply(registry, candidate_id, job)
        finally:
            with _lock:
                _attachments.discard(written)
            written.set_result(None)

    job.future.add_done_callback(finish)


def settle(registry: RegistryBackend, candidate: ToolCandidate) -> ToolCandidate:
    """``candidate`` with the CodeBLEU that has arrived so far, re-attached if a later save dropped it.

    The staged run saves the candidate it was given, which may predate a late attach; calling this after
    that save writes the result again (idempotent). A candidate staged earlier without CodeBLEU (asked
    twice, or written by an older version) gets its computation started here.
    """
    report = candidate.validation_report
    if report is None or report.code_metrics is None:
        return candidate
    with _lock:
        job = _jobs.get(candidate.candidate_id)
    if job is None:
        if report.code_metrics.semantic_closeness is not None:
            return candidate
        source = _stored_source(registry, candidate)
        job = start(registry, source, operation_of(candidate.intent)) if source is not None else None
        if job is None:
            return candidate
        attach_later(registry, candidate.candidate_id, job)
    stored = apply(registry, candidate.candidate_id, job)
    if job.future.done():  # written now; a pending one is written by its callback after this point
        with _lock:
            _jobs.pop(candidate.candidate_id, None)
    if stored is None:
        return candidate
    return candidate.model_copy(update={"validation_report": stored.validation_report})


def _stored_source(registry: RegistryBackend, candidate: ToolCandidate) -> str | None:
    try:
        return (registry.candidate_dir(candidate.candidate_id) / "tool.py").read_text(encoding="utf-8")
    except (MCPForgeError, OSError, UnicodeDecodeError):
        return None


def wait_for_pending(timeout: float = DEFAULT_WAIT_SECONDS) -> bool:
    """Wait up to ``timeout`` seconds for late attaches to be written; True when none is left.

    Work this process deferred to itself (``_deferred``) runs first, here, in the caller's thread.
    """
    run_deferred()
    with _lock:
        pending = set(_attachments)
    if not pending:
        return True
    _, not_done = wait(pending, timeout=timeout)
    return not not_done
