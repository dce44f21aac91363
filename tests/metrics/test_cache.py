"""CodeBLEU in the background, cached by code hash."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from mcpforge.config import MCPForgeConfig
from mcpforge.metrics import CodeBleuCache, calculate_code_bleu, compute_code_bleu_async
from mcpforge.metrics.cache import cache_key
from mcpforge.models import sha256_text

CANDIDATE = "def f(a):\n    b = a + 1\n    return b\n"
REFERENCE = "def f(x):\n    y = x + 1\n    return y\n"
T = TypeVar("T")


def test_cache_files_are_named_by_both_code_hashes(tmp_path: Path) -> None:
    cache = CodeBleuCache(tmp_path / "codebleu")
    assert cache_key(CANDIDATE, REFERENCE) == f"{sha256_text(CANDIDATE)}_{sha256_text(REFERENCE)}"
    assert cache.get(CANDIDATE, REFERENCE) is None
    metrics = calculate_code_bleu(CANDIDATE, REFERENCE)
    path = cache.put(CANDIDATE, REFERENCE, metrics)
    assert path == tmp_path / "codebleu" / f"{cache_key(CANDIDATE, REFERENCE)}.json"
    assert cache.get(CANDIDATE, REFERENCE) == metrics
    assert cache.get(REFERENCE, CANDIDATE) is None
    assert [p.name for p in (tmp_path / "codebleu").iterdir()] == [path.name]


def test_background_computation_fills_the_cache_and_then_answers_at_once(tmp_path: Path) -> None:
    cache = CodeBleuCache(tmp_path)
    with ThreadPoolExecutor(max_workers=1) as executor:
        future = compute_code_bleu_async(CANDIDATE, REFERENCE, cache, executor, include_standard=False)
        metrics = future.result(timeout=60)
    assert metrics == calculate_code_bleu(CANDIDATE, REFERENCE)
    assert cache.get(CANDIDATE, REFERENCE) == metrics
    again = compute_code_bleu_async(CANDIDATE, REFERENCE, cache, include_standard=False)
    assert again.done()
    assert again.result() == metrics


def test_the_default_executor_is_used_without_one(tmp_path: Path) -> None:
    future = compute_code_bleu_async(CANDIDATE, REFERENCE, CodeBleuCache(tmp_path), include_standard=False)
    assert future.result(timeout=60) == calculate_code_bleu(CANDIDATE, REFERENCE)


def test_an_entry_with_other_weights_or_a_corrupt_file_is_a_miss(tmp_path: Path) -> None:
    cache = CodeBleuCache(tmp_path)
    cache.put(CANDIDATE, REFERENCE, calculate_code_bleu(CANDIDATE, REFERENCE))
    ast_only = MCPForgeConfig.model_validate(
        {"validation": {"code_bleu_weights": {"ngram": 0, "weighted_ngram": 0, "ast": 1, "dataflow": 0}}}
    )
    future = compute_code_bleu_async(CANDIDATE, REFERENCE, cache, config=ast_only, include_standard=False)
    recomputed = future.result(timeout=60)
    assert recomputed.weights["ast"] == 1.0
    assert recomputed.code_bleu_score == recomputed.ast_match_score
    heavy_def = compute_code_bleu_async(
        CANDIDATE, REFERENCE, cache, keyword_weights={"def": 9.0}, include_standard=False
    )
    assert heavy_def.result(timeout=60).keyword_weights["def"] == 9.0
    cache.path(CANDIDATE, REFERENCE).write_text("{not json", encoding="utf-8")
    assert cache.get(CANDIDATE, REFERENCE) is None


def test_a_pair_already_being_computed_shares_its_future(tmp_path: Path) -> None:
    cache = CodeBleuCache(tmp_path)
    with ThreadPoolExecutor(max_workers=1) as executor:
        release = threading.Event()
        executor.submit(release.wait, 60)  # holds the only worker so both calls find the pair pending
        first = compute_code_bleu_async(CANDIDATE, REFERENCE, cache, executor, include_standard=False)
        second = compute_code_bleu_async(CANDIDATE, REFERENCE, cache, executor, include_standard=False)
        release.set()
        assert first is second
        assert first.result(timeout=60) == calculate_code_bleu(CANDIDATE, REFERENCE)


class _CountingExecutor(Executor):
    """Runs submitted work at once in the caller's thread and counts it."""

    def __init__(self) -> None:
        self.submitted = 0

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        self.submitted += 1
        future: Future[T] = Future()
        future.set_result(fn(*args, **kwargs))
        return future


def test_a_second_identical_computation_is_a_cache_hit_without_recomputing(tmp_path: Path) -> None:
    executor = _CountingExecutor()
    first = compute_code_bleu_async(CANDIDATE, REFERENCE, CodeBleuCache(tmp_path), executor)
    assert executor.submitted == 1
    # A new cache object over the same directory (another process, a later command) reads the file.
    second = compute_code_bleu_async(CANDIDATE, REFERENCE, CodeBleuCache(tmp_path), executor)
    assert second.done()
    assert executor.submitted == 1
    assert second.result() == first.result()
    changed = compute_code_bleu_async(
        CANDIDATE.replace("a + 1", "a * 2"), REFERENCE, CodeBleuCache(tmp_path), executor
    )
    assert executor.submitted == 2
    assert changed.result() != first.result()


def test_a_cache_inside_a_directory_that_is_gone_writes_nothing(tmp_path: Path) -> None:
    root = tmp_path / "registry"
    cache = CodeBleuCache(root / "cache" / "codebleu", within=root)
    assert cache.put(CANDIDATE, REFERENCE, calculate_code_bleu(CANDIDATE, REFERENCE)) is None
    assert not root.exists()
    root.mkdir()
    assert cache.put(CANDIDATE, REFERENCE, calculate_code_bleu(CANDIDATE, REFERENCE)) == cache.path(
        CANDIDATE, REFERENCE
    )
