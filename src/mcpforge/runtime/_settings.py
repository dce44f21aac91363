"""Runtime settings: allowed roots and dataset limits, set by ``configure`` or the environment.

A tool process (the sandbox runner, a test, a server) calls :func:`configure` once before the tool runs.
Without it, allowed read roots come from ``MCPFORGE_ALLOWED_READ_PATHS`` (``os.pathsep``-separated) and,
failing that, the working directory; limits default to requirements 8.1.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from pathlib import Path

ENV_ALLOWED_READ_PATHS = "MCPFORGE_ALLOWED_READ_PATHS"
ENV_ALLOWED_WRITE_PATHS = "MCPFORGE_ALLOWED_WRITE_PATHS"
ENV_OUTPUT_DIR = "MCPFORGE_OUTPUT_DIR"

DEFAULT_MAX_ROWS = 10_000_000
DEFAULT_MAX_COLS = 10_000
DEFAULT_MAX_MEMORY_MB = 4096


@dataclass(frozen=True, kw_only=True)
class RuntimeSettings:
    """What the runtime enforces. ``None`` roots mean "not configured: use the environment or cwd"."""

    allowed_read_paths: tuple[str, ...] | None = None
    allowed_write_paths: tuple[str, ...] | None = None
    max_rows: int = DEFAULT_MAX_ROWS
    max_cols: int = DEFAULT_MAX_COLS
    max_memory_mb: int = DEFAULT_MAX_MEMORY_MB


_settings = RuntimeSettings()


def configure(
    *,
    allowed_read_paths: list[str] | None = None,
    max_rows: int | None = None,
    max_cols: int | None = None,
    max_memory_mb: int | None = None,
    allowed_write_paths: list[str] | None = None,
) -> RuntimeSettings:
    """Set runtime settings for this process; arguments left as ``None`` keep their current value.

    Args:
        allowed_read_paths: directories (or files) tools may read from.
        max_rows: most rows a loaded dataset may have.
        max_cols: most columns a loaded dataset may have.
        max_memory_mb: most memory (deep) a loaded dataset may use.
        allowed_write_paths: directories tools may write to (default: ``$MCPFORGE_OUTPUT_DIR``).

    Returns:
        The settings now in force.
    """
    global _settings  # noqa: PLW0603 - one process-wide setting, like logging.basicConfig
    changes: dict[str, object] = {}
    if allowed_read_paths is not None:
        changes["allowed_read_paths"] = tuple(str(p) for p in allowed_read_paths)
    if allowed_write_paths is not None:
        changes["allowed_write_paths"] = tuple(str(p) for p in allowed_write_paths)
    for name, value in (("max_rows", max_rows), ("max_cols", max_cols), ("max_memory_mb", max_memory_mb)):
        if value is not None:
            if value <= 0:
                raise ValueError(f"{name} must be positive, got {value!r}")
            changes[name] = value
    _settings = replace(_settings, **changes)  # type: ignore[arg-type]
    return _settings


def reset_configuration() -> None:
    """Forget every ``configure`` call (back to environment and defaults)."""
    global _settings  # noqa: PLW0603 - see configure
    _settings = RuntimeSettings()


def get_settings() -> RuntimeSettings:
    """The settings in force (with this thread's :func:`limited_to` limits, when set)."""
    override = _limits_override.get()
    if override is None:
        return _settings
    max_rows, max_cols, max_memory_mb = override
    return replace(_settings, max_rows=max_rows, max_cols=max_cols, max_memory_mb=max_memory_mb)


_limits_override: ContextVar[tuple[int, int, int] | None] = ContextVar("mcpforge_limits", default=None)


@contextmanager
def limited_to(*, max_rows: int, max_cols: int, max_memory_mb: int) -> Iterator[None]:
    """Hold the data read in this thread to these limits for the duration (mcpforge's own reads).

    The sandbox gets the configured limits with each run; mcpforge's own process (the references)
    reads the person's data under the same ones, set per thread for the reason :func:`reading_from` is.
    """
    token = _limits_override.set((max_rows, max_cols, max_memory_mb))
    try:
        yield
    finally:
        _limits_override.reset(token)


def _split_env(name: str) -> tuple[str, ...] | None:
    raw = os.environ.get(name)
    if raw is None:
        return None
    return tuple(part for part in raw.split(os.pathsep) if part)


_read_override: ContextVar[tuple[str, ...] | None] = ContextVar("mcpforge_read_roots", default=None)


@contextmanager
def reading_from(paths: Sequence[str | Path]) -> Iterator[None]:
    """Let the code running in this thread read ``paths`` for the duration, and nothing else changes.

    mcpforge's own process reads data through the loader tools use (the schema, the references); a
    process-wide ``configure`` there would race between threads (a server forging two requests at once)
    and could leave one request's roots in force for the next.
    """
    token = _read_override.set(tuple(str(p) for p in paths))
    try:
        yield
    finally:
        _read_override.reset(token)


def allowed_roots(mode: str = "read") -> tuple[Path, ...]:
    """The allowed roots for ``mode`` ("read" or "write"), resolved (symlinks followed)."""
    if mode == "read":
        raw = _read_override.get()
        if raw is None:
            raw = _settings.allowed_read_paths
        if raw is None:
            raw = _split_env(ENV_ALLOWED_READ_PATHS)
        if raw is None:
            raw = (str(Path.cwd()),)
    elif mode == "write":
        raw = _settings.allowed_write_paths
        if raw is None:
            raw = _split_env(ENV_ALLOWED_WRITE_PATHS)
        if raw is None:
            output_dir = os.environ.get(ENV_OUTPUT_DIR)
            raw = (output_dir,) if output_dir else ()
    else:
        raise ValueError(f"mode must be 'read' or 'write', got {mode!r}")
    return tuple(Path(os.path.realpath(root)) for root in raw)
