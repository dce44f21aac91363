"""The warm ask process: a zygote that has imported what ``mcpforge ask`` needs, and one fresh child per ask.

Started detached by an ``ask`` that found none (``warm_ask.start_when_done``) as ``python -c BOOT DIR SPEC``
with the environment that ask had when it started. It takes ``DIR/lock`` (a second one exits), imports
:data:`WARM_MODULES` while recording which environment variables module-level code reads, checks that
what it loaded is what its key says (``warm_ask.warm_key``), then listens on ``DIR/sock`` (0600, in the
0700 folder; ``residents.listen_private``). It never runs a request: for each connection of a peer of its
own uid it reads the request (argv, cwd, umask, environment, the client's fds 0/1/2 over SCM_RIGHTS),
refuses it ("cold") when a variable its imports read has another value there, checks that it still has
only the threads it had when it became ready (none of Python's: the libraries' own pools, which stop
themselves across ``fork``), and forks a *reaper*, then forgets the request.

The reaper forks the *child*, a process group of its own, tells the client its pid, passes on the
signals the client forwards (SIGINT to the child's group, as a terminal's Ctrl-C reaches the whole
foreground group; SIGTERM and SIGHUP to the child), ends the group if the client goes away (SIGTERM, then
SIGKILL after :data:`END_GRACE_SECONDS`) and what the child started outside it (the reaper is a subreaper:
``cli/warm_ask_leftovers.py``), and sends the child's wait status. The child adopts the
request (:func:`_adopt`: standard streams rebuilt over the new fds as the interpreter builds them, so
``isatty``, encoding and buffering are the client's), runs ``main.main_here`` as the command line would,
and exits; it dies with its reaper (``PR_SET_PDEATHSIG``).

The zygote exits after ``idle_seconds`` without a connection, on SIGTERM, when its socket is removed or
replaced, or when the files of its key change (callers then look for a zygote of the new key).
"""

from __future__ import annotations

import contextlib
import ctypes
import fcntl
import gc
import importlib
import io
import json
import os
import resource
import select
import signal
import socket
import sys
import threading
import time
import traceback
from pathlib import Path
from typing import Any, NoReturn

from mcpforge import _lazy_re
from mcpforge.cli import warm_ask_leftovers
from mcpforge.cli.warm_ask import FORWARDED_SIGNALS, RESOURCE_LIMITS, import_time_environment, warm_key
from mcpforge.residents import (
    FAILED_NAME,
    LOCK_NAME,
    RESIDENT_SANDBOX_MODULE,
    SOCKET_NAME,
    listen_private,
    peer,
    socket_identity,
)

# What an answered ``ask`` loads (its steps import the rest of what they need from these).
WARM_MODULES = (
    "mcpforge.cli.commands",
    "mcpforge.cli.ask",
    "mcpforge.cli._exit",
    "mcpforge.cli._export",
    "mcpforge.pipeline.forge",
    "mcpforge.pipeline.codegen",
    "mcpforge.pipeline.stage",
    "mcpforge.pipeline.present",
    "mcpforge.pipeline.validation.run",
    "mcpforge.pipeline.validation.static_gate",
    "mcpforge.pipeline.validation.semantic",
    "mcpforge.pipeline.gap",
    "mcpforge.pipeline.spec",
    "mcpforge.pipeline._candidate",
    "mcpforge.pipeline._similarity",
    "mcpforge.pipeline.validation.quality",
    "mcpforge.pipeline.validation.warm_sandbox",
    "mcpforge.output_contract",
    "mcpforge.catalogue",
    "mcpforge.registry.open",
    "mcpforge.registry.file.registry",
    "mcpforge.sandbox.policy",
    "jsonschema",
    "mcpforge.sandbox.bwrap",
    "mcpforge.sandbox.resident",
    "mcpforge.runtime",
    "pandas",
    "rich.console",
    # loaded by every answered ask after its start (``-X importtime`` in a child)
    "mcpforge.cli.main",
    "mcpforge.pipeline.intent.names.translated_values",
    "pandas.core.methods.to_dict",
    "pandas.io.formats.csvs",
    "pyarrow.pandas_compat",
    "pydantic.type_adapter",
    "ruff.__main__",
    "typer._adapters",
    "typer._click.decorators",
)
ACCEPT_SECONDS = 1.0
CODE_CHECK_SECONDS = 5.0
REQUEST_SECONDS = 5.0
MAX_REQUEST_BYTES = 16 * 1024 * 1024
END_GRACE_SECONDS = 2.0
_PR_SET_PDEATHSIG = 1
_child: dict[str, Any] = {"decline_fd": None}


def _native_threads() -> int:
    return len(list(Path("/proc/self/task").iterdir()))


def _load(modules: tuple[str, ...], cold_steps: list[str] | None = None) -> set[str]:
    """Import ``modules``, build ``ask``'s command, click's form included (``commands.run`` finds it
    built), and do what an ask does at its first use (``warm_ask_prewarm``); the names module-level code
    read from the environment meanwhile ("*" when one read all of it). ``cold_steps`` gets the steps of
    that first-use work that failed (each child does them itself)."""
    environ_type = type(os.environ)
    get, iterate = environ_type.__getitem__, environ_type.__iter__
    names: set[str] = set()

    def recording_get(self: Any, key: str) -> Any:
        names.add(key)
        return get(self, key)

    def recording_iter(self: Any) -> Any:
        names.add("*")
        return iterate(self)

    environ_type.__getitem__ = recording_get  # type: ignore[method-assign]
    environ_type.__iter__ = recording_iter  # type: ignore[method-assign]
    try:
        _lazy_re.remember_patterns()
        for module in modules:
            importlib.import_module(module)
        from mcpforge.cli.commands import app_for, click_command

        click_command(app_for(["mcpforge", "ask"]))
        from mcpforge.cli.warm_ask_prewarm import prewarm

        left_cold = prewarm()
        if cold_steps is not None:
            cold_steps[:] = left_cold
    finally:
        environ_type.__getitem__ = get  # type: ignore[method-assign]
        environ_type.__iter__ = iterate  # type: ignore[method-assign]
    return names


class Zygote:
    """The loaded modules, the listening socket, and what each request is checked against."""

    def __init__(self, directory: Path, spec: dict[str, Any], lock_fd: int) -> None:
        self.directory = directory
        self.key = str(spec["key"])
        self.idle_seconds = float(spec["idle_seconds"])
        self.lock_fd = lock_fd
        self.start_env = dict(os.environ)
        self.cold_steps: list[str] = []
        read = _load(WARM_MODULES, self.cold_steps)
        if "*" in read:
            raise RuntimeError("a module read the whole environment while loading")
        if warm_key(self.start_env) != self.key:
            raise RuntimeError("the installation changed since this warm process was asked for")
        if threading.active_count() != 1:
            raise RuntimeError("a module started a thread while loading")
        self.added_env = {k: v for k, v in os.environ.items() if k not in self.start_env}
        self.checked = sorted(read | set(import_time_environment(self.start_env)))
        self.threads = _native_threads()
        self.stopping, self.stopped_by = False, ""
        from mcpforge.cli.warm_ask_prewarm import freeze_heap

        freeze_heap()  # last: every object made so far stays out of the children's collections
        self.listener = listen_private(directory)
        self.listener.settimeout(ACCEPT_SECONDS)
        self.identity = socket_identity(directory / SOCKET_NAME)
        self.last_used = self.code_checked = time.monotonic()

    def serve(self) -> str:
        """Fork a reaper per request until idle, stopped, stale, or the socket is gone; why it ended."""
        signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # reapers leave no zombie
        signal.signal(signal.SIGTERM, self._stop)
        while not self.stopping:
            try:
                conn, _ = self.listener.accept()
            except TimeoutError:
                why = self._exit_reason()
                if why is not None:
                    return why
                continue
            except OSError as exc:
                return f"its socket failed: {exc}"
            self.last_used = time.monotonic()
            with conn:
                self._take(conn)
        return self.stopped_by

    def close(self) -> None:
        if socket_identity(self.directory / SOCKET_NAME) == self.identity:
            with contextlib.suppress(OSError):
                (self.directory / SOCKET_NAME).unlink()
        self.listener.close()

    def _stop(self, _signum: int, _frame: Any) -> None:
        self.stopping, self.stopped_by = True, "SIGTERM"

    def _exit_reason(self) -> str | None:
        now = time.monotonic()
        if now - self.last_used >= self.idle_seconds:
            return "idle"
        if socket_identity(self.directory / SOCKET_NAME) != self.identity:
            return "its socket was removed or replaced"
        if now - self.code_checked >= CODE_CHECK_SECONDS:
            self.code_checked = now
            if warm_key(self.start_env) != self.key:
                return "the installation changed (an ask now finds the zygote of its new key)"
        return None

    def _take(self, conn: socket.socket) -> None:
        fds: list[int] = []
        try:
            conn.settimeout(REQUEST_SECONDS)
            if peer(conn)[1] != os.getuid():
                return
            message, fds, _flags, _address = socket.recv_fds(conn, 1, 3)
            if message != b"F" or len(fds) != 3:
                return
            request = _read_line(conn)
            why = self._refusal(request)
            if why is None and (_native_threads() > self.threads or threading.active_count() != 1):
                why = "the warm process has threads it did not have when it was ready"
                self.stopping, self.stopped_by = True, why
            if why is not None:
                _send(conn, {"cold": why})
                return
            if os.fork() == 0:
                try:
                    self.listener.close()
                    os.close(self.lock_fd)
                    _reaper(conn, fds, request, self.added_env)
                finally:
                    os._exit(1)
        except (OSError, ValueError):
            pass
        finally:
            for fd in fds:
                with contextlib.suppress(OSError):
                    os.close(fd)

    def _refusal(self, request: Any) -> str | None:
        if not isinstance(request, dict) or request.get("key") != self.key:
            return "a request of another installation"
        env = request.get("env")
        if not isinstance(env, dict):
            return "a request without its environment"
        for name in self.checked:
            if env.get(name) != self.start_env.get(name):
                return f"{name} differs from the warm process's (read when its modules loaded)"
        limits = request.get("limits")
        if not isinstance(limits, dict) or set(limits) != set(RESOURCE_LIMITS):
            return "a request without its resource limits"
        for name, (_soft, hard) in limits.items():
            mine = resource.getrlimit(getattr(resource, name))[1]
            if mine != resource.RLIM_INFINITY and (hard == resource.RLIM_INFINITY or hard > mine):
                return f"{name} is higher than the warm process's"
        return None


def _read_line(conn: socket.socket) -> Any:
    buffer = b""
    while not buffer.endswith(b"\n"):
        chunk = conn.recv(1 << 16)
        if not chunk or len(buffer) > MAX_REQUEST_BYTES:
            raise ValueError("incomplete request")
        buffer += chunk
    return json.loads(buffer)


def _send(conn: socket.socket, answer: dict[str, Any]) -> None:
    with contextlib.suppress(OSError):
        conn.sendall(json.dumps(answer).encode() + b"\n")


def _reaper(
    conn: socket.socket, fds: list[int], request: dict[str, Any], added_env: dict[str, str]
) -> NoReturn:
    """Fork the child, pass signals on to it, end it if the client goes, report how it ended."""
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    decline_r, decline_w = os.pipe()
    reaper = os.getpid()
    warm_ask_leftovers.become_subreaper()  # what the child leaves running is handed here, not to PID 1
    pid = os.fork()
    if pid == 0:
        conn.close()
        os.close(decline_r)
        _child_main(fds, request, added_env, decline_w, reaper)
    os.close(decline_w)
    with contextlib.suppress(OSError):
        os.setpgid(pid, pid)  # also done by the child: whichever runs first
    _send(conn, {"pid": pid})
    pidfd = os.pidfd_open(pid)
    conn.settimeout(None)
    buffer = b""
    while True:
        ready, _, _ = select.select([conn.fileno(), pidfd], [], [])
        if pidfd in ready:
            break
        try:
            chunk = conn.recv(4096)
        except OSError:
            chunk = b""
        if not chunk:  # the client is gone: so is its answer, and whatever the child started for it
            _end_group(pid, pidfd)
            warm_ask_leftovers.end_leftovers([RESIDENT_SANDBOX_MODULE])
            os._exit(0)
        buffer += chunk
        while b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            _forward(pid, line)
    _, status = os.waitpid(pid, 0)
    os.set_blocking(decline_r, False)
    try:
        declined = os.read(decline_r, 512)
    except OSError:
        declined = b""
    _send(conn, {"cold": declined.decode(errors="replace")} if declined else {"status": status})
    os._exit(0)


def _forward(pid: int, line: bytes) -> None:
    try:
        signum = int(json.loads(line)["signal"])
    except (ValueError, KeyError, TypeError):
        return
    if signum not in FORWARDED_SIGNALS:
        return
    with contextlib.suppress(OSError):
        if signum == signal.SIGINT:
            os.killpg(pid, signum)
        else:
            os.kill(pid, signum)


def _end_group(pid: int, pidfd: int) -> None:
    with contextlib.suppress(OSError):
        os.killpg(pid, signal.SIGTERM)
    ready, _, _ = select.select([pidfd], [], [], END_GRACE_SECONDS)
    if not ready:
        with contextlib.suppress(OSError):
            os.killpg(pid, signal.SIGKILL)
    with contextlib.suppress(OSError):
        os.waitpid(pid, 0)


def _child_main(
    fds: list[int], request: dict[str, Any], added_env: dict[str, str], decline_fd: int, reaper: int
) -> NoReturn:
    """The child: adopt the client's request, run the command line, exit with its status."""
    status = 1
    try:
        os.setpgid(0, 0)
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        if os.getppid() != reaper:
            os._exit(1)
        _adopt(fds, request, added_env)
        _child["decline_fd"] = decline_fd
        from mcpforge.cli import warm_ask
        from mcpforge.cli._exit import end_without_teardown, finish
        from mcpforge.cli.main import main_here

        warm_ask._state["in_child"] = True
        end_without_teardown()  # ends as an in-process ask does: exit hooks run, no module teardown
        code: object = 0
        try:
            main_here()
        except SystemExit as stop:
            code = stop.code
        finish(code)
    except SystemExit as stop:
        status = stop.code if isinstance(stop.code, int) else 1
    except BaseException:  # whatever happens, the child ends here and never returns to the zygote's loop
        with contextlib.suppress(Exception):
            traceback.print_exc()
    finally:
        with contextlib.suppress(Exception):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(status)


def _adopt(fds: list[int], request: dict[str, Any], added_env: dict[str, str]) -> None:
    """Become the client's process: its fds 0/1/2, cwd, umask, environment, argv and streams."""
    for target, fd in enumerate(fds):
        os.dup2(fd, target)
    for fd in fds:
        if fd > 2:
            os.close(fd)
    os.chdir(request["cwd"])
    os.umask(int(request["umask"]))
    for name, (soft, hard) in request["limits"].items():  # checked: never above what a child may have
        resource.setrlimit(getattr(resource, name), (int(soft), int(hard)))
    with contextlib.suppress(
        OSError
    ):  # a lower priority than the zygote's (a higher one is not ours to take)
        if int(request["nice"]) > os.getpriority(os.PRIO_PROCESS, 0):
            os.setpriority(os.PRIO_PROCESS, 0, int(request["nice"]))
    env = {str(k): str(v) for k, v in request["env"].items()}
    for name, value in added_env.items():  # what module-level code set as a default while loading
        env.setdefault(name, value)
    os.environ.clear()
    os.environ.update(env)
    time.tzset()
    sys.argv = list(request["argv"])
    sys.path[:] = list(request["path"])
    _streams(request["stdio"])
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)
    numpy = sys.modules.get("numpy")
    if numpy is not None:  # a fork shares its parent's generator state; a process of its own has its own
        numpy.random.seed()


def _streams(stdio: list[list[Any]]) -> None:
    """``sys.stdin/stdout/stderr`` over fds 0/1/2 with the client's encoding, errors and buffering, made as
    the interpreter makes them (``newline="\\n"``; unbuffered bytes under ``-u``)."""
    made = []
    for fd, (encoding, errors, line_buffering, write_through) in enumerate(stdio):
        mode = "rb" if fd == 0 else "wb"
        binary: Any = open(fd, mode, buffering=0 if write_through and fd else -1, closefd=False)  # noqa: SIM115
        getattr(binary, "raw", binary).name = ("<stdin>", "<stdout>", "<stderr>")[fd]
        stream = io.TextIOWrapper(
            binary,
            encoding=encoding,
            errors=errors,
            newline="\n",
            line_buffering=bool(line_buffering),
            write_through=bool(write_through),
        )
        stream.mode = "r" if fd == 0 else "w"  # type: ignore[misc]
        made.append(stream)
    sys.stdin, sys.stdout, sys.stderr = made
    sys.__stdin__, sys.__stdout__, sys.__stderr__ = made  # type: ignore[misc]


def decline(why: str) -> NoReturn:
    """In a child: hand the ask back to its client (it runs there) before anything was done or shown."""
    fd = _child["decline_fd"]
    if fd is not None:
        with contextlib.suppress(OSError):
            os.write(fd, why.encode()[:500] or b"declined")
    os._exit(0)


def main(argv: list[str]) -> int:
    """Run the zygote of ``argv[1]`` (its folder) for ``argv[2]`` (its JSON spec) until it exits."""
    directory, spec = Path(argv[1]), json.loads(argv[2])
    os.chdir("/")  # holds no folder of the ask that started it
    lock = os.open(directory / LOCK_NAME, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return 0  # another zygote of this key runs or starts
    try:
        zygote = Zygote(directory, spec, lock)
    except Exception as exc:  # any failure to start: asks run in their own process for a while
        (directory / FAILED_NAME).write_text(f"{time.time():.0f} {type(exc).__name__}: {exc}\n")
        print(f"the warm ask process did not start: {exc}", file=sys.stderr)
        return 1
    (directory / FAILED_NAME).unlink(missing_ok=True)
    print(
        f"{time.time():.0f} the warm ask process {os.getpid()} is ready: {gc.get_freeze_count()} objects "
        f"frozen, {len(zygote.cold_steps)} first-use steps left cold {zygote.cold_steps}",
        file=sys.stderr,
    )
    why = "an error"
    try:
        why = zygote.serve()
    finally:
        zygote.close()
        print(f"{time.time():.0f} the warm ask process {os.getpid()} ended: {why}", file=sys.stderr)
    return 0
