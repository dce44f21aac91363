"""One call of the warm template (``_template.py``): the forked child, and the template's view of it.

The child, before a byte of the tool runs, takes stdio from its own pipes, closes every other
descriptor (the template's channel, other calls' pipes), enters its own process group, and confines
itself: the call's rlimits, a Landlock domain of its own (the interpreter, its call directory, its
data files), seccomp with ``setsid``/``setpgid`` denied. Then ``_runner`` loads the tool and calls it.

The template side (:class:`Call`) is driven by the template's event loop: it reads the capped pipes,
notices the exit through a pidfd, enforces the wall-clock limit, and at the end kills the whole
process group, waits until it is gone and removes the call directory.

Stdlib only; imported as a top-level sibling inside the sandbox, like ``_confine``.
"""

# Descriptor-level os calls on purpose: raw pipes, process groups, a supervisor inside the sandbox.
# ruff: noqa: PTH103, PTH118, PTH123
from __future__ import annotations

import contextlib
import os
import shutil
import signal
import sys
import tempfile
import time
import uuid
from typing import Any

import _confine  # type: ignore[import-not-found]
import _kernel  # type: ignore[import-not-found]
import _runner  # type: ignore[import-not-found]

_CHUNK = 1 << 16
DRAIN_SECONDS = 2.0
CALLS_DIR = "/tmp/mcpforge-calls"


def _child(cfg: dict[str, Any], request: dict[str, Any], call_dir: str, out_w: int, err_w: int) -> None:
    """In the forked child: stdio to the call's pipes, confinement, then the tool. Never returns."""
    try:
        os.setpgid(0, 0)
        devnull = os.open(os.devnull, os.O_RDONLY)
        os.dup2(devnull, 0)
        os.dup2(out_w, 1)
        os.dup2(err_w, 2)
        os.closerange(3, 1 << 16)  # the template's channel to the host and every other call's pipes
        _kernel.set_dumpable(True)
        # The priority of the thread that asked for the call, as a fresh sandbox started from that
        # thread would have it (validation runs its gates lowered behind a big file's read); a child
        # may lower its own priority, never raise it.
        with contextlib.suppress(OSError, ValueError, TypeError):
            lower = int(request.get("nice", 0)) - os.getpriority(os.PRIO_PROCESS, 0)
            if lower > 0:
                os.setpriority(os.PRIO_PROCESS, 0, os.getpriority(os.PRIO_PROCESS, 0) + lower)
        limits = request["limits"]
        code_dir = os.path.join(call_dir, "code")
        work = os.path.join(call_dir, "work")
        out_dir = os.path.join(call_dir, "out")
        os.environ.update({"HOME": work, "TMPDIR": work, "MCPFORGE_OUTPUT_DIR": out_dir})
        os.environ["MCPFORGE_RUN_ID"] = uuid.uuid4().hex
        tempfile.tempdir = None
        _confine._confine(
            {
                **limits,
                # What the template already maps (interpreter, libraries) is what a fresh run maps
                # after its imports: the call may map ``memory_mb`` beyond it, as a fresh run may
                # beyond a bare interpreter. Resident memory is bounded by the template's cgroup.
                "memory_bytes": int(limits["memory_bytes"]) + _mapped_bytes(),
                "drop_caps": False,
                "read": [*cfg["read"], code_dir, *request["read"]],
                "write": [work, out_dir],
                "devices": ["/dev"],
                "list": ["/proc"],
                "landlock": "required",
                "seccomp": True,
                "keep_process_group": True,
            }
        )
    except OSError as exc:
        os.write(2, f"mcpforge sandbox: confinement failed, nothing was run: {exc}\n".encode())
        os._exit(121)
    status = 0
    try:
        os.chdir(code_dir)
        sys.path[:] = [code_dir, *cfg["sys_path"]]
        for name in ("_kernel", "_confine", "_template", "_template_call"):
            sys.modules.pop(name, None)
        with contextlib.suppress(ImportError):
            from mcpforge.runtime import _warm_cache

            _warm_cache.start_recording()
        _use_arrows_own_allocator()
        _runner.run(request["payload"])
    except SystemExit as exc:
        status = exc.code if isinstance(exc.code, int) else 1
    except BaseException:  # an untrusted failure ends the child with a traceback, never the template
        import traceback

        traceback.print_exc()
        status = 1
    with contextlib.suppress(BaseException):
        sys.stdout.flush()
        sys.stderr.flush()
    os._exit(status & 0xFF)


def _use_arrows_own_allocator() -> None:
    """Arrow's mimalloc pool for the call, as in a fresh run (the runtime's default): about half the
    peak memory of a big read. The template runs on the system pool, whose reservation every call would
    otherwise inherit; here mimalloc reserves its arena inside the call's own address-space limit."""
    os.environ["ARROW_DEFAULT_MEMORY_POOL"] = "mimalloc"
    if "pyarrow" not in sys.modules:
        return
    pyarrow = sys.modules["pyarrow"]
    if "mimalloc" in pyarrow.supported_memory_backends():
        pyarrow.set_memory_pool(pyarrow.mimalloc_memory_pool())


def _mapped_bytes() -> int:
    """This process's virtual size (VmSize), 0 when /proc does not say."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmSize:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return 0


def _prepare_call_dir(request: dict[str, Any]) -> str:
    call_dir = os.path.join(CALLS_DIR, uuid.uuid4().hex)
    for sub in ("code", "work", "out"):
        os.makedirs(os.path.join(call_dir, sub), mode=0o700)
    with open(os.path.join(call_dir, "code", "tool.py"), "w", encoding="utf-8") as handle:
        handle.write(request["tool_source"])
    return call_dir


class Call:
    """One running child as the template sees it: capped pipes, a pidfd, a deadline.

    Raises OSError from the constructor when the call cannot be started (nothing is left behind).
    """

    def __init__(self, call_id: Any, cfg: dict[str, Any], request: dict[str, Any]) -> None:
        self.id = call_id
        self.request = request
        limits = request["limits"]
        self.timeout = float(limits["timeout_seconds"])
        self.cap = int(limits["max_stdout_bytes"])
        self.call_dir = _prepare_call_dir(request)
        opened: list[int] = []
        try:
            out_r, out_w = os.pipe()
            opened += [out_r, out_w]
            err_r, err_w = os.pipe()
            opened += [err_r, err_w]
            pid = os.fork()
            if pid == 0:
                _child(cfg, request, self.call_dir, out_w, err_w)
            with contextlib.suppress(PermissionError, ProcessLookupError):
                os.setpgid(pid, pid)  # also done by the child: whichever runs first, no race
            os.close(out_w)
            os.close(err_w)
            opened = [out_r, err_r]
            self.pid = pid
            self.pidfd = os.pidfd_open(pid)
        except OSError:
            for fd in opened:
                with contextlib.suppress(OSError):
                    os.close(fd)
            shutil.rmtree(self.call_dir, ignore_errors=True)
            raise
        self.pipes = {out_r: "stdout", err_r: "stderr"}
        self.open_pipes = set(self.pipes)
        self.data = {name: bytearray() for name in self.pipes.values()}
        self.started = time.monotonic()
        self.deadline = self.started + self.timeout
        self.drain_until: float | None = None
        self.status: int | None = None
        self.timed_out = False
        self.killed_reason: str | None = None

    def descriptors(self) -> list[int]:
        """What the event loop watches: the two pipes and the pidfd."""
        return [*self.pipes, self.pidfd]

    def ready(self, fd: int) -> bool:
        """Handle a readable descriptor; False when it is done with (end of pipe, the exit seen)."""
        if fd == self.pidfd:
            self._reap()
            return False
        chunk = os.read(fd, _CHUNK)
        if not chunk:
            self.open_pipes.discard(fd)
            return False
        buffer = self.data[self.pipes[fd]]
        buffer += chunk[: max(self.cap - len(buffer), 0)]
        if len(buffer) >= self.cap and self.killed_reason is None:
            self.killed_reason = f"{self.pipes[fd]} exceeded {self.cap} bytes"
            kill_group(self.pid)
        return True

    def tick(self, now: float) -> None:
        """Enforce the wall-clock limit."""
        if self.status is None and now >= self.deadline:
            self.timed_out = True
            self.killed_reason = f"wall-clock limit of {self.timeout:g}s"
            self._reap()

    def wake_at(self) -> float:
        """When the loop must look at this call again at the latest."""
        return self.deadline if self.drain_until is None else self.drain_until

    def done(self, now: float) -> bool:
        """Exited, and its pipes drained (or the drain time is over)."""
        if self.status is None or self.drain_until is None:
            return False
        return not self.open_pipes or now >= self.drain_until

    def _reap(self) -> None:
        if self.status is not None:
            return
        kill_group(self.pid)  # what the call left behind dies with it
        _, self.status = os.waitpid(self.pid, 0)
        self.drain_until = time.monotonic() + DRAIN_SECONDS

    def finish(self) -> dict[str, Any]:
        """Close everything of the call, wait until its group is gone, remove its files; the answer."""
        for fd in [*self.pipes, self.pidfd]:
            with contextlib.suppress(OSError):
                os.close(fd)
        await_empty_group(self.pid)
        shutil.rmtree(self.call_dir, ignore_errors=True)
        status = self.status
        assert status is not None
        return {
            "id": self.id,
            "exit_code": os.WEXITSTATUS(status) if os.WIFEXITED(status) else None,
            "signal": os.WTERMSIG(status) if os.WIFSIGNALED(status) else None,
            "stdout": self.data["stdout"].decode("utf-8", "replace"),
            "stderr": self.data["stderr"].decode("utf-8", "replace"),
            "timed_out": self.timed_out,
            "killed_reason": self.killed_reason,
            "duration_ms": (time.monotonic() - self.started) * 1000,
        }


def kill_group(pid: int) -> None:
    """SIGKILL the process group ``pid`` leads (a call and everything it started)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)


def await_empty_group(pgid: int) -> None:
    """Wait (bounded) until the call's group is gone, so the answer means nothing of it still runs.

    Its killed members are reaped by the namespace's init (bwrap), a moment after the kill.
    """
    deadline = time.monotonic() + DRAIN_SECONDS
    while time.monotonic() < deadline:
        try:
            os.killpg(pgid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            return
        time.sleep(0.002)
