"""A source tree is built into a wheel in the sandbox: PEP 517 backends and setup.py never run here.

The host only reads ``[build-system]`` from ``pyproject.toml`` (TOML, no code) and downloads the build
requirements as wheels (:mod:`mcpforge.convert._pip`). A one-shot run of ``_build_script.py`` in a strong
sandbox (no network, no program execution, the tree and the wheels read-only, only ``/tmp`` and its output
directory writable) calls the backend in-process and hands back the wheel's bytes. A backend that asks for
more build requirements (``get_requires_for_build_wheel``) gets them downloaded and one more run.
"""

from __future__ import annotations

import io
import json
import re
import tomllib
import zipfile
from dataclasses import dataclass
from pathlib import Path

from packaging.requirements import InvalidRequirement, Requirement

from mcpforge.config import SandboxConfig
from mcpforge.convert import _build_script, _pip
from mcpforge.exceptions import ConversionError, SandboxError
from mcpforge.sandbox import SandboxLimits, SandboxRequest, SandboxResult, get_sandbox

BUILD_TIMEOUT_SECONDS = 600.0
_SCRIPT = Path(_build_script.__file__).read_text(encoding="utf-8")
# PEP 517's fallback for a project without [build-system]: setuptools running its setup.py.
_LEGACY = ("setuptools.build_meta:__legacy__", ("setuptools>=40.8.0",))
_WHEEL_NAME = re.compile(
    r"^[A-Za-z0-9_.]+-[A-Za-z0-9_.!+]+(-[0-9][A-Za-z0-9_.]*)?-[\w.]+-[\w.]+-[\w.]+\.whl$"
)
_MAX_OUTPUT_BYTES = 256 * 1024 * 1024
# The documented ways to give a VCS-versioning build backend its version when there is no VCS metadata.
VERSION_BYPASS = (
    "SETUPTOOLS_SCM_PRETEND_VERSION",  # setuptools-scm, hatch-vcs
    "UV_DYNAMIC_VERSIONING_BYPASS",  # uv-dynamic-versioning
    "POETRY_DYNAMIC_VERSIONING_BYPASS",  # poetry-dynamic-versioning
    "PDM_BUILD_SCM_VERSION",  # pdm-backend
)
_HINTS = (
    ("_execute_child", "it tried to run a program (a compiler?), which the sandbox does not allow"),
    ("Operation not permitted", "the sandbox does not allow an operation it tried"),
    ("Network is unreachable", "it needs the network, which the sandbox does not have"),
    ("Temporary failure in name resolution", "it needs the network, which the sandbox does not have"),
    ("No module named", "a build requirement is missing from [build-system] requires"),
)


class BackendError(ConversionError):
    """The build backend itself raised in the sandbox (its settings, missing VCS metadata): not a program
    it tried to run, the network or a missing requirement."""


@dataclass(frozen=True, kw_only=True)
class BuildSystem:
    """What ``[build-system]`` asks for."""

    requires: tuple[str, ...]
    backend: str
    backend_path: tuple[str, ...] = ()


def build_system(tree: Path) -> BuildSystem:
    """The tree's build system, read from ``pyproject.toml`` without running anything.

    Raises:
        ConversionError: (env_failure) pyproject.toml is not valid TOML or ``[build-system]`` is malformed.
    """
    pyproject = tree / "pyproject.toml"
    table: object = None
    if pyproject.is_file():
        try:
            table = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("build-system")
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise _bad(f"pyproject.toml is not valid TOML: {exc}") from exc
    if table is None:
        return BuildSystem(backend=_LEGACY[0], requires=_LEGACY[1])
    if not isinstance(table, dict):
        raise _bad("[build-system] is not a table")
    requires = table.get("requires", list(_LEGACY[1]))
    backend = table.get("build-backend", _LEGACY[0])
    backend_path = table.get("backend-path", [])
    if not _strings(requires) or not isinstance(backend, str) or not _strings(backend_path):
        raise _bad("[build-system] requires, build-backend or backend-path has the wrong type")
    for entry in backend_path:
        if not (tree / entry).resolve().is_relative_to(tree.resolve()):
            raise _bad(f"backend-path {entry!r} leaves the project")
    for text in requires:
        _check_requirement(text)
    return BuildSystem(requires=tuple(requires), backend=backend, backend_path=tuple(backend_path))


def build_wheel(
    tree: Path,
    *,
    work: Path,
    config: SandboxConfig,
    version: str | None = None,
) -> Path:
    """Build ``tree`` into a wheel in the sandbox; the wheel's path under ``work/dist``.

    ``version`` (an sdist's) is handed to dynamic-versioning backends through their documented bypass
    variables (:data:`VERSION_BYPASS`), as a tree without VCS metadata has no other way to tell it.

    Raises:
        ConversionError: (env_failure) no strong sandbox, a build requirement has no wheel, or the build
            failed in the sandbox (one line: the backend's error and, when recognisable, why).
    """
    system = build_system(tree)
    wheels = work / "build-wheels"
    wheels.mkdir(parents=True, exist_ok=True)
    _pip.download(list(system.requires), wheels)
    env = dict.fromkeys(VERSION_BYPASS, version) if version else {}
    result = _run(tree, system, wheels, config=config, check_requires=True, env=env)
    if "needs.json" in result.outputs:
        needs = json.loads(result.outputs["needs.json"])
        if not _strings(needs) or len(needs) > 50:
            raise _bad("the backend's get_requires_for_build_wheel answer is malformed")
        for text in needs:
            _check_requirement(text)
        _pip.download(list(needs), wheels)
        result = _run(tree, system, wheels, config=config, check_requires=False, env=env)
    return _collect(tree, result, work / "dist")


def _run(
    tree: Path,
    system: BuildSystem,
    wheels: Path,
    *,
    config: SandboxConfig,
    check_requires: bool,
    env: dict[str, str],
) -> SandboxResult:
    try:
        sandbox = get_sandbox(config)
    except SandboxError as exc:
        raise ConversionError("acquire", "env_failure", f"cannot build {tree.name!r}: {exc}") from exc
    if not sandbox.strong:
        raise ConversionError(
            "acquire",
            "env_failure",
            f"building {tree.name!r} from source needs a strong sandbox (bwrap or unshare); the "
            f"{sandbox.name!r} backend would run its build code on the host",
        )
    request = SandboxRequest(
        script=_SCRIPT,
        read_paths=(tree, wheels),
        stdin=json.dumps(
            {
                "tree": str(tree),
                "build_wheels": [str(p) for p in sorted(wheels.glob("*.whl"))],
                "backend": system.backend,
                "backend_path": list(system.backend_path),
                "check_requires": check_requires,
                "env": env,
            }
        ).encode("utf-8"),
        limits=SandboxLimits(
            timeout_seconds=BUILD_TIMEOUT_SECONDS,
            memory_mb=max(config.memory_mb, 4096),
            cpu_seconds=int(BUILD_TIMEOUT_SECONDS),
            max_processes=config.max_processes,
            max_open_files=max(config.max_open_files, 1024),
            max_output_bytes=_MAX_OUTPUT_BYTES,
            max_stdout_bytes=config.max_stdout_bytes,
        ),
    )
    return sandbox.run(request)


def _collect(tree: Path, result: SandboxResult, dist: Path) -> Path:
    """The built wheel, checked and written under ``dist``; or the build's failure as one line."""
    failed = f"building {tree.name!r} in the sandbox failed"
    if "error.json" in result.outputs:
        error = json.loads(result.outputs["error.json"])
        message, log = str(error.get("error", "")), str(error.get("log", ""))
        hint = next((why for needle, why in _HINTS if needle in message or needle in log), None)
        line = " ".join(message.split())[:300]
        if hint is None:
            raise BackendError("acquire", "env_failure", f"{failed}: {line}")
        raise ConversionError("acquire", "env_failure", f"{failed}: {line} ({hint})")
    if result.timed_out:
        raise ConversionError(
            "acquire", "env_failure", f"{failed}: no wheel after {BUILD_TIMEOUT_SECONDS:g}s"
        )
    built = result.outputs.get("built.json")
    name = str(json.loads(built).get("wheel", "")) if built else ""
    data = result.outputs.get(f"dist/{name}") if _WHEEL_NAME.match(name) else None
    if data is None or not zipfile.is_zipfile(io.BytesIO(data)):
        tail = " | ".join(result.stderr.strip().splitlines()[-2:])
        why = result.killed_reason or tail or f"exit {result.exit_code}"
        raise ConversionError("acquire", "env_failure", f"{failed}: the backend returned no wheel ({why})")
    dist.mkdir(parents=True, exist_ok=True)
    wheel = dist / name
    wheel.write_bytes(data)
    return wheel


def wheel_distribution(wheel: Path) -> str:
    """The distribution name in a wheel's file name."""
    return wheel.name.split("-", 1)[0]


def _strings(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _check_requirement(text: str) -> None:
    try:
        requirement = Requirement(text)
    except InvalidRequirement as exc:
        raise _bad(f"build requirement {text!r} is invalid: {exc}") from exc
    if requirement.url is not None:
        raise _bad(f"build requirement {text!r} is a direct URL; only index wheels are fetched")


def _bad(reason: str) -> ConversionError:
    return ConversionError("acquire", "env_failure", reason)
