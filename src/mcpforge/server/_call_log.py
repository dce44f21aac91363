"""The server's record of tool calls: appended in batches, off the path of the call.

One SQLite transaction synced to disk per call (a fresh connection, ``synchronous=FULL``) cost more
than the warm call itself and serialized concurrent calls behind the database lock. Calls are queued
here and a writer thread appends what has gathered, in one transaction, every ``FLUSH_SECONDS``;
closing the server writes the rest. A crash loses at most the calls of the last interval: these rows
are monitoring (call and error counts), not the audit trail of approvals, which stays synchronous.
"""

from __future__ import annotations

import logging
import queue
import threading
import time

from mcpforge.exceptions import DiskFullError, RegistryError
from mcpforge.registry import RegistryBackend
from mcpforge.registry.audit import MonitoringEvent
from mcpforge.registry.backend import tool_call_event

logger = logging.getLogger("mcpforge.server")

FLUSH_SECONDS = 0.25
_STOP = object()


class CallLog:
    """Queues each call's row and appends them in batches from one writer thread."""

    def __init__(self, registry: RegistryBackend) -> None:
        self._registry = registry
        self._queue: queue.Queue[MonitoringEvent | object] = queue.Queue()
        self._writer: threading.Thread | None = None
        self._lock = threading.Lock()

    def record(self, name: str, *, ok: bool, duration_ms: float, error: str | None) -> None:
        """Queue the row of one call (stamped now); the writer starts with the first one."""
        self._queue.put(tool_call_event(name, ok=ok, duration_ms=duration_ms, error=error))
        with self._lock:
            if self._writer is None:
                self._writer = threading.Thread(
                    target=self._write_loop, name="mcpforge-call-log", daemon=True
                )
                self._writer.start()

    def _write_loop(self) -> None:
        stopping = False
        while not stopping:
            batch: list[MonitoringEvent] = []
            item = self._queue.get()
            stopping = item is _STOP
            if not stopping:
                batch.append(item)  # type: ignore[arg-type]
                stopping = self._gather(batch)
            self._append(batch)

    def _gather(self, batch: list[MonitoringEvent]) -> bool:
        """Add what arrives within the interval; True when the log was closed meanwhile."""
        time.sleep(FLUSH_SECONDS)  # let a batch gather: one transaction for every call of the interval
        while True:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                return False
            if item is _STOP:
                return True
            batch.append(item)  # type: ignore[arg-type]

    def _append(self, batch: list[MonitoringEvent]) -> None:
        if not batch:
            return
        try:
            self._registry.record_tool_calls(batch)
        except (RegistryError, DiskFullError, OSError) as exc:
            logger.warning("could not record %d tool call(s): %s", len(batch), exc)

    def close(self) -> None:
        """Write every queued row and stop the writer (idempotent)."""
        with self._lock:
            writer, self._writer = self._writer, None
        if writer is not None:
            self._queue.put(_STOP)
            writer.join()
