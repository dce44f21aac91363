"""Warm tool calls: children forked from a pre-imported sandbox template, for ``mcpforge serve`` (and
for validation on a big file, ``pipeline/validation/warm_sandbox.py``).

A fresh sandboxed process per call spends most of its time importing pandas (about 0.35 s of CPU), which
bounds two cores to about four calls a second. A template (``_template.py``) is a bwrap sandbox like
any other, with serve's data roots mounted read-only, that imports the trusted libraries once and
then forks a *zygote* before it reads any request: every call is forked from that zygote, which no
request, argument, output or data file ever reaches (``_zygote.py``). The call gets its own user, IPC
and mount namespaces (its own process budget, no SysV IPC of another call, a private size-capped work
space) and confines itself (its own Landlock domain over the interpreter, its code and its data files
only; rlimits; seccomp with a ban on leaving its process group) before the tool is loaded, and is
never reused. The template never runs untrusted code.

Used only where every layer holds: the bwrap backend and Landlock ABI 6 or later (a call's domain must
not signal the template or another call). A call is warm only when the template shows each file it reads
as the file is now (under a root shown whole, itself the folder bound at the start, or the very inode
bound at the start) and the sandbox uid may read it; anything else (and any failure of the template
itself) runs in a fresh sandbox exactly as before; a call the template accepted is never run a second
time (if the template dies under it, the call fails with a clear error). A template that fails to start
is tried again after a back-off, by a timer rather than by the next call, so warm calls come back by
themselves; a template found stopped (SIGSTOP, a debugger) while a call waits is killed within a second
or two and replaced, instead of holding its calls to their time limit. One template serves every run slot
at once; libraries of ``ON_DEMAND`` are imported by a replacement template once a tool imports them. See
docs/DECISIONS.md "Warm calls".
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import select
import signal
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from mcpforge.exceptions import InvalidArgumentError, SandboxError
from mcpforge.runtime import SUBMODULES as RUNTIME_SUBMODULES
from mcpforge.sandbox._identity import readable_by, sandbox_identity, searchable_by
from mcpforge.sandbox._kernel import landlock_abi
from mcpforge.sandbox._layout import PROC_READ, SYSTEM_FILES, SYSTEM_LIB_DIRS, data_layout, python_layout
from mcpforge.sandbox._process import CONFINEMENT_FAILED_EXIT, ProcessRun, signal_reason
from mcpforge.sandbox._stopped import stopped_processes
from mcpforge.sandbox.base import Sandbox, SandboxLimits, SandboxRequest, SandboxResult
from mcpforge.sandbox.bwrap import BwrapSandbox
from mcpforge.sandbox.tool_call import (
    ToolBatchResult,
    ToolCall,
    ToolCallOutcome,
    batch_from_result,
    single_outcome,
    tool_payload,
)

logger = logging.getLogger("mcpforge.sandbox")

# Trusted libraries the template imports once; a missing optional one is simply imported by the tool.
PRELOAD = (
    "numpy",
    "pandas",
    "pyarrow",
    "pyarrow.csv",
    "pydantic.fields",  # `from pydantic import Field` in every forged tool: pydantic loads it lazily
    "mcpforge.runtime",
    *RUNTIME_SUBMODULES,  # the runtime's names load lazily (pandas with them): no child may pay for that
)
ON_DEMAND = {"scipy": ("scipy.stats",)}
"""Trusted libraries a template imports only once a tool it serves imports them (the top-level name):
scipy.stats costs a template 57 MB that a registry of counting tools never uses."""
_IMPORT = re.compile(r"^\s*(?:import|from)\s+([A-Za-z_]\w*)", re.MULTILINE)
MIN_LANDLOCK_ABI = 6  # signal and abstract-socket scoping: a call cannot reach the template or a neighbour
START_SECONDS = 60.0  # bwrap, the interpreter and the imports, on a loaded machine
GRACE_SECONDS = 5.0  # past a call's own wall-clock limit, which the template enforces
RETIRE_AFTER_CALLS = 10_000
RETIRE_AFTER_SECONDS = 3600.0
_TEMPLATE_OVERHEAD_MB = 768  # the template's and the zygote's own pages
_HELPERS_PER_CALL = 2  # the call's reaper, and the call's own process before its tool starts threads
RETRY_AFTER_SECONDS = (5.0, 15.0, 60.0, 300.0)  # a template that did not start is tried again then
_TIMER_SLACK_SECONDS = 0.05  # a retry timer fires at or after the retry time, never a hair before
STALL_CHECK_SECONDS = 1.0  # how often a waiting call checks that the template is not stopped
_SUPERVISOR_DEPTH = 3  # bwrap, its pid-1 bwrap, the template, the zygote: the processes below are calls
LOST = "the warm sandbox stopped while this call ran; it was not run again"


def warm_available(sandbox: Sandbox) -> tuple[bool, str]:
    """Whether warm calls can keep every guarantee of a fresh sandbox here, and why not."""
    if not isinstance(sandbox, BwrapSandbox):
        return False, f"warm calls need the bwrap backend (this is {sandbox.name!r})"
    abi = landlock_abi()
    if abi < MIN_LANDLOCK_ABI:
        return False, f"warm calls need Landlock ABI {MIN_LANDLOCK_ABI} (this kernel has {abi})"
    return True, f"warm calls: bwrap template, Landlock ABI {abi} per call"


@dataclass
class _Waiter:
    """A caller waiting for the answer with its id (None: the template failed first)."""

    event: threading.Event = field(default_factory=threading.Event)
    answer: dict[str, Any] | None = None
    accepted: bool = False  # the template took the call: from then on it may have run


class WarmTemplate:
    """One running template; calls from several threads run in it at once, matched to answers by id."""

    def __init__(
        self,
        sandbox: BwrapSandbox,
        roots: Sequence[Path],
        limits: SandboxLimits,
        *,
        concurrency: int,
        preload: Sequence[str] = PRELOAD,
        huge_pages: bool = True,
        live_roots: bool = False,
    ) -> None:
        request = SandboxRequest(
            script="",
            read_paths=tuple(roots),
            limits=replace(
                limits,
                timeout_seconds=RETIRE_AFTER_SECONDS * 2,
                memory_mb=limits.memory_mb * concurrency + _TEMPLATE_OVERHEAD_MB,
                max_processes=(limits.max_processes + _HELPERS_PER_CALL) * concurrency + 8,
            ),
        )
        self._ident = sandbox_identity()
        data = data_layout(request, self._ident, whole_dirs=live_roots)
        self.whole_roots = tuple(Path(real) for real, _ in data.whole)
        # A root shown whole is bound by inode too: a folder removed and made again is not what it shows.
        self._bound_roots = {root: _identity(root) for root in self.whole_roots}
        # Files of a root shown file by file are bound by inode: a file replaced since would show stale.
        self._bound_files = {real: _identity(Path(real)) for real, _ in data.files}
        layout = python_layout()
        config = {
            "sys_path": list(layout.sys_path),
            "preload": list(preload),
            "huge_pages": huge_pages,
            "read": [*SYSTEM_LIB_DIRS, *SYSTEM_FILES, *layout.read_roots, *PROC_READ],
        }
        self._run: ProcessRun = sandbox.spawn_template(request, json.dumps(config), data)
        self._lock = threading.Lock()
        self._write_lock = threading.Lock()
        self._waiting: dict[int, _Waiter] = {}
        self._next_id = 0
        self.calls = 0
        self.started = time.monotonic()
        self.alive = True
        self._why: str | None = None  # why the template is being given up, once it is
        ready = self._read_ready(START_SECONDS)
        if ready is None or not ready.get("ready"):
            self.close()
            raise SandboxError(f"the warm sandbox template did not start: {self._stderr_tail()}")
        self._reader = threading.Thread(target=self._read_answers, name="warm-template", daemon=True)
        self._reader.start()

    def covers(self, path: Path) -> bool:
        """Whether the template shows ``path`` (a resolved file) as it is now, readable by the sandbox uid.

        A file the uid could not read was shown as a copy made at the start: never warm.
        """
        bound = self._bound_files.get(str(path))
        if bound is not None:
            return bound == _identity(path) and readable_by(path.stat(), self._ident)
        root = next((r for r in self.whole_roots if path.is_relative_to(r)), None)
        if root is None or _identity(root) != self._bound_roots[root]:
            return False
        parts = path.relative_to(root).parts
        folders = [root.joinpath(*parts[:i]) for i in range(len(parts))]
        try:
            if not all(searchable_by(folder.stat(), self._ident) for folder in folders):
                return False
            return readable_by(path.stat(), self._ident)
        except OSError:
            return False

    def retired(self) -> bool:
        """Old or well used: new calls go to a new template (a fresh template costs about a second)."""
        age = time.monotonic() - self.started
        return self.calls >= RETIRE_AFTER_CALLS or age >= RETIRE_AFTER_SECONDS

    def busy(self) -> bool:
        """Whether calls are still waiting for their answers."""
        with self._lock:
            return bool(self._waiting)

    def run(self, request: dict[str, Any], limits: SandboxLimits) -> SandboxResult | None:
        """One call; None when it must run in a fresh sandbox (the template failed before it took the
        call: it is then closed). A call the template took and then lost is never run again: its result
        says so (:data:`LOST`)."""
        waiter = _Waiter()
        cgroup = self._run.cgroup
        oom_before = cgroup.oom_kills() if cgroup is not None else 0
        with self._lock:
            if not self.alive:
                return None
            self.calls += 1
            self._next_id += 1
            call_id = self._next_id
            self._waiting[call_id] = waiter
        line = json.dumps({**request, "id": call_id}, default=str).encode("utf-8") + b"\n"
        try:
            with self._write_lock:  # not the waiting lock: the reader must deliver while a write blocks
                self._run.stdin.write(line)
                self._run.stdin.flush()
        except (OSError, ValueError):
            self._fail("its stdin is closed")
            return None
        self._await(waiter, time.monotonic() + limits.timeout_seconds + GRACE_SECONDS)
        answer = waiter.answer
        if answer is None and waiter.accepted:
            return _lost(limits)
        if answer is None or answer.get("setup_error"):
            why = answer.get("setup_error") if answer else "it stopped"
            logger.warning("the warm sandbox template failed (%s); the call runs in a fresh sandbox", why)
            if answer is not None:
                self._fail(str(why))
            return None
        oom_killed = cgroup is not None and cgroup.oom_kills() > oom_before
        return _result(answer, limits, oom_killed=oom_killed)

    def _await(self, waiter: _Waiter, deadline: float) -> None:
        """Wait for the call's answer until ``deadline``; a template found stopped (SIGSTOP, a debugger)
        is given up within :data:`STALL_CHECK_SECONDS` instead of holding the call to its limit."""
        while not waiter.event.wait(min(STALL_CHECK_SECONDS, max(deadline - time.monotonic(), 0.0))):
            if time.monotonic() >= deadline:
                self._fail("no answer within the call's limit")
                return
            if stopped_processes(self._run.pid, depth=_SUPERVISOR_DEPTH):
                self._give_up("it is stopped (SIGSTOP or a debugger)")
                return

    def _give_up(self, why: str) -> None:
        """Kill the template, then read what it wrote before it died, so that a call it accepted is
        known as accepted (and never run again) before its caller decides."""
        with self._lock:
            if self._why is not None:
                return  # another caller is giving up on it: its ``_fail`` wakes this one
            self._why = why
        self._run.kill(f"warm template failed: {why}")
        self._reader.join(GRACE_SECONDS)
        self._fail(why)

    def _read_ready(self, timeout: float) -> dict[str, Any] | None:
        fd = self._run.stdout.fileno()
        buffer = b""
        deadline = time.monotonic() + timeout
        while b"\n" not in buffer:
            wait = deadline - time.monotonic()
            if wait <= 0 or not select.select([fd], [], [], wait)[0]:
                return None
            chunk = os.read(fd, 1)  # byte by byte: what follows the line belongs to the reader thread
            if not chunk:
                return None
            buffer += chunk
        try:
            ready = json.loads(buffer)
        except json.JSONDecodeError:
            return None
        return ready if isinstance(ready, dict) else None

    def _read_answers(self) -> None:
        fd = self._run.stdout.fileno()
        buffer = b""
        while True:
            try:
                chunk = os.read(fd, 1 << 16)
            except OSError:
                chunk = b""
            if not chunk:
                self._fail(self._why or "it exited")
                return
            buffer += chunk
            while b"\n" in buffer:
                line, _, buffer = buffer.partition(b"\n")
                self._deliver(line)

    def _deliver(self, line: bytes) -> None:
        try:
            answer = json.loads(line)
        except json.JSONDecodeError:
            return
        if not isinstance(answer, dict):
            return
        with self._lock:
            if answer.get("accepted"):
                accepted = self._waiting.get(answer.get("id"))  # type: ignore[arg-type]
                if accepted is not None:
                    accepted.accepted = True
                return
            waiter = self._waiting.pop(answer.get("id"), None)  # type: ignore[arg-type]
        if waiter is not None:
            waiter.answer = answer
            waiter.event.set()

    def _fail(self, why: str) -> None:
        """The template is of no more use: every waiting call runs fresh, and the template is stopped."""
        with self._lock:
            was_alive, self.alive = self.alive, False
            waiting, self._waiting = list(self._waiting.values()), {}
        for waiter in waiting:
            waiter.event.set()
        if was_alive:
            logger.warning("the warm sandbox template stopped (%s); its calls run in fresh sandboxes", why)
            self._run.kill(f"warm template failed: {why}")

    def _stderr_tail(self) -> str:
        if self._run.wait(0) is None:
            return "no answer in time"
        tail = self._run.result().stderr.strip().splitlines()[-3:]
        return " | ".join(tail) or "it exited without a message"

    def close(self) -> None:
        """Stop the template and everything in it; idempotent."""
        with self._lock:
            self.alive = False
            waiting, self._waiting = list(self._waiting.values()), {}
        for waiter in waiting:
            waiter.event.set()
        self._run.close()


def _callers_nice() -> int:
    """The nice value of the calling thread (Linux gives each thread its own; a child takes its
    starter's): the warm child takes it too, as a fresh sandbox started from this thread would."""
    try:
        return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    except OSError:
        return 0


def _close_started(started: Future[WarmTemplate]) -> None:
    if not started.cancelled() and started.exception() is None:
        with contextlib.suppress(OSError, SandboxError):
            started.result().close()


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_dev, st.st_ino)


def _lost(limits: SandboxLimits) -> SandboxResult:
    """The result of a call the template took and then lost: an error, never a second run."""
    logger.warning("a warm call was lost with its template; it is not run again")
    return SandboxResult(
        exit_code=None,
        stdout="",
        stderr=f"mcpforge sandbox: {LOST}\n",
        timed_out=False,
        killed_reason=LOST,
        outputs={},
        backend="bwrap-warm",
        duration_ms=limits.timeout_seconds * 1000,
    )


def _result(answer: dict[str, Any], limits: SandboxLimits, *, oom_killed: bool) -> SandboxResult:
    signum = answer.get("signal")
    exit_code = -int(signum) if signum else answer.get("exit_code")
    stderr = str(answer.get("stderr", ""))
    if exit_code == CONFINEMENT_FAILED_EXIT and "confinement failed" in stderr:
        raise SandboxError(f"the 'bwrap' warm sandbox refused to run: {stderr.strip()}")
    killed = answer.get("killed_reason") or (signal_reason(int(signum), limits) if signum else None)
    if oom_killed and signum == signal.SIGKILL and not answer.get("timed_out"):
        killed = f"memory limit of {limits.memory_mb} MB for the run"
    return SandboxResult(
        exit_code=exit_code,
        stdout=str(answer.get("stdout", "")),
        stderr=stderr,
        timed_out=bool(answer.get("timed_out")),
        killed_reason=killed,
        outputs={},
        backend="bwrap-warm",
        duration_ms=float(answer.get("duration_ms", 0.0)),
    )


class WarmCalls:
    """One template shared by up to ``size`` calls at once; started on demand, replaced when needed.

    The caller bounds concurrency to ``size`` (serve's run slots); the template's cgroup is sized for it.
    ``learn``: start a replacement with scipy preloaded once a tool imports it; ``huge_pages`` off:
    the template and its calls use no transparent huge pages
    (``_kernel.disable_transparent_huge_pages``); ``live_roots``: the roots are folders the caller fills
    while templates run (validation's ``shown/``), bound whole whatever they hold when a template (or
    its replacement) starts, never as a snapshot of their files of that instant. A template that cannot
    start turns warm calls off for a while (:data:`RETRY_AFTER_SECONDS`), then the next call tries again;
    :meth:`status` says which it is, and the log says when they go off and when they are back.
    """

    def __init__(
        self,
        sandbox: BwrapSandbox,
        roots: Sequence[Path],
        limits: SandboxLimits,
        *,
        size: int,
        learn: bool = True,
        huge_pages: bool = True,
        live_roots: bool = False,
        on_status: Callable[[dict[str, Any]], None] | None = None,
    ) -> None:
        self._sandbox = sandbox
        self._on_status = on_status
        self._roots = tuple(roots)
        self._limits = limits
        self._options: dict[str, Any] = {
            "concurrency": size,
            "preload": PRELOAD,
            "huge_pages": huge_pages,
            "live_roots": live_roots,
        }
        self._learn = learn
        self._starting: Future[WarmTemplate] | None = None
        self._disabled: str | None = None  # why warm calls are off, until ``_retry_at``
        self._retry_at = 0.0
        self._start_failures = 0
        self._templates_started = 0
        self._lock = threading.Lock()
        self._current: WarmTemplate | None = None
        self._retiring: list[WarmTemplate] = []
        self._closed = False
        # bwrap dies with the *thread* that started it (--die-with-parent is PR_SET_PDEATHSIG), and
        # serve's worker threads come and go: templates are started from one thread that lives as long
        # as this object.
        self._spawner = ThreadPoolExecutor(max_workers=1, thread_name_prefix="warm-spawn")

    def call_tool(
        self, tool_source: str, arguments: dict[str, Any], *, read_paths: Sequence[Path]
    ) -> ToolCallOutcome | None:
        """The call's outcome from a warm child; None when this call must run in a fresh sandbox."""
        call = ToolCall(arguments=arguments, call_id="call")
        batch = self.call_batch(tool_source, [call], read_paths=read_paths)
        return None if batch is None else single_outcome(batch)

    def call_batch(
        self,
        tool_source: str,
        calls: Sequence[ToolCall],
        *,
        read_paths: Sequence[Path],
        function_name: str | None = None,
    ) -> ToolBatchResult | None:
        """The outcomes of ``calls``, made one after another in one warm child (as ``call_tool_batch``
        makes them in one fresh sandbox); None when they must run in a fresh sandbox."""
        raw = self.call_raw(tool_source, calls, read_paths=read_paths, function_name=function_name)
        return None if raw is None else batch_from_result(raw)

    def call_raw(
        self,
        tool_source: str,
        calls: Sequence[ToolCall],
        *,
        read_paths: Sequence[Path],
        function_name: str | None = None,
    ) -> SandboxResult | None:
        """The warm child's own result for ``calls`` (what :meth:`call_batch` parses; the resident helper,
        ``resident.py``, sends it to its caller as it is); None when they must run in a fresh sandbox."""
        if self._learn:
            self._preload_for(tool_source)
        try:  # a replaced template is stopped after a cold call too, not only after a warm one
            template = self._template()
            if template is None or not all(template.covers(Path(p)) for p in read_paths):
                return None
            payload = tool_payload(
                calls, read_paths=read_paths, limits=self._limits, function_name=function_name
            )
            return template.run(self._request(tool_source, payload, read_paths), self._limits)
        finally:
            self._close_retired()

    def shows(self, path: Path) -> bool:
        """Whether the template now serving would run a call reading ``path`` warm (True when there is
        none yet, or it died: the next call starts one). The resident helper asks this of a file it has
        just written, to find out whether its template still sees what is written after its start."""
        with self._lock:
            current = self._current
        return current is None or not current.alive or current.covers(path)

    def _request(self, source: str, payload: dict[str, Any], read_paths: Sequence[Path]) -> dict[str, Any]:
        limits = self._limits
        return {
            "tool_source": source,
            "payload": payload,
            "read": [str(p) for p in read_paths],
            "nice": _callers_nice(),
            "limits": {
                "timeout_seconds": limits.timeout_seconds,
                "memory_bytes": limits.memory_mb * 1024 * 1024,
                "cpu_seconds": limits.cpu_seconds,
                "max_open_files": limits.max_open_files,
                "max_file_bytes": limits.max_output_bytes,
                "max_processes": limits.max_processes,
                "max_stdout_bytes": limits.max_stdout_bytes,
            },
        }

    def start(self, *, wait: bool = True) -> None:
        """Start the template now instead of at the first call (``wait``: until it is ready)."""
        if wait:
            self._template()
            return
        with self._lock:
            if self._off() or self._closed or self._current is not None or self._starting is not None:
                return
            started = self._starting = self._spawn()
        started.add_done_callback(self._on_started)  # outside the lock: it may run here and now

    def _on_started(self, started: Future[WarmTemplate]) -> None:
        """A start in the background (serve's warm-up, a retry after a failed start) ended: its template
        serves from now on, or warm calls are off again for a longer while."""
        with self._lock:
            if self._starting is not started or self._closed or self._current is not None:
                return  # a call took it already, or it was replaced or closed
            self._starting = None
            try:
                self._current = started.result()
            except (SandboxError, InvalidArgumentError, OSError, RuntimeError) as exc:
                self._switch_off(str(exc))
                return
            self._back()

    def _back(self) -> None:
        """A template started; called with the lock held."""
        failures, self._start_failures = self._start_failures, 0
        self._templates_started += 1
        self._notify()
        if failures:
            logger.warning("warm calls are back after %d failed start(s)", failures)

    def _notify(self) -> None:
        """Tell ``on_status`` what changed; called with the lock held."""
        if self._on_status is not None:
            self._on_status(self._status())

    def _spawn(self) -> Future[WarmTemplate]:
        return self._spawner.submit(WarmTemplate, self._sandbox, self._roots, self._limits, **self._options)

    def _preload_for(self, tool_source: str) -> None:
        """Start a template that also imports the on-demand libraries ``tool_source`` imports, if any is
        new; calls keep running in the current template until that one is ready (:meth:`_template`)."""
        wanted = [m for name in _IMPORT.findall(tool_source) for m in ON_DEMAND.get(name, ())]
        with self._lock:
            new = [module for module in wanted if module not in self._options["preload"]]
            if not new or self._closed or self._off():
                return
            self._options["preload"] = (*self._options["preload"], *dict.fromkeys(new))
            if self._starting is not None:  # started with the old list: stopped once up, replaced
                self._starting.add_done_callback(_close_started)
                self._starting = self._spawn()
            elif self._current is not None:  # a replacement; with no template yet the first gets the list
                self._starting = self._spawn()

    def _template(self) -> WarmTemplate | None:
        """The template for a new call (started here when there is none, or it died or retired)."""
        with self._lock:
            if self._off() or self._closed:
                return None
            current = self._current
            replacement = self._starting
            if current is not None and replacement is not None and replacement.done():
                self._starting = None
                try:
                    self._current = replacement.result()
                except (SandboxError, InvalidArgumentError, OSError, RuntimeError) as exc:
                    logger.warning("a warm template with more imports did not start: %s", exc)
                else:
                    self._retiring.append(current)  # its calls in flight finish; then it is stopped
                    self._back()
                    return self._current
            if current is not None and current.alive and not current.retired():
                return current
            if current is not None:
                self._retiring.append(current)  # its calls in flight finish; then it is stopped
            started, self._starting = self._starting or self._spawn(), None
            try:
                self._current = started.result()
            except (SandboxError, InvalidArgumentError, OSError, RuntimeError) as exc:
                self._current = None
                self._switch_off(str(exc))
                return None
            self._back()
            return self._current

    def _switch_off(self, why: str) -> None:
        """Warm calls off for a while (longer after each failure in a row); called with the lock held."""
        wait = RETRY_AFTER_SECONDS[min(self._start_failures, len(RETRY_AFTER_SECONDS) - 1)]
        self._start_failures += 1
        self._disabled = why
        self._retry_at = time.monotonic() + wait
        self._notify()  # recorded before it is announced: a reader of the log finds the status written
        logger.warning(
            "warm calls are off for %.0f s (every call runs in a fresh sandbox), then tried again: %s",
            wait,
            why,
        )
        # Tried again by itself, not by the next call: a server nobody calls for a while is warm again
        # when the next call comes.
        retry = threading.Timer(wait + _TIMER_SLACK_SECONDS, self.start, kwargs={"wait": False})
        retry.daemon = True
        retry.start()

    def _off(self) -> bool:
        """Whether warm calls are off now (a failed start not yet retried); called with the lock held."""
        if self._disabled is not None and time.monotonic() >= self._retry_at:
            self._disabled = None
        return self._disabled is not None

    def status(self) -> dict[str, Any]:
        """What a person or ``doctor`` needs to know: on, off (why, and when they are tried again)."""
        with self._lock:
            return self._status()

    def _status(self) -> dict[str, Any]:
        off = self._off()
        return {
            "warm": not off and not self._closed,
            "reason": self._disabled,
            "retry_in_seconds": max(self._retry_at - time.monotonic(), 0.0) if off else None,
            "failed_starts_in_a_row": self._start_failures,
            "template_alive": self._current is not None and self._current.alive,
            "templates_started": self._templates_started,
        }

    def _close_retired(self) -> None:
        with self._lock:
            done = [template for template in self._retiring if not template.busy()]
            self._retiring = [template for template in self._retiring if template not in done]
        for template in done:
            template.close()

    def close(self) -> None:
        """Stop every template (calls still running in one are killed with it)."""
        with self._lock:  # a template being started now waits for this lock, then sees the pool closed
            self._closed = True
            templates = [*self._retiring, *([self._current] if self._current else [])]
            self._retiring, self._current = [], None
            starting, self._starting = self._starting, None
        if starting is not None:  # a template still starting is stopped once it has started
            starting.add_done_callback(_close_started)
        for template in templates:
            with contextlib.suppress(OSError, SandboxError):
                template.close()
        self._spawner.shutdown(wait=False)
