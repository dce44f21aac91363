"""The sandbox contract: every execution of generated or third-party code goes through a Sandbox."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path


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


@dataclass(frozen=True, kw_only=True)
class SandboxRequest:
    """One run: a Python script executed as ``__main__`` in a fresh, isolated process.

    ``files`` are written into the run's read-only code directory (the working directory of the
    script), e.g. ``{"tool.py": b"..."}``. ``read_paths`` are host files or directories the script may
    read, visible at the same absolute paths. The script may write only to the directory named by
    the ``MCPFORGE_OUTPUT_DIR`` environment variable; what it writes there comes back in
    ``SandboxResult.outputs``.
    """

    script: str
    files: Mapping[str, bytes] = field(default_factory=dict)
    read_paths: tuple[Path, ...] = ()
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


class Sandbox(ABC):
    """An isolation backend."""

    name: str = "abstract"
    strong: bool = True

    @abstractmethod
    def run(self, request: SandboxRequest) -> SandboxResult:
        """Run ``request.script`` in a fresh isolated process and collect its results."""

    @classmethod
    @abstractmethod
    def available(cls) -> tuple[bool, str]:
        """Whether this backend works on this machine, and why not when it does not."""
