"""Step 1, acquire: an isolated environment of its own for the library, cached by requirement.

No code of the library or of its build runs on the host (ARCHITECTURE §5: third-party build code is
generated code). A PyPI requirement is installed from wheels only into a fresh venv (created from this
interpreter, so compiled wheels match the sandbox's Python): pip fetches and unpacks wheels and is unable to
build anything (:mod:`mcpforge.convert._pip`). A local project (pyproject.toml / setup.py / setup.cfg) is
built into a wheel inside the sandbox (:mod:`mcpforge.convert._build`), and that wheel is installed the
same way; so is a requirement the index has only as an sdist, fetched as a file and checked against the
index's sha256 first (:mod:`mcpforge.convert._sdist`); a plain package folder is used in place (what its
``requirements.txt`` names installed from wheels into a venv beside it, :mod:`._folder_requirements`), and
so is the plain code of a project whose backend fails on its own settings, what its ``pyproject.toml``
declares installed the same way (:mod:`mcpforge.convert._in_place`).
Environments live under the cache directory keyed by a hash of the requirement, so a second conversion of
the same requirement skips the install. Nothing of the library is imported here.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from filelock import FileLock
from packaging.requirements import InvalidRequirement, Requirement

from mcpforge.config import SandboxConfig
from mcpforge.convert import _build, _folder_requirements, _in_place, _pip, _sdist
from mcpforge.convert._imported_requirements import imported_requirements
from mcpforge.convert.models import InstallMethod
from mcpforge.exceptions import ConversionError

_LOCK_TIMEOUT_SECONDS = 3600.0  # a parallel run may download, build in the sandbox and install
_READY = ".mcpforge-ready"
_MAX_SOURCE_BUILDS = 10  # sdists built for one library (itself and its dependencies)
_READY_FORMAT = 2  # 1 was a plain "ok": pip had installed local projects by running their build here
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
    install: InstallMethod
    install_note: str = ""  # what the report says beside ``install`` (requirements left out, and why)


def default_cache_dir() -> Path:
    """``$MCPFORGE_CONVERT_CACHE`` or ``~/.cache/mcpforge/envs``."""
    raw = os.environ.get("MCPFORGE_CONVERT_CACHE")
    return Path(raw).expanduser() if raw else Path.home() / ".cache" / "mcpforge" / "envs"


def normalize(name: str) -> str:
    """PEP 503 name normalisation."""
    return re.sub(r"[-_.]+", "-", name).lower()


def acquire(
    source: str, *, cache_dir: Path | None = None, sandbox: SandboxConfig | None = None
) -> Environment:
    """Install ``source`` (a requirement or a local directory) into its own environment.

    ``sandbox`` configures the sandbox a local project is built in.

    Raises:
        ConversionError: the source is neither, the package is unknown or has no wheel, the project does
            not build in the sandbox, or it holds no Python package.
    """
    started = time.perf_counter()
    path = Path(source).expanduser()
    if path.exists() or source.startswith((".", "/", "~")):
        if not path.is_dir():
            raise ConversionError("acquire", "not_found", f"{source!r} is not a directory")
        return _local(path.resolve(), cache_dir or default_cache_dir(), started, sandbox or SandboxConfig())
    if not _REQUIREMENT.match(source.strip()):
        raise ConversionError(
            "acquire", "invalid_source", f"{source!r} is neither a PyPI requirement nor a directory"
        )
    name = re.split(r"[\[=<>!~\s]", source.strip(), maxsplit=1)[0]
    env_dir = (cache_dir or default_cache_dir()) / f"{normalize(name)}-{_digest(source.strip())}"
    box = sandbox or SandboxConfig()
    cached, built = _ensure_installed(env_dir, lambda env: _from_index(env, source.strip(), box))
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
        install="built from source in the sandbox" if built else "installed from wheels",
    )


def _local(path: Path, cache_dir: Path, started: float, sandbox: SandboxConfig) -> Environment:
    if any((path / name).exists() for name in _PROJECT_FILES):
        stamp = _tree_digest(path)
        env_dir = cache_dir / f"local-{normalize(path.name)}-{stamp}"
        try:
            cached, dist_name = _ensure_installed(env_dir, lambda env: _from_source(env, path, sandbox))
        except _build.BackendError:
            in_place = _in_place.plain_packages(path, _top_level_modules)
            if in_place is None:
                raise
            # The backend failed on its own settings, yet the project's code is plain: used in place, what
            # it declares installed from wheels beside it.
            return _folder(
                path,
                in_place.root,
                in_place.packages,
                cache_dir,
                started,
                sandbox=sandbox,
                declared=(in_place.requirements, "pyproject.toml"),
                distribution=in_place.distribution,
            )
        site_dir = _site_packages(env_dir)
        dist, version, imports = _distribution_info(site_dir, dist_name)
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
            install="built from source in the sandbox",
        )
    if (path / "__init__.py").exists():
        return _folder(path, path.parent, (path.name,), cache_dir, started, sandbox=sandbox)
    packages = sorted(
        p.parent.name for p in path.glob("*/__init__.py") if not p.parent.name.startswith(("_", "."))
    )
    if not packages and not list(path.glob("*.py")):
        raise ConversionError("acquire", "untoolable_repo", f"{str(path)!r} holds no Python code")
    if not packages:
        # The commonest shape of a small repository: modules side by side that import each other by name
        # (``from base import Board``), used from the folder itself.
        packages = _top_level_modules(path)
    if not packages:
        raise ConversionError(
            "acquire",
            "untoolable_repo",
            f"{str(path)!r} holds only set-up, test or private Python files (nothing to convert)",
        )
    return _folder(path, path, tuple(packages), cache_dir, started, sandbox=sandbox)


def _folder(
    path: Path,
    root: Path,
    import_names: tuple[str, ...],
    cache_dir: Path,
    started: float,
    *,
    sandbox: SandboxConfig,
    declared: tuple[tuple[str, ...], str] | None = None,
    distribution: str | None = None,
) -> Environment:
    """A plain folder used in place; the requirements its ``requirements.txt`` names (or ``declared``:
    the lines and the file that names them) are installed as wheels into a venv of their own (cached by
    those lines), imported after the folder."""
    wanted_lines, named_in = declared or (
        _folder_requirements.folder_requirements(path).wanted,
        _folder_requirements.REQUIREMENTS_FILE,
    )
    if not wanted_lines:
        return Environment(
            source=str(path),
            kind="folder",
            root=root,
            site_dirs=(root,),
            import_names=import_names,
            distribution=distribution or path.name,
            version=None,
            install_seconds=0.0,
            cached=True,
            install="used in place",
        )
    wanted = list(wanted_lines)
    note = ""
    try:
        env_dir, cached = _requirements_env(path, cache_dir, wanted, sandbox)
    except ConversionError as exc:
        failure = f"the requirements {named_in} of {str(path)!r} names could not be installed: {exc.reason}"
        # Development tools declared beside what the code needs: install what its modules import.
        imported, left_out = imported_requirements(tuple(wanted), root, import_names)
        if not left_out:
            raise ConversionError("acquire", exc.category, failure) from exc
        note = (
            f"installing every requirement {named_in} names failed ({exc.reason[:200]}); installed only "
            f"those its code imports ({', '.join(imported) or 'none'}), left out: {', '.join(left_out)}"
        )
        if not imported:
            return replace(
                _folder(
                    path, root, import_names, cache_dir, started, sandbox=sandbox, declared=((), named_in)
                ),
                distribution=distribution or path.name,
                install="used in place, only the requirements its code imports installed",
                install_note=note,
            )
        try:
            env_dir, cached = _requirements_env(path, cache_dir, list(imported), sandbox)
        except ConversionError as again:
            raise ConversionError("acquire", exc.category, f"{failure}; {again.reason}") from again
    return Environment(
        source=str(path),
        kind="folder",
        root=root,
        site_dirs=(root, _site_packages(env_dir)),
        import_names=import_names,
        distribution=distribution or path.name,
        version=None,
        install_seconds=round(time.perf_counter() - started, 3),
        cached=cached,
        install="used in place, only the requirements its code imports installed"
        if note
        else "used in place, its requirements installed from wheels",
        install_note=note,
    )


def _requirements_env(
    path: Path, cache_dir: Path, wanted: list[str], sandbox: SandboxConfig
) -> tuple[Path, bool]:
    """A venv of ``wanted`` (cached by those lines) and whether it was cached: wheels, and a dependency
    the index has only as an sdist (``docopt`` under ``num2words``) built in the sandbox."""
    env_dir = cache_dir / f"requirements-{normalize(path.name)}-{_digest(chr(10).join(sorted(wanted)))}"
    cached, _ = _ensure_installed(env_dir, lambda env: _building_sdists(env, wanted, sandbox))
    return env_dir, cached


_NOT_LIBRARY_MODULES = frozenset({"setup", "conftest", "noxfile", "fabfile", "tasks", "manage", "conf"})


def _top_level_modules(path: Path) -> list[str]:
    """The importable modules at the top of a folder without packages, set-up and test scripts left out,
    the main one first (convert converts the first): a module the folder is named after, else the one
    that imports most of its siblings and that none of them imports."""
    modules = sorted(
        file.stem
        for file in path.glob("*.py")
        if file.stem.isidentifier()
        and not file.stem.startswith(("_", "test_"))
        and not file.stem.endswith("_test")
        and file.stem not in _NOT_LIBRARY_MODULES
    )
    imports = {name: _sibling_imports(path / f"{name}.py", modules) for name in modules}
    folder = normalize(path.name).replace("-", "")

    def main_first(name: str) -> tuple[bool, bool, int, str]:
        imported = any(name in found for other, found in imports.items() if other != name)
        return (name.lower().replace("_", "") not in folder, imported, -len(imports[name]), name)

    return sorted(modules, key=main_first)


def _sibling_imports(file: Path, siblings: list[str]) -> set[str]:
    """The sibling modules ``file`` imports (read with ast; a file that does not parse imports none)."""
    try:
        tree = ast.parse(file.read_text(encoding="utf-8", errors="replace"))
    except (SyntaxError, ValueError):
        return set()
    named: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            named.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            named.add(node.module.split(".")[0])
    return named & set(siblings) - {file.stem}


def _digest(text: str) -> str:
    return hashlib.sha256(f"{text}|{sys.version_info[:2]}".encode()).hexdigest()[:12]


def _tree_digest(path: Path) -> str:
    digest = hashlib.sha256(str(sys.version_info[:2]).encode())
    for file in sorted(path.rglob("*")):
        if file.is_file() and not any(part.startswith(".") or part == "__pycache__" for part in file.parts):
            digest.update(str(file.relative_to(path)).encode())
            digest.update(file.read_bytes())
    return digest.hexdigest()[:12]


def _ensure_installed(env_dir: Path, installer: Callable[[Path], str | None]) -> tuple[bool, str | None]:
    """Install unless a finished environment exists: (whether it was cached, the distribution installed).

    ``installer`` fills a fresh venv and returns the distribution's name when it knows it. Locked against
    a parallel run. An environment of an older mcpforge (a plain ``ok`` marker, possibly installed by
    running build code on the host) is not reused.
    """
    env_dir.parent.mkdir(parents=True, exist_ok=True)
    marker = env_dir / _READY
    with FileLock(str(env_dir) + ".lock", timeout=_LOCK_TIMEOUT_SECONDS):
        if marker.exists():
            try:
                ready = json.loads(marker.read_text(encoding="utf-8"))
            except (ValueError, UnicodeDecodeError):
                ready = None
            if isinstance(ready, dict) and ready.get("format") == _READY_FORMAT:
                distribution = ready.get("distribution")
                return True, distribution if isinstance(distribution, str) else None
        if env_dir.exists():
            shutil.rmtree(env_dir)  # a half-built environment, or one of an older format
        try:
            _create_venv(env_dir)
            distribution = installer(env_dir)
        except BaseException:
            shutil.rmtree(env_dir, ignore_errors=True)
            raise
        marker.write_text(
            json.dumps({"format": _READY_FORMAT, "distribution": distribution}) + "\n", encoding="utf-8"
        )
        return False, distribution


def _create_venv(env_dir: Path) -> None:
    try:
        subprocess.run(
            [sys.executable, "-m", "venv", "--without-pip", str(env_dir)],
            check=True,
            capture_output=True,
            timeout=120,
        )
    except (OSError, subprocess.SubprocessError) as exc:
        raise ConversionError("acquire", "env_failure", f"cannot create the environment: {exc}") from exc


def _from_index(env_dir: Path, requirement: str, sandbox: SandboxConfig) -> str | None:
    """Wheels when the index has them for this Python. A project it has only as an sdist (the library
    itself or any of its dependencies, e.g. ``docopt`` under ``num2words``) is fetched, checked and built
    into a wheel in the sandbox (:func:`_build_sdist`), and the install is tried again with the wheels
    built so far. The distribution's name when the library itself came from an sdist."""
    return _building_sdists(env_dir, [requirement], sandbox)


def _building_sdists(env_dir: Path, requirements: list[str], sandbox: SandboxConfig) -> str | None:
    """Install ``requirements`` as :func:`_from_index` does one; the distribution's name when the first
    of them came from an sdist."""
    built = env_dir / ".mcpforge-build" / "dist"
    targets, distribution = list(requirements), None
    tried: set[str] = set()
    while True:
        try:
            _pip.install(env_dir, targets, find_links=built if built.is_dir() else None)
        except ConversionError as no_wheel:
            missing = _pip.missing_requirement(no_wheel.reason) or requirements[0]
            project = _project(missing)
            if no_wheel.category != "not_found" or project in tried or len(tried) >= _MAX_SOURCE_BUILDS:
                raise
            tried.add(project)
            index = _sdist.index_url()
            found = _sdist.find_sdist(missing, index=index) if index else None
            if found is None:
                raise
            wheel = _build_sdist(env_dir, found, sandbox)
            for position, target in enumerate(targets):
                if target in requirements and project == _project(target):
                    targets[position] = str(wheel)  # a requirement itself built: its wheel installed
                    if position == 0:
                        distribution = _build.wheel_distribution(wheel)
            continue
        shutil.rmtree(env_dir / ".mcpforge-build" / "dist", ignore_errors=True)
        return distribution


def _project(requirement: str) -> str:
    """The normalised project name of a requirement (``Docopt>=0.6.2`` → ``docopt``)."""
    try:
        return normalize(Requirement(requirement).name)
    except InvalidRequirement:
        return normalize(requirement)


def _build_sdist(env_dir: Path, sdist: _sdist.SdistFile, sandbox: SandboxConfig) -> Path:
    """Fetch, check and unpack the sdist on the host (nothing of it runs), build it in the sandbox with
    its version for dynamic-versioning backends; the wheel, under ``.mcpforge-build/dist``."""
    work = env_dir / ".mcpforge-build"
    tree = _sdist.fetch(sdist, work)
    try:
        return _build.build_wheel(tree, work=work, config=sandbox, version=sdist.version)
    finally:
        shutil.rmtree(work / "build-wheels", ignore_errors=True)
        shutil.rmtree(work / "sdist", ignore_errors=True)


def _from_source(env_dir: Path, tree: Path, sandbox: SandboxConfig) -> str:
    work = env_dir / ".mcpforge-build"
    wheel = _build.build_wheel(tree, work=work, config=sandbox)
    shutil.rmtree(work / "build-wheels", ignore_errors=True)
    _pip.install(env_dir, [str(wheel)])
    return _build.wheel_distribution(wheel)


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
