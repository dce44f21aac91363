"""Paths are resolved once: a checked path is held as an open descriptor, and nothing resolves its name again.

:func:`pin` walks a path component by component, each opened ``O_PATH | O_NOFOLLOW`` relative to the
descriptor of its parent, so the real path it reports and the descriptor it returns are the same object
by construction (no window between a check and an open). Symlinks met on the way are followed once,
here, like ``realpath`` does (an allowed root may hold links to other places in it); the result must then
sit under an allowed root. After that, the sandbox set-up uses only the descriptor: bwrap binds it
(``--ro-bind-fd``), the root launcher clones it into its mount namespace, a private copy is read from it.
:func:`pin_beneath` opens a path below a pinned directory and refuses every symlink on the way.
"""

# Descriptor-level os calls on purpose: every name is opened relative to a held directory descriptor.
# ruff: noqa: PTH100, PTH111, PTH118
from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from mcpforge.exceptions import DataError, PathNotAllowedError

_OPEN = os.O_PATH | os.O_NOFOLLOW | os.O_CLOEXEC
_MAX_LINKS = 40  # as the kernel's own limit on symlinks followed in one lookup


@dataclass(frozen=True, kw_only=True)
class PinnedPath:
    """A path opened once: the descriptor (``O_PATH``), its real path and identity at the check.

    ``real`` is the symlink-free path the walk took, ``shown`` the path as the caller wrote it (made
    absolute). Whoever pins a path owns ``fd`` and closes it (:meth:`close`); :meth:`dup` gives an
    independent copy to hand on.
    """

    real: str
    shown: str
    fd: int
    dev: int
    ino: int
    is_dir: bool

    def __fspath__(self) -> str:
        return self.real

    def __str__(self) -> str:
        return self.real

    @property
    def identity(self) -> tuple[int, int]:
        """(st_dev, st_ino) of the checked file."""
        return (self.dev, self.ino)

    def stat(self) -> os.stat_result:
        """The checked file's status, from the descriptor."""
        return os.fstat(self.fd)

    def dup(self) -> PinnedPath:
        """The same pinned file on a new descriptor (close-on-exec), owned by the caller."""
        return replace(self, fd=os.dup(self.fd))

    def open_for_reading(self) -> int:
        """A readable descriptor of the very file checked (through the descriptor, never the name).

        Raises:
            DataError: the object behind the descriptor is not the one checked (cannot happen unless
                the descriptor was replaced).
        """
        fd = os.open(f"/proc/self/fd/{self.fd}", os.O_RDONLY | os.O_CLOEXEC | os.O_NOCTTY | os.O_NONBLOCK)
        st = os.fstat(fd)
        if (st.st_dev, st.st_ino) != self.identity:
            os.close(fd)
            raise changed_error(self.shown)
        return fd

    def close(self) -> None:
        """Close the descriptor (once: the owner calls it when the set-up is done)."""
        with contextlib.suppress(OSError):
            os.close(self.fd)


def changed_error(shown: str) -> DataError:
    """The refusal when a path no longer names what was checked."""
    return DataError(
        f"{shown!r} changed while the call was being set up (a directory or file on its path was replaced); "
        "the call is refused",
        path=shown,
    )


def pin(
    path: str | os.PathLike[str],
    roots: Sequence[Path] | None = None,
    *,
    regular_file: bool = False,
) -> PinnedPath:
    """Open ``path`` once, following its symlinks once, and check it against ``roots``.

    Args:
        path: the path as given (relative paths are taken from the working directory, ``~`` expanded).
        roots: allowed roots (resolved here); None: no root check (a path mcpforge chose itself).
        regular_file: require a regular file (a tool's file argument); else a file or a directory.

    Raises:
        PathNotAllowedError: the resolved path is outside every root (or ``roots`` is empty).
        DataError: the path is invalid, does not exist, or is not a regular file (or directory).
    """
    text = os.fspath(path)
    if not text or "\x00" in text:
        raise DataError(f"invalid file path {text!r}", path=text)
    shown = os.path.normpath(os.path.abspath(os.path.expanduser(text)))
    try:
        fd, real = _walk(shown)
    except FileNotFoundError:
        raise DataError(f"file {text!r} does not exist", path=text) from None
    except OSError as exc:
        raise DataError(f"file {text!r} cannot be opened: {exc.strerror}", path=text) from None
    try:
        if roots is not None:
            _check_under(text, real, roots)
        st = os.fstat(fd)
        if regular_file and not stat.S_ISREG(st.st_mode):
            raise DataError(f"{text!r} is not a regular file", path=text)
        if not (stat.S_ISREG(st.st_mode) or stat.S_ISDIR(st.st_mode)):
            raise DataError(f"{text!r} is not a regular file or directory", path=text)
    except BaseException:
        os.close(fd)
        raise
    return PinnedPath(
        real=real, shown=shown, fd=fd, dev=st.st_dev, ino=st.st_ino, is_dir=stat.S_ISDIR(st.st_mode)
    )


def pin_beneath(top: PinnedPath, parts: Sequence[str], *, shown: str) -> PinnedPath:
    """Open ``top/parts...`` relative to ``top``'s descriptor, refusing any symlink on the way.

    Raises:
        DataError: a component is missing, is a symlink, or is not a directory where one is needed.
    """
    fds = [os.dup(top.fd)]
    try:
        for part in parts:
            if part in ("", ".", ".."):
                raise changed_error(shown)
            fd = os.open(part, _OPEN, dir_fd=fds[-1])
            fds.append(fd)
            if stat.S_ISLNK(os.fstat(fd).st_mode):
                raise changed_error(shown)
        st = os.fstat(fds[-1])
    except OSError:
        for fd in fds:
            os.close(fd)
        raise changed_error(shown) from None
    except BaseException:
        for fd in fds:
            os.close(fd)
        raise
    for fd in fds[:-1]:
        os.close(fd)
    real = os.path.join(top.real, *parts)
    return PinnedPath(
        real=real, shown=shown, fd=fds[-1], dev=st.st_dev, ino=st.st_ino, is_dir=stat.S_ISDIR(st.st_mode)
    )


def _walk(absolute: str) -> tuple[int, str]:
    """(descriptor, real path) of ``absolute``, each component opened relative to its parent's descriptor."""
    pending = [part for part in absolute.split("/") if part]
    pending.reverse()  # a stack: the next component is at the end
    chain: list[tuple[str, int]] = [("", os.open("/", _OPEN | os.O_DIRECTORY))]
    links = 0
    try:
        while pending:
            name = pending.pop()
            if name == ".":
                continue
            if name == "..":
                if len(chain) > 1:
                    os.close(chain.pop()[1])
                continue
            fd = os.open(name, _OPEN, dir_fd=chain[-1][1])
            if not stat.S_ISLNK(os.fstat(fd).st_mode):
                chain.append((name, fd))
                continue
            links += 1
            try:
                target = os.readlink("", dir_fd=fd)  # the link itself, through its descriptor
            finally:
                os.close(fd)
            if links > _MAX_LINKS:
                raise OSError(40, "too many levels of symbolic links")
            if target.startswith("/"):
                while len(chain) > 1:
                    os.close(chain.pop()[1])
            pending.extend(reversed([part for part in target.split("/") if part]))
    except BaseException:
        for _, fd in chain:
            os.close(fd)
        raise
    for _, fd in chain[:-1]:
        os.close(fd)
    return chain[-1][1], "/" + "/".join(name for name, _ in chain[1:])


def _check_under(text: str, real: str, roots: Sequence[Path]) -> None:
    real_roots = tuple(Path(os.path.realpath(root)) for root in roots)
    resolved = Path(real)
    if not any(resolved == root or resolved.is_relative_to(root) for root in real_roots):
        raise PathNotAllowedError(text, resolved=resolved, roots=real_roots)
