"""The weak fallback: a plain child process with rlimits, an empty environment and a wall-clock kill.

It does not stop the code from reading files or using the network, so it runs only when
``sandbox.allow_weak_fallback`` is set, and every use says so on stderr.
"""

from __future__ import annotations

import os
import resource
import signal
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from mcpforge.sandbox.base import Sandbox, SandboxLimits, SandboxRequest, SandboxResult

_OUTPUT_DIR_NAME = "out"


def _limit_child(limits: SandboxLimits) -> None:
    """preexec_fn: apply rlimits and start a new session so the whole tree can be killed."""
    os.setsid()
    memory = limits.memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    resource.setrlimit(resource.RLIMIT_CPU, (limits.cpu_seconds, limits.cpu_seconds))
    resource.setrlimit(resource.RLIMIT_NOFILE, (limits.max_open_files, limits.max_open_files))
    resource.setrlimit(resource.RLIMIT_FSIZE, (limits.max_output_bytes, limits.max_output_bytes))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def collect_outputs(out_dir: Path, max_bytes: int) -> dict[str, bytes]:
    """Regular files under ``out_dir``, read without following symlinks, up to ``max_bytes`` in total."""
    outputs: dict[str, bytes] = {}
    total = 0
    for root, _dirs, names in os.walk(out_dir, followlinks=False):
        for name in sorted(names):
            path = Path(root) / name
            try:
                fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
            except OSError:
                continue  # symlinks and unreadable entries are not collected
            with os.fdopen(fd, "rb") as handle:
                if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                    continue
                data = handle.read(max_bytes - total + 1)
            if total + len(data) > max_bytes:
                break
            total += len(data)
            outputs[str(path.relative_to(out_dir))] = data
    return outputs


class SubprocessSandbox(Sandbox):
    """Weak isolation: rlimits and a clean environment only."""

    name = "subprocess"
    strong = False

    @classmethod
    def available(cls) -> tuple[bool, str]:
        return True, "always available (weak: no filesystem or network isolation)"

    def run(self, request: SandboxRequest) -> SandboxResult:
        print("mcpforge: WARNING: running untrusted code in the weak subprocess sandbox", file=sys.stderr)
        limits = request.limits
        with tempfile.TemporaryDirectory(prefix="mcpforge-run-") as tmp:
            work = Path(tmp)
            out_dir = work / _OUTPUT_DIR_NAME
            out_dir.mkdir()
            for name, content in request.files.items():
                (work / name).write_bytes(content)
            (work / "__main__.py").write_text(request.script, encoding="utf-8")
            env = {"PATH": "/usr/bin:/bin", "MCPFORGE_OUTPUT_DIR": str(out_dir), "PYTHONDONTWRITEBYTECODE": "1",
                   "HOME": str(work), "LANG": "C.UTF-8"}  # fmt: skip
            started = time.perf_counter()
            proc = subprocess.Popen(  # noqa: S603 - argv is fixed: this interpreter and our runner file
                [sys.executable, "-I", str(work / "__main__.py")],
                cwd=work, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                preexec_fn=lambda: _limit_child(limits),  # noqa: PLW1509 - rlimits must be set in the child
            )  # fmt: skip
            timed_out = False
            try:
                stdout, stderr = proc.communicate(request.stdin, timeout=limits.timeout_seconds)
            except subprocess.TimeoutExpired:
                timed_out = True
                os.killpg(proc.pid, signal.SIGKILL)
                stdout, stderr = proc.communicate()
            duration_ms = (time.perf_counter() - started) * 1000
            outputs = collect_outputs(out_dir, limits.max_output_bytes)
        killed = None
        if timed_out:
            killed = f"wall-clock limit of {limits.timeout_seconds:g}s"
        elif proc.returncode is not None and proc.returncode < 0:
            killed = f"signal {signal.Signals(-proc.returncode).name}"
        return SandboxResult(
            exit_code=proc.returncode,
            stdout=stdout[: limits.max_stdout_bytes].decode("utf-8", "replace"),
            stderr=stderr[: limits.max_stdout_bytes].decode("utf-8", "replace"),
            timed_out=timed_out, killed_reason=killed, outputs=outputs,
            backend=self.name, duration_ms=duration_ms,
        )  # fmt: skip
