"""One call of the warm template (``_template.py``): the call process, and the template's view of it.

The call is forked from the pristine zygote (``_zygote.py``), never from the template that reads
requests. Before a byte of the tool runs, the call (:func:`child_main`) reads its request from its own
pipe, takes stdio from its own pipes, closes every other descriptor and enters its own process group;
then it gets namespaces of its own: a user namespace (so its thread and process budget,
``RLIMIT_NPROC``, counts its processes only), an IPC namespace (no SysV queue, semaphore or shared
memory of another call, and none that outlives it) and a mount namespace in which its work space is a
fresh size-capped tmpfs that vanishes with its last process (it cannot fill the template's ``/tmp``,
and nothing is left to clean up). Then it confines itself: the call's rlimits, every capability
dropped, a Landlock domain of its own (the interpreter, its code, its data files, the few device
nodes it needs: no ``/dev/pts``, no ``/dev/ptmx``), seccomp with ``setsid``/``setpgid`` denied.

The template side (:class:`Call`) is driven by the template's event loop: it hands the zygote the
call's pipes, writes the request, reads the capped output pipes, learns the call's pid and wait status
from its reaper, enforces the wall-clock limit, and at the end kills the whole process group and waits
until it is gone.

Stdlib only; imported as a top-level sibling inside the sandbox, like ``_confine``.
"""

# Descriptor-level os calls on purpose: raw pipes, process groups, a supervisor inside the sandbox.
# ruff: noqa: PTH102, PTH106, PTH118, PTH123
from __future__ import annotations

import contextlib
import ctypes
import json
import os
import signal
import socket
import sys
import tempfile
import threading
import time
import uuid
from typing import Any, NoReturn

import _confine  # type: ignore[import-not-found]
import _kernel  # type: ignore[import-not-found]
import _runner  # type: ignore[import-not-found]
from _zygote import FORK  # type: ignore[import-not-found]

_CHUNK = 1 << 16
DRAIN_SECONDS = 2.0
CALLS_DIR = "/tmp/mcpforge-calls"
CONFINEMENT_FAILED = 121
_CLONE_NEWNS = 0x00020000
_CLONE_NEWIPC = 0x08000000
_CLONE_NEWUSER = 0x10000000
_MS_NOSUID = 2
_MS_NODEV = 4
_MS_NOEXEC = 8
# The device nodes a call may open: not /dev/ptmx or /dev/pts (a pseudo-terminal shared between calls).
CALL_DEVICES = ("/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom")


def child_main(cfg: dict[str, Any], request_r: int, out_w: int, err_w: int) -> NoReturn:
    """In the call process: its request, its namespaces, confinement, then the tool. Never returns."""
    try:
        os.setpgid(0, 0)
        request = _read_request(request_r)
        devnull = os.open(os.devnull, os.O_RDONLY)
        os.dup2(devnull, 0)
        os.dup2(out_w, 1)
        os.dup2(err_w, 2)
        os.closerange(3, 1 << 16)  # the zygote's channel, the reaper's status pipe
        limits = request["limits"]
        call_dir = request["call_dir"]
        _kernel.set_dumpable(True)  # its own /proc/self (uid and gid maps) must be its own to write
        _own_namespaces(call_dir, int(limits["max_file_bytes"]))
        code_dir, work, out_dir = (os.path.join(call_dir, sub) for sub in ("code", "work", "out"))
        for folder in (code_dir, work, out_dir):
            os.mkdir(folder, 0o700)
        with open(os.path.join(code_dir, "tool.py"), "w", encoding="utf-8") as handle:
            handle.write(request["tool_source"])
        _lower_priority(request.get("nice", 0))
        os.environ.update({"HOME": work, "TMPDIR": work, "MCPFORGE_OUTPUT_DIR": out_dir})
        os.environ["MCPFORGE_RUN_ID"] = uuid.uuid4().hex
        tempfile.tempdir = None
        _confine._confine(
            {
                **limits,
                # What the zygote already maps (interpreter, libraries) is what a fresh run maps
                # after its imports: the call may map ``memory_mb`` beyond it, as a fresh run may
                # beyond a bare interpreter. Resident memory is bounded by the template's cgroup.
                "memory_bytes": int(limits["memory_bytes"]) + _mapped_bytes(),
                "drop_caps": True,  # the capabilities of its own user namespace, taken to make it
                "read": [*cfg["read"], code_dir, *request["read"]],
                "write": [work, out_dir],
                "devices": list(CALL_DEVICES),
                "list": ["/proc"],
                "landlock": "required",
                "seccomp": True,
                "keep_process_group": True,
            }
        )
    except (OSError, ValueError, KeyError, TypeError) as exc:
        with contextlib.suppress(OSError):
            os.write(2, f"mcpforge sandbox: confinement failed, nothing was run: {exc}\n".encode())
        os._exit(CONFINEMENT_FAILED)
    status = 0
    try:
        os.chdir(code_dir)
        sys.path[:] = [code_dir, *cfg["sys_path"]]
        for name in ("_kernel", "_confine", "_template", "_template_call", "_zygote"):
            sys.modules.pop(name, None)
        _use_arrows_own_allocator()
        _runner.run(request["payload"])
    except SystemExit as exc:
        status = exc.code if isinstance(exc.code, int) else 1
    except BaseException:  # an untrusted failure ends the call with a traceback, never the template
        import traceback

        traceback.print_exc()
        status = 1
    with contextlib.suppress(BaseException):
        sys.stdout.flush()
        sys.stderr.flush()
    os._exit(status & 0xFF)


def _read_request(fd: int) -> dict[str, Any]:
    chunks = []
    while chunk := os.read(fd, _CHUNK):
        chunks.append(chunk)
    os.close(fd)
    request = json.loads(b"".join(chunks))
    if not isinstance(request, dict):
        raise TypeError("the call's request is not an object")
    return request


def _own_namespaces(call_dir: str, size: int) -> None:
    """A user, IPC and mount namespace of the call's own, and its work space: a tmpfs on ``call_dir``."""
    uid, gid = os.getuid(), os.getgid()
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.unshare(_CLONE_NEWUSER | _CLONE_NEWIPC | _CLONE_NEWNS) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"unshare(user, ipc, mount): {os.strerror(err)}")
    for name, line in (("setgroups", "deny"), ("uid_map", f"{uid} {uid} 1"), ("gid_map", f"{gid} {gid} 1")):
        with open(f"/proc/self/{name}", "w", encoding="ascii") as handle:
            handle.write(line)
    opts = f"size={max(size, 4096)},mode=0700".encode()
    if libc.mount(b"tmpfs", call_dir.encode(), b"tmpfs", _MS_NOSUID | _MS_NODEV | _MS_NOEXEC, opts) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"mount tmpfs on {call_dir!r}: {os.strerror(err)}")


def _lower_priority(nice: Any) -> None:
    """The priority of the thread that asked for the call, as a fresh sandbox started from that thread
    would have it (validation runs its gates lowered behind a big file's read); a call may lower its
    own priority, never raise it."""
    with contextlib.suppress(OSError, ValueError, TypeError):
        lower = int(nice) - os.getpriority(os.PRIO_PROCESS, 0)
        if lower > 0:
            os.setpriority(os.PRIO_PROCESS, 0, os.getpriority(os.PRIO_PROCESS, 0) + lower)


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


class Call:
    """One running call as the template sees it: its pipes, its pid and wait status, a deadline.

    Raises OSError from the constructor when the call cannot be handed to the zygote (nothing is left
    behind).
    """

    def __init__(self, call_id: Any, request: dict[str, Any], zygote: socket.socket) -> None:
        self.id = call_id
        limits = request["limits"]
        self.timeout = float(limits["timeout_seconds"])
        self.cap = int(limits["max_stdout_bytes"])
        self.call_dir = os.path.join(CALLS_DIR, uuid.uuid4().hex)
        os.mkdir(self.call_dir, 0o700)  # stays empty here: the call mounts its own tmpfs on it
        opened: list[int] = []
        try:
            for _ in range(4):
                opened += os.pipe()
            request_r, request_w, out_r, out_w, err_r, err_w, status_r, status_w = opened
            socket.send_fds(zygote, [FORK], [request_r, out_w, err_w, status_w])
        except OSError:
            for fd in opened:
                with contextlib.suppress(OSError):
                    os.close(fd)
            with contextlib.suppress(OSError):
                os.rmdir(self.call_dir)
            raise
        for fd in (request_r, out_w, err_w, status_w):  # the zygote has its own copies now
            os.close(fd)
        body = json.dumps({**request, "call_dir": self.call_dir}).encode()
        # A big request (a long tool, many calls) must not block the template's loop on the pipe.
        threading.Thread(target=_write_all, args=(request_w, body), daemon=True).start()
        self.status_r = status_r
        self.pipes = {out_r: "stdout", err_r: "stderr"}
        self.open_pipes = set(self.pipes)
        self.data = {name: bytearray() for name in self.pipes.values()}
        self.status_text = b""
        self.pid: int | None = None
        self.status: int | None = None
        self.started = time.monotonic()
        self.deadline = self.started + self.timeout
        self.drain_until: float | None = None
        self.timed_out = False
        self.killed_reason: str | None = None

    def descriptors(self) -> list[int]:
        """What the event loop watches: the two output pipes and the status pipe."""
        return [*self.pipes, self.status_r]

    def ready(self, fd: int) -> bool:
        """Handle a readable descriptor; False when it is done with (end of pipe)."""
        chunk = os.read(fd, _CHUNK)
        if fd == self.status_r:
            return self._status(chunk)
        if not chunk:
            self.open_pipes.discard(fd)
            return False
        buffer = self.data[self.pipes[fd]]
        buffer += chunk[: max(self.cap - len(buffer), 0)]
        if len(buffer) >= self.cap and self.killed_reason is None:
            self.killed_reason = f"{self.pipes[fd]} exceeded {self.cap} bytes"
            self._kill()
        return True

    def _status(self, chunk: bytes) -> bool:
        self.status_text += chunk
        lines = self.status_text.split(b"\n")
        with contextlib.suppress(ValueError):
            if self.pid is None and len(lines) > 1:
                self.pid = int(lines[0])
                if self.killed_reason is not None or self.timed_out:
                    self._kill()
            if self.status is None and len(lines) > 2:
                self.status = int(lines[1])
                self._exited()
        if not chunk:
            if self.status is None:  # the reaper is gone without a status (killed with the group)
                self._kill()
                self._exited()
            return False
        return True

    def _exited(self) -> None:
        self._kill()  # what the call left behind dies with it
        self.drain_until = time.monotonic() + DRAIN_SECONDS

    def _kill(self) -> None:
        if self.pid is not None:
            kill_group(self.pid)

    def tick(self, now: float) -> None:
        """Enforce the wall-clock limit; past it and the drain time, stop waiting for a wait status."""
        if self.drain_until is not None:
            return
        if now >= self.deadline and not self.timed_out:
            self.timed_out = True
            self.killed_reason = f"wall-clock limit of {self.timeout:g}s"
            self._kill()
        if self.timed_out and (self.pid is None or now >= self.deadline + DRAIN_SECONDS):
            self._exited()

    def wake_at(self) -> float:
        """When the loop must look at this call again at the latest."""
        if self.drain_until is not None:
            return self.drain_until
        return self.deadline + (DRAIN_SECONDS if self.timed_out else 0.0)

    def done(self, now: float) -> bool:
        """Exited, and its pipes drained (or the drain time is over)."""
        if self.drain_until is None:
            return False
        return not self.open_pipes or now >= self.drain_until

    def finish(self) -> dict[str, Any]:
        """Close everything of the call, wait until its group is gone; the answer."""
        for fd in [*self.pipes, self.status_r]:
            with contextlib.suppress(OSError):
                os.close(fd)
        if self.pid is not None:
            await_empty_group(self.pid)
        with contextlib.suppress(OSError):
            os.rmdir(self.call_dir)  # empty here: the call's files lived in its own tmpfs
        status = self.status
        answer: dict[str, Any] = {
            "id": self.id,
            "exit_code": None,
            "signal": None,
            "stdout": self.data["stdout"].decode("utf-8", "replace"),
            "stderr": self.data["stderr"].decode("utf-8", "replace"),
            "timed_out": self.timed_out,
            "killed_reason": self.killed_reason,
            "duration_ms": (time.monotonic() - self.started) * 1000,
        }
        if status is None and self.killed_reason is not None:
            answer["signal"] = int(signal.SIGKILL)  # killed with its reaper, before it could report
        elif status is None:
            answer["exit_code"] = CONFINEMENT_FAILED
            answer["stderr"] += "mcpforge sandbox: confinement failed, the call's process did not start\n"
        elif os.WIFEXITED(status):
            answer["exit_code"] = os.WEXITSTATUS(status)
        elif os.WIFSIGNALED(status):
            answer["signal"] = os.WTERMSIG(status)
        return answer


def _write_all(fd: int, body: bytes) -> None:
    view = memoryview(body)
    with contextlib.suppress(OSError):
        while view:
            view = view[os.write(fd, view) :]
    with contextlib.suppress(OSError):
        os.close(fd)


def kill_group(pid: int) -> None:
    """SIGKILL the process group ``pid`` leads (a call and everything it started)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)


def await_empty_group(pgid: int) -> None:
    """Wait (bounded) until the call's group is gone, so the answer means nothing of it still runs.

    Its killed members are reaped by the reaper or the namespace's init (bwrap), a moment after the kill.
    """
    deadline = time.monotonic() + DRAIN_SECONDS
    while time.monotonic() < deadline:
        try:
            os.killpg(pgid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            return
        time.sleep(0.002)
