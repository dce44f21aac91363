"""``mcpforge ask`` answered by the user's warm ask process: the client side (issue 28).

A whole ``ask`` process spent about 1.2 s of its 2 s starting: the interpreter, then typer, pydantic,
the pipeline, validation and pandas imported again by every ask. The warm ask process (a *zygote*,
``cli/warm_ask_zygote.py``) has imported them once and never runs a request itself: for each ask it forks
a fresh child that adopts this process's arguments, working directory, umask, whole environment and
standard streams (the descriptors themselves, passed over the socket), runs the same command line as
this process would (``main.main_here``) and exits; this process exits with the child's status.

This module runs first in every ``mcpforge ask`` (``cli/main.py``), before typer, pydantic or pandas is
imported, and uses the standard library only. The zygote is per user and keyed by what it imported
(:func:`warm_key`): the interpreter and its flags, ``sys.path``, the installed distributions, the size and
modification time of every mcpforge file, and the environment variables read while modules are imported
(:data:`IMPORT_TIME_ENV`; the zygote also checks, for each ask, that every variable its imports read has
the same value here, and answers "cold" otherwise). It lives in ``<resident root>/ask-<key>/`` as the
resident sandbox does (``residents.py``: 0700 folder, 0600 socket, the peer's uid checked at both ends).

Never wrong, never stuck: whenever no child started (no zygote, another key, a foreign or unreachable
socket, a refusal, any error), this returns and the ask runs in this process exactly as before; such an
ask starts a zygote for the next one after its answer (:func:`start_when_done`), unless
``MCPFORGE_NO_RESIDENT`` or ``sandbox.resident: false`` says no. Once a child started, its status is the
answer: Ctrl-C, SIGTERM and SIGHUP of this process are passed on to it, and a child whose client dies is
ended.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import resource
import signal
import socket
import sys
from pathlib import Path
from types import FrameType
from typing import Any, NoReturn

from mcpforge.residents import (
    MAX_SOCKET_PATH,
    SOCKET_NAME,
    connect,
    off_by_environment,
    private_dir,
    resident_root,
    start_detached,
)

FOLDER_PREFIX = "ask-"
FORWARDED_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
EXIT_LOST = 1  # the warm process vanished after the child started: the answer is unknown
# Read when modules load (by Python itself, the C libraries, or module-level code): a zygote that loaded
# its modules under other values is another zygote. Prefixes end with "_" or are whole families.
IMPORT_TIME_ENV_PREFIXES = (
    "PYTHON", "PYDANTIC", "TYPER", "_TYPER", "LC_", "OPENBLAS", "OMP_", "MKL_", "NUMEXPR", "VECLIB",
    "GOTO", "NPY_", "NUMPY", "PANDAS", "ARROW_", "PYARROW", "JE_", "MALLOC", "SCIPY",
)  # fmt: skip
IMPORT_TIME_ENV = (
    "LANG", "LANGUAGE", "TZ", "TMPDIR", "TERMINAL_WIDTH", "FORCE_COLOR", "PY_COLORS", "NO_COLOR",
)  # fmt: skip
# The client's resource limits, which its child takes (a child cannot get a hard limit above the
# zygote's: such an ask runs in its own process).
RESOURCE_LIMITS = (
    "RLIMIT_AS", "RLIMIT_CORE", "RLIMIT_CPU", "RLIMIT_DATA", "RLIMIT_FSIZE", "RLIMIT_MEMLOCK",
    "RLIMIT_NOFILE", "RLIMIT_NPROC", "RLIMIT_RSS", "RLIMIT_STACK",
)  # fmt: skip
_DISTRIBUTION_SUFFIXES = (".dist-info", ".egg-info", ".pth")

_state: dict[str, Any] = {"missing": None, "in_child": False, "allowed": False, "idle": 600.0}


def import_time_environment(environ: dict[str, str] | os._Environ[str]) -> dict[str, str]:
    """The variables of :data:`IMPORT_TIME_ENV` (names and prefixes) set in ``environ``."""
    return {
        name: value
        for name, value in environ.items()
        if name in IMPORT_TIME_ENV or name.startswith(IMPORT_TIME_ENV_PREFIXES)
    }


def warm_key(environ: dict[str, str] | os._Environ[str]) -> str:
    """What a zygote imported, as a hash: another interpreter, flags, path, installed distribution,
    mcpforge file (size and mtime, as the resident sandbox keys its helper) or import-time variable is
    another zygote."""
    import mcpforge

    digest = hashlib.sha256()
    head = (sys.executable, sys.version, sys.prefix, sys.path, tuple(sys.flags), os.getuid())
    digest.update(repr(head).encode())
    digest.update(json.dumps(import_time_environment(environ), sort_keys=True).encode())
    _digest_sources(digest, Path(mcpforge.__file__).parent)
    for entry in sys.path:  # the installed distributions and their versions (NAME-VERSION.dist-info)
        with contextlib.suppress(OSError):
            names = sorted(p.name for p in Path(entry or ".").iterdir() if p.suffix in _DISTRIBUTION_SUFFIXES)
            digest.update(f"{entry}:{','.join(names)};".encode())
    return digest.hexdigest()[:20]


def _digest_sources(digest: Any, folder: Path) -> None:
    """Every ``.py`` file under ``folder`` by path, size and modification time, in a stable order."""
    with os.scandir(folder) as listing:
        entries = sorted(listing, key=lambda entry: entry.name)
    for entry in entries:
        if entry.is_dir(follow_symlinks=False) and entry.name != "__pycache__":
            _digest_sources(digest, Path(entry.path))
        elif entry.name.endswith(".py"):
            with contextlib.suppress(OSError):
                st = entry.stat()
                digest.update(f"{entry.path}:{st.st_size}:{st.st_mtime_ns};".encode())


def zygote_dir(key: str) -> Path:
    """The folder of the zygote of ``key`` (not created here)."""
    return resident_root() / f"{FOLDER_PREFIX}{key}"


def in_warm_child() -> bool:
    """Whether this process is a warm child (its ``--json`` says ``"process": "warm"``)."""
    return bool(_state["in_child"])


def answer_from_warm_process(argv: list[str]) -> None:
    """Have the user's zygote answer ``argv``, and exit with its status; return when it runs here."""
    if off_by_environment():
        return
    environ = dict(os.environ)
    try:
        key = warm_key(environ)
        directory = zygote_dir(key)
        if len(str(directory / SOCKET_NAME)) > MAX_SOCKET_PATH or not private_dir(directory):
            return
        found = connect(directory)
        if found is None:
            _state["missing"] = (directory, key, environ, os.getpriority(os.PRIO_PROCESS, 0), list(sys.path))
            return
        conn, _pid = found
        request = _request(argv, key, environ)
    except (OSError, ValueError):
        return
    with conn:
        status = _hand_over(conn, request)
    if status is not None:
        _exit_as(status)


def _request(argv: list[str], key: str, environ: dict[str, str]) -> bytes:
    umask = os.umask(0o022)
    os.umask(umask)
    stdio = [
        [getattr(s, name, None) for name in ("encoding", "errors", "line_buffering", "write_through")]
        for s in (sys.stdin, sys.stdout, sys.stderr)
    ]
    request = {
        "limits": {name: resource.getrlimit(getattr(resource, name)) for name in RESOURCE_LIMITS},
        "nice": os.getpriority(os.PRIO_PROCESS, 0),
        "key": key,
        "argv": argv,
        "cwd": str(Path.cwd()),
        "umask": umask,
        "env": environ,
        "path": sys.path,
        "stdio": stdio,
    }
    return json.dumps(request).encode("utf-8", "surrogateescape") + b"\n"


def _hand_over(conn: socket.socket, request: bytes) -> int | None:
    """Send the request and this process's fds 0, 1, 2; the child's wait status, or None when no child
    started (the ask then runs here). Signals received meanwhile are passed on to the child."""
    conn.settimeout(None)
    received: list[int] = []  # signal numbers

    def forward(signum: int, _frame: FrameType | None) -> None:
        received.append(signum)
        with contextlib.suppress(OSError):
            conn.sendall(json.dumps({"signal": signum}).encode() + b"\n")

    previous = {signum: signal.signal(signum, forward) for signum in FORWARDED_SIGNALS}
    started = False
    try:
        socket.send_fds(conn, [b"F"], [0, 1, 2])
        conn.sendall(request)
        for answer in _answers(conn):
            if "pid" in answer:
                started = True
            elif "status" in answer and started:
                return int(answer["status"])
            else:  # "cold": runs here (a child, if one started, handed the ask back before doing anything)
                started = False
                break
    except (OSError, ValueError):
        pass
    finally:
        for forwarded, handler in previous.items():
            signal.signal(forwarded, handler)
    if started:
        # The child started and its status is lost (its warm process was killed): the answer is not known.
        sys.stderr.write("mcpforge: the warm ask process ended before the answer was complete\n")
        sys.stderr.flush()
        os._exit(EXIT_LOST)
    for signum in map(int, received):  # a signal before anything ran: as if it reached this process now
        if signum == signal.SIGINT:
            sys.stderr.write("\nmcpforge: interrupted; nothing was decided or half-written\n")
            sys.stderr.flush()
            os._exit(128 + signum)
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)
    return None


def _answers(conn: socket.socket) -> Any:
    """The JSON lines the warm process sends on ``conn``, until it closes it."""
    buffer = b""
    while True:
        chunk = conn.recv(4096)
        if not chunk:
            return
        buffer += chunk
        while b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            answer = json.loads(line)
            if isinstance(answer, dict):
                yield answer


def _exit_as(status: int) -> NoReturn:
    """End as the child ended: its exit code, or killed by the same signal."""
    with contextlib.suppress(OSError, ValueError):
        sys.stdout.flush()
    if os.WIFSIGNALED(status):
        signum = os.WTERMSIG(status)
        with contextlib.suppress(OSError, ValueError):
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
        os._exit(128 + signum)
    os._exit(os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else EXIT_LOST)


def settle(resident: bool, idle_seconds: float) -> None:
    """Called by ``ask`` once its configuration is read: a warm child of a configuration that turned the
    warm process off hands the ask back (it runs in the client, as configured); a process that found no
    zygote remembers whether to start one when its answer is out."""
    if _state["in_child"]:
        if not resident or off_by_environment():
            from mcpforge.cli.warm_ask_zygote import decline

            decline("sandbox.resident is false")
        return
    _state["allowed"] = resident and not off_by_environment()
    _state["idle"] = idle_seconds


def start_when_done() -> None:
    """After an ask ran here for want of a zygote: start one, detached, for the next ask."""
    missing = _state["missing"]
    if missing is None or not _state["allowed"]:
        return
    _state["missing"] = None
    directory, key, environ, nice, path = missing  # as they were when the key was made
    if os.getpriority(os.PRIO_PROCESS, 0) != nice:  # a zygote takes its starter's priority: the ask's own
        return
    import subprocess

    spec = json.dumps({"key": key, "path": path, "idle_seconds": _state["idle"]})
    boot = (
        "import sys, json; sys.path[:] = json.loads(sys.argv[2])['path']; "
        "from mcpforge.cli.warm_ask_zygote import main; sys.exit(main(sys.argv))"
    )
    flags = subprocess._args_from_interpreter_flags()  # type: ignore[attr-defined]  # this process's -X, -O ...
    argv = [sys.executable, *flags, "-c", boot, str(directory), spec]
    with contextlib.suppress(OSError):
        start_detached(directory, argv, "warm ask process", environ=environ)
