"""Static gate (requirements 4.2): ruff (with the pylint rules) and mypy on a temporary copy of tool.py.

Both run as subprocesses. ruff runs with ``--no-cache --isolated`` so no project configuration leaks
in. mypy keeps a persistent cache directory of its own, one per installation and environment
(``_checker_env.py``): without it every run re-parses pandas-stubs (about 6 s on a 2-core machine
instead of 0.3 s). The tool under check is passed by its absolute path in a fresh temporary directory, so
mypy compares its content hash and never reuses another tool's result.

The gate's own result is cached by a hash of everything it depends on: the code, the file name, the
arguments and the environment (this installation, Python, the versions of ruff, mypy, pandas,
pandas-stubs and numpy, and the runtime helpers' hash). A template renders the same code for the same
request, so asking again (or re-validating after a rejection) skips both subprocesses. Location:
``$MCPFORGE_CACHE_DIR/static``, else ``$XDG_CACHE_HOME/mcpforge/static``, else
``~/.cache/mcpforge/static``.

A failure of a checker itself is never a verdict on the tool: a crash (``INTERNAL ERROR``, a traceback,
an unexpected exit code) or a finding about the runtime's own names (what a stale cache produces) is
checked again by mypy with an empty private cache; the fresh answer counts, a shared cache that disagreed
with it is discarded, and a checker that still fails leaves the gate "not run" (``checker_error``) and
uncached, never REJECTED.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path

from mcpforge.pipeline.validation._checker_env import (
    cache_base,
    environment_text,
    mypy_cache_dir,
    prune_other_environments,
    runtime_names,
)

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
CHECKER_FAILED_LOG = "static gate: {detail}; a failure of the checker, not of the tool (not cached)"
FRESH_CACHE_LOG = "static gate: mypy's shared cache disagreed with a fresh check; the cache was discarded"
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
    checker_error: str | None = None
    """Set when ruff or mypy itself failed: ``ok`` then covers only what the other checker found."""


def _ruff_command() -> list[str]:
    try:
        from ruff.__main__ import find_ruff_bin  # type: ignore[import-untyped]

        return [str(find_ruff_bin())]
    except (ImportError, FileNotFoundError):
        return [sys.executable, "-m", "ruff"]


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
    return cache_base() / "mcpforge" / "static"


def _cache_key(source: str, file_name: str) -> str:
    parts = [source, file_name, " ".join(RUFF_ARGS), " ".join(MYPY_ARGS), environment_text()]
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
    if result.checker_error is None:  # a failed checker is not a verdict
        _store(key, result)
    return result


def start_static_gate(source: str, *, lowered: bool = False) -> Future[StaticGateResult]:
    """:func:`run_static_gate` started now, in a thread of its own; the caller takes its result.

    mypy is the longest gate (a fresh interpreter loading pandas-stubs from its cache): started as soon as
    the code exists, it runs on the second core while validation is imported and its cases planned,
    instead of after. ``lowered``: behind a big file's read (``priority``), at the gates' lower priority.
    """
    from mcpforge.pipeline.validation.priority import background_pool

    pool = background_pool(behind_the_read=lowered)
    try:
        return pool.submit(run_static_gate, source)
    finally:
        pool.shutdown(wait=False)  # the thread ends when the gate is done


def _mypy_command(target: Path, cache_dir: Path) -> list[str]:
    # The absolute path, never the bare name: mypy's cache trusts a module whose path, size and
    # mtime second match its record, so two tools of the same size checked within one second as
    # "tool.py" would share a verdict. A fresh directory's path makes mypy compare content hashes.
    return [sys.executable, "-m", "mypy", *MYPY_ARGS, f"--cache-dir={cache_dir}", str(target)]


def _run_mypy(target: Path) -> subprocess.CompletedProcess[str]:
    """mypy on ``target`` with this installation's shared cache, one process at a time.

    Two mypy processes writing one cache crash with "INTERNAL ERROR", which would reject a valid tool;
    a cache held longer than a whole check gets a private one instead (slower, never wrong).
    """
    from filelock import FileLock, Timeout

    cache = mypy_cache_dir()
    if not cache.is_dir():
        cache.mkdir(parents=True, exist_ok=True)
        prune_other_environments(cache)
    try:
        with FileLock(f"{cache}.lock", timeout=STATIC_TIMEOUT_SECONDS):
            return _run(_mypy_command(target, cache), target.parent)
    except Timeout:
        return _run(_mypy_command(target, target.parent / ".mypy_cache"), target.parent)


def _mypy_outcome(
    done: subprocess.CompletedProcess[str], file_name: str
) -> tuple[list[StaticFinding], str | None]:
    """mypy's findings on the tool, or why mypy itself failed (then no findings)."""
    findings = _parse("mypy", done.stdout, file_name)
    output = done.stdout + done.stderr
    crashed = "INTERNAL ERROR" in output or "Traceback (most recent call last)" in output
    if crashed or done.returncode not in (0, 1) or (done.returncode == 1 and not findings):
        detail = (done.stderr or done.stdout).strip()[:300]
        return [], f"mypy failed (exit {done.returncode}): {detail}"
    return findings, None


def _about_the_runtime(findings: list[StaticFinding]) -> bool:
    """Whether a finding names mcpforge or one of its runtime helpers: a stale cache says such things."""
    names = runtime_names()
    return any(
        "mcpforge" in finding.message or any(f'"{name}"' in finding.message for name in names)
        for finding in findings
    )


def _mypy_verdict(target: Path) -> tuple[list[StaticFinding], str | None, list[str]]:
    """mypy's findings, its failure (None when it ran), and logs; a doubtful answer is checked afresh."""
    findings, failure = _mypy_outcome(_run_mypy(target), target.name)
    if failure is None and not _about_the_runtime(findings):
        return findings, None, []
    fresh = target.parent / ".mypy-fresh-cache"
    fresh_findings, fresh_failure = _mypy_outcome(
        _run(_mypy_command(target, fresh), target.parent), target.name
    )
    if fresh_failure is not None:
        return [], fresh_failure, []
    if failure is None and fresh_findings == findings:
        return findings, None, []
    _discard_shared_cache()
    return fresh_findings, None, [FRESH_CACHE_LOG]


def _discard_shared_cache() -> None:
    from filelock import FileLock, Timeout

    cache = mypy_cache_dir()
    with contextlib.suppress(Timeout, OSError), FileLock(f"{cache}.lock", timeout=STATIC_TIMEOUT_SECONDS):
        shutil.rmtree(cache)


def _run_static_gate(source: str, file_name: str) -> StaticGateResult:
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
            mypy_findings, mypy_failure, logs = _mypy_verdict(work / file_name)
        finally:
            ruff_out, ruff_err = ruff_proc.communicate(timeout=STATIC_TIMEOUT_SECONDS)
        ruff_findings = _parse("ruff", ruff_out, file_name)
        ruff_failure = None
        if ruff_proc.returncode not in (0, 1) or (ruff_proc.returncode == 1 and not ruff_findings):
            ruff_findings, ruff_failure = [], f"ruff failed: {ruff_err.strip()[:300]}"
        findings = ruff_findings + mypy_findings
    logs.append(f"static gate: ruff {len(ruff_findings)} finding(s), mypy {len(mypy_findings)} finding(s)")
    failure = "; ".join(f for f in (ruff_failure, mypy_failure) if f) or None
    if failure is not None:
        logs.append(CHECKER_FAILED_LOG.format(detail=failure))
    return StaticGateResult(ok=not findings, findings=findings, logs=logs, checker_error=failure)


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
