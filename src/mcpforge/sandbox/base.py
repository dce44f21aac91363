"""The sandbox contract: every execution of generated or third-party code goes through a Sandbox."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import IO

from mcpforge.sandbox._pinned import PinnedPath


@dataclass(frozen=True, kw_only=True)
class SandboxLimits:
    """Resource limits of one sandboxed run."""

    timeout_seconds: float = 30.0
    memory_mb: int = 2048
    cpu_seconds: int = 60
    max_processes: int = 64
    max_open_files: int = 256
    max_output_bytes: int = 16 * 1024 * 1024
    max_stdout_bytes: int = 1024 * 1024
    # Limits on the dataset a tool loads, enforced by the runtime loader inside the run (None: the
    # runtime's defaults). They are the ``security.max_dataset_*`` settings, not OS limits.
    max_dataset_rows: int | None = None
    max_dataset_cols: int | None = None
    max_dataset_memory_mb: int | None = None


@dataclass(frozen=True, kw_only=True)
class SandboxRequest:
    """One run: a Python script executed as ``__main__`` in a fresh, isolated process.

    ``files`` are written into the run's read-only code directory (the working directory of the
    script), e.g. ``{"tool.py": b"..."}``. ``read_paths`` are host files or directories the script may
    read, visible at the same absolute paths: a :class:`PinnedPath` (a path already checked and held
    open, e.g. a tool's file argument) is shown as the very file it holds; a plain ``Path`` is pinned
    once at the start of the set-up. Either way no later step resolves the name again. The script
    may write only to the directory named by the ``MCPFORGE_OUTPUT_DIR`` environment variable; what
    it writes there comes back in ``SandboxResult.outputs``.
    """

    script: str
    files: Mapping[str, bytes] = field(default_factory=dict)
    read_paths: tuple[Path | PinnedPath, ...] = ()
    stdin: bytes = b""
    limits: SandboxLimits = field(default_factory=SandboxLimits)


@dataclass(frozen=True, kw_only=True)
class SandboxResult:
    """What a run produced. ``killed_reason`` is set when a limit ended the run."""

    exit_code: int | None
    stdout: str
    stderr: str
    timed_out: bool
    killed_reason: str | None
    outputs: dict[str, bytes]
    backend: str
    duration_ms: float
    skipped_outputs: dict[str, str] = field(default_factory=dict)
    """Entries of the output directory that were not collected, and why (symlink, size or count cap)."""


class RunningSandbox(ABC):
    """A sandboxed process that is still running: talk to it over ``stdin``/``stdout``.

    The wall-clock limit of the request runs from the start: when it passes, the whole process tree is
    killed and ``result().timed_out`` is true. Use it as a context manager; leaving the block kills
    whatever still runs and removes the run's temporary files. ``stderr`` is captured (capped) for
    ``result()``; ``stdout`` belongs to the caller, and ``result().stdout`` holds only what the caller
    had not read when ``result()`` was called.
    """

    backend: str
    stdin: IO[bytes]
    stdout: IO[bytes]

    @abstractmethod
    def wait(self, timeout: float | None = None) -> int | None:
        """Wait up to ``timeout`` seconds (None: until it ends); the exit code, or None if still running."""

    @abstractmethod
    def kill(self, reason: str = "killed by the caller") -> None:
        """Kill the whole process tree now; ``reason`` becomes ``result().killed_reason``."""

    @abstractmethod
    def result(self) -> SandboxResult:
        """Close stdin, wait for the end (bounded by the wall-clock limit) and collect everything."""

    @abstractmethod
    def close(self) -> None:
        """Kill what still runs and remove the run's temporary files; idempotent."""

    def __enter__(self) -> RunningSandbox:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


class Sandbox(ABC):
    """An isolation backend."""

    name: str = "abstract"
    strong: bool = True

    @abstractmethod
    def spawn(self, request: SandboxRequest) -> RunningSandbox:
        """Start ``request.script`` in a fresh isolated process and return a handle to it.

        ``request.stdin`` is written first; stdin then stays open for the caller.
        """

    def run(self, request: SandboxRequest) -> SandboxResult:
        """Run ``request.script`` in a fresh isolated process and collect its results."""
        with self.spawn(request) as running:
            return running.result()

    @classmethod
    @abstractmethod
    def available(cls) -> tuple[bool, str]:
        """Whether this backend works on this machine, and why not when it does not."""
