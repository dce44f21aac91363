"""Sandboxed code never runs as host root: who the sandbox runs as, and the launcher that gets it there.

When mcpforge itself runs as root (the normal case in CI and containers), every backend starts its
first process through :class:`Launcher`, in the forked child before ``exec``: it enters the run's
cgroup, gives itself a private mount namespace (host root still), makes every path the run needs
reachable for the unprivileged uid, and then drops to that uid and gid for good (no supplementary
groups). Namespaces are created afterwards by bwrap or unshare running as that uid, so "root" inside
a user namespace maps onto it, never onto host uid 0.

Paths under a directory the unprivileged uid cannot search (``/root/.pyenv`` under ``/root``, mode
0700) are revealed by a tmpfs over the topmost closed directory holding a bind mount of exactly the
needed path, all inside the launcher's private mount namespace, so the host's mount table never
changes. Data files the unprivileged uid may not read are copied by the host into a root-only
staging directory (owned by the sandbox uid, mode 0400) and bound over their own path the same way.
Every source is the descriptor opened when the path was checked (``_pinned.py``): root never resolves
a data path by name, so a path swapped after the check cannot make root copy or show another file.
When mcpforge runs as a normal user, the sandbox runs as that user and nothing is revealed.
"""

# Descriptor-level os calls on purpose: this runs between fork and exec.
# ruff: noqa: PTH103, PTH110, PTH116, PTH120, PTH123
from __future__ import annotations

import ctypes
import errno
import os
import shutil
import stat
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from mcpforge.exceptions import DataError, SandboxUnavailableError
from mcpforge.sandbox._pinned import PinnedPath, pin

if TYPE_CHECKING:
    from mcpforge.sandbox._layout import DataLayout

# A uid/gid that owns nothing by convention and exists on every Debian-like system.
UNPRIVILEGED_ID = 65534
_CLONE_NEWNS = 0x00020000
_MS_RDONLY = 1
_MS_NOSUID = 2
_MS_NODEV = 4
_MS_REMOUNT = 32
_MS_BIND = 4096
_MS_REC = 16384
_MS_PRIVATE = 1 << 18
# The mount API of Linux 5.2 (the same numbers on every architecture).
_SYS_OPEN_TREE = 428
_SYS_MOVE_MOUNT = 429
_OPEN_TREE_CLONE = 1
_OPEN_TREE_CLOEXEC = os.O_CLOEXEC
_AT_EMPTY_PATH = 0x1000
_AT_RECURSIVE = 0x8000
_AT_FDCWD = -100
_MOVE_EMPTY = 0x4  # MOVE_MOUNT_F_EMPTY_PATH


@dataclass(frozen=True, kw_only=True)
class SandboxIdentity:
    """The host uid/gid sandboxed code runs as, and whether mcpforge drops to it from root."""

    uid: int
    gid: int
    dropped_from_root: bool

    def describe(self) -> str:
        """One line for ``doctor`` and error messages."""
        how = "dropped from root before any namespace is made" if self.dropped_from_root else "the caller's"
        return f"host uid {self.uid}, gid {self.gid} ({how})"


def sandbox_identity() -> SandboxIdentity:
    """Who sandboxed code runs as on the host: uid/gid 65534 when mcpforge is root, else the caller."""
    if os.geteuid() == 0 or os.getuid() == 0:
        return SandboxIdentity(uid=UNPRIVILEGED_ID, gid=UNPRIVILEGED_ID, dropped_from_root=True)
    return SandboxIdentity(uid=os.getuid(), gid=os.getgid(), dropped_from_root=False)


def _permits(st: os.stat_result, ident: SandboxIdentity, owner: int, group: int, other: int) -> bool:
    if st.st_uid == ident.uid:
        return bool(st.st_mode & owner)
    if st.st_gid == ident.gid:
        return bool(st.st_mode & group)
    return bool(st.st_mode & other)


def closed_ancestor(path: str, ident: SandboxIdentity) -> str | None:
    """The topmost directory above ``path`` that ``ident`` may not search, or None (mode bits only)."""
    parts = Path(path).parts
    current = Path("/")
    for part in parts[1:-1] if len(parts) > 1 else ():
        current = current / part
        st = os.stat(current)
        if not _permits(st, ident, stat.S_IXUSR, stat.S_IXGRP, stat.S_IXOTH):
            return str(current)
    return None


def searchable_by(st: os.stat_result, ident: SandboxIdentity) -> bool:
    """Whether the mode bits let ``ident`` search (enter) a directory with this stat."""
    return _permits(st, ident, stat.S_IXUSR, stat.S_IXGRP, stat.S_IXOTH)


def readable_by(st: os.stat_result, ident: SandboxIdentity) -> bool:
    """Whether the mode bits let ``ident`` read a file with this stat."""
    return _permits(st, ident, stat.S_IRUSR, stat.S_IRGRP, stat.S_IROTH)


@dataclass(kw_only=True)
class Launcher:
    """The child-side step between fork and exec: cgroup, private mounts, then the drop to ``ident``.

    Built on the host with :meth:`reveal` / :meth:`expose_data`. Every bind source is a descriptor
    opened on the host when the path was checked (:class:`PinnedPath`), never a name: in the child,
    before its new mount namespace exists, each one is cloned into a detached mount (``open_tree``),
    which is then attached at its place inside the new namespace (``move_mount``). Data files the
    sandbox uid may not read are copied from their descriptor. :meth:`close` once the child started.
    """

    ident: SandboxIdentity
    stage_dir: Path | None = None
    staged: dict[str, PinnedPath] = field(default_factory=dict)
    """Private copies, by the real path of the file each copies."""
    _binds: list[tuple[PinnedPath, str]] = field(default_factory=list)
    _owned: list[PinnedPath] = field(default_factory=list)
    _closed_dirs: set[str] = field(default_factory=set)
    _covered: set[str] = field(default_factory=set)
    _extra: list[Callable[[], None]] = field(default_factory=list)

    def add_step(self, step: Callable[[], None]) -> None:
        """Run ``step`` in the child before the privilege drop (e.g. entering the cgroup)."""
        self._extra.append(step)

    def reveal(self, paths: Iterable[str]) -> None:
        """Make each absolute path mcpforge chose itself (the interpreter's) reachable for the sandbox uid."""
        if not self.ident.dropped_from_root:
            return
        for path in paths:
            if self._closed_top(path) is None:
                continue
            try:
                pinned = pin(path)
            except DataError:
                continue
            self._owned.append(pinned)
            self.reveal_as(pinned, path)

    def reveal_as(self, source: PinnedPath, target: str) -> None:
        """Show ``source`` at ``target`` too when ``target`` lies under a directory closed to the uid."""
        if not self.ident.dropped_from_root:
            return
        top = self._closed_top(target)
        if top is not None:
            self._closed_dirs.add(top)
            self._binds.append((source, target))

    def _closed_top(self, target: str) -> str | None:
        return closed_ancestor(target, self.ident) or next(
            (folder for folder in sorted(self._covered, key=len) if target.startswith(folder + "/")), None
        )

    def expose_data(self, data: DataLayout, workdir: Path, *, at_shown: bool) -> None:
        """Make the data reachable for the sandbox uid: whole directories, then single files.

        With ``at_shown`` (the backends that see the host's filesystem) a directory shown file by
        file is covered by a tmpfs holding only its regular files, so not even the names of its
        sockets, fifos or device nodes are visible.
        """
        if not self.ident.dropped_from_root:
            return
        if at_shown:
            whole = {real for real, _ in data.whole}
            folders = {real for real, _ in data.dirs}
            self._covered.update(real for real, _ in data.pairs if real not in whole and real in folders)
        for real, shown in data.whole:
            self.reveal_as(data.pinned(real), real)
            if at_shown and shown != real:
                self.reveal_as(data.pinned(real), shown)
        self.expose_files(data, workdir, at_shown=at_shown)

    def expose_files(self, data: DataLayout, workdir: Path, *, at_shown: bool) -> None:
        """Make each data file readable at its real path (and, with ``at_shown``, at the caller's spelling).

        A file the sandbox uid may read is bound where a closed directory hides it; one it may not
        read is shown as a private copy (:meth:`stage_copy`).
        """
        if not self.ident.dropped_from_root:
            return
        for real, shown in data.files:
            pinned = data.pinned(real)
            source = pinned
            if readable_by(pinned.stat(), self.ident):
                self.reveal_as(pinned, real)
            else:
                source = self.stage_copy(pinned, workdir, at=real if at_shown else None)
            if at_shown and shown != real:
                self.reveal_as(source, shown)

    def expose_privately(self, data: DataLayout, workdir: Path) -> dict[str, str]:
        """Show each data entry at a path of the run's own, ``workdir/view/N``; {real path: that path}.

        For bwrap: it binds these paths (which exist only in the launcher's namespace, from the
        descriptors pinned at the check, in a directory no one else can change) and never resolves a
        data path of the host. A file the sandbox uid may not read is shown as its private copy.
        """
        views: dict[str, str] = {}
        if not self.ident.dropped_from_root:
            return views
        view_dir = workdir / "view"
        view_dir.mkdir(mode=0o700)
        self._closed_dirs.add(str(view_dir))
        for real, _ in (*data.whole, *data.files):
            source = data.pinned(real)
            if not source.is_dir and not readable_by(source.stat(), self.ident):
                source = self.stage_copy(source, workdir, at=None)
            views[real] = str(view_dir / str(len(views)))
            self._binds.append((source, views[real]))
        return views

    def stage_copy(self, source: PinnedPath, workdir: Path, *, at: str | None) -> PinnedPath:
        """A private copy of ``source`` (which the sandbox uid may not read), read from its descriptor.

        The copy lives in a root-only directory of the run, owned by the sandbox uid with mode 0400;
        with ``at``, it is shown over that path, only inside the launcher's namespace.
        """
        if self.stage_dir is None:
            self.stage_dir = workdir / "stage"
            self.stage_dir.mkdir(mode=0o700)
        copy = str(self.stage_dir / str(len(self.staged)))
        with (
            open(source.open_for_reading(), "rb", closefd=True) as src,
            open(copy, "xb", opener=_nofollow) as dst,
        ):
            shutil.copyfileobj(src, dst)
            os.fchown(dst.fileno(), self.ident.uid, self.ident.gid)
            os.fchmod(dst.fileno(), 0o400)
        pinned = pin(copy)
        self._owned.append(pinned)
        self.staged[source.real] = pinned
        if at is not None:
            top = closed_ancestor(at, self.ident)
            if top is not None:
                self._closed_dirs.add(top)
            self._binds.append((pinned, at))
        return pinned

    def close(self) -> None:
        """Close the descriptors this launcher opened (the layout's own stay with the layout)."""
        for pinned in self._owned:
            pinned.close()
        self._owned.clear()

    def __call__(self) -> None:
        """In the child, before exec. Raises (and the start fails) when any step cannot be done."""
        for step in self._extra:
            step()
        if not self.ident.dropped_from_root:
            return
        if self._binds:
            self._mount_plan()
        os.setgroups([])
        os.setresgid(self.ident.gid, self.ident.gid, self.ident.gid)
        os.setresuid(self.ident.uid, self.ident.uid, self.ident.uid)
        if 0 in os.getresuid() or 0 in os.getresgid() or os.getgroups():
            raise PermissionError("the sandbox launcher could not drop root")

    def _mount_plan(self) -> None:
        libc = ctypes.CDLL(None, use_errno=True)
        binds = sorted(self._binds, key=lambda bind: len(bind[1]))
        # Cloned while still in the host's namespace: a bind from a mount of another namespace is refused.
        trees = [_clone_tree(libc, source) for source, _ in binds]
        _check(libc.unshare(_CLONE_NEWNS), "unshare(CLONE_NEWNS)")
        _check(libc.mount(b"none", b"/", None, _MS_REC | _MS_PRIVATE, None), "make / private")
        # Without open_tree (Linux < 5.2): the name, opened before the tmpfs hides it, must still be
        # the checked file.
        pairs = zip(trees, binds, strict=True)
        sources = [tree if tree >= 0 else _reopen_same(source) for tree, (source, _) in pairs]
        for top in sorted(self._closed_dirs, key=len):
            if not any(top.startswith(other + "/") for other in self._closed_dirs):
                opts = b"mode=0755,size=1m"
                _check(libc.mount(b"tmpfs", top.encode(), b"tmpfs", _MS_NOSUID | _MS_NODEV, opts), top)
        for fd, tree, (source, path) in zip(sources, trees, binds, strict=True):
            if source.is_dir:
                os.makedirs(path, mode=0o755, exist_ok=True)
            else:
                os.makedirs(os.path.dirname(path), mode=0o755, exist_ok=True)
                if not os.path.exists(path):
                    os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o444))
            if tree >= 0:
                _check(libc.syscall(_SYS_MOVE_MOUNT, fd, b"", _AT_FDCWD, path.encode(), _MOVE_EMPTY), path)
            else:
                source_path = f"/proc/self/fd/{fd}".encode()
                _check(libc.mount(source_path, path.encode(), None, _MS_BIND | _MS_REC, None), path)
            os.close(fd)
            flags = _MS_REMOUNT | _MS_BIND | _MS_RDONLY | _MS_NOSUID | _MS_NODEV
            _check(libc.mount(None, path.encode(), None, flags, None), path)


def _clone_tree(libc: ctypes.CDLL, source: PinnedPath) -> int:
    """A detached copy of the mount at ``source``'s descriptor (open_tree), or -1 without the syscall."""
    flags = _OPEN_TREE_CLONE | _OPEN_TREE_CLOEXEC | _AT_EMPTY_PATH | _AT_RECURSIVE
    fd = int(libc.syscall(_SYS_OPEN_TREE, source.fd, b"", flags))
    if fd < 0:
        err = ctypes.get_errno()
        if err == errno.ENOSYS:
            return -1
        raise OSError(err, f"sandbox launcher: open_tree({source.real}): {os.strerror(err)}")
    return fd


def _reopen_same(source: PinnedPath) -> int:
    fd = os.open(source.real, os.O_PATH | os.O_CLOEXEC | os.O_NOFOLLOW)
    st = os.fstat(fd)
    if (st.st_dev, st.st_ino) != source.identity:
        raise OSError(errno.ESTALE, f"sandbox launcher: {source.real} changed since it was checked")
    return fd


def _check(result: int, what: str) -> None:
    if result != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"sandbox launcher: {what}: {os.strerror(err)}")


def _nofollow(path: str, flags: int) -> int:
    return os.open(path, flags | os.O_NOFOLLOW)


def refuse(ident: SandboxIdentity, why: str) -> SandboxUnavailableError:
    """The one-line refusal when the drop to the unprivileged uid cannot be done."""
    return SandboxUnavailableError(
        f"cannot run the sandbox as {ident.describe()}: {why}; run mcpforge as a normal user "
        "or let root create unprivileged user namespaces (sysctl user.max_user_namespaces > 0)"
    )
