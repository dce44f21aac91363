"""The warm template: a pre-imported process inside a strong sandbox that forks a fresh child per tool call.

Run as ``python -I -B _template.py CONFIG_JSON`` by bwrap, in the same fresh namespaces as any run
(uid 65534, the interpreter read-only, serve's data roots read-only, a size-capped ``/tmp``, no
network). Trusted code only: it imports the libraries tools use (pandas, numpy, the mcpforge runtime)
once, then reads one request per line on stdin. For each request it writes the tool into a private
call directory and forks. Before a byte of the tool runs, the child puts itself in its own process
group, applies the call's rlimits, a Landlock domain of its own that grants only the interpreter, the
call directory and the call's data files (every other file under the data roots stays closed), and
the seccomp filter with a ban on leaving its process group; then ``_runner`` loads the tool and makes
the calls. The template never runs untrusted code, never reuses a child, and never lets a child touch
its stdin or stdout: it waits with the call's wall-clock limit, kills the child's whole process group,
removes the call directory and answers one JSON line on stdout.

Request: ``{"tool_source": str, "payload": {...runner request...}, "read": [path, ...], "limits": {...}}``.
Answer: ``{"exit_code": int | null, "signal": int | null, "stdout": str, "stderr": str,
"timed_out": bool, "killed_reason": str | null, "duration_ms": float, "setup_error": str | null}``.

Stdlib and trusted imports only; ``_confine``, ``_kernel`` and ``_runner`` are imported as top-level
siblings, exactly as ``_confine.py`` runs them.
"""

# Descriptor-level os calls on purpose: this supervisor manages raw pipes and process groups.
# ruff: noqa: PTH100, PTH103, PTH108, PTH118, PTH120, PTH123
from __future__ import annotations

import contextlib
import gc
import importlib
import json
import os
import selectors
import shutil
import signal
import sys
import tempfile
import time
import uuid
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _confine  # type: ignore[import-not-found]
import _kernel  # type: ignore[import-not-found]
import _runner  # type: ignore[import-not-found]

_CHUNK = 1 << 16
_DRAIN_SECONDS = 2.0
CALLS_DIR = "/tmp/mcpforge-calls"


def _preload(modules: list[str]) -> list[str]:
    """Import the trusted libraries once, so no child pays for them; the names that failed."""
    failed = []
    for name in modules:
        try:
            importlib.import_module(name)
        except ImportError:
            failed.append(name)
    return failed


_EXERCISE_CSV = "id,region,amount,when,note\n" + "".join(
    f"{i},{('North', 'South', 'East')[i % 3]},{i * 1.5},2024-01-{i % 28 + 1:02d},n{i}\n" for i in range(60)
)


def _exercise() -> None:
    """Run the runtime once on a tiny file of our own: pandas' lazy imports and caches load here, once.

    Trusted code on trusted data, before any child exists; a failure only means the children warm up
    themselves.
    """
    path = os.path.join(CALLS_DIR, "exercise.csv")
    try:
        from mcpforge import runtime

        with open(path, "w", encoding="utf-8") as handle:
            handle.write(_EXERCISE_CSV)
        runtime.configure(allowed_read_paths=[path])
        frame = runtime.load_csv_data_with_types(path)
        table = frame.groupby("region")["amount"].agg(["count", "mean", "sum"]).reset_index()
        runtime.format_markdown_table(table)
        runtime.output_footer({"operation": "exercise", "rows_processed": len(frame)})
        frame["when"].dt.to_period("M").value_counts()
    except (ImportError, OSError, ValueError, LookupError, TypeError, AttributeError):
        pass
    finally:
        with contextlib.suppress(ImportError):
            from mcpforge import runtime

            runtime.configure(allowed_read_paths=[])
        with contextlib.suppress(OSError):
            os.unlink(path)


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
        for name in ("_kernel", "_confine", "_template"):
            sys.modules.pop(name, None)
        with contextlib.suppress(ImportError):
            from mcpforge.runtime import _warm_cache

            _warm_cache.start_recording()
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


class _Call:
    """One running child: its pipes (capped), its exit, its deadline."""

    def __init__(self, pid: int, pipes: dict[int, str], limits: dict[str, Any]) -> None:
        self.pid = pid
        self.pipes = pipes
        self.timeout = float(limits["timeout_seconds"])
        self.cap = int(limits["max_stdout_bytes"])
        self.data = {name: bytearray() for name in pipes.values()}
        self.status: int | None = None
        self.timed_out = False
        self.killed_reason: str | None = None

    def read(self, fd: int) -> bool:
        """Read what the pipe holds; False at its end."""
        chunk = os.read(fd, _CHUNK)
        if not chunk:
            return False
        buffer = self.data[self.pipes[fd]]
        buffer += chunk[: max(self.cap - len(buffer), 0)]
        if len(buffer) >= self.cap and self.killed_reason is None:
            self.killed_reason = f"{self.pipes[fd]} exceeded {self.cap} bytes"
            _kill_group(self.pid)
        return True

    def reap(self, *, timed_out: bool = False) -> None:
        """The child ended (or its time is up): kill what it left behind and collect its status."""
        if timed_out:
            self.timed_out = True
            self.killed_reason = f"wall-clock limit of {self.timeout:g}s"
        _kill_group(self.pid)
        _, self.status = os.waitpid(self.pid, 0)

    def answer(self, duration_ms: float) -> dict[str, Any]:
        status = self.status
        assert status is not None
        return {
            "exit_code": os.WEXITSTATUS(status) if os.WIFEXITED(status) else None,
            "signal": os.WTERMSIG(status) if os.WIFSIGNALED(status) else None,
            "stdout": self.data["stdout"].decode("utf-8", "replace"),
            "stderr": self.data["stderr"].decode("utf-8", "replace"),
            "timed_out": self.timed_out,
            "killed_reason": self.killed_reason,
            "duration_ms": duration_ms,
        }


def _collect(call: _Call) -> dict[str, Any]:
    """Wait for the child with the wall-clock limit, then drain its pipes (bounded)."""
    started = time.monotonic()
    deadline = started + call.timeout
    pidfd = os.pidfd_open(call.pid)
    selector = selectors.DefaultSelector()
    for fd in call.pipes:
        selector.register(fd, selectors.EVENT_READ)
    selector.register(pidfd, selectors.EVENT_READ)
    open_pipes = set(call.pipes)
    try:
        while call.status is None:
            wait = deadline - time.monotonic()
            if wait <= 0:
                call.reap(timed_out=True)
                break
            for key, _ in selector.select(wait):
                if key.fd == pidfd:
                    call.reap()
                elif not call.read(key.fd):
                    selector.unregister(key.fd)
                    open_pipes.discard(key.fd)
        selector.unregister(pidfd)
        drain_until = time.monotonic() + _DRAIN_SECONDS
        while open_pipes and (wait := drain_until - time.monotonic()) > 0:
            for key, _ in selector.select(wait):
                if not call.read(key.fd):
                    selector.unregister(key.fd)
                    open_pipes.discard(key.fd)
    finally:
        selector.close()
        os.close(pidfd)
    return call.answer((time.monotonic() - started) * 1000)


def _kill_group(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)


def _await_empty_group(pgid: int) -> None:
    """Wait (bounded) until the call's group is gone, so the answer means nothing of it still runs.

    Its killed members are reaped by the namespace's init (bwrap), a moment after the kill.
    """
    deadline = time.monotonic() + _DRAIN_SECONDS
    while time.monotonic() < deadline:
        _reap_strays()
        try:
            os.killpg(pgid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            return
        time.sleep(0.002)


def _reap_strays() -> None:
    """Reap children a call made this template's own (``clone(CLONE_PARENT)``) once they are killed."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def _serve_one(cfg: dict[str, Any], request: dict[str, Any]) -> dict[str, Any]:
    call_dir = _prepare_call_dir(request)
    try:
        out_r, out_w = os.pipe()
        err_r, err_w = os.pipe()
        pid = os.fork()
        if pid == 0:
            _child(cfg, request, call_dir, out_w, err_w)
        with contextlib.suppress(PermissionError, ProcessLookupError):
            os.setpgid(pid, pid)  # also done by the child: whichever runs first, no race
        os.close(out_w)
        os.close(err_w)
        try:
            answer = _collect(_Call(pid, {out_r: "stdout", err_r: "stderr"}, request["limits"]))
            _await_empty_group(pid)
            return answer
        finally:
            os.close(out_r)
            os.close(err_r)
    finally:
        shutil.rmtree(call_dir, ignore_errors=True)


def _reported_loads(stdout: str) -> list[Any]:
    """The loads a call reported in its result line (untrusted: only a hint of what to parse next)."""
    for line in reversed(stdout.splitlines()):
        if line.startswith(_runner.RESULT_MARKER):
            try:
                loads = json.loads(line[len(_runner.RESULT_MARKER) :]).get("loads")
            except (ValueError, AttributeError):
                return []
            return loads if isinstance(loads, list) else []
    return []


def _prime(request: dict[str, Any], answer: dict[str, Any]) -> None:
    """After answering: parse the files the call loaded, with its arguments, for the calls to come.

    Only files the call was given, only the loader's own arguments, only with the call's dataset
    limits; the parse is the runtime's, in this trusted process. A file that fails to load is left to
    the calls, which report the error themselves.
    """
    loads = _reported_loads(str(answer.get("stdout", "")))
    if not loads:
        return
    try:
        from mcpforge import runtime
        from mcpforge.exceptions import MCPForgeError
        from mcpforge.runtime import _warm_cache
    except ImportError:
        return
    limits = request["payload"].get("dataset_limits") or {}
    runtime.configure(
        allowed_read_paths=list(request["read"]),
        max_rows=limits.get("max_rows"),
        max_cols=limits.get("max_cols"),
        max_memory_mb=limits.get("max_memory_mb"),
    )
    for load in loads[: _warm_cache.MAX_RECORDED]:
        if not isinstance(load, dict) or load.get("path") not in request["read"]:
            continue
        if not _warm_cache.well_formed(load.get("arguments")):
            continue
        with contextlib.suppress(MCPForgeError, OSError, ValueError, TypeError, LookupError, MemoryError):
            _warm_cache.remember(load["path"], load["arguments"], runtime.load_csv_data_with_types)
    runtime.configure(allowed_read_paths=[])


def main(argv: list[str]) -> int:
    """Entry point inside the sandbox; ``argv[1]`` is the JSON configuration."""
    cfg = json.loads(argv[1])
    sys.path[:] = [os.path.dirname(os.path.abspath(__file__)), *cfg["sys_path"]]
    os.makedirs(CALLS_DIR, mode=0o700, exist_ok=True)
    # Arrow's default allocator (mimalloc) reserves about 1 GB of address space at its first use,
    # which every call would inherit against its address-space limit; the system allocator does not.
    os.environ.setdefault("ARROW_DEFAULT_MEMORY_POOL", "system")
    failed = _preload(list(cfg["preload"]))
    _exercise()
    # A child cannot open the template's pipes through /proc/PID/fd (same uid): non-dumpable.
    _kernel.set_dumpable(False)
    gc.freeze()  # what is loaded now stays shared with every child instead of being copied on write
    channel = sys.stdout.buffer
    channel.write(json.dumps({"ready": True, "preload_failed": failed}).encode() + b"\n")
    channel.flush()
    # From here on nothing of the template's own goes to stderr (warnings of the parses for later
    # calls would pile up against the host's cap on it); each call has its own pipes.
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 2)
    os.close(devnull)
    for line in sys.stdin.buffer:
        request: dict[str, Any] = {}
        try:
            request = json.loads(line)
            answer = _serve_one(cfg, request)
        except (OSError, ValueError, KeyError) as exc:
            answer = {"setup_error": f"{type(exc).__name__}: {exc}"}
        channel.write(json.dumps(answer).encode() + b"\n")
        channel.flush()
        if not answer.get("setup_error"):
            _prime(request, answer)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
