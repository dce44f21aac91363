"""What every per-user resident helper shares: where it lives, who may reach it, how it starts (issue 28).

Two helpers live this way: the resident warm *sandbox* (``sandbox/resident/``: validation's batches) and
the warm *ask process* (``cli/warm_ask.py``: a zygote that has imported what ``mcpforge ask`` needs). Both
are keyed by what they run, live in a folder of their own under :func:`resident_root` that only the user
may enter (0700), listen on a socket ``sock`` (0600) that a peer of another uid is refused at, hold
``lock`` for their whole life, write ``failed`` when they cannot start (no new start for a while) and are
started detached, in their own session, so that a Ctrl-C of the ask that started them does not stop them.

Standard library only: the ask's console script imports this before typer, pydantic or pandas.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import socket
import stat
import struct
import threading
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

RESIDENT_DIR_ENV = "MCPFORGE_RESIDENT_DIR"
NO_RESIDENT_ENV = "MCPFORGE_NO_RESIDENT"
SOCKET_NAME = "sock"
LOCK_NAME = "lock"
FAILED_NAME = "failed"
LOG_NAME = "log"
FAILED_BACKOFF_SECONDS = 300.0  # a helper that could not start is not tried again before this
CONNECT_SECONDS = 0.5
MAX_SOCKET_PATH = 100  # AF_UNIX paths are at most 107 bytes
RESIDENT_SANDBOX_MODULE = "mcpforge.sandbox.resident.server"  # run with ``python -m`` by its client


def resident_root() -> Path:
    """Where the helpers' folders are: ``$MCPFORGE_RESIDENT_DIR``, else ``$MCPFORGE_CACHE_DIR/resident``,
    else ``$XDG_CACHE_HOME/mcpforge/resident``, else ``~/.cache/mcpforge/resident``."""
    explicit = os.environ.get(RESIDENT_DIR_ENV)
    if explicit:
        return Path(explicit)
    root = os.environ.get("MCPFORGE_CACHE_DIR")
    if root:
        return Path(root) / "resident"
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "mcpforge" / "resident"


def off_by_environment() -> bool:
    """Whether ``MCPFORGE_NO_RESIDENT`` turns every resident helper off (the test suite sets it)."""
    return os.environ.get(NO_RESIDENT_ENV, "").strip().lower() in {"1", "true", "yes", "on"}


def private_dir(path: Path) -> bool:
    """Create ``path`` (0700) if needed; whether it is a folder of this user that no one else may enter."""
    try:
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
        st = path.lstat()
    except OSError:
        return False
    return stat.S_ISDIR(st.st_mode) and st.st_uid == os.getuid() and not st.st_mode & 0o077


def peer(conn: socket.socket) -> tuple[int, int]:
    """The pid and uid of the process at the other end of ``conn`` (SO_PEERCRED: the kernel's word)."""
    creds = conn.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    pid, uid, _gid = struct.unpack("3i", creds)
    return pid, uid


def connect(directory: Path) -> tuple[socket.socket, int] | None:
    """A connection to this user's live helper in ``directory``, and its pid; None if there is none.

    The socket must be a socket of this user in a private folder, and the process listening on it must
    run as this user (whatever the socket's owner says).
    """
    path = directory / SOCKET_NAME
    try:
        st = path.lstat()
    except OSError:
        return None
    if not stat.S_ISSOCK(st.st_mode) or st.st_uid != os.getuid() or len(str(path)) > MAX_SOCKET_PATH:
        return None
    conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        conn.settimeout(CONNECT_SECONDS)
        conn.connect(str(path))
        pid, uid = peer(conn)
    except OSError:
        conn.close()
        return None
    if uid != os.getuid():
        conn.close()
        return None
    return conn, pid


def socket_identity(path: Path) -> tuple[int, int] | None:
    """The device and inode of ``path``: a helper whose socket was removed or replaced exits."""
    try:
        st = path.lstat()
    except OSError:
        return None
    return (st.st_dev, st.st_ino)


def listen_private(directory: Path) -> socket.socket:
    """Bind ``directory/sock`` under a temporary name, make it 0600, then move it into place (atomic):
    a caller never finds a socket that is not ready, or one that others could reach."""
    path = directory / SOCKET_NAME
    temporary = directory / f".{SOCKET_NAME}.{os.getpid()}"
    temporary.unlink(missing_ok=True)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    old = os.umask(0o177)
    try:
        listener.bind(str(temporary))
    finally:
        os.umask(old)
    temporary.chmod(0o600)
    listener.listen(16)
    temporary.replace(path)
    return listener


def start_detached(
    directory: Path, argv: Sequence[str], what: str, *, environ: Mapping[str, str] | None = None
) -> bool:
    """Start ``argv`` in the background as the helper of ``directory`` unless one runs or starts there,
    or one failed lately; its stderr goes to ``directory/log``. Whether it was started.

    ``environ``: its environment (default: this process's)."""
    with contextlib.suppress(OSError):
        if time.time() - (directory / FAILED_NAME).stat().st_mtime < FAILED_BACKOFF_SECONDS:
            return False
    try:
        with (directory / LOCK_NAME).open("a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)  # held by a live (or starting) helper
    except OSError:
        return False
    try:
        log = os.open(directory / LOG_NAME, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    except OSError:
        return False
    try:
        pid = os.posix_spawn(
            argv[0],
            list(argv),
            os.environ if environ is None else environ,
            file_actions=[
                (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
                (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
                (os.POSIX_SPAWN_DUP2, log, 2),
            ],
            setsid=True,  # its own session: not stopped by the ask's Ctrl-C
        )
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.write(log, f"{time.time():.0f} the {what} did not start: {exc}\n".encode())
        return False
    finally:
        os.close(log)
    # Reaped when it exits, should this process still run then (serve, the UI): no zombie is left.
    threading.Thread(target=_reap, args=(pid,), name="resident-reaper", daemon=True).start()
    return True


def _reap(pid: int) -> None:
    with contextlib.suppress(ChildProcessError):
        os.waitpid(pid, 0)
