"""Every read of a SQLite file ends: by the request's deadline, within a memory bound, at the row limit.

A SQLite file is a program as much as data: a view can be a recursive query that never ends, or a cross
join of a million rows by a million. mcpforge's own process reads the person's file (the schema, the
reference) before any tool runs, so such a view would keep a core busy long after the request that
asked was answered. So a read here:

- stops at a deadline (SQLite's progress handler aborts the statement): the deadline of the request
  this thread works for (:func:`reads_end_by`, set by the ask's time budget) or, outside any request,
  :data:`FALLBACK_SECONDS`; it also stops as soon as that request is abandoned;
- holds SQLite's own memory to :data:`SQLITE_HEAP_LIMIT_BYTES` (``PRAGMA hard_heap_limit``, process-wide
  and only ever lowered), temporary tables included (``temp_store = MEMORY``): sorting or materialising a
  huge view fails instead of growing without end in memory or on disk;
- fetches rows in batches and stops once they pass the dataset's row limit or memory limit.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mcpforge.exceptions import ResourceLimitError
from mcpforge.runtime._settings import get_settings

FALLBACK_SECONDS = 300.0
"""How long one read may run when no request deadline is set (a tool in the sandbox, a script)."""
SQLITE_HEAP_LIMIT_BYTES = 512 * 1024 * 1024
_PROGRESS_EVERY = 10_000  # SQLite VM instructions between two checks (well under a millisecond)
_FETCH_BATCH = 10_000


@dataclass(frozen=True, kw_only=True)
class ReadDeadline:
    """When reads in this context must end, and a way to learn that the request was abandoned."""

    at: float
    seconds: float
    stopped: Callable[[], bool]


_deadline: ContextVar[ReadDeadline | None] = ContextVar("mcpforge_read_deadline", default=None)


@contextmanager
def reads_end_by(at: float, stopped: Callable[[], bool] = lambda: False) -> Iterator[None]:
    """Reads of SQLite files in this context end by the monotonic time ``at`` or once ``stopped()``."""
    token = _deadline.set(ReadDeadline(at=at, seconds=max(0.0, at - time.monotonic()), stopped=stopped))
    try:
        yield
    finally:
        _deadline.reset(token)


def _current() -> ReadDeadline:
    deadline = _deadline.get()
    if deadline is not None:
        return deadline
    return ReadDeadline(
        at=time.monotonic() + FALLBACK_SECONDS, seconds=FALLBACK_SECONDS, stopped=lambda: False
    )


def _timed_out(deadline: ReadDeadline, what: str) -> ResourceLimitError:
    if deadline.stopped():
        reason = "the request it was read for has ended"
    else:
        reason = f"it did not end within the time budget of {deadline.seconds:.1f} s"
    return ResourceLimitError(
        f"{what}: stopped, {reason} (a view whose query never ends or is too large to read?); "
        "choose a table with table=, or a smaller view",
        limit="read_seconds", value=deadline.seconds, maximum=deadline.seconds,
    )  # fmt: skip


def _too_much_memory(what: str) -> ResourceLimitError:
    limit = SQLITE_HEAP_LIMIT_BYTES // (1024 * 1024)
    return ResourceLimitError(
        f"{what}: stopped, the query needed more than the {limit:,} MB SQLite may use here "
        "(a view that sorts or joins too much?); choose a table with table=, or a smaller view",
        limit="sqlite_memory_mb", value=limit, maximum=limit,
    )  # fmt: skip


@contextmanager
def bounded_connection(path: Path, what: str) -> Iterator[sqlite3.Connection]:
    """A read-only connection to ``path`` whose statements stop at the deadline and the memory bound.

    Raises:
        ResourceLimitError: a statement ran past the deadline (or the request ended), or out of memory.
        sqlite3.DatabaseError: the file is not a database (for the caller to word).
    """
    deadline = _current()

    def stop() -> int:
        return int(time.monotonic() > deadline.at or deadline.stopped())

    # Read-only and immutable: nothing is written next to the person's file (no journal, no lock file).
    connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    try:
        connection.execute(f"PRAGMA hard_heap_limit = {SQLITE_HEAP_LIMIT_BYTES}")
        # Sorts and materialised views in memory, under the heap limit, rather than in unbounded temp files.
        connection.execute("PRAGMA temp_store = MEMORY")
        connection.set_progress_handler(stop, _PROGRESS_EVERY)
        try:
            yield connection
        except sqlite3.OperationalError as exc:
            if stop() or "interrupt" in str(exc).lower():
                raise _timed_out(deadline, what) from None
            raise
        except MemoryError:
            raise _too_much_memory(what) from None
    finally:
        connection.close()


def fetch_bounded(cursor: sqlite3.Cursor, shown: str) -> list[tuple[Any, ...]]:
    """All rows of ``cursor``, fetched in batches, refused once past the row or memory limit.

    Raises:
        ResourceLimitError: more rows than the dataset row limit, or more text than its memory limit.
    """
    from mcpforge.runtime._guards import row_limit_error

    settings = get_settings()
    budget = settings.max_memory_mb * 1024 * 1024
    rows: list[tuple[Any, ...]] = []
    used = 0
    while batch := cursor.fetchmany(_FETCH_BATCH):
        rows.extend(batch)
        if len(rows) > settings.max_rows:
            raise row_limit_error(len(rows))
        used += _batch_bytes(batch)
        if used > budget:
            raise ResourceLimitError(
                f"{shown!r}: more than {settings.max_memory_mb:,} MB of data were read "
                f"({len(rows):,} rows so far); raise security.max_memory_mb or choose fewer columns",
                limit="memory_mb", value=used / (1024 * 1024), maximum=settings.max_memory_mb,
            )  # fmt: skip
    return rows


def _batch_bytes(batch: Sequence[tuple[Any, ...]]) -> int:
    """Bytes a batch holds, roughly: text and blobs by length, every other cell as 8 bytes."""
    return sum(len(cell) if isinstance(cell, (str, bytes)) else 8 for row in batch for cell in row)
