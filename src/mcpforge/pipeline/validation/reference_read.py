"""The person's data read for the reference, started as soon as the question is known.

On a big file the reference's own read of the person's data (it must read the file itself to stay
independent of the sandboxed tool) is the longest part of validation. It needs only the data file and
the columns the question names, so it starts before the tool is rendered and the validation step is
imported, and runs meanwhile; the person's test case takes the frame when validation gets to it.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from mcpforge.config import SecurityConfig
from mcpforge.runtime._settings import limited_to, reading_from

if TYPE_CHECKING:
    import pandas as pd


def dataset_limits(security: SecurityConfig) -> AbstractContextManager[None]:
    """Hold what this thread reads to the configured dataset limits (those the sandboxed tool gets)."""
    return limited_to(
        max_rows=security.max_dataset_rows,
        max_cols=security.max_dataset_cols,
        max_memory_mb=security.max_memory_mb,
    )


def read_for_reference(
    path: Path, columns: Sequence[str] | None, *, sheet: str | None = None, table: str | None = None
) -> pd.DataFrame:
    """``path`` as a tool loads it (only ``columns`` when given; the chosen sheet or table), readable here
    for the duration. pandas loads here, in the read's own thread (``start_reference_read``), while the
    caller renders the tool and starts the static gate."""
    from mcpforge.runtime import load_csv_data_with_types

    with reading_from([path.parent]):
        return load_csv_data_with_types(str(path), columns=columns, sheet=sheet, table=table)


@dataclass(frozen=True, kw_only=True)
class ReferenceRead:
    """A read of the person's data for the reference, running or done."""

    path: Path
    columns: tuple[str, ...] | None
    frame: Future[pd.DataFrame]
    fingerprint: Future[str]
    """The data's fingerprint, taken as the read starts (a change meanwhile makes the staged run repeat)."""

    def serves(self, path: Path, columns: Sequence[str] | None) -> bool:
        """Whether this read is the one the reference would make of ``path``."""
        wanted = None if columns is None else tuple(columns)
        return self.path == path and self.columns == wanted


def start_reference_read(
    path: Path, columns: Sequence[str] | None, security: SecurityConfig
) -> ReferenceRead:
    """Start reading ``path`` for the reference in a thread of its own, under the dataset limits."""

    def fingerprint() -> str:
        from mcpforge.pipeline.stage import data_fingerprint  # here: the read does not wait for it

        return data_fingerprint(path)

    def read() -> pd.DataFrame:
        with dataset_limits(security):
            return read_for_reference(path, columns)

    # Two workers: a file written in the last seconds is fingerprinted by hashing it, which must not
    # hold the read back.
    executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix="reference-read")
    try:
        taken = executor.submit(fingerprint)
        frame = executor.submit(read)
    finally:
        executor.shutdown(wait=False)  # both run to their end; nothing else is queued
    wanted = None if columns is None else tuple(columns)
    return ReferenceRead(path=path, columns=wanted, frame=frame, fingerprint=taken)
