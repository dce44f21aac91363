"""CodeBLEU in the background, cached by code hash, so staging never waits for it (requirements 4.7 note).

``compute_code_bleu_async`` returns a ``concurrent.futures.Future`` at once: already done when the pair
is cached, otherwise computing in a worker process. The pipeline stages the candidate without waiting and
later attaches the value with :func:`mcpforge.metrics.quality.attach_semantic_closeness`.

The default worker is a process, not a thread: on CPython 3.11 the ``ast`` module keeps its recursion
depth per interpreter, so ``ast.parse`` in a background thread while the main thread parses too (the
validation gates do) can raise ``SystemError: AST constructor recursion depth mismatch``
(python/cpython#106905).
"""

from __future__ import annotations

import json
import logging
import multiprocessing
import os
import tempfile
import threading
from collections.abc import Mapping
from concurrent.futures import CancelledError, Executor, Future, ProcessPoolExecutor
from pathlib import Path

from pydantic import ValidationError

from mcpforge.config import MCPForgeConfig
from mcpforge.metrics.code_bleu.combined import calculate_code_bleu, resolve_code_bleu_weights
from mcpforge.metrics.code_bleu.weighted import keyword_weight_table
from mcpforge.models import SemanticClosenessMetrics, sha256_text

logger = logging.getLogger(__name__)

_executor_lock = threading.Lock()
_default_executor: ProcessPoolExecutor | None = None


def _background_executor(*, renew: bool = False) -> ProcessPoolExecutor:
    """One lazily started worker process per mcpforge process (``spawn``: forking a threaded process is
    unsafe); ``renew`` replaces a pool that broke (its worker died)."""
    global _default_executor  # noqa: PLW0603 - one lazily created pool per process
    with _executor_lock:
        if _default_executor is None or renew:
            context = multiprocessing.get_context("spawn")
            _default_executor = ProcessPoolExecutor(max_workers=1, mp_context=context)
        return _default_executor


def cache_key(candidate_code: str, reference_code: str) -> str:
    """``sha256(candidate)`` + ``_`` + ``sha256(reference)``: the cache file's name."""
    return f"{sha256_text(candidate_code)}_{sha256_text(reference_code)}"


class CodeBleuCache:
    """CodeBLEU results on disk, one JSON file per (candidate, reference) pair.

    An entry computed with other weights counts as a miss, as does an unreadable file (it is rewritten).
    The directory is created on the first write, unless ``within`` is given and no longer exists (a
    registry deleted meanwhile is not recreated by its cache): then nothing is written.
    """

    def __init__(self, directory: Path, *, within: Path | None = None) -> None:
        self.directory = Path(directory)
        self.within = Path(within) if within is not None else None
        self._lock = threading.Lock()
        self._pending: dict[str, Future[SemanticClosenessMetrics]] = {}

    def path(self, candidate_code: str, reference_code: str) -> Path:
        """Where the pair's entry lives."""
        return self.directory / f"{cache_key(candidate_code, reference_code)}.json"

    def get(
        self,
        candidate_code: str,
        reference_code: str,
        *,
        weights: Mapping[str, float] | None = None,
        keyword_weights: Mapping[str, float] | None = None,
    ) -> SemanticClosenessMetrics | None:
        """The cached metrics of the pair, or None.

        Args:
            candidate_code: Generated code.
            reference_code: Reference code.
            weights: When given, an entry computed with other component weights is a miss.
            keyword_weights: When given (``{}`` for the defaults), an entry computed with another keyword
                table is a miss.
        """
        path = self.path(candidate_code, reference_code)
        try:
            metrics = SemanticClosenessMetrics.model_validate_json(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValidationError):
            return None
        wanted = resolve_code_bleu_weights(weights) if weights is not None else None
        if wanted is not None and metrics.weights != wanted:
            return None
        if keyword_weights is not None and metrics.keyword_weights != keyword_weight_table(keyword_weights):
            return None
        return metrics

    def put(self, candidate_code: str, reference_code: str, metrics: SemanticClosenessMetrics) -> Path | None:
        """Store the metrics of the pair atomically; returns the file (None when ``within`` is gone)."""
        if self.within is not None and not self.within.is_dir():
            return None
        path = self.path(candidate_code, reference_code)
        self.directory.mkdir(parents=True, exist_ok=True)
        text = json.dumps(metrics.model_dump(mode="json"), indent=2, sort_keys=True) + "\n"
        handle, temporary = tempfile.mkstemp(dir=self.directory, prefix=".tmp-", suffix=".json")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as stream:
                stream.write(text)
            Path(temporary).replace(path)
        finally:
            Path(temporary).unlink(missing_ok=True)
        return path


def compute_code_bleu_async(
    candidate_code: str,
    reference_code: str,
    cache: CodeBleuCache,
    executor: Executor | None = None,
    *,
    config: MCPForgeConfig | None = None,
    keyword_weights: Mapping[str, float] | None = None,
    include_standard: bool = True,
) -> Future[SemanticClosenessMetrics]:
    """CodeBLEU of the pair as a Future; returns immediately.

    A cached result gives a completed Future; a pair already being computed gives the same Future;
    otherwise the work is submitted to ``executor`` (default: one shared worker thread) and the result is
    cached when done. Failures are set on the Future, never raised here.

    Args:
        candidate_code: Generated code.
        reference_code: Reference code.
        cache: Where results are kept.
        executor: Where to compute; any ``concurrent.futures.Executor``.
        config: Component weights (``validation.code_bleu_weights``).
        keyword_weights: Overrides of the weighted n-gram's keyword weights.
        include_standard: Also compute the ``codebleu`` package's score when it is installed.
    """
    weights = resolve_code_bleu_weights(config=config)
    cached = cache.get(candidate_code, reference_code, weights=weights, keyword_weights=keyword_weights or {})
    if cached is not None:
        done: Future[SemanticClosenessMetrics] = Future()
        done.set_result(cached)
        return done
    settings = (tuple(sorted(weights.items())), tuple(sorted((keyword_weights or {}).items())))
    key = f"{cache_key(candidate_code, reference_code)}:{settings}"
    with cache._lock:
        pending = cache._pending.get(key)
        if pending is not None:
            return pending
        future: Future[SemanticClosenessMetrics] = Future()
        cache._pending[key] = future

    def store(work: Future[SemanticClosenessMetrics]) -> None:
        if work.cancelled():
            _settle(cache, key, future, error=CancelledError())
            return
        error = work.exception()
        if error is not None:
            _settle(cache, key, future, error=error)
            return
        metrics = work.result()
        try:
            cache.put(candidate_code, reference_code, metrics)
        except OSError as exc:  # an unwritable cache costs a recomputation later, not the result
            logger.warning("CodeBLEU cache %r not written: %s", str(cache.directory), exc)
        _settle(cache, key, future, result=metrics)

    arguments = (candidate_code, reference_code, dict(weights), keyword_weights, include_standard)
    # Submitted outside the lock: an executor may run the work at once in this thread.
    try:
        work = (executor or _background_executor()).submit(_compute, *arguments)
    except RuntimeError as exc:  # shut down, or a broken pool (its worker died): start a new one once
        if executor is not None:
            _settle(cache, key, future, error=exc)
            return future
        try:
            work = _background_executor(renew=True).submit(_compute, *arguments)
        except RuntimeError as again:
            _settle(cache, key, future, error=again)
            return future
    work.add_done_callback(store)
    return future


def _compute(
    candidate_code: str,
    reference_code: str,
    weights: dict[str, float],
    keyword_weights: Mapping[str, float] | None,
    include_standard: bool,
) -> SemanticClosenessMetrics:
    """The work sent to the worker (a module-level function, so a process pool can run it)."""
    return calculate_code_bleu(
        candidate_code,
        reference_code,
        weights,
        keyword_weights=keyword_weights,
        include_standard=include_standard,
    )


def _settle(
    cache: CodeBleuCache,
    key: str,
    future: Future[SemanticClosenessMetrics],
    *,
    result: SemanticClosenessMetrics | None = None,
    error: BaseException | None = None,
) -> None:
    """Forget the pending pair first, so whoever sees the Future done also finds the cache file."""
    with cache._lock:
        cache._pending.pop(key, None)
    if error is not None:
        future.set_exception(error)
    else:
        assert result is not None
        future.set_result(result)
