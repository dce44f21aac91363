"""Host-side judges for the hostile battery: every trace is read on the host, never from the sandbox.

A :class:`HostWatch` lays out a data directory (given to the run) and an outside directory (not
given), each with a canary file, a 0600 secret, a listening unix socket and (as root) a device node,
plus an abstract unix socket and a loopback TCP listener. ``changes()`` compares the metadata (mode,
owner, times, xattrs, content) of those and of the host's ``/dev`` nodes with the snapshot taken
first, ``connections()`` says which listener was reached, ``leftovers()`` finds processes of the run
still alive (by the unique directory path every process of the run carries on its command line).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pwd
import shutil
import socket
import stat
import subprocess
import sys
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mcpforge.sandbox._identity import Launcher, SandboxIdentity
from mcpforge.sandbox._layout import python_layout

DEV_NODES = ("/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom", "/dev/tty")
SECRET = "S3CRET-" + uuid.uuid4().hex
TEST_USER = "mcpforge-battery"


def _xattrs(path: Path) -> dict[str, bytes]:
    try:
        return {
            name: os.getxattr(path, name, follow_symlinks=False)
            for name in os.listxattr(path, follow_symlinks=False)
        }
    except OSError:
        return {}


def _metadata(path: Path) -> dict[str, Any]:
    st = path.lstat()
    meta: dict[str, Any] = {
        "mode": st.st_mode,
        "uid": st.st_uid,
        "gid": st.st_gid,
        "mtime": st.st_mtime_ns,
        "xattrs": _xattrs(path),
    }
    if stat.S_ISREG(st.st_mode):
        meta["sha256"] = hashlib.sha256(path.read_bytes()).hexdigest()
    return meta


@dataclass
class HostWatch:
    """The traps and the snapshot of one hostile case; ``owner`` owns the data (the caller's uid)."""

    root: Path
    owner: tuple[int, int] = (0, 0)
    listeners: dict[str, socket.socket] = field(default_factory=dict)
    before: dict[str, dict[str, Any]] = field(default_factory=dict)

    @property
    def data(self) -> Path:
        return self.root / "data"

    @property
    def outside(self) -> Path:
        return self.root / "outside"

    def setup(self) -> HostWatch:
        for folder in (self.data, self.outside):
            folder.mkdir(parents=True)
            (folder / "canary.txt").write_text("canary\n", encoding="utf-8")
            (folder / "secret.txt").write_text(SECRET + "\n", encoding="utf-8")
            (folder / "secret.txt").chmod(0o600)
            (folder / "rows.csv").write_text("a,b\n1,2\n", encoding="utf-8")
            if os.geteuid() == 0:
                with contextlib.suppress(PermissionError):  # a container without CAP_MKNOD
                    os.mknod(folder / "null", 0o666 | stat.S_IFCHR, os.makedev(1, 3))
            self._listen(f"unix:{folder.name}", socket.AF_UNIX, str(folder / "agent.sock"))
        self._listen("abstract", socket.AF_UNIX, "\0mcpforge-battery-" + self.root.name)
        self._listen("tcp", socket.AF_INET, ("127.0.0.1", 0))
        (self.root / "run").mkdir()  # where the CLI runs and the case script lives: not watched
        for path in self.root.rglob("*"):
            os.lchown(path, *self.owner)
        os.chown(self.root, *self.owner)
        self.data.chmod(0o700)  # closed to everyone but the owner: the run must still see its data
        self.before = self.snapshot()
        return self

    def _listen(self, name: str, family: int, address: Any) -> None:
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.bind(address)
        sock.listen(8)
        sock.setblocking(False)
        self.listeners[name] = sock

    @property
    def tcp_port(self) -> int:
        return int(self.listeners["tcp"].getsockname()[1])

    def snapshot(self) -> dict[str, dict[str, Any]]:
        paths = [Path(p) for p in DEV_NODES if Path(p).exists()]
        paths += sorted(p for folder in (self.data, self.outside) for p in folder.rglob("*"))
        paths += [self.data, self.outside]
        return {str(p): _metadata(p) for p in paths}

    def changes(self) -> dict[str, tuple[Any, Any]]:
        """Every watched path whose metadata or content differs from the first snapshot."""
        now = self.snapshot()
        return {
            p: (self.before.get(p), now.get(p))
            for p in set(self.before) | set(now)
            if self.before.get(p) != now.get(p)
        }

    def connections(self) -> list[str]:
        """The listeners something connected to (a non-blocking accept on each)."""
        reached = []
        for name, sock in self.listeners.items():
            with contextlib.suppress(BlockingIOError):
                conn, _ = sock.accept()
                conn.close()
                reached.append(name)
        return reached

    def leftovers(self) -> list[int]:
        """Host pids of processes that still carry this case's directory on their command line."""
        marker = str(self.root).encode()
        found = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit() and int(entry.name) != os.getpid():
                with contextlib.suppress(OSError):
                    if marker in (entry / "cmdline").read_bytes():
                        found.append(int(entry.name))
        return found

    def close(self) -> None:
        for sock in self.listeners.values():
            sock.close()
        shutil.rmtree(self.root, ignore_errors=True)


def unprivileged_user() -> tuple[int, int] | None:
    """A throwaway system user to run mcpforge as (created once when the tests run as root)."""
    if os.geteuid() != 0:
        return os.getuid(), os.getgid()
    try:
        entry = pwd.getpwnam(TEST_USER)
    except KeyError:
        useradd = shutil.which("useradd")
        if useradd is None:
            return None
        # Exit code 9: another test process created it first.
        done = subprocess.run(
            [useradd, "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", TEST_USER],
            capture_output=True,
            check=False,
            timeout=30,
        )
        if done.returncode not in (0, 9):
            return None
        entry = pwd.getpwnam(TEST_USER)
    return entry.pw_uid, entry.pw_gid


def run_cli(
    args: list[str], *, as_user: tuple[int, int] | None, cwd: Path
) -> subprocess.CompletedProcess[bytes]:
    """``mcpforge ARGS`` as root (``as_user`` None) or as ``as_user`` (the interpreter revealed to it)."""
    mcpforge = str(Path(sys.executable).with_name("mcpforge"))
    launcher = None
    if as_user is not None and os.geteuid() == 0:
        launcher = Launcher(ident=SandboxIdentity(uid=as_user[0], gid=as_user[1], dropped_from_root=True))
        launcher.reveal(python_layout().read_roots)
    env = {"PATH": "/usr/bin:/bin", "HOME": str(cwd), "LANG": "C.UTF-8"}
    return subprocess.run(
        [mcpforge, *args],
        capture_output=True,
        cwd=cwd,
        env=env,
        timeout=120,
        check=False,
        preexec_fn=launcher,
    )


def sandbox_host_ids(as_user: tuple[int, int] | None) -> tuple[int, int]:
    """The host uid/gid a run's code has: 65534 when mcpforge is root, else mcpforge's own."""
    if as_user is not None:
        return as_user
    return (65534, 65534) if os.geteuid() == 0 else (os.getuid(), os.getgid())


def start_sentinel(ids: tuple[int, int]) -> subprocess.Popen[bytes]:
    """A host process of the sandbox's own uid, outside the sandbox: nothing may renice or pin it."""
    drop = os.geteuid() == 0
    return subprocess.Popen(
        ["/bin/cat"],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        user=ids[0] if drop else None,
        group=ids[1] if drop else None,
        extra_groups=[] if drop else None,
    )


def sched_state(pid: int) -> tuple[int, frozenset[int], str]:
    """(nice, cpu affinity, limits) of a host process, read on the host."""
    fields = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8").rsplit(")", 1)[1].split()
    limits = Path(f"/proc/{pid}/limits").read_text(encoding="utf-8")
    return int(fields[16]), frozenset(os.sched_getaffinity(pid)), limits


def descendants(pid: int) -> list[int]:
    """Host pids of ``pid`` and every process below it (read from /proc on the host)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text(encoding="utf-8").rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    found, stack = [], [pid]
    while stack:
        current = stack.pop()
        found.append(current)
        stack.extend(children.get(current, []))
    return found
