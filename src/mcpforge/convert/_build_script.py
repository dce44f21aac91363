"""Runs INSIDE the sandbox: build one source tree into a wheel by calling its PEP 517 backend in-process.

The backend (an in-tree one, setuptools running ``setup.py``, hatchling, ...) is third-party code, so this
never runs on the host. Reads ``{"tree": str, "build_wheels": [str], "backend": str, "backend_path": [str],
"check_requires": bool, "env": {str: str}}`` from stdin (``env``: variables the backend reads, such as a
dynamic-versioning bypass). The tree is copied to the sandbox's ``/tmp`` (builds write into it),
the pre-downloaded build wheels are unpacked there and put first on ``sys.path``, then the backend's
``build_wheel`` writes ``dist/<wheel>`` into ``$MCPFORGE_OUTPUT_DIR``. Other outputs: ``needs.json`` (the
backend's dynamic build requirements that no downloaded wheel satisfies; nothing was built) and
``error.json`` (``{"error": str, "log": str}``). The backend's own output goes to a log file, never to the
capped stdout. Stdlib only (``packaging`` when importable, to check requirements).
"""

# ruff: noqa: PTH103, PTH112, PTH113, PTH114, PTH115, PTH118, PTH123, PTH208, PTH211 - a small stdlib script; os.path keeps it dependency-free
from __future__ import annotations

import contextlib
import errno
import functools
import importlib
import json
import os
import shutil
import site
import sys
import tempfile
import traceback
import zipfile
from collections.abc import Callable
from typing import Any

_IGNORED = {".git", ".hg", ".svn", ".venv", ".tox", ".nox", ".mypy_cache", ".ruff_cache", "__pycache__"}
_LOG_TAIL = 4000


def _unpack(wheel: str, target: str) -> None:
    """A wheel's files under ``target``; ``*.data/purelib`` and ``platlib`` merged into it."""
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(target)  # zipfile drops absolute parts and ``..`` of member names
    for entry in os.listdir(target):
        if not entry.endswith(".data"):
            continue
        for scheme in ("purelib", "platlib"):
            folder = os.path.join(target, entry, scheme)
            if os.path.isdir(folder):
                _copy_tree(folder, target)


def _tolerate_denied_metadata() -> None:
    """Let builds run where the sandbox denies file modes, times and xattrs (seccomp: EPERM).

    setuptools stamps its egg-info directory and copies modes; a wheel needs neither. The calls still
    fail in the kernel; here they only stop being fatal.
    """

    def quiet(call: Callable[..., Any], *, as_unsupported: bool = False) -> Callable[..., Any]:
        @functools.wraps(call)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            try:
                return call(*args, **kwargs)
            except PermissionError as exc:
                if as_unsupported:  # what shutil's xattr copy already skips
                    raise OSError(errno.ENOTSUP, "xattrs are not available in the sandbox") from exc
                return None

        return wrapper

    for name in ("chmod", "fchmod", "lchmod", "utime", "chown", "fchown", "lchown"):
        if hasattr(os, name):
            setattr(os, name, quiet(getattr(os, name)))
    for name in ("listxattr", "getxattr", "setxattr", "removexattr"):
        if hasattr(os, name):
            setattr(os, name, quiet(getattr(os, name), as_unsupported=True))


def _copy_tree(source: str, target: str) -> None:
    """Contents only: the sandbox forbids copying timestamps and modes (``shutil.copytree``)."""
    for folder, dirs, files in os.walk(source):
        dirs[:] = [d for d in dirs if d not in _IGNORED]
        here = os.path.join(target, os.path.relpath(folder, source))
        os.makedirs(here, exist_ok=True)
        for name in files:
            origin = os.path.join(folder, name)
            if os.path.islink(origin):
                os.symlink(os.readlink(origin), os.path.join(here, name))
            elif os.path.isfile(origin):
                shutil.copyfile(origin, os.path.join(here, name))


def _backend(spec: str) -> Any:
    module_name, _, attribute = spec.partition(":")
    backend: Any = importlib.import_module(module_name.strip())
    for part in filter(None, attribute.strip().split(".")):
        backend = getattr(backend, part)
    return backend


def _unmet(requires: list[str], env_dir: str) -> list[str]:
    """Requirements no distribution unpacked in ``env_dir`` satisfies."""
    try:
        from packaging.requirements import Requirement
    except ImportError:  # pragma: no cover - packaging ships with pip and setuptools
        return []
    from importlib import metadata

    found = {
        (dist.metadata["Name"] or "").lower().replace("_", "-").replace(".", "-"): dist.version
        for dist in metadata.distributions(path=[env_dir])
    }
    unmet = []
    for text in requires:
        requirement = Requirement(text)
        if requirement.marker is not None and not requirement.marker.evaluate():
            continue
        key = requirement.name.lower().replace("_", "-").replace(".", "-")
        version = found.get(key)
        if version is None or not requirement.specifier.contains(version, prereleases=True):
            unmet.append(text)
    return unmet


def _build(request: dict[str, Any], out: str, work: str) -> None:
    _tolerate_denied_metadata()
    env_dir = os.path.join(work, "build-env")
    os.makedirs(env_dir)
    for wheel in request["build_wheels"]:
        _unpack(wheel, env_dir)
    src = os.path.join(work, "src")
    _copy_tree(request["tree"], src)
    os.chdir(src)
    os.environ.update({str(k): str(v) for k, v in dict(request.get("env") or {}).items()})
    sys.path[:0] = [os.path.join(src, p) for p in request["backend_path"]] + [env_dir]
    site.addsitedir(env_dir)  # its .pth files (setuptools' distutils shim)
    backend = _backend(request["backend"])
    if request["check_requires"]:
        hook = getattr(backend, "get_requires_for_build_wheel", None)
        requires = list(hook(None)) if hook is not None else []
        unmet = _unmet(requires, env_dir)
        if unmet:
            with open(os.path.join(out, "needs.json"), "w", encoding="utf-8") as handle:
                json.dump(unmet, handle)
            return
    dist = os.path.join(out, "dist")
    os.makedirs(dist)
    name = backend.build_wheel(dist, None, None)
    with open(os.path.join(out, "built.json"), "w", encoding="utf-8") as handle:
        json.dump({"wheel": name, "uid": os.getuid()}, handle)


def main() -> None:
    """Build, with the backend's output in a log file and any failure in ``error.json``."""
    request = json.load(sys.stdin)
    out = os.environ["MCPFORGE_OUTPUT_DIR"]
    work = tempfile.mkdtemp(prefix="build-")
    log_path = os.path.join(work, "build.log")
    log_fd = os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    sys.stdout.flush()
    sys.stderr.flush()
    os.dup2(log_fd, 1)
    os.dup2(log_fd, 2)
    error = None
    try:
        _build(request, out, work)
    except BaseException as exc:  # the backend's failure, whatever it is, is the report
        traceback.print_exc()
        if isinstance(exc, SystemExit):
            error = f"the build exited with status {exc.code!r}"
        else:
            error = f"{type(exc).__name__}: {exc}".strip()
    with contextlib.suppress(OSError):
        sys.stdout.flush()
        sys.stderr.flush()
    if error is not None:
        with open(log_path, encoding="utf-8", errors="replace") as handle:
            log = handle.read()[-_LOG_TAIL:]
        with open(os.path.join(out, "error.json"), "w", encoding="utf-8") as handle:
            json.dump({"error": error, "log": log}, handle)


if __name__ == "__main__":
    main()
