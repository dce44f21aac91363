"""The running-process handle every backend returns: pipes, caps, wall-clock kill, result collection."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import IO

from mcpforge.exceptions import SandboxError
from mcpforge.sandbox._cgroup import RunCgroup
from mcpforge.sandbox._identity import Launcher, refuse
from mcpforge.sandbox._outputs import ChannelReport, collect_outputs, read_channel
from mcpforge.sandbox.base import RunningSandbox, SandboxLimits, SandboxResult

CONFINEMENT_FAILED_EXIT = 121
_GRACE_SECONDS = 5.0
_CHUNK = 1 << 16


class _CappedReader:
    """Drains a pipe in a thread, keeping at most ``cap`` bytes; calls ``on_overflow`` once past it."""

    def __init__(self, stream: IO[bytes], cap: int, on_overflow: Callable[[], None]) -> None:
        self.data = bytearray()
        self.overflowed = False
        self._stream = stream
        self._cap = cap
        self._on_overflow = on_overflow
        self.thread = threading.Thread(target=self._drain, daemon=True)
        self.thread.start()

    def _drain(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            while chunk := self._stream.read1(_CHUNK):  # type: ignore[attr-defined]
                room = self._cap - len(self.data)
                if room > 0:
                    self.data += chunk[:room]
                if len(chunk) > room and not self.overflowed:
                    self.overflowed = True
                    self._on_overflow()


class ProcessRun(RunningSandbox):
    """A sandboxed child process; see :class:`RunningSandbox`.

    With ``channel`` (a pipe whose write end the child inherits) the child is ``_confine.py``, and
    outputs and the real exit status come over that pipe; otherwise outputs are read from
    ``host_out_dir`` without following symlinks.
    """

    def __init__(
        self,
        *,
        backend: str,
        argv: list[str],
        env: dict[str, str],
        cwd: Path,
        limits: SandboxLimits,
        workdir: TemporaryDirectory[str],
        stdin_data: bytes = b"",
        channel: tuple[int, int] | None = None,
        host_out_dir: Path | None = None,
        cgroup: RunCgroup | None = None,
        launcher: Launcher,
        pass_fds: tuple[int, ...] = (),
        on_start_failure: Callable[[], None] | None = None,
    ) -> None:
        self.backend = backend
        self._on_start_failure = on_start_failure
        self._limits = limits
        self._workdir = workdir
        self._host_out_dir = host_out_dir
        self._killed_reason: str | None = None
        self._timed_out = False
        self._result: SandboxResult | None = None
        self._closed = False
        self._lock = threading.Lock()
        self._started = time.perf_counter()
        self._cgroup = cgroup
        if cgroup is not None:
            launcher.add_step(cgroup.enter)
        try:
            self._proc = subprocess.Popen(
                argv,
                cwd=cwd,
                env=env,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                pass_fds=((channel[1],) if channel else ()) + pass_fds,
                start_new_session=True,
                preexec_fn=launcher,  # noqa: PLW1509 - cgroup, mounts and the uid drop happen in the child
            )
        except (OSError, subprocess.SubprocessError) as exc:
            workdir.cleanup()
            if cgroup is not None:
                cgroup.remove()
            if launcher.ident.dropped_from_root:
                raise refuse(launcher.ident, str(exc)) from exc
            raise SandboxError(f"cannot start the {backend!r} sandbox: {exc}") from exc
        finally:
            if channel:
                os.close(channel[1])
        assert (
            self._proc.stdin is not None and self._proc.stdout is not None and self._proc.stderr is not None
        )
        self.stdin = self._proc.stdin
        self.stdout = self._proc.stdout
        self._stderr = _CappedReader(self._proc.stderr, limits.max_stdout_bytes, self._stderr_overflow)
        self._channel_report = ChannelReport()
        self._channel_thread: threading.Thread | None = None
        if channel:
            stream = os.fdopen(channel[0], "rb")
            self._channel_thread = threading.Thread(target=self._read_channel, args=(stream,), daemon=True)
            self._channel_thread.start()
        self._timer = threading.Timer(limits.timeout_seconds, self._on_timeout)
        self._timer.daemon = True
        self._timer.start()
        self._writer: threading.Thread | None = None
        if stdin_data:
            self._writer = threading.Thread(target=self._write_stdin, args=(stdin_data,), daemon=True)
            self._writer.start()

    # -- threads -----------------------------------------------------------------------------------
    def _read_channel(self, stream: IO[bytes]) -> None:
        with stream, contextlib.suppress(OSError, ValueError):
            read_channel(stream, self._limits.max_output_bytes, self._channel_report)

    def _write_stdin(self, data: bytes) -> None:
        with contextlib.suppress(OSError, ValueError):
            self.stdin.write(data)
            self.stdin.flush()

    def _on_timeout(self) -> None:
        if self._proc.poll() is None:
            self._timed_out = True
            self.kill(f"wall-clock limit of {self._limits.timeout_seconds:g}s")

    def _stderr_overflow(self) -> None:
        self.kill(f"stderr exceeded {self._limits.max_stdout_bytes} bytes")

    def _stdout_overflow(self) -> None:
        self.kill(f"stdout exceeded {self._limits.max_stdout_bytes} bytes")

    # -- RunningSandbox ------------------------------------------------------------------------------
    @property
    def cgroup(self) -> RunCgroup | None:
        """The run's cgroup (None when cgroups are not available here)."""
        return self._cgroup

    @property
    def pid(self) -> int:
        """The host pid of the outermost sandbox process."""
        return self._proc.pid

    def wait(self, timeout: float | None = None) -> int | None:
        try:
            return self._proc.wait(timeout)
        except subprocess.TimeoutExpired:
            return None

    def kill(self, reason: str = "killed by the caller") -> None:
        with self._lock:
            if self._killed_reason is None and self._proc.poll() is None:
                self._killed_reason = reason
        self._kill_tree()

    def _kill_tree(self) -> None:
        if self._cgroup is not None:
            self._cgroup.kill_all()
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self._proc.pid, signal.SIGKILL)
        with contextlib.suppress(ProcessLookupError):
            self._proc.kill()

    def result(self) -> SandboxResult:
        if self._result is not None:
            return self._result
        deadline = self._started + self._limits.timeout_seconds + _GRACE_SECONDS
        if self._writer is not None:
            self._writer.join(max(deadline - time.perf_counter(), 0.0))
        with contextlib.suppress(OSError, ValueError):
            self.stdin.close()
        stdout = _CappedReader(self.stdout, self._limits.max_stdout_bytes, self._stdout_overflow)
        # A blocking wait (Popen.wait with a timeout polls with sleeps): the watchdog timer kills the tree
        # at the wall-clock limit, and a backstop timer covers a watchdog that could not act.
        backstop = threading.Timer(max(deadline - time.perf_counter(), 0.1), self._on_timeout)
        backstop.daemon = True
        backstop.start()
        try:
            self._proc.wait()
        finally:
            backstop.cancel()
        duration_ms = (time.perf_counter() - self._started) * 1000
        self._timer.cancel()
        self._kill_tree()  # stragglers that left the process group die with it (weak backend)
        for thread in (stdout.thread, self._stderr.thread, self._channel_thread):
            if thread is not None:
                thread.join(_GRACE_SECONDS)
        self._result = self._build_result(bytes(stdout.data), bytes(self._stderr.data), duration_ms)
        return self._result

    def _build_result(self, stdout: bytes, stderr: bytes, duration_ms: float) -> SandboxResult:
        stderr_text = stderr.decode("utf-8", "replace")
        status = self._channel_report.status
        exit_code: int | None = self._proc.returncode
        killed = self._killed_reason
        outputs: dict[str, bytes] = {}
        if self._channel_thread is None:
            if self._host_out_dir:
                outputs, skipped = collect_outputs(self._host_out_dir, self._limits.max_output_bytes)
                self._channel_report.skipped.update(skipped)
        else:
            outputs = dict(self._channel_report.outputs)
            if status is not None and status.get("setup_error"):
                self._start_failed()
                raise SandboxError(
                    f"the {self.backend!r} sandbox could not be set up: {status['setup_error']}"
                )
            if killed is None and status is None and stderr_text.startswith("bwrap:"):
                self._start_failed()
                raise SandboxError(f"the {self.backend!r} sandbox could not start: {stderr_text.strip()}")
            if status is not None:
                exit_code = -int(status["signal"]) if status.get("signal") else int(status["exit_code"])
            elif killed is None:
                killed = "the sandbox supervisor ended without reporting a status"
        if exit_code == CONFINEMENT_FAILED_EXIT and "confinement failed" in stderr_text:
            self._start_failed()
            raise SandboxError(f"the {self.backend!r} sandbox refused to run: {stderr_text.strip()}")
        if killed is None and exit_code is not None and exit_code < 0:
            killed = signal_reason(-exit_code, self._limits)
            if exit_code == -signal.SIGKILL and self._cgroup is not None and self._cgroup.memory_exhausted():
                killed = f"memory limit of {self._limits.memory_mb} MB for the whole run"
        return SandboxResult(
            exit_code=exit_code,
            stdout=stdout.decode("utf-8", "replace"),
            stderr=stderr_text,
            timed_out=self._timed_out,
            killed_reason=killed,
            outputs=outputs,
            skipped_outputs=dict(self._channel_report.skipped),
            backend=self.backend,
            duration_ms=duration_ms,
        )

    def _start_failed(self) -> None:
        """The sandbox did not get as far as the code: what its backend probed may be out of date."""
        if self._on_start_failure is not None:
            self._on_start_failure()

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        self._timer.cancel()
        if self._proc.poll() is None:
            self.kill("closed while still running")
            self._proc.wait()
        self._kill_tree()
        self._stderr.thread.join(_GRACE_SECONDS)
        if self._channel_thread is not None:
            self._channel_thread.join(_GRACE_SECONDS)
        for stream in (self.stdin, self.stdout, self._proc.stderr):
            with contextlib.suppress(OSError, ValueError):
                if stream is not None:
                    stream.close()
        self._workdir.cleanup()
        if self._cgroup is not None:
            _remove_cgroup(self._cgroup)


def _remove_cgroup(cgroup: RunCgroup) -> None:
    # Processes killed a moment ago may still be exiting; rmdir succeeds once the group is empty.
    deadline = time.monotonic() + 2.0
    while True:
        cgroup.kill_all()
        cgroup.remove()
        if not any(path.exists() for path in cgroup.paths.values()) or time.monotonic() > deadline:
            return
        time.sleep(0.01)


def signal_reason(signum: int, limits: SandboxLimits) -> str:
    if signum == signal.SIGXCPU:
        return f"cpu time limit of {limits.cpu_seconds}s"
    if signum == signal.SIGXFSZ:
        return f"file size limit of {limits.max_output_bytes} bytes"
    try:
        return f"signal {signal.Signals(signum).name}"
    except ValueError:
        return f"signal {signum}"
