"""What the sandbox learns by starting processes, kept between commands (issue 28: ``sandbox run``).

Three facts each cost a process on every command that runs code: whether bwrap can make its namespaces
here (``bwrap … /usr/bin/true``), whether this bwrap binds descriptors (``bwrap --help``), and the
isolated interpreter's ``sys.path`` and prefixes (``python -I``). Each is kept in the user's cache under
a key made of everything it depends on, and probed again when any part of the key changes:

* the kernel: release, version, machine, and the sysctls that allow or forbid user namespaces;
* the binary probed: its path, device, inode, size, mtime and ctime;
* who runs it: uid, euid, gid and the sandbox identity (``_identity.py``);
* the interpreter: its path and real file (stat), version, prefixes, ``pyvenv.cfg`` and every
  site-packages directory with each of its ``.pth`` files (what ``python -I`` builds ``sys.path`` from);
* this installation of mcpforge: its version, its package directory and the probing modules' files.

An entry is read only from a folder and file owned by this user and writable by nobody else.

Only a positive answer is kept: a backend that did not work is probed again by the next command. An
entry is one JSON file per fact holding its whole key (another key is a miss), written to a temporary
file and renamed into place; a file that cannot be read or parsed is a miss. A run whose sandbox could
not start forgets every entry (:func:`forget`), so a cached answer that has become wrong costs one failed
start and is then probed afresh: it can never choose a weaker backend than probing would.

Location: ``$MCPFORGE_SANDBOX_CACHE_DIR``, else ``$MCPFORGE_CACHE_DIR/sandbox``, else
``$XDG_CACHE_HOME/mcpforge/sandbox``, else ``~/.cache/mcpforge/sandbox`` (mode 0700); one subdirectory
per installation of mcpforge. ``MCPFORGE_SANDBOX_CACHE=0`` turns it off (every command probes).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import platform
import site
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

SANDBOX_CACHE_ENV = "MCPFORGE_SANDBOX_CACHE_DIR"
CACHE_ROOT_ENV = "MCPFORGE_CACHE_DIR"
SWITCH_ENV = "MCPFORGE_SANDBOX_CACHE"
FORMAT = 1
# Sysctls that decide whether an unprivileged user may make namespaces (Debian, upstream, Ubuntu).
_SYSCTLS = (
    "/proc/sys/kernel/unprivileged_userns_clone",
    "/proc/sys/user/max_user_namespaces",
    "/proc/sys/kernel/apparmor_restrict_unprivileged_userns",
)
_PROBING_MODULES = ("_probe_cache.py", "_layout.py", "bwrap.py", "_identity.py", "_kernel.py")

T = TypeVar("T")


def cache_root() -> Path:
    """The directory of every installation's sandbox facts (see the module docstring for the order)."""
    explicit = os.environ.get(SANDBOX_CACHE_ENV)
    if explicit:
        return Path(explicit)
    root = os.environ.get(CACHE_ROOT_ENV)
    if root:
        return Path(root) / "sandbox"
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "mcpforge" / "sandbox"


def _stat(path: str) -> list[int] | None:
    try:
        info = Path(path).stat()
    except OSError:
        return None
    return [info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns]


def _read(path: str) -> str | None:
    try:
        with open(path, encoding="utf-8") as handle:  # noqa: PTH123 - a /proc file, read once
            return handle.read().strip()
    except OSError:
        return None


@functools.cache
def _installation() -> dict[str, Any]:
    import mcpforge

    package = os.path.realpath(Path(mcpforge.__file__).parent)
    here = Path(__file__).parent
    return {
        "version": mcpforge.__version__,
        "package": package,
        "modules": {name: _stat(str(here / name)) for name in _PROBING_MODULES},
    }


def _installation_dir() -> Path:
    text = json.dumps([_installation()["package"], os.path.realpath(sys.prefix)])
    return cache_root() / hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def kernel_key() -> dict[str, Any]:
    """The kernel and its switches for user namespaces."""
    uname = os.uname()
    return {
        "release": uname.release,
        "version": uname.version,
        "machine": platform.machine(),
        "sysctls": {path: _read(path) for path in _SYSCTLS},
    }


def binary_key(path: str | None) -> dict[str, Any]:
    """A program as found on PATH: where, and which file it is now."""
    return {
        "path": path,
        "real": os.path.realpath(path) if path else None,
        "stat": _stat(path) if path else None,
    }


def identity_key() -> dict[str, Any]:
    """Who runs the probe and whom the sandbox runs as."""
    from mcpforge.sandbox._identity import sandbox_identity

    ident = sandbox_identity()
    return {"uid": os.getuid(), "euid": os.geteuid(), "gid": os.getgid(), "sandbox": [ident.uid, ident.gid]}


def _site_dirs() -> list[str]:
    dirs = [*site.getsitepackages(), *site.getsitepackages([sys.base_prefix])]
    return list(dict.fromkeys(dirs))


def _pth_files(directory: str) -> dict[str, list[int] | None]:
    try:
        with os.scandir(directory) as entries:
            names = sorted(entry.name for entry in entries if entry.name.endswith(".pth"))
    except OSError:
        return {}
    return {name: _stat(os.path.join(directory, name)) for name in names}  # noqa: PTH118


def interpreter_key() -> dict[str, Any]:
    """What ``python -I`` builds its ``sys.path`` from, as files on disk now."""
    real = os.path.realpath(sys.executable)
    return {
        "executable": sys.executable,
        "real": real,
        "stat": _stat(real),
        "version": sys.version,
        "prefixes": [sys.prefix, sys.base_prefix, sys.exec_prefix],
        "pyvenv": _stat(os.path.join(sys.prefix, "pyvenv.cfg")),  # noqa: PTH118
        "site": {path: [_stat(path), _pth_files(path)] for path in _site_dirs()},
    }


def _enabled() -> bool:
    return os.environ.get(SWITCH_ENV, "1") != "0"


def _entry_path(name: str) -> Path:
    return _installation_dir() / f"{name}.json"


def _load(name: str, key: dict[str, Any]) -> Any:
    """The value stored for exactly ``key``; raises KeyError on a miss (an entry another user could have
    written, in a folder or file not this user's or writable by others, is a miss too)."""
    path = _entry_path(name)
    try:
        for info in (path.parent.stat(), path.stat()):
            if info.st_uid != os.geteuid() or info.st_mode & 0o022:
                raise KeyError(name)
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        raise KeyError(name) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("key") != key:
        raise KeyError(name)
    return data["value"]


def _store(name: str, key: dict[str, Any], value: Any) -> None:
    directory = _installation_dir()
    with contextlib.suppress(OSError):  # a cache that cannot be written only costs the next probe
        directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=directory, prefix=f"{name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump({"format": FORMAT, "key": key, "value": value}, handle)
            Path(temporary).replace(directory / f"{name}.json")
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise


def remembered(
    name: str,
    key: dict[str, Any],
    probe: Callable[[], T],
    *,
    keep: Callable[[T], bool],
    still_true: Callable[[T], bool] = lambda _value: True,
) -> T:
    """``probe()``'s JSON value: the stored one when an entry for exactly ``key`` exists and
    ``still_true(value)``, else probed now (and stored when ``keep(value)``: only answers that let the
    sandbox run are kept)."""
    # The whole key is part of the entry, compared as JSON (tuples become lists).
    key = json.loads(json.dumps({**key, "installation": _installation()}))
    if _enabled():
        with contextlib.suppress(KeyError):
            value: T = _load(name, key)
            if still_true(value):
                _served.add(name)
                return value
    value = probe()
    _served.discard(name)
    if _enabled() and keep(value):
        _store(name, key, value)
    return value


_served: set[str] = set()


def served_from_cache() -> bool:
    """Whether a fact this process uses came from the cache (and has not been probed since)."""
    return bool(_served)


def forget() -> None:
    """Drop every stored fact of this installation (its sandbox failed to start: probe afresh)."""
    directory = _installation_dir()
    with contextlib.suppress(OSError):
        for entry in directory.glob("*.json"):
            entry.unlink(missing_ok=True)


def probed_twice(kept: Any, target: str | None) -> tuple[bool, str]:
    """What the memoised probe ``kept`` (a ``functools.cache`` of one argument) finds for ``target``. A
    failed probe is tried once more at once and never kept: a start that failed for a moment (a fork refused
    under load) must not leave a long-running process, or a test worker, without that sandbox for the rest
    of its life."""
    ok, why = False, "not probed"
    for _attempt in range(2):
        ok, why = kept(target)
        if ok:
            return ok, why
        kept.cache_clear()
    return ok, why
