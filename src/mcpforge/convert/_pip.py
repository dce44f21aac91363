"""pip on the host fetches and unpacks wheels, and can do nothing else: no package's code runs here.

Two locks. ``--only-binary=:all:`` keeps every sdist out of pip's choice from an index, so none is
downloaded or prepared. pip ignores that option for a direct reference (``name @ file:///x.tar.gz`` in a
wheel's ``Requires-Dist``, a VCS URL): it builds those. So pip runs under :data:`_LAUNCHER`, which takes
away its means of starting a program (``subprocess``, ``os.exec*``, ``os.fork``, ``posix_spawn``). Every
build pip could attempt (metadata hooks, ``setup.py``, a VCS checkout) starts a process, so it fails
instead of running. Installing a wheel starts none: pip unpacks it, writes entry-point scripts and
byte-compiles its modules (compiling executes nothing). The install targets a fresh venv, whose empty
site-packages holds no ``.pth`` file for the interpreter pip runs in to execute.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from mcpforge.exceptions import ConversionError

PIP_TIMEOUT_SECONDS = 900.0
# What pip may not do in the launcher; each raises PermissionError, which pip reports as a failure.
_LAUNCHER = """
import importlib.machinery, os, runpy, subprocess, sys

def refuse(*_args, **_kwargs):
    raise PermissionError("mcpforge: pip may not start a program on the host (a build was attempted)")

subprocess.Popen._execute_child = refuse
for name in ("system", "popen", "fork", "forkpty", "posix_spawn", "posix_spawnp", "execv", "execve",
             "execl", "execle", "execlp", "execlpe", "execvp", "execvpe", "spawnv", "spawnve", "spawnl",
             "spawnle", "spawnlp", "spawnlpe", "spawnvp", "spawnvpe"):
    if hasattr(os, name):
        setattr(os, name, refuse)
PIP_PARENT = sys.argv.pop(1)

class PipFinder:
    @classmethod
    def find_spec(cls, name, path=None, target=None):
        return importlib.machinery.PathFinder.find_spec(name, [PIP_PARENT]) if name == "pip" else None

sys.meta_path.insert(0, PipFinder)
sys.argv[0] = "pip"
runpy.run_module("pip", run_name="__main__", alter_sys=True)
"""
# Settings of the person's pip that would let it consider sources again.
_NO_MATCH = re.compile(r"No matching distribution found for ([^\s|]+)")
# A range of versions all needing a dependency with no wheel: pip's resolver says it on stdout.
_UNAVAILABLE = re.compile(r"no matching distributions available for your environment:\s*\n\s+([^\s|]+)")
_DROPPED_ENV = ("PIP_NO_BINARY", "PIP_ONLY_BINARY", "PIP_PREFER_BINARY", "PIP_PYTHON")


def download(requirements: list[str], dest: Path) -> None:
    """Download ``requirements`` and their dependencies as wheels into ``dest``.

    Raises:
        ConversionError: (env_failure) one of them has no wheel for this interpreter, or pip failed.
    """
    if requirements:
        _run(Path(sys.executable), ["download", "--dest", str(dest), *requirements], what="download")


def install(env_dir: Path, requirements: list[str], *, find_links: Path | None = None) -> None:
    """Install ``requirements`` (names or wheel files) and their dependencies, as wheels, into the venv.

    Raises:
        ConversionError: (not_found) no wheel matches; (env_failure) pip failed otherwise.
    """
    extra = ["--find-links", str(find_links)] if find_links is not None else []
    _run(env_dir / "bin" / "python", ["install", *extra, *requirements], what="install")


def missing_requirement(reason: str) -> str | None:
    """The requirement pip found no wheel for, from a (not_found) failure's reason; None if unnamed."""
    found = _NO_MATCH.search(reason)
    return found.group(1) if found else None


def _run(python: Path, args: list[str], *, what: str) -> None:
    try:
        import pip  # a tool here, not a library: only its location is needed
    except ImportError as exc:
        raise ConversionError("acquire", "env_failure", "pip is not installed next to mcpforge") from exc
    pip_parent = str(Path(pip.__file__).resolve().parent.parent)
    env = {k: v for k, v in os.environ.items() if k not in _DROPPED_ENV}
    argv = [
        str(python),
        "-I",
        "-c",
        _LAUNCHER,
        pip_parent,
        *args[:1],
        "--only-binary=:all:",
        "--no-input",
        "--disable-pip-version-check",
        *args[1:],
    ]
    try:
        done = subprocess.run(
            argv, capture_output=True, text=True, timeout=PIP_TIMEOUT_SECONDS, check=False, env=env
        )
    except subprocess.TimeoutExpired as exc:
        raise ConversionError(
            "acquire", "env_failure", f"pip {what} timed out after {exc.timeout:g}s"
        ) from exc
    except OSError as exc:
        raise ConversionError("acquire", "env_failure", f"cannot run pip {what}: {exc}") from exc
    if done.returncode == 0:
        return
    shown = " ".join(a for a in args[1:] if not a.startswith("-"))
    if "mcpforge: pip may not start a program" in done.stderr:
        raise ConversionError(
            "acquire",
            "env_failure",
            f"pip {what} {shown!r} tried to start a program, to build a source distribution (a "
            "direct URL or VCS requirement); mcpforge never builds one on the host",
        )
    lines = [
        line for line in done.stderr.splitlines() if line.startswith("ERROR")
    ] or done.stderr.splitlines()
    detail = " | ".join(lines[-2:])
    unavailable = _UNAVAILABLE.search(done.stdout or "")
    if unavailable and "No matching distribution" not in done.stderr:
        detail = f"No matching distribution found for {unavailable.group(1)} | {detail}"
    if "No matching distribution" in detail or "No matching distribution" in done.stderr:
        raise ConversionError(
            "acquire",
            "not_found" if what == "install" else "env_failure",
            f"no wheel for {shown!r} (or a dependency) fits this Python: {detail} (mcpforge installs "
            "only wheels on the host; convert an unpacked source directory to build it in the sandbox)",
        )
    raise ConversionError("acquire", "env_failure", f"pip {what} {shown!r} failed: {detail}")
