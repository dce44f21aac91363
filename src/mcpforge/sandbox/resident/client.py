"""A per-user resident warm template: the sandbox batches of ``mcpforge ask`` fork from it (issue 28).

Each ``ask`` used to start two or three fresh sandboxes, each importing pandas (about 0.35 s of CPU
apiece on a 2-core machine), which made a whole ``ask`` process several times slower than a plain pandas
script. The resident helper is the warm template ``serve`` uses (``sandbox/warm.py``: a bwrap template that
imported the trusted libraries once and forks every call from a zygote that never saw a request), kept
by a small detached process of the same user (``server.py`` beside this file) and reached over a unix socket.
Every call it runs is a fresh child with its own namespaces, limits, Landlock domain and seccomp filter,
exactly as a warm call of ``serve``: the template never runs untrusted code, a child is never reused.

Where: ``$MCPFORGE_RESIDENT_DIR``, else ``$MCPFORGE_CACHE_DIR/resident``, else
``$XDG_CACHE_HOME/mcpforge/resident``, else ``~/.cache/mcpforge/resident``; then one folder per key (this
installation's code and libraries, the sandbox settings and the run limits: a helper of other code or
other limits is never used), mode 0700 and owned by the user, holding ``sock`` (0600), ``lock`` (held by
the live helper), ``shown/`` (the one directory its template shows: 0755 for the sandbox uid, inside the
private folder), ``log`` and ``failed`` (why the last start failed; no new start for a while).

Life: the first ``ask`` finds no helper, starts one (detached, in its own session) and runs cold; the
helper creates its socket only once its template is ready, so a later ``ask`` that connects is warm. It
exits after ``sandbox.resident_idle_seconds`` without a call (default 10 minutes). Off with
``sandbox.resident: false``, ``sandbox.warm_calls: false`` or ``MCPFORGE_NO_RESIDENT=1``.

Never wrong, never stuck: a call the helper cannot take (no helper, another user's or a foreign socket,
all its slots busy, a file it cannot show, a helper that died, is stopped, or answers nothing in the
call's limit) returns None and runs in a fresh sandbox, silently. Validation's calls have no effect
outside their sandbox, so running one again fresh after a lost helper is safe.
A person's data file is shown as a private copy in ``shown/`` (as the big-file template shows its Arrow
copy), under the file's own name; the copy's path is replaced by the file's own path in what the call
printed, so messages name the person's file.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import stat
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mcpforge.residents import (  # what every resident helper shares (``residents.py``)
    MAX_SOCKET_PATH,
    NO_RESIDENT_ENV,
    RESIDENT_DIR_ENV,
    RESIDENT_SANDBOX_MODULE,
    SOCKET_NAME,
    connect,
    off_by_environment,
    private_dir,
    resident_root,
    start_detached,
)
from mcpforge.sandbox._stopped import stopped_processes
from mcpforge.sandbox._versions import installed_versions
from mcpforge.sandbox.base import SandboxLimits, SandboxResult
from mcpforge.sandbox.tool_call import ToolBatchResult, ToolCall, batch_from_result

if TYPE_CHECKING:
    from mcpforge.config import MCPForgeConfig


__all__ = [  # with the shared names callers of the resident sandbox find here
    "NO_RESIDENT_ENV",
    "RESIDENT_DIR_ENV",
    "SOCKET_NAME",
    "ResidentCalls",
    "connect",
    "helper_dir",
    "helper_spec",
    "open_resident",
    "private_dir",
    "resident_root",
    "start_helper",
    "wait_ready",
]

SHOWN_NAME = "shown"
GRACE_SECONDS = 10.0  # past the call's own limit, which the helper's template enforces
POLL_SECONDS = 1.0  # how often a waiting caller checks that the helper is not stopped
COPY_MAX_BYTES = 64 * 1024 * 1024  # a bigger file read by a call runs fresh (or from the Arrow copy)
_LIBRARIES = ("pandas", "numpy", "pyarrow", "pydantic", "scipy")
HELPER_CODE = (
    "__init__.py", "config.py", "exceptions.py", "footer.py", "paths.py", "residents.py", "runtime",
    "sandbox",
)  # fmt: skip
"""The parts of mcpforge a helper and its template import (a test checks that nothing else is loaded):
an edit elsewhere (the CLI, the pipeline) leaves a running helper valid."""


def resident_enabled(config: MCPForgeConfig) -> bool:
    """Whether ``ask`` may use (and start) the resident helper."""
    return config.sandbox.resident and config.sandbox.warm_calls and not off_by_environment()


def helper_code_files() -> list[Path]:
    """The mcpforge files a helper and its template have loaded (``HELPER_CODE``), sorted."""
    import mcpforge

    package = Path(mcpforge.__file__).resolve().parent
    found = []
    for name in HELPER_CODE:
        path = package / name
        found += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return found


def installation_fingerprint() -> str:
    """This installation's code and libraries: a helper started from other code is never used.

    The files of :data:`HELPER_CODE` by size and modification time (an edit or an upgrade makes a new
    key), the interpreter, and the versions of the libraries the template preloads.
    """
    import mcpforge

    package = Path(mcpforge.__file__).resolve().parent
    digest = hashlib.sha256(f"{package};{sys.prefix};{sys.version}".encode())
    for path in helper_code_files():
        with contextlib.suppress(OSError):
            st = path.stat()
            digest.update(f"{path.relative_to(package)}:{st.st_size}:{st.st_mtime_ns};".encode())
    versions = installed_versions(_LIBRARIES)
    for name in _LIBRARIES:
        digest.update(f"{name}={versions[name] or '?'};".encode())
    return digest.hexdigest()


def helper_spec(config: MCPForgeConfig) -> dict[str, Any]:
    """What a helper is started with (also what its key hashes, with the installation)."""
    from mcpforge.sandbox import tool_run_limits

    return {
        "sandbox": config.sandbox.model_dump(mode="json"),
        "limits": asdict(tool_run_limits(config)),
        "idle_seconds": config.sandbox.resident_idle_seconds,
        "installation": installation_fingerprint(),
    }


def helper_dir(spec: dict[str, Any]) -> Path:
    """The folder of the helper for ``spec`` (not created here)."""
    keyed = {**spec, "idle_seconds": None}
    key = hashlib.sha256(json.dumps(keyed, sort_keys=True).encode()).hexdigest()[:20]
    return resident_root() / key


def start_helper(directory: Path, spec: dict[str, Any]) -> bool:
    """Start the helper for ``spec`` in the background unless one runs or starts, or one failed lately."""
    argv = [sys.executable, "-m", RESIDENT_SANDBOX_MODULE, str(directory), json.dumps(spec)]
    return start_detached(directory, argv, "resident warm sandbox")


def open_resident(config: MCPForgeConfig) -> ResidentCalls | None:
    """Calls of this user's ready helper; None when there is none (one is then started for next time)."""
    if not resident_enabled(config):
        return None
    spec = helper_spec(config)
    directory = helper_dir(spec)
    if len(str(directory / SOCKET_NAME)) > MAX_SOCKET_PATH or not private_dir(directory):
        return None
    found = connect(directory)
    if found is None:
        start_helper(directory, spec)
        return None
    conn, _pid = found
    conn.close()
    return ResidentCalls(directory, SandboxLimits(**spec["limits"]))


def wait_ready(config: MCPForgeConfig, timeout: float) -> bool:
    """Start this user's helper for ``config`` if needed and wait until it is ready (benchmarks, tests);
    False at once when it is off."""
    if not resident_enabled(config):
        return False
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if open_resident(config) is not None:
            return True
        time.sleep(0.2)
    return False


def exchange(directory: Path, message: dict[str, Any], wait_seconds: float) -> dict[str, Any] | None:
    """Send ``message`` to the helper and return its answer; None when it gives none in time, or is gone."""
    found = connect(directory)
    if found is None:
        return None
    conn, pid = found
    deadline = time.monotonic() + wait_seconds
    with conn:
        try:
            conn.settimeout(POLL_SECONDS)
            conn.sendall(json.dumps(message, default=str).encode("utf-8") + b"\n")
            buffer = b""
            while not buffer.endswith(b"\n"):
                try:
                    chunk = conn.recv(1 << 16)
                except TimeoutError:
                    if time.monotonic() >= deadline or stopped_processes(pid, depth=0):
                        return None
                    continue
                if not chunk:
                    return None  # the helper died or gave up on this call
                buffer += chunk
        except OSError:
            return None
    try:
        answer = json.loads(buffer)
    except json.JSONDecodeError:
        return None
    return answer if isinstance(answer, dict) else None


class ResidentCalls:
    """Validation's sandbox batches, run by the resident helper (``call_batch`` as ``WarmCalls``)."""

    def __init__(self, directory: Path, limits: SandboxLimits) -> None:
        self.directory = directory
        self.shown = directory / SHOWN_NAME
        self._limits = limits

    def close(self) -> None:
        """Nothing to stop: the helper stays for the next ask (``WarmCalls.close`` stops its template)."""

    @contextlib.contextmanager
    def workdir(self) -> Iterator[Path]:
        """A directory of one validation inside what the template shows (0755 for the sandbox uid)."""
        path = Path(tempfile.mkdtemp(prefix="validation-", dir=self.shown))
        try:
            path.chmod(0o755)
            yield path
        finally:
            shutil.rmtree(path, ignore_errors=True)

    def call_batch(
        self,
        tool_source: str,
        calls: Sequence[ToolCall],
        *,
        read_paths: Sequence[Path],
        function_name: str | None = None,
    ) -> ToolBatchResult | None:
        """The outcomes of ``calls`` in one warm child of the helper; None when they must run fresh."""
        with tempfile.TemporaryDirectory(prefix="data-", dir=self.shown) as tmp:
            shown = self._show(read_paths, Path(tmp))
            if shown is None:
                return None
            copies, paths = shown
            message = {
                "op": "call",
                "source": tool_source,
                "calls": [
                    {"arguments": _replaced(call.arguments, copies), "call_id": call.call_id}
                    for call in calls
                ],
                "read": [str(path) for path in paths],
                "function_name": function_name,
                "nice": _thread_nice(),  # the child runs at the asking thread's priority, as fresh ones do
            }
            answer = exchange(self.directory, message, self._limits.timeout_seconds + GRACE_SECONDS)
        result = answer.get("result") if answer is not None else None
        if not isinstance(result, dict):
            return None
        stdout, stderr = str(result.get("stdout", "")), str(result.get("stderr", ""))
        for original, copy in copies.items():
            stdout, stderr = _unmapped(stdout, copy, original), _unmapped(stderr, copy, original)
        try:
            raw = SandboxResult(**{**result, "stdout": stdout, "stderr": stderr, "outputs": {}})
        except TypeError:  # an answer of another shape: never trusted
            return None
        return batch_from_result(raw)

    def _show(self, read_paths: Sequence[Path], tmp: Path) -> tuple[dict[str, str], list[Path]] | None:
        """The read paths as the template shows them: a file outside ``shown/`` as a private copy there."""
        copies: dict[str, str] = {}
        paths: list[Path] = []
        for path in map(Path, read_paths):
            if path.resolve().is_relative_to(self.shown.resolve()):
                paths.append(path)
                continue
            try:
                st = path.stat()
                if not stat.S_ISREG(st.st_mode) or st.st_size > COPY_MAX_BYTES:
                    return None
                tmp.chmod(0o755)
                folder = Path(tempfile.mkdtemp(dir=tmp))
                folder.chmod(0o755)
                copy = folder / path.name
                shutil.copyfile(path, copy)
                copy.chmod(0o644)
            except OSError:
                return None
            copies[str(path)] = str(copy)
            copies.setdefault(str(path.resolve()), str(copy))
            paths.append(copy)
        return copies, paths


def _thread_nice() -> int:
    try:
        return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    except OSError:
        return 0


def _replaced(arguments: dict[str, Any], copies: dict[str, str]) -> dict[str, Any]:
    return {
        name: copies.get(value, value) if isinstance(value, str) else value
        for name, value in arguments.items()
    }


def _unmapped(text: str, copy: str, original: str) -> str:
    """``text`` with the copy's path written as the person's file (plain and JSON-escaped)."""
    text = text.replace(copy, original)
    return text.replace(json.dumps(copy)[1:-1], json.dumps(original)[1:-1])
