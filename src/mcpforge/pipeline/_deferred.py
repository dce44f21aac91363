"""CodeBLEU of a one-answer process computed in that process, once its answer is out (issue 28).

A process that lives for one ``ask`` used to start a worker process for CodeBLEU (a fresh interpreter
importing mcpforge, then about 20 ms of scoring) and waited for it before exiting: on two cores the worker
took a core from the staged run, and the wait and the worker's shutdown were a fifth of the whole
process. Here the scoring is queued instead and run in the caller's own thread when the process is done
with everything else (:func:`run_deferred`, called by ``semantic.wait_for_pending`` and, for any work
still queued, at exit), so the result is attached before the process ends, as before.

Only in the caller's thread, and only once the forge is over: CPython 3.11's ``ast`` keeps its recursion
depth per interpreter, so scoring in a thread while another parses can fail (python/cpython#106905;
``mcpforge.metrics.cache``). A long-lived process (``serve``) never defers: its work goes to the worker
process as before.
"""

from __future__ import annotations

import atexit
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")


class DeferredExecutor(Executor):
    """Work queued by ``submit`` and run, in order, by whoever calls :meth:`run_pending`."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._queue: list[tuple[Future[Any], Callable[[], Any]]] = []
        self._closed = False

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        future: Future[T] = Future()
        with self._lock:
            if self._closed:
                raise RuntimeError("cannot schedule new work after shutdown")
            self._queue.append((future, lambda: fn(*args, **kwargs)))
        return future

    def run_pending(self) -> int:
        """Run every queued call in this thread (work queued meanwhile included); how many ran."""
        ran = 0
        while True:
            with self._lock:
                if not self._queue:
                    return ran
                future, call = self._queue.pop(0)
            ran += 1
            if not future.set_running_or_notify_cancel():
                continue
            try:
                result = call()
            except BaseException as error:
                future.set_exception(error)
            else:
                future.set_result(result)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        with self._lock:
            self._closed = True
            queued, self._queue = (self._queue, []) if cancel_futures else ([], self._queue)
        for future, _call in queued:
            future.cancel()
        if wait:
            self.run_pending()


_lock = threading.Lock()
_deferred: DeferredExecutor | None = None


def defer_to_caller() -> None:
    """From now on this process computes CodeBLEU itself, when :func:`run_deferred` is called (at the
    latest at exit). For processes that end after one answer (``mcpforge ask``)."""
    global _deferred  # noqa: PLW0603 - one queue per process
    with _lock:
        if _deferred is None:
            _deferred = DeferredExecutor()
            atexit.register(run_deferred)


def deferred_executor() -> DeferredExecutor | None:
    """The queue of this process when it defers (:func:`defer_to_caller`), else None."""
    return _deferred


def run_deferred() -> int:
    """Run the queued CodeBLEU work now, in this thread; how many ran (0 when nothing is deferred)."""
    executor = _deferred
    return executor.run_pending() if executor is not None else 0
