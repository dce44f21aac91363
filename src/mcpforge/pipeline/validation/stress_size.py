"""How big the stress data is: sized by bytes and by the sandbox's memory, never by a fixed row count.

A fixed row count rejected correct tools: a million rows of a file with 1 KB of text per row is a
gigabyte of CSV and several gigabytes of pandas objects, far past the sandbox's memory, so the stress
test failed for its own size, not the tool's. The row count is now the smallest of three bounds:

* ``validation.stress_rows`` — the most rows a stress test uses;
* ``validation.stress_max_mb`` — the most bytes of CSV (wide rows mean fewer rows);
* the sandbox's memory (``sandbox.memory_mb``): what the interpreter leaves free, divided by the rows'
  measured in-memory size times the peak factor of loading and analysing them;
* the dataset limits a tool enforces on what it loads (``security.max_memory_mb``, the rows' in-memory
  size; ``security.max_dataset_rows``), so a stress test never fails for a limit the person's data
  passes;
* for a small file whose rows are all known (fewer than the sample's 5,000), ``validation.stress_data_factor``
  times its rows (default 100), never fewer than :data:`DATA_FLOOR_ROWS`. The stress test is there to
  expose work that grows faster than the data: 100 times the person's rows keeps the margin the 32 MB
  default was chosen for (docs/DECISIONS.md: "at least 100 times their size"), and 100,000 rows make
  quadratic work (10^10 steps) exceed any time limit, while a 2,000-row file no longer reads 444,000
  rows per ask.

The in-memory size per row is measured on the sample the stress data is resampled from, read as text
(every cell a Python string: the most a loader holds before it converts numbers and dates), so the bound
errs on the side of fewer rows. The result says which bound decided, for the report and the presentation
("stress: 320,000 rows, 32 MB").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    import pandas as pd

MB = 1024 * 1024
# The address space of a tool process before it reads a byte of data. The sandbox's memory limit
# counts address space (RLIMIT_AS), not resident memory: Python, numpy, pandas and pyarrow reserve far
# more than they touch. Measured: VmPeak 465 MB (VmHWM 130 MB) for a tool reading 5,000 rows under a
# 512 MB limit.
INTERPRETER_MB = 480
# Peak memory of loading and analysing a frame, as a multiple of its size read as text: the parser's
# buffers, the typed copy, a group-by. Measured on a 1 KB-per-row text file under a 1,024 MB limit:
# 80,000 rows (81 MB as text) took 106 MB more address space and 167 MB more resident memory (1.3x and
# 2.1x); 4 leaves twice the measured headroom.
PEAK_FACTOR = 4.0
DATA_FLOOR_ROWS = 100_000
"""The fewest rows the data-size bound allows (quadratic work at this size exceeds any time limit)."""

Bound = Literal["rows", "bytes", "memory", "dataset_memory", "dataset_rows", "data"]
BOUND_SETTINGS: dict[Bound, str] = {
    "rows": "validation.stress_rows",
    "bytes": "validation.stress_max_mb",
    "memory": "sandbox.memory_mb",
    "dataset_memory": "security.max_memory_mb",
    "dataset_rows": "security.max_dataset_rows",
    "data": "validation.stress_data_factor",
}


@dataclass(frozen=True, kw_only=True)
class StressSize:
    """The stress data's size and why it is that size."""

    rows: int
    csv_bytes: int
    """Estimated size of the stress CSV (rows x the sample's bytes per row)."""
    memory_bytes: int
    """Estimated peak memory of a tool reading it (interpreter excluded)."""
    bound: Bound
    """Which limit decided the row count."""

    def describe(self) -> str:
        """``stress: 320,000 rows, 32 MB (bounded by validation.stress_max_mb)``."""
        return (
            f"stress: {self.rows:,} rows, {_megabytes(self.csv_bytes)}"
            f" (bounded by {BOUND_SETTINGS[self.bound]})"
        )


def _megabytes(size: int) -> str:
    return f"{size / MB:.1f} MB" if size < 10 * MB else f"{size / MB:,.0f} MB"


def csv_bytes_per_row(sample: pd.DataFrame) -> float:
    """Bytes one row of ``sample`` takes as CSV text (separators and line end included)."""
    if sample.empty:
        return 1.0
    text = sample.to_csv(index=False, header=False, lineterminator="\n")
    return max(1.0, len(text.encode("utf-8")) / len(sample))


def memory_bytes_per_row(sample: pd.DataFrame) -> float:
    """Bytes one row of ``sample`` takes in memory (deep: the Python strings included)."""
    if sample.empty:
        return 1.0
    return max(1.0, float(sample.memory_usage(index=False, deep=True).sum()) / len(sample))


def size_stress(
    sample: pd.DataFrame,
    *,
    max_rows: int,
    max_mb: int,
    memory_mb: int,
    dataset_memory_mb: int | None = None,
    dataset_rows: int | None = None,
    data_rows: int | None = None,
    data_factor: int = 0,
) -> StressSize:
    """The stress data's size for data like ``sample`` (the data read as text).

    Args:
        sample: the rows the stress data is resampled from, every cell as text.
        max_rows: ``validation.stress_rows``.
        max_mb: ``validation.stress_max_mb``.
        memory_mb: ``sandbox.memory_mb``, the memory of the whole sandboxed run.
        dataset_memory_mb: ``security.max_memory_mb`` (None: no such bound).
        dataset_rows: ``security.max_dataset_rows`` (None: no such bound).
        data_rows: the person's rows when all are known (a small file), else None: no data bound.
        data_factor: ``validation.stress_data_factor`` (0: no data bound).

    Returns:
        The row count (0 when not even one row fits) and which bound decided it.
    """
    per_row_csv = csv_bytes_per_row(sample)
    per_row_memory = memory_bytes_per_row(sample) * PEAK_FACTOR
    free = max(0, memory_mb - INTERPRETER_MB) * MB
    candidates: dict[Bound, int] = {
        "rows": max(0, max_rows),
        "bytes": int(max_mb * MB // per_row_csv),
        "memory": int(free // per_row_memory),
    }
    if dataset_memory_mb is not None:
        # Every cell as text is the most a loaded row can take, so this errs on the side of fewer rows.
        candidates["dataset_memory"] = int(dataset_memory_mb * MB // memory_bytes_per_row(sample))
    if dataset_rows is not None:
        candidates["dataset_rows"] = max(0, dataset_rows)
    if data_rows is not None and data_factor > 0:
        candidates["data"] = max(DATA_FLOOR_ROWS, data_factor * data_rows)
    bound: Bound = min(candidates, key=lambda name: (candidates[name], name != "rows"))
    rows = candidates[bound]
    return StressSize(
        rows=rows,
        csv_bytes=int(rows * per_row_csv),
        memory_bytes=int(rows * per_row_memory),
        bound=bound,
    )
