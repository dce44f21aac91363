"""CodeBLEU in the background, cached by code hash, so staging never waits for it (requirements 4.7 note).

``compute_code_bleu_async`` returns a ``concurrent.futures.Future`` at once: already done when the pair
is cached, otherwise running on a worker thread. The pipeline stages the candidate without waiting and
later attaches the value with :func:`mcpforge.metrics.quality.attach_semantic_closeness`.
"""

from __future__ import annotations

import json
import os
import tempfile
import threading
from collections.abc import Mapping
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from pathlib import Path

from pydantic import ValidationError

from mcpforge.config import MCPForgeConfig
from mcpforge.metrics.code_bleu.combined import calculate_code_bleu, resolve_code_bleu_weights
from mcpforge.metrics.code_bleu.weighted import keyword_weight_table
from mcpforge.models import SemanticClosenessMetrics, sha256_text

_executor_lock = threading.Lock()
_default_executor: ThreadPoolExecutor | None = None


def _background_executor() -> ThreadPoolExecutor:
    global _default_executor  # noqa: PLW0603 - one lazily created pool per process
    with _executor_lock:
        if _default_executor is None:
            _default_executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="mcpforge-codebleu")
        return _default_executor


def cache_key(candidate_code: str, reference_code: str) -> str:
    """``sha256(candidate)`` + ``_`` + ``sha256(reference)``: the cache file's name."""
    return f"{sha256_text(candidate_code)}_{sha256_text(reference_code)}"


class CodeBleuCache:
    """CodeBLEU results on disk, one JSON file per (candidate, reference) pair.

    An entry computed with other weights counts as a miss, as does an unreadable file (it is rewritten).
    The directory is created on the first write.
    """

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)
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

    def put(self, candidate_code: str, reference_code: str, metrics: SemanticClosenessMetrics) -> Path:
        """Store the metrics of the pair atomically; returns the file."""
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

        def compute() -> SemanticClosenessMetrics:
            try:
                metrics = calculate_code_bleu(
                    candidate_code,
                    reference_code,
                    weights,
                    keyword_weights=keyword_weights,
                    include_standard=include_standard,
                )
                cache.put(candidate_code, reference_code, metrics)
                return metrics
            finally:
                with cache._lock:
                    cache._pending.pop(key, None)

        future = (executor or _background_executor()).submit(compute)
        cache._pending[key] = future
        return future
