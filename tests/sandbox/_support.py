"""Helpers shared by the sandbox tests."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mcpforge.sandbox import BACKENDS, Sandbox, SandboxLimits, SandboxRequest, SandboxResult

STRONG = [name for name, backend in BACKENDS.items() if backend.strong]
FAST_LIMITS = SandboxLimits(
    timeout_seconds=20,
    cpu_seconds=10,
    memory_mb=1024,
    max_processes=32,
    max_open_files=64,
    max_output_bytes=2_000_000,
    max_stdout_bytes=200_000,
)


def make_backend(name: str) -> Sandbox:
    """The named backend; a test of an unavailable strong backend fails in CI and skips elsewhere."""
    ok, why = BACKENDS[name].available()
    if not ok:
        if os.environ.get("CI"):
            pytest.fail(f"sandbox backend {name!r} must work in CI: {why}")
        pytest.skip(f"sandbox backend {name!r} is not available here: {why}")
    return BACKENDS[name]()


def run(
    sandbox: Sandbox,
    script: str,
    *,
    read: tuple[Path, ...] = (),
    stdin: bytes = b"",
    files: dict[str, bytes] | None = None,
    **limits: float,
) -> SandboxResult:
    """Run ``script`` with the test limits (overridden by ``limits``)."""
    fields = {**FAST_LIMITS.__dict__, **limits}
    request = SandboxRequest(
        script=script, read_paths=read, stdin=stdin, files=files or {}, limits=SandboxLimits(**fields)
    )
    return sandbox.run(request)


def processes_with_run_id(run_id: str) -> list[str]:
    """Host pids whose environment carries the sandbox run id (i.e. survivors of that run)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if run_id.encode() in (entry / "environ").read_bytes():
                found.append(entry.name)
        except OSError:
            continue
    return found
