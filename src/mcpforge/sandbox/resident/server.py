"""The resident helper's process: one warm template per user and key, served over a unix socket.

Started detached by ``client.start_helper`` as ``python -m mcpforge.sandbox.resident.server DIR SPEC``
(``client.py`` says where DIR is and what the helper is for). It holds ``DIR/lock`` for its whole
life (a second helper of the same key exits at once), starts a ``WarmCalls`` template (``sandbox/warm.py``)
showing ``DIR/shown`` only, and creates ``DIR/sock`` (0600) once the template is ready. Each connection
carries one JSON line: ``{"op": "ping"}`` answers ``{"ok": true, "pid": ...}``; ``{"op": "call", "source",
"calls", "read", "function_name"}`` answers ``{"result": <the warm child's SandboxResult>}`` or
``{"cold": why}`` (run it fresh). A peer of another uid is refused. It exits after ``idle_seconds``
without a connection, on SIGTERM, when its socket is removed or replaced, when the code it loaded
changed on disk (an upgrade, an edit: callers now look for a helper of the new key), or when a call ran
cold and its template would not see a file just written in ``shown/`` (a ``shown/`` removed and made again:
the next ask starts a helper that sees it); it removes its socket first, so no caller waits on a helper
that is gone. Its templates show ``shown/`` whole whatever it holds when they start (``live_roots``), never
a snapshot of the files of that instant. A template that cannot start writes ``DIR/failed``
(callers then run fresh and do not start another helper for a while) and the helper exits.
The helper runs no tool code itself: every call runs in a fresh child of the template, as in ``serve``.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import logging
import os
import shutil
import signal
import socket
import sys
import tempfile
import threading
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

from mcpforge.residents import FAILED_NAME, LOCK_NAME, SOCKET_NAME, listen_private, peer
from mcpforge.residents import socket_identity as _identity
from mcpforge.sandbox.base import SandboxLimits
from mcpforge.sandbox.resident.client import SHOWN_NAME, installation_fingerprint
from mcpforge.sandbox.tool_call import ToolCall

logger = logging.getLogger("mcpforge.sandbox")

SLOTS = 3  # the fixtures', the stress and the person's batch of one ask at once; more run fresh
MAX_REQUEST_BYTES = 256 * 1024 * 1024
ACCEPT_SECONDS = 1.0
STALE_SHOWN_SECONDS = 3600.0  # a validation's folder this old belongs to an ask that died
CODE_CHECK_SECONDS = 5.0  # how often the helper checks that its code is still the installed one
OLD_FOLDER_SECONDS = 86400.0  # a folder of another key, unused this long and with no helper, is removed


class Helper:
    """The listening socket, the template, and the bookkeeping for the idle exit."""

    def __init__(self, directory: Path, spec: dict[str, Any]) -> None:
        from mcpforge.config import SandboxConfig
        from mcpforge.sandbox import get_sandbox
        from mcpforge.sandbox.bwrap import BwrapSandbox
        from mcpforge.sandbox.warm import WarmCalls, warm_available

        self.directory = directory
        self.idle_seconds = float(spec["idle_seconds"])
        self.installation = str(spec["installation"])
        if installation_fingerprint() != self.installation:
            raise RuntimeError("the installation changed since this helper was asked for")
        self.code_checked = time.monotonic()
        sandbox = get_sandbox(SandboxConfig.model_validate(spec["sandbox"]))
        ok, why = warm_available(sandbox)
        if not ok or not isinstance(sandbox, BwrapSandbox):
            raise RuntimeError(why)
        shown = self.shown = directory / SHOWN_NAME
        shown.mkdir(exist_ok=True)
        shown.chmod(0o755)  # for the sandbox uid; the private folder around it keeps everyone else out
        _remove_stale(shown)
        limits = SandboxLimits(**spec["limits"])
        self.calls = WarmCalls(
            sandbox, [shown], limits, size=SLOTS, learn=True, huge_pages=False, live_roots=True
        )
        self.calls.start(wait=True)
        if not self.calls.status()["template_alive"]:
            self.calls.close()
            raise RuntimeError(str(self.calls.status().get("reason") or "the warm template did not start"))
        self.slots = threading.BoundedSemaphore(SLOTS)
        self.lock = threading.Lock()
        self.active = 0
        self.last_used = time.monotonic()
        self.stopping = threading.Event()
        self.listener = self._listen()

    def _listen(self) -> socket.socket:
        """The socket (0600), in place only now that the template is ready (``residents.listen_private``)."""
        listener = listen_private(self.directory)
        listener.settimeout(ACCEPT_SECONDS)
        self.socket_identity = _identity(self.directory / SOCKET_NAME)
        return listener

    def serve(self) -> None:
        """Accept connections until idle for ``idle_seconds``, stopped, or the socket is gone."""
        while not self.stopping.is_set():
            try:
                conn, _ = self.listener.accept()
            except TimeoutError:
                with self.lock:
                    idle = self.active == 0 and time.monotonic() - self.last_used >= self.idle_seconds
                if idle or _identity(self.directory / SOCKET_NAME) != self.socket_identity:
                    break
                if time.monotonic() - self.code_checked >= CODE_CHECK_SECONDS:
                    self.code_checked = time.monotonic()
                    if installation_fingerprint() != self.installation:
                        break  # stale: a caller of the new code uses (and starts) another helper
                continue
            except OSError:
                break
            with self.lock:
                self.active += 1
                self.last_used = time.monotonic()
            threading.Thread(target=self._handle, args=(conn,), daemon=True).start()

    def close(self) -> None:
        """Remove the socket (if still ours) first, then stop the template and every call in it."""
        if _identity(self.directory / SOCKET_NAME) == self.socket_identity:
            with contextlib.suppress(OSError):
                (self.directory / SOCKET_NAME).unlink()
        self.listener.close()
        self.calls.close()

    def _handle(self, conn: socket.socket) -> None:
        try:
            with conn:
                _pid, uid = peer(conn)
                if uid != os.getuid():
                    return
                request = _read_line(conn)
                answer = self._answer(request) if request is not None else {"cold": "unreadable request"}
                conn.sendall(json.dumps(answer, default=str).encode("utf-8") + b"\n")
        except OSError:
            pass
        finally:
            with self.lock:
                self.active -= 1
                self.last_used = time.monotonic()

    def _answer(self, request: dict[str, Any]) -> dict[str, Any]:
        if request.get("op") == "ping":
            status = {**self.calls.status(), "sees_new_files": self._sees_new_files()}
            return {"ok": True, "pid": os.getpid(), "status": status}
        if request.get("op") != "call":
            return {"cold": "unknown request"}
        if not self.slots.acquire(blocking=False):
            return {"cold": "every slot of the resident template is busy"}
        try:
            _lower_priority(request.get("nice"))
            calls = [
                ToolCall(arguments=dict(c["arguments"]), call_id=str(c["call_id"])) for c in request["calls"]
            ]
            raw = self.calls.call_raw(
                str(request["source"]),
                calls,
                read_paths=[Path(p) for p in request["read"]],
                function_name=request.get("function_name"),
            )
        except Exception as exc:  # whatever fails here, the caller runs the call fresh
            return {"cold": f"{type(exc).__name__}: {exc}"}
        finally:
            self.slots.release()
        if raw is None:
            return self._cold()
        return {"result": {**asdict(raw), "outputs": {}}}

    def _cold(self) -> dict[str, Any]:
        """The answer to a call the template would not take; the helper stops when it is its own fault."""
        if self._sees_new_files():
            return {"cold": "the template cannot run this call"}
        logger.warning("the warm template no longer sees new files of %s: the helper exits", self.shown)
        self.stopping.set()  # its socket goes first: the next ask starts a helper that works
        return {"cold": "the resident template no longer sees new files; the helper exits"}

    def _sees_new_files(self) -> bool:
        """Whether the template would run warm a call reading a file written in ``shown/`` now, as every
        ask's files are. One that would not (it shows a snapshot of the folder, or a folder replaced
        since) can never serve again: the helper must not answer "cold" to every ask for the rest of its
        life while a ping says it is warm."""
        try:
            probe = Path(tempfile.mkdtemp(prefix="probe-", dir=self.shown))
        except OSError:
            return False  # no ``shown/`` to write in: no ask can use this helper either
        try:
            probe.chmod(0o755)
            written = probe / "probe.csv"
            written.write_bytes(b"")
            written.chmod(0o644)
            return self.calls.shows(written)
        except OSError:
            return False
        finally:
            shutil.rmtree(probe, ignore_errors=True)


def _lower_priority(nice: Any) -> None:
    """This connection's thread (and so the warm child, ``warm._callers_nice``) at the caller's nice
    value when it is lower priority than ours: a big file's gates run behind its read, as fresh ones do."""
    if not isinstance(nice, int):
        return
    thread = threading.get_native_id()
    with contextlib.suppress(OSError):
        if nice > os.getpriority(os.PRIO_PROCESS, thread):
            os.setpriority(os.PRIO_PROCESS, thread, min(nice, 19))


def _read_line(conn: socket.socket) -> dict[str, Any] | None:
    conn.settimeout(30.0)
    buffer = b""
    while not buffer.endswith(b"\n"):
        chunk = conn.recv(1 << 16)
        if not chunk or len(buffer) > MAX_REQUEST_BYTES:
            return None
        buffer += chunk
    try:
        request = json.loads(buffer)
    except json.JSONDecodeError:
        return None
    return request if isinstance(request, dict) else None


def _remove_stale(shown: Path) -> None:
    """Folders of validations whose ask died long ago (a live ask removes its own)."""
    now = time.time()
    for entry in shown.iterdir():
        with contextlib.suppress(OSError):
            if now - entry.lstat().st_mtime > STALE_SHOWN_SECONDS:
                shutil.rmtree(entry, ignore_errors=True)


def _remove_old_folders(directory: Path) -> None:
    """Folders of other keys (older code, other limits) whose helper is gone and that nobody used lately."""
    now = time.time()
    for folder in directory.parent.iterdir():
        if folder == directory or not (folder / LOCK_NAME).is_file():
            continue
        with contextlib.suppress(OSError):
            if folder.lstat().st_uid != os.getuid() or now - folder.stat().st_mtime < OLD_FOLDER_SECONDS:
                continue
            with (folder / LOCK_NAME).open("a") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)  # no helper holds it now
                shutil.rmtree(folder, ignore_errors=True)


def main(argv: list[str]) -> int:
    """Run the helper for ``argv[1]`` (its folder) and ``argv[2]`` (its JSON spec) until it is idle."""
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s resident %(process)d: %(message)s")
    directory, spec = Path(argv[1]), json.loads(argv[2])
    os.chdir("/")  # holds no folder of the ask that started it
    with contextlib.suppress(OSError):  # not the priority of the thread that started it (root may)
        os.setpriority(os.PRIO_PROCESS, 0, 0)
    lock = (directory / LOCK_NAME).open("a")
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return 0  # another helper of this key runs or starts
    try:
        helper = Helper(directory, spec)
    except Exception as exc:  # any failure to start: callers run fresh for a while
        (directory / FAILED_NAME).write_text(f"{time.time():.0f} {type(exc).__name__}: {exc}\n")
        logger.warning("the resident warm sandbox did not start: %s", exc)
        return 1
    (directory / FAILED_NAME).unlink(missing_ok=True)
    _remove_old_folders(directory)
    signal.signal(signal.SIGTERM, lambda _signum, _frame: helper.stopping.set())
    try:
        helper.serve()
    finally:
        helper.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
