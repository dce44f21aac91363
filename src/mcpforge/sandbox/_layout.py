"""What every backend prepares: the code directory, the interpreter's files, the env, the confine config."""

# Paths stay strings here: they become bwrap arguments and Landlock rules verbatim.
# ruff: noqa: PTH118

from __future__ import annotations

import functools
import json
import os
import stat
import subprocess
import sys
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any

from mcpforge.exceptions import DataError, InvalidArgumentError, SandboxError
from mcpforge.sandbox._identity import SandboxIdentity, readable_by, searchable_by
from mcpforge.sandbox._pinned import PinnedPath, changed_error, pin, pin_beneath
from mcpforge.sandbox._probe_cache import interpreter_key, remembered
from mcpforge.sandbox.base import SandboxLimits, SandboxRequest

CONFINE_SCRIPT = Path(__file__).with_name("_confine.py")
TEMPLATE_SCRIPT = Path(__file__).with_name("_template.py")
SANDBOX_DIR = str(CONFINE_SCRIPT.parent)
# System library directories the interpreter and compiled wheels link against.
SYSTEM_LIB_DIRS = ("/usr/lib", "/usr/lib64", "/usr/lib32", "/usr/local/lib", "/lib", "/lib64", "/lib32")
SYSTEM_FILES = ("/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/localtime")
# What Python, numpy and pandas read under /proc (the process's own directory and a few system-wide
# counters); root-only and kernel-address files (slabinfo, vmallocinfo, timer_list, kpageflags) are not.
PROC_READ = (
    "/proc/self",
    "/proc/meminfo",
    "/proc/cpuinfo",
    "/proc/stat",
    "/proc/loadavg",
    "/proc/uptime",
    "/proc/version",
    "/proc/sys/vm/overcommit_memory",
    "/proc/sys/kernel/osrelease",
)
MAX_DATA_FILES = 4096
_STAT_FILES_UP_TO = 2000
_MAX_DEPTH = 256


@dataclass(frozen=True, kw_only=True)
class DataLayout:
    """What the data paths expose: regular files (and the directories holding them), nothing else.

    A directory whose whole tree is regular files, directories and symlinks, all readable by the
    sandbox uid, is exposed whole (``whole``: one bind, one Landlock rule; symlinks resolve inside the
    sandbox's view, where nothing else exists). Any other directory (a socket, fifo or device node
    inside, or an entry the sandbox uid may not read) is exposed file by file (``files`` and
    ``dirs``). Entries are (real path, path as the caller wrote it).

    Every entry of ``whole`` and ``files`` is held open in ``pins`` (by real path): the sandbox is
    set up from those descriptors, never from the names. The layout owns them; :meth:`close` once the
    run has started (or failed to).
    """

    roots: tuple[str, ...]
    pairs: tuple[tuple[str, str], ...]
    whole: tuple[tuple[str, str], ...]
    files: tuple[tuple[str, str], ...]
    dirs: tuple[tuple[str, str], ...]
    pins: Mapping[str, PinnedPath] = field(default_factory=dict)

    def pinned(self, real: str) -> PinnedPath:
        """The descriptor the sandbox exposes at ``real`` (an entry of ``whole`` or ``files``)."""
        return self.pins[real]

    def close(self) -> None:
        """Close every descriptor of the layout."""
        for pinned in self.pins.values():
            pinned.close()


@dataclass(kw_only=True)
class _Tree:
    """One data directory as its walk found it (see :func:`_walk`)."""

    real_top: str
    ident: SandboxIdentity
    clean: bool = True
    files: list[tuple[tuple[str, ...], str]] = field(default_factory=list)  # (parts below the top, shown)
    dirs: list[tuple[str, str]] = field(default_factory=list)


def _walk(top: PinnedPath, shown: str, ident: SandboxIdentity) -> _Tree:
    """The tree of one pinned data directory, listed through descriptors (no name is resolved twice).

    Entry types come from the directory listing; directories are checked for read and search by the
    sandbox uid, and so are the files of a tree up to ``_STAT_FILES_UP_TO`` entries (a data folder). A
    bigger clean tree (a library's site-packages) is bound whole without a stat per file: a file in it
    the uid may not read stays unreadable inside. A directory replaced by something else during the
    walk refuses the call.
    """
    tree = _Tree(real_top=top.real, ident=ident)
    try:
        folder = os.open(f"/proc/self/fd/{top.fd}", os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError:
        raise changed_error(shown) from None
    try:
        files_readable = _list(folder, (), shown, tree)
    finally:
        os.close(folder)
    if len(tree.files) <= _STAT_FILES_UP_TO:
        tree.clean = tree.clean and files_readable
    tree.files.sort()
    tree.dirs.sort()
    return tree


def _list(folder: int, parts: tuple[str, ...], shown: str, tree: _Tree) -> bool:
    """Add the directory open at ``folder`` and everything below it to ``tree``; whether the files
    stat'ed so far are readable by the sandbox uid. Holds one descriptor per level of depth."""
    if len(parts) > _MAX_DEPTH:
        raise InvalidArgumentError(f"{shown!r} is nested deeper than {_MAX_DEPTH} directories")
    st = os.fstat(folder)
    tree.dirs.append((os.path.join(tree.real_top, *parts), shown))
    tree.clean = tree.clean and readable_by(st, tree.ident) and searchable_by(st, tree.ident)
    readable = True
    subdirs: list[str] = []
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                subdirs.append(entry.name)
            elif entry.is_file(follow_symlinks=False):
                tree.files.append(((*parts, entry.name), os.path.join(shown, entry.name)))
                if len(tree.files) <= _STAT_FILES_UP_TO:
                    readable = readable and readable_by(entry.stat(follow_symlinks=False), tree.ident)
            elif not entry.is_symlink():
                tree.clean = False  # a socket, fifo or device node: never shown
    for name in subdirs:
        shown_sub = os.path.join(shown, name)
        try:
            sub = os.open(name, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=folder)
        except OSError:
            raise changed_error(shown_sub) from None
        try:
            readable = _list(sub, (*parts, name), shown_sub, tree) and readable
        finally:
            os.close(sub)
    return readable


def data_layout(request: SandboxRequest, ident: SandboxIdentity, *, whole_dirs: bool = False) -> DataLayout:
    """The request's read paths as the sandbox will show them (see :class:`DataLayout`).

    ``whole_dirs``: every directory is bound whole whatever it holds now, never file by file. For a
    warm template's folder that its caller fills while the template runs (the resident's ``shown/``): a
    folder not yet chmod-ed there at the template's start would otherwise make it show a snapshot of the
    files of that instant, and no file written later. A file the sandbox uid may not read stays
    unreadable inside (``WarmTemplate.covers`` keeps such a call cold).

    The one place a plain ``Path`` of ``request.read_paths`` is resolved (:func:`pin`); a
    :class:`PinnedPath` given by the caller (the server's checked argument) is used as it is.
    """
    files: list[tuple[str, str]] = []
    dirs: list[tuple[str, str]] = []
    whole: list[tuple[str, str]] = []
    pins: dict[str, PinnedPath] = {}

    def keep(pinned: PinnedPath) -> None:
        if pins.setdefault(pinned.real, pinned) is not pinned:
            pinned.close()

    tops = pinned_read_paths(request)
    try:
        for top in tops:
            if not top.is_dir:
                files.append((top.real, top.shown))
                keep(top.dup())
                continue
            tree = None if whole_dirs else _walk(top, top.shown, ident)
            if tree is None or tree.clean:
                whole.append((top.real, top.shown))
                keep(top.dup())
                continue
            if len(files) + len(tree.files) > MAX_DATA_FILES:
                raise InvalidArgumentError(
                    f"read path {top.shown!r} holds a socket, fifo, device node or unreadable entry and more "
                    f"than {MAX_DATA_FILES} files; give the files themselves or a directory of regular files",
                    argument="read_paths",
                )
            for parts, shown in tree.files:
                pinned = pin_beneath(top, parts, shown=shown)
                keep(pinned)
                if not stat.S_ISREG(os.fstat(pinned.fd).st_mode):
                    raise changed_error(shown)
                files.append((pinned.real, shown))
            dirs += tree.dirs
    except BaseException:
        for pinned in pins.values():
            pinned.close()
        raise
    finally:
        for top in tops:
            top.close()
    return DataLayout(
        roots=tuple(top.real for top in tops),
        pairs=tuple((top.real, top.shown) for top in tops),
        whole=tuple(whole),
        files=tuple(files),
        dirs=tuple(dirs),
        pins=pins,
    )


@dataclass(frozen=True, kw_only=True)
class PythonLayout:
    """The interpreter to run inside the sandbox and every path it must be able to read."""

    executable: str
    sys_path: tuple[str, ...]
    read_roots: tuple[str, ...]


@functools.cache
def python_layout() -> PythonLayout:
    """This interpreter in isolated mode: its real sys.path (incl. editable installs) and prefixes.

    Probed with ``python -I`` and kept in the user's cache until the interpreter, its site-packages or a
    ``.pth`` file changes (``_probe_cache.py``); a kept layout naming a path that is gone is probed again.
    """
    found = remembered(
        "python-layout",
        {"interpreter": interpreter_key()},
        _probe_python_layout,
        keep=lambda _layout: True,
        still_true=_still_true,
    )
    return PythonLayout(
        executable=str(found["executable"]),
        sys_path=tuple(found["sys_path"]),
        read_roots=tuple(found["read_roots"]),
    )


def _still_true(layout: dict[str, Any]) -> bool:
    """Whether a kept layout still describes this interpreter and shows no more than it uses: this very
    executable, a ``sys.path`` within this process's own (``-I`` only drops entries), the read roots
    derived from them as a probe derives them, and every one of them still there."""
    try:
        sys_path = [str(path) for path in layout["sys_path"]]
        roots = _read_roots(sys_path, [sys.prefix, sys.base_prefix, sys.exec_prefix])
        return (
            layout["executable"] == sys.executable
            and set(sys_path) <= set(sys.path)
            and layout["read_roots"] == roots
            and all(Path(root).exists() for root in roots)
        )
    except (KeyError, TypeError):
        return False


def _read_roots(sys_path: list[str], prefixes: list[str]) -> list[str]:
    """What the sandbox binds for the interpreter: its prefixes, its directory and its ``sys.path``."""
    real_exe = os.path.realpath(sys.executable)
    roots = {*prefixes, str(Path(real_exe).parent), *sys_path}
    # Directories only: a zip on sys.path that does not exist was already dropped.
    return sorted(_minimal_roots(r for r in roots if Path(r).exists()))


def _probe_python_layout() -> dict[str, Any]:
    probe = "import json, sys; print(json.dumps([sys.path, sys.prefix, sys.base_prefix, sys.exec_prefix]))"
    try:
        raw = subprocess.run(
            [sys.executable, "-I", "-c", probe], capture_output=True, check=True, timeout=60, env={}
        ).stdout
    except (OSError, subprocess.SubprocessError) as exc:
        raise SandboxError(f"cannot probe the interpreter {sys.executable!r}: {exc}") from exc
    paths, prefix, base_prefix, exec_prefix = json.loads(raw)
    sys_path = [p for p in paths if p and Path(p).exists()]
    return {
        "executable": sys.executable,
        "sys_path": sys_path,
        "read_roots": _read_roots(sys_path, [prefix, base_prefix, exec_prefix]),
    }


def _minimal_roots(paths: object) -> set[str]:
    """Drop paths already covered by another path in the set."""
    resolved = sorted({os.path.realpath(str(p)) for p in paths} | {str(p) for p in paths})  # type: ignore[attr-defined]
    kept: set[str] = set()
    for path in resolved:
        if not any(path == k or path.startswith(k.rstrip("/") + "/") for k in kept):
            kept.add(path)
    return kept


def prepare_workdir(request: SandboxRequest) -> tuple[TemporaryDirectory[str], Path]:
    """A private temporary directory with ``code/`` holding the request's files and ``__main__.py``."""
    workdir = TemporaryDirectory(prefix="mcpforge-run-")
    code = Path(workdir.name) / "code"
    code.mkdir()
    for name, content in request.files.items():
        target = (code / name).resolve()
        if not target.is_relative_to(code.resolve()) or name == "__main__.py":
            workdir.cleanup()
            raise InvalidArgumentError(f"sandbox file name {name!r} is not allowed", argument="files")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content)
    (code / "__main__.py").write_text(request.script, encoding="utf-8")
    # Readable by the unprivileged uid the sandbox runs as, and by nobody's writes.
    Path(workdir.name).chmod(0o755)
    for path in code.rglob("*"):
        path.chmod(0o755 if path.is_dir() else 0o644)
    code.chmod(0o755)
    return workdir, code


def pinned_read_paths(request: SandboxRequest) -> list[PinnedPath]:
    """Each read path held open (new descriptors, owned by the caller): plain paths are pinned here.

    Raises:
        InvalidArgumentError: a read path does not exist, is neither a file nor a directory, or is ``/``.
    """
    pinned: list[PinnedPath] = []
    try:
        for path in request.read_paths:
            if isinstance(path, PinnedPath):
                each = path.dup()
            else:
                try:
                    each = pin(path)
                except DataError as exc:
                    raise InvalidArgumentError(
                        f"read path {str(path)!r} cannot be used: {exc}", argument="read_paths"
                    ) from None
            pinned.append(each)
            if each.real == "/":
                raise InvalidArgumentError(
                    "the whole filesystem cannot be a read path", argument="read_paths"
                )
    except BaseException:
        for each in pinned:
            each.close()
        raise
    return pinned


def sandbox_env(out_dir: str, home: str) -> tuple[dict[str, str], str]:
    """The complete environment of the untrusted code (nothing from the host) and the run id in it."""
    run_id = uuid.uuid4().hex
    env = {
        "PATH": "/usr/bin:/bin",
        "LANG": "C.UTF-8",
        "HOME": home,
        "TMPDIR": "/tmp",
        "MCPFORGE_OUTPUT_DIR": out_dir,
        "MCPFORGE_RUN_ID": run_id,
        # Arrow's mimalloc pool reserves 1 GiB of address space at its first use, which counts against
        # the run's address-space limit (sandbox.memory_mb) before a byte is used; 64 MiB arenas, added
        # as needed, read a big file as fast with the same peak (bench: 0.63-0.68 s, 280 MB, 300 MB CSV).
        "MIMALLOC_ARENA_RESERVE": "64MiB",
        # One BLAS thread: the process limit counts threads, and startup is faster.
        "OPENBLAS_NUM_THREADS": "1",
        "OMP_NUM_THREADS": "1",
        "MKL_NUM_THREADS": "1",
    }
    return env, run_id


def confine_config(
    *,
    limits: SandboxLimits,
    channel_fd: int,
    code_dir: str,
    out_dir: str,
    read: list[str],
    write: list[str],
    list_only: list[str] | None = None,
    devices: list[str],
    landlock: str,
    mount_tmpfs: list[str] | None = None,
    make_dirs: list[str] | None = None,
    drop_caps: bool = False,
) -> str:
    """The JSON argument of ``_confine.py``."""
    return json.dumps(
        {
            "channel_fd": channel_fd,
            "code_dir": code_dir,
            "out_dir": out_dir,
            "sys_path": list(python_layout().sys_path),
            "memory_bytes": limits.memory_mb * 1024 * 1024,
            "cpu_seconds": limits.cpu_seconds,
            "max_open_files": limits.max_open_files,
            "max_file_bytes": limits.max_output_bytes,
            "max_output_bytes": limits.max_output_bytes,
            "max_processes": limits.max_processes,
            "read": [*read, *PROC_READ],
            "list": [*(list_only or []), "/proc"],
            "write": write,
            "devices": devices,
            "landlock": landlock,
            "seccomp": True,
            "mount_tmpfs": mount_tmpfs or [],
            "make_dirs": make_dirs or [],
            "drop_caps": drop_caps,
        }
    )
