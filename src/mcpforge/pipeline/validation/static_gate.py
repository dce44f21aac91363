"""Static gate (requirements 4.2): ruff (with the pylint rules) and mypy on a temporary copy of tool.py.

Both run as subprocesses. ruff runs with ``--no-cache --isolated`` so no project configuration leaks
in. mypy keeps a persistent cache directory of its own: without it every run re-parses pandas-stubs
(about 6 s on a 2-core machine instead of 0.3 s). The tool under check is passed by its absolute path
in a fresh temporary directory, so mypy compares its content hash and never reuses another tool's result.

The gate's own result is cached by a hash of everything it depends on: the code, the file name, the
arguments and the versions of ruff, mypy and Python. A template renders the same code for the same
request, so asking again (or re-validating after a rejection) skips both subprocesses. Location:
``$MCPFORGE_CACHE_DIR/static``, else ``$XDG_CACHE_HOME/mcpforge/static``, else
``~/.cache/mcpforge/static``.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

RUFF_ARGS = (
    "check",
    "--no-cache",
    "--isolated",
    "--target-version",
    "py311",
    "--select",
    "E,F,W,B,PL,UP",
    "--ignore",
    "PLR0913,PLR2004,E501",
    "--output-format",
    "concise",
)
MYPY_ARGS = (
    "--ignore-missing-imports",
    "--check-untyped-defs",
    "--follow-imports=silent",
    "--no-error-summary",
)
STATIC_TIMEOUT_SECONDS = 120.0
CACHED_LOG = "static gate: result of the same code, arguments and tool versions, from the cache"
_FINDING_RE = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+):(?:(?P<col>\d+):)?\s*(?P<message>.*)$")


@dataclass(frozen=True, kw_only=True)
class StaticFinding:
    """One finding of ruff or mypy."""

    tool: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.tool} (line {self.line}): {self.message}"


@dataclass(frozen=True, kw_only=True)
class StaticGateResult:
    """Outcome of the static gate."""

    ok: bool
    findings: list[StaticFinding] = field(default_factory=list)
    logs: list[str] = field(default_factory=list)


def _ruff_command() -> list[str]:
    try:
        from ruff.__main__ import find_ruff_bin  # type: ignore[import-untyped]

        return [str(find_ruff_bin())]
    except (ImportError, FileNotFoundError):
        return [sys.executable, "-m", "ruff"]


def mypy_cache_dir() -> Path:
    """Where mypy keeps its cache of third-party stubs between runs."""
    return _cache_base() / "mcpforge" / "mypy"


def _parse(tool: str, output: str, file_name: str) -> list[StaticFinding]:
    findings = []
    for line in output.splitlines():
        match = _FINDING_RE.match(line.strip())
        if match and Path(match.group("file")).name == file_name:
            message = match.group("message").strip()
            if tool == "mypy" and message.startswith("note:"):
                continue
            findings.append(StaticFinding(tool=tool, line=int(match.group("line")), message=message))
    return findings


def _run(command: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "NO_COLOR": "1"}
    return subprocess.run(
        command, cwd=cwd, env=env, capture_output=True, text=True, timeout=STATIC_TIMEOUT_SECONDS, check=False
    )


def static_cache_dir() -> Path:
    """Where the gate's results are kept by the hash of their inputs (see the module docstring)."""
    root = os.environ.get("MCPFORGE_CACHE_DIR")
    if root:
        return Path(root) / "static"
    return _cache_base() / "mcpforge" / "static"


def _cache_base() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")


@functools.cache
def _tool_versions() -> str:
    from importlib.metadata import PackageNotFoundError, version

    found = []
    for name in ("ruff", "mypy"):
        try:
            found.append(f"{name}={version(name)}")
        except PackageNotFoundError:
            found.append(f"{name}=?")
    return f"{';'.join(found)};python={sys.version};runtime={_runtime_fingerprint()}"


def _runtime_fingerprint() -> str:
    """A hash of the code tools type-check against (``mcpforge.runtime``): a verdict given against another
    runtime (an upgrade, another checkout) is never reused."""
    import mcpforge.runtime

    digest = hashlib.sha256()
    for path in sorted(Path(mcpforge.runtime.__file__).parent.glob("*.py")):
        digest.update(path.name.encode("utf-8") + b"\0" + path.read_bytes())
    return digest.hexdigest()


def _cache_key(source: str, file_name: str) -> str:
    parts = [source, file_name, " ".join(RUFF_ARGS), " ".join(MYPY_ARGS), _tool_versions()]
    return hashlib.sha256("\0".join(parts).encode("utf-8")).hexdigest()


def _cached(key: str) -> StaticGateResult | None:
    try:
        data = json.loads((static_cache_dir() / f"{key}.json").read_text(encoding="utf-8"))
        findings = [StaticFinding(**finding) for finding in data["findings"]]
        return StaticGateResult(ok=bool(data["ok"]), findings=findings, logs=[*data["logs"], CACHED_LOG])
    except (OSError, ValueError, KeyError, TypeError):  # absent, torn or from another format: run again
        return None


def _store(key: str, result: StaticGateResult) -> None:
    directory = static_cache_dir()
    data = {
        "ok": result.ok,
        "findings": [vars(finding) for finding in result.findings],
        "logs": result.logs,
    }
    with contextlib.suppress(OSError):  # a cache that cannot be written only costs time
        directory.mkdir(parents=True, exist_ok=True)
        fd, name = tempfile.mkstemp(dir=directory, prefix=f"{key}.", suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(data, handle)
        Path(name).replace(directory / f"{key}.json")


def run_static_gate(source: str, *, file_name: str = "tool.py") -> StaticGateResult:
    """Run ruff and mypy on ``source``; findings carry line numbers of ``source``.

    A result for the same inputs is read from the cache instead (its logs say so).
    """
    key = _cache_key(source, file_name)
    cached = _cached(key)
    if cached is not None:
        return cached
    result = _run_static_gate(source, file_name)
    if not any(finding.line == 0 for finding in result.findings):  # a crashed tool is not a verdict
        _store(key, result)
    return result


def _run_mypy(target: Path) -> subprocess.CompletedProcess[str]:
    """mypy on ``target`` with the shared cache, one process at a time.

    Two mypy processes writing one cache crash with "INTERNAL ERROR", which would reject a valid tool;
    a cache held longer than a whole check gets a private one instead (slower, never wrong).
    """
    from filelock import FileLock, Timeout

    cache = mypy_cache_dir()
    cache.mkdir(parents=True, exist_ok=True)

    def command(cache_dir: Path) -> list[str]:
        # The absolute path, never the bare name: mypy's cache trusts a module whose path, size and
        # mtime second match its record, so two tools of the same size checked within one second as
        # "tool.py" would share a verdict. A fresh directory's path makes mypy compare content hashes.
        return [sys.executable, "-m", "mypy", *MYPY_ARGS, f"--cache-dir={cache_dir}", str(target)]

    try:
        with FileLock(f"{cache}.lock", timeout=STATIC_TIMEOUT_SECONDS):
            return _run(command(cache), target.parent)
    except Timeout:
        return _run(command(target.parent / ".mypy_cache"), target.parent)


def _run_static_gate(source: str, file_name: str) -> StaticGateResult:
    findings: list[StaticFinding] = []
    logs: list[str] = []
    with tempfile.TemporaryDirectory(prefix="mcpforge-static-") as tmp:
        work = Path(tmp)
        (work / file_name).write_text(source, encoding="utf-8")
        # Both start at once: mypy dominates, ruff finishes meanwhile.
        ruff_proc = subprocess.Popen(
            [*_ruff_command(), *RUFF_ARGS, file_name],
            cwd=work,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "NO_COLOR": "1"},
        )
        try:
            mypy = _run_mypy(work / file_name)
        finally:
            ruff_out, ruff_err = ruff_proc.communicate(timeout=STATIC_TIMEOUT_SECONDS)
        ruff_findings = _parse("ruff", ruff_out, file_name)
        if ruff_proc.returncode not in (0, 1) or (ruff_proc.returncode == 1 and not ruff_findings):
            ruff_findings.append(
                StaticFinding(tool="ruff", line=0, message=f"ruff failed: {ruff_err.strip()[:300]}")
            )
        mypy_findings = _parse("mypy", mypy.stdout, file_name)
        if mypy.returncode not in (0, 1) or (mypy.returncode == 1 and not mypy_findings):
            detail = (mypy.stderr or mypy.stdout).strip()[:300]
            mypy_findings.append(StaticFinding(tool="mypy", line=0, message=f"mypy failed: {detail}"))
        findings = ruff_findings + mypy_findings
    logs.append(f"static gate: ruff {len(ruff_findings)} finding(s), mypy {len(mypy_findings)} finding(s)")
    return StaticGateResult(ok=not findings, findings=findings, logs=logs)


def autofix(source: str) -> str:
    """``source`` with ruff's safe fixes applied (unused imports, old syntax, ...); unchanged on failure.

    Model-written code often fails the gate only on such findings; fixing them mechanically saves a
    repair round. The gate still runs on the result, so nothing is waved through.
    """
    fixed = _ruff_fix(source, [])
    # An unused local (F841) is a leftover, never meant to run for its effect; `== True` (E712) on a
    # yes/no column selects the same rows as the column itself.
    return _ruff_fix(fixed, ["--unsafe-fixes", "--fixable", "F841,E712"])


def _ruff_fix(source: str, extra: list[str]) -> str:
    command = [
        *_ruff_command(),
        *RUFF_ARGS,
        *extra,
        "--fix-only",
        "--exit-zero",
        "--stdin-filename",
        "tool.py",
        "-",
    ]
    try:
        done = subprocess.run(
            command,
            input=source,
            capture_output=True,
            text=True,
            timeout=STATIC_TIMEOUT_SECONDS,
            check=False,
            env={**os.environ, "NO_COLOR": "1"},
        )
    except (OSError, subprocess.TimeoutExpired):
        return source
    return done.stdout if done.returncode == 0 and done.stdout.strip() else source
