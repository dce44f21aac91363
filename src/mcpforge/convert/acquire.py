"""Step 1, acquire: an isolated environment of its own for the library, cached by requirement.

A PyPI requirement is installed with pip from the package index into a fresh venv (created from this
interpreter, so compiled wheels match the sandbox's Python); a local directory is installed from its
path when it is a project (pyproject.toml / setup.py / setup.cfg), or used in place when it is a plain
package folder. Environments live under the cache directory keyed by a hash of the requirement, so a
second conversion of the same requirement skips the install. pip runs on the host (it needs the
network); nothing of the library is imported here.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from filelock import FileLock

from mcpforge.exceptions import ConversionError

INSTALL_TIMEOUT_SECONDS = 900.0
_REQUIREMENT = re.compile(
    r"^[A-Za-z0-9][A-Za-z0-9._-]*(\[[A-Za-z0-9_,.-]+\])?\s*((==|>=|<=|~=|!=|>|<)\s*[\w.*+!-]+\s*,?\s*)*$"
)
_PROJECT_FILES = ("pyproject.toml", "setup.py", "setup.cfg")


@dataclass(frozen=True, kw_only=True)
class Environment:
    """Where the library lives and how to import it."""

    source: str
    kind: str  # "pypi" | "project" | "folder"
    root: Path  # the venv (or, for a plain folder, the folder's parent)
    site_dirs: tuple[Path, ...]
    import_names: tuple[str, ...]
    distribution: str
    version: str | None
    install_seconds: float
    cached: bool


def default_cache_dir() -> Path:
    """``$MCPFORGE_CONVERT_CACHE`` or ``~/.cache/mcpforge/envs``."""
    raw = os.environ.get("MCPFORGE_CONVERT_CACHE")
    return Path(raw).expanduser() if raw else Path.home() / ".cache" / "mcpforge" / "envs"


def normalize(name: str) -> str:
    """PEP 503 name normalisation."""
    return re.sub(r"[-_.]+", "-", name).lower()


def acquire(source: str, *, cache_dir: Path | None = None) -> Environment:
    """Install ``source`` (a requirement or a local directory) into its own environment.

    Raises:
        ConversionError: the source is neither, the package is unknown or does not install, or the
            project holds no Python package.
    """
    started = time.perf_counter()
    path = Path(source).expanduser()
    if path.exists() or source.startswith((".", "/", "~")):
        if not path.is_dir():
            raise ConversionError("acquire", "not_found", f"{source!r} is not a directory")
        return _local(path.resolve(), cache_dir or default_cache_dir(), started)
    if not _REQUIREMENT.match(source.strip()):
        raise ConversionError(
            "acquire", "invalid_source", f"{source!r} is neither a PyPI requirement nor a directory"
        )
    name = re.split(r"[\[=<>!~\s]", source.strip(), maxsplit=1)[0]
    env_dir = (cache_dir or default_cache_dir()) / f"{normalize(name)}-{_digest(source.strip())}"
    cached = _ensure_installed(env_dir, [source.strip()])
    site_dir = _site_packages(env_dir)
    dist, version, imports = _distribution_info(site_dir, name)
    return Environment(
        source=source,
        kind="pypi",
        root=env_dir,
        site_dirs=(site_dir,),
        import_names=imports,
        distribution=dist,
        version=version,
        install_seconds=round(time.perf_counter() - started, 3),
        cached=cached,
    )


def _local(path: Path, cache_dir: Path, started: float) -> Environment:
    if any((path / name).exists() for name in _PROJECT_FILES):
        stamp = _tree_digest(path)
        env_dir = cache_dir / f"local-{normalize(path.name)}-{stamp}"
        cached = _ensure_installed(env_dir, [str(path)])
        site_dir = _site_packages(env_dir)
        dist, version, imports = _distribution_info(site_dir, None)
        return Environment(
            source=str(path),
            kind="project",
            root=env_dir,
            site_dirs=(site_dir,),
            import_names=imports,
            distribution=dist,
            version=version,
            install_seconds=round(time.perf_counter() - started, 3),
            cached=cached,
        )
    if (path / "__init__.py").exists():
        return Environment(
            source=str(path),
            kind="folder",
            root=path.parent,
            site_dirs=(path.parent,),
            import_names=(path.name,),
            distribution=path.name,
            version=None,
            install_seconds=0.0,
            cached=True,
        )
    packages = sorted(
        p.parent.name for p in path.glob("*/__init__.py") if not p.parent.name.startswith(("_", "."))
    )
    if not packages and not list(path.glob("*.py")):
        raise ConversionError("acquire", "untoolable_repo", f"{str(path)!r} holds no Python code")
    if not packages:
        raise ConversionError(
            "acquire", "untoolable_repo", f"{str(path)!r} holds Python files but no package (no __init__.py)"
        )
    return Environment(
        source=str(path),
        kind="folder",
        root=path,
        site_dirs=(path,),
        import_names=tuple(packages),
        distribution=path.name,
        version=None,
        install_seconds=0.0,
        cached=True,
    )


def _digest(text: str) -> str:
    return hashlib.sha256(f"{text}|{sys.version_info[:2]}".encode()).hexdigest()[:12]


def _tree_digest(path: Path) -> str:
    digest = hashlib.sha256(str(sys.version_info[:2]).encode())
    for file in sorted(path.rglob("*")):
        if file.is_file() and not any(part.startswith(".") or part == "__pycache__" for part in file.parts):
            digest.update(str(file.relative_to(path)).encode())
            digest.update(file.read_bytes())
    return digest.hexdigest()[:12]


def _ensure_installed(env_dir: Path, requirements: list[str]) -> bool:
    """Install unless a finished environment exists; whether it was cached. Locked against a parallel run."""
    env_dir.parent.mkdir(parents=True, exist_ok=True)
    with FileLock(str(env_dir) + ".lock", timeout=INSTALL_TIMEOUT_SECONDS + 60):
        if (env_dir / ".mcpforge-ready").exists():
            return True
        _install(env_dir, requirements)
        return False


def _install(env_dir: Path, requirements: list[str]) -> None:
    if env_dir.exists():
        shutil.rmtree(env_dir)  # a half-built environment from an interrupted install
    env_dir.parent.mkdir(parents=True, exist_ok=True)
    try:
        subprocess.run(
            [sys.executable, "-m", "venv", "--without-pip", str(env_dir)],
            check=True,
            capture_output=True,
            timeout=120,
        )
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "--python",
                str(env_dir / "bin" / "python"),
                "install",
                "--no-input",
                "--disable-pip-version-check",
                *requirements,
            ],
            capture_output=True,
            text=True,
            timeout=INSTALL_TIMEOUT_SECONDS,
            check=False,
        )
    except subprocess.TimeoutExpired as exc:
        shutil.rmtree(env_dir, ignore_errors=True)
        raise ConversionError(
            "acquire", "env_failure", f"pip install timed out after {exc.timeout:g}s"
        ) from exc
    except (OSError, subprocess.CalledProcessError) as exc:
        shutil.rmtree(env_dir, ignore_errors=True)
        raise ConversionError("acquire", "env_failure", f"cannot create the environment: {exc}") from exc
    if done.returncode != 0:
        shutil.rmtree(env_dir, ignore_errors=True)
        lines = [
            line for line in done.stderr.splitlines() if line.startswith("ERROR")
        ] or done.stderr.splitlines()
        category = "not_found" if "No matching distribution" in done.stderr else "env_failure"
        raise ConversionError(
            "acquire", category, f"pip install {' '.join(requirements)!r} failed: {' | '.join(lines[-2:])}"
        )
    (env_dir / ".mcpforge-ready").write_text("ok\n", encoding="utf-8")


def _site_packages(env_dir: Path) -> Path:
    found = sorted(env_dir.glob("lib/python*/site-packages"))
    if not found:
        raise ConversionError("acquire", "env_failure", f"no site-packages in {str(env_dir)!r}")
    return found[0]


def _distribution_info(site_dir: Path, name: str | None) -> tuple[str, str | None, tuple[str, ...]]:
    """(distribution, version, top-level import names) read from dist-info files, never by importing."""
    infos = sorted(site_dir.glob("*.dist-info"))
    chosen = None
    if name is not None:
        chosen = next(
            (
                i
                for i in infos
                if normalize(i.name.removesuffix(".dist-info").rsplit("-", 1)[0]) == normalize(name)
            ),
            None,
        )
    elif infos:
        # A local project: the most recently installed distribution is the project itself.
        chosen = max(infos, key=lambda i: i.stat().st_mtime)
    if chosen is None:
        raise ConversionError("acquire", "env_failure", f"distribution {name!r} is not in the environment")
    dist, _, version = chosen.name.removesuffix(".dist-info").rpartition("-")
    top = chosen / "top_level.txt"
    names: list[str] = []
    if top.exists():
        names = [n.strip() for n in top.read_text(encoding="utf-8").splitlines() if n.strip()]
    else:
        record = chosen / "RECORD"
        for line in record.read_text(encoding="utf-8").splitlines() if record.exists() else []:
            first = line.split(",")[0].split("/")[0]
            if first.endswith(".py") and "/" not in line.split(",")[0]:
                first = first.removesuffix(".py")
            if (
                first
                and not first.endswith((".dist-info", ".data", ".pth"))
                and first not in names
                and ".." not in first
            ):
                names.append(first)
    names = [n for n in names if not n.startswith("_") and n.isidentifier() and n not in {"tests", "test"}]
    names.sort(key=lambda n: (normalize(n) != normalize(dist), n))
    return dist, version or None, tuple(names)
