"""Path and size guards (requirements 8.1 and 8.3): paths resolve under allowed roots; datasets fit limits."""

from __future__ import annotations

import os
from pathlib import Path

import pandas as pd

from mcpforge.exceptions import ResourceLimitError
from mcpforge.paths import resolve_under_roots
from mcpforge.runtime._settings import allowed_roots, get_settings

# The settings that raise each limit, as the person sets them (mcpforge.yaml key or environment).
ROWS_SETTING_ENV = "MCPFORGE_SECURITY__MAX_DATASET_ROWS"
COLS_SETTING_ENV = "MCPFORGE_SECURITY__MAX_DATASET_COLS"
MEMORY_SETTING_ENV = "MCPFORGE_SECURITY__MAX_MEMORY_MB"
SANDBOX_MEMORY_ENV = "MCPFORGE_SANDBOX__MEMORY_MB"


def validate_file_path(path: str | os.PathLike[str], mode: str = "read") -> Path:
    """Resolve ``path`` and check it against the configured allowed roots (see ``configure``).

    Returns:
        The resolved path.

    Raises:
        PathNotAllowedError: outside every allowed root.
        DataError: missing or not a regular file (read mode).
    """
    return resolve_under_roots(path, allowed_roots(mode), mode=mode)


def enforce_resource_limits(df: pd.DataFrame) -> None:
    """Refuse a dataset over the configured row, column or memory limits.

    Raises:
        ResourceLimitError: with ``limit`` naming which one.
    """
    settings = get_settings()
    rows, cols = df.shape
    if rows > settings.max_rows:
        raise row_limit_error(rows)
    if cols > settings.max_cols:
        raise ResourceLimitError(
            f"too many columns: {cols:,} (the limit is {settings.max_cols:,}; "
            f"raise it with security.max_dataset_cols or {COLS_SETTING_ENV})",
            limit="columns", value=cols, maximum=settings.max_cols,
        )  # fmt: skip
    memory_mb = float(df.memory_usage(deep=True, index=True).sum()) / 1024**2
    if memory_mb > settings.max_memory_mb:
        raise ResourceLimitError(
            f"dataset too large: {memory_mb:,.1f} MB in memory (the limit is {settings.max_memory_mb:,} MB; "
            f"raise it with security.max_memory_mb or {MEMORY_SETTING_ENV})",
            limit="memory_mb", value=memory_mb, maximum=settings.max_memory_mb,
        )  # fmt: skip


def row_limit_error(rows: int) -> ResourceLimitError:
    """The error for a dataset with more rows than allowed (``rows`` is how many were read, at least)."""
    maximum = get_settings().max_rows
    return ResourceLimitError(
        f"dataset too large: more than {maximum:,} rows (read {rows:,}; the limit is {maximum:,}; "
        f"raise it with security.max_dataset_rows or {ROWS_SETTING_ENV})",
        limit="rows", value=rows, maximum=maximum,
    )  # fmt: skip


def _memory_figures() -> tuple[float, float]:
    """(peak address space so far, the address-space limit) of this process in MB (0: unknown/none)."""
    import resource

    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    limit = 0.0 if soft == resource.RLIM_INFINITY else soft / 1024**2
    peak = 0.0
    try:
        with Path("/proc/self/status").open(encoding="ascii") as status:
            for line in status:
                if line.startswith("VmPeak:"):
                    peak = int(line.split()[1]) / 1024
    except OSError:  # no /proc: the message goes without the figure
        pass
    return peak, limit


def out_of_memory_error(shown: str, *, file_mb: float) -> ResourceLimitError:
    """The error for a file whose parsing ran out of the memory the process may use (the sandbox limit).

    Names the limit (the process's address-space limit, which the sandbox sets from sandbox.memory_mb),
    the figure reached (the peak address space) and the setting that raises it.
    """
    peak, limit = _memory_figures()
    limit_text = f"its {limit:,.0f} MB limit" if limit else "its memory limit"
    return ResourceLimitError(
        f"{shown!r} ({file_mb:,.0f} MB on disk) does not fit in the memory this run may use: it reached "
        f"{peak:,.0f} MB of {limit_text}; raise the limit with sandbox.memory_mb or "
        f"{SANDBOX_MEMORY_ENV}, or ask about fewer columns",
        limit="sandbox_memory_mb", value=peak, maximum=limit,
    )  # fmt: skip
