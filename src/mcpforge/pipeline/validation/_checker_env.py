"""What a static-gate verdict depends on besides the code: this installation and the checkers it runs.

A verdict is reused only where it was given: the same installation of mcpforge (its package directory and
its Python prefix), the same Python, the same versions of ruff, mypy, pandas, pandas-stubs and numpy, and
the same runtime helpers (``mcpforge.runtime``, hashed). mypy's own cache is kept per installation and
environment as well (``<cache>/mcpforge/mypy/<installation>/<environment>``): two installations of one
user never read each other's copy of a module, and an upgrade starts a fresh cache (the previous one of the
same installation is removed when nobody holds it).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import shutil
import sys
from pathlib import Path

CHECKED_PACKAGES = ("ruff", "mypy", "pandas", "pandas-stubs", "numpy")


def cache_base() -> Path:
    """``$XDG_CACHE_HOME``, else ``~/.cache``."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")


def _short_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


@functools.cache
def installation_text() -> str:
    """This installation: where the mcpforge package is and which Python prefix runs it."""
    import mcpforge

    package = os.path.realpath(Path(mcpforge.__file__).parent)
    return f"package={package};prefix={os.path.realpath(sys.prefix)}"


@functools.cache
def environment_text() -> str:
    """Everything besides the code and arguments that a verdict depends on (see the module docstring)."""
    from mcpforge.sandbox._versions import installed_versions

    versions = installed_versions(CHECKED_PACKAGES)
    found = [f"{name}={versions[name] or '?'}" for name in CHECKED_PACKAGES]
    return ";".join(
        [installation_text(), *found, f"python={sys.version}", f"runtime={runtime_fingerprint()}"]
    )


def runtime_fingerprint() -> str:
    """A hash of the code tools type-check against (``mcpforge.runtime`` and the footer it re-exports)."""
    import mcpforge.footer
    import mcpforge.runtime

    digest = hashlib.sha256()
    paths = [*sorted(Path(mcpforge.runtime.__file__).parent.glob("*.py")), Path(mcpforge.footer.__file__)]
    for path in paths:
        digest.update(path.name.encode("utf-8") + b"\0" + path.read_bytes())
    return digest.hexdigest()


@functools.cache
def runtime_names() -> frozenset[str]:
    """Names tools import from ``mcpforge.runtime``: a finding about them may come from a stale cache."""
    import mcpforge.runtime

    return frozenset(mcpforge.runtime.__all__)


def mypy_cache_root() -> Path:
    """The directory holding every installation's mypy caches."""
    return cache_base() / "mcpforge" / "mypy"


def mypy_cache_dir() -> Path:
    """mypy's cache for this installation and environment (created by the caller)."""
    return mypy_cache_root() / _short_hash(installation_text()) / _short_hash(environment_text())


def prune_other_environments(current: Path) -> None:
    """Remove this installation's mypy caches of other environments that no process holds now."""
    from filelock import FileLock, Timeout

    parent = current.parent
    if not parent.is_dir():
        return
    for other in parent.iterdir():
        if other == current or not other.is_dir():
            continue
        with contextlib.suppress(Timeout, OSError), FileLock(f"{other}.lock", timeout=0):
            shutil.rmtree(other)
