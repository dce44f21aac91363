"""``mcpforge ask`` timed as a person runs it: a fresh process, from spawn to exit (issue 28).

Two kinds of process, each in a fresh registry and a fresh gate-result cache (as the in-process rows of
``bench_ask.py``; the stress-data, schema, sandbox-probe and mypy caches stay warm, as for a person's
second question):

  ask process     ``mcpforge ask REQUEST --data FILE --json --no-review``: the request read, the tool
                  generated, validated, staged and run on the file; the JSON's ``timings_ms.total`` (the
                  forge inside the process) is kept to show beside it, never instead of it
  quick process   the same command for a request it refuses or asks about (exit 2 or 3): what a person
                  waits for before being told no, or asked which reading they meant
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ASK_PROCESS_TARGET_SECONDS = 1.0
QUICK_PROCESS_TARGET_SECONDS = 0.3
EXIT_REFUSED = 2
EXIT_QUESTION = 3


@dataclass(frozen=True)
class QuickRequest:
    """A request the forge answers without generating anything, and the exit status that says how."""

    what: str
    request: str
    data: str
    exit_code: int


QUICK_REQUESTS = (
    QuickRequest("refused: not an analysis", "write me a poem about cats", "sales.csv", EXIT_REFUSED),
    QuickRequest("refused: no such column", "total revenue by region", "sales.csv", EXIT_REFUSED),
    QuickRequest("question: rows or distinct", "how many customers per region", "sales.csv", EXIT_QUESTION),
)


def ensure_bytecode(*sources: Path) -> str:
    """Compile mcpforge's modules (and any ``sources``, e.g. a previous checkout's ``src/``) to bytecode
    as an installation has them; the note for the table.

    ``pip install`` compiles a package's modules when it installs them, and an editable install's first
    run writes them. Under ``PYTHONDONTWRITEBYTECODE`` (a development habit) an editable install never
    gets them: every ``mcpforge`` process then compiles its ~340 modules from source, about a second of
    CPU that no person's installation pays (issue 28: the refusal measured 0.75 s this way, 0.25 s
    compiled). ``py_compile`` writes them whatever the flag says; a module edited later is compiled in
    its process again, as Python does.
    """
    import compileall

    import mcpforge

    if not sys.flags.dont_write_bytecode:
        return "bytecode: written by each module's first import (as an installation)"
    compiled = all(
        compileall.compile_dir(directory, quiet=1) for directory in (Path(mcpforge.__file__).parent, *sources)
    )
    state = "compiled" if compiled else "compiled (some modules failed; they compile in each process)"
    return f"bytecode: {state} before timing, as pip does at install (PYTHONDONTWRITEBYTECODE is set)"


def mcpforge_command(python: Path | None = None) -> list[str]:
    """The console script next to ``python`` (default: this interpreter; what a person runs), else
    ``python -m mcpforge``."""
    interpreter = str(python or sys.executable)
    script = Path(interpreter).with_name("mcpforge")
    return [str(script)] if script.is_file() else [interpreter, "-m", "mcpforge"]


def _ask(
    request: str, data: Path, env_extra: dict[str, str], python: Path | None = None
) -> tuple[float, int, str, str]:
    """Seconds from spawn to exit of one ``mcpforge ask --json --no-review``, its exit code and output."""
    with tempfile.TemporaryDirectory(prefix="mcpforge-bench-process-") as tmp:
        root = Path(tmp)
        env = {**os.environ, "MCPFORGE_CACHE_DIR": str(root / "cache"), **env_extra}
        command = [
            *mcpforge_command(python), "ask", request, "--data", str(data), "--json", "--no-review",
            "--registry", str(root / "registry"), "--allow-read", str(data.parent),
        ]  # fmt: skip
        # cwd: an empty directory, so that no project mcpforge.yaml changes the defaults.
        started = time.perf_counter()
        done = subprocess.run(command, cwd=root, env=env, capture_output=True, text=True, check=False)
        seconds = time.perf_counter() - started
    return seconds, done.returncode, done.stdout, done.stderr


def stress_env(stress: dict[str, int]) -> dict[str, str]:
    """The bench's stress options as the configuration's environment variables."""
    return {f"MCPFORGE_VALIDATION__{key.upper()}": str(value) for key, value in stress.items()}


def time_ask_process(
    request: str, data: Path, stress: dict[str, int], python: Path | None = None
) -> dict[str, Any]:
    """Seconds of the whole process, whether it staged a result, and the forge's own total (ms).

    ``python``: the interpreter of another installation (the previous design), run instead of this one.
    """
    seconds, code, out, err = _ask(request, data, stress_env(stress), python)
    try:
        answer = json.loads(out)
    except json.JSONDecodeError:
        raise SystemExit(f"mcpforge ask {request!r} printed no JSON (exit {code}): {err[-500:]}") from None
    ok = code == 0 and answer.get("status") == "STAGED" and not answer.get("error")
    total = (answer.get("timings_ms") or {}).get("total", float("nan"))
    backend = (answer.get("validation") or {}).get("sandbox_backend")
    return {
        "seconds": seconds,
        "ok": ok,
        "forge_ms": float(total),
        "warm": backend == "bwrap-warm",
        "warm_process": answer.get("process") == "warm",  # answered by the warm ask process
    }


def warm_ask_process_ready(examples: Path, seconds: float = 90.0) -> bool:
    """Until a quick ask is answered by the user's warm ask process (``cli/warm_ask.py``; the first ask
    starts it, as for a person), at most ``seconds``; False when it is off or never becomes ready."""
    quick = QUICK_REQUESTS[0]
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        _seconds, _code, out, _err = _ask(quick.request, examples / quick.data, {})
        if '"process": "warm"' in out:
            return True
        if os.environ.get("MCPFORGE_NO_RESIDENT"):
            return False
        time.sleep(0.5)
    return False


def time_quick_process(quick: QuickRequest, examples: Path, python: Path | None = None) -> float:
    """Seconds of the whole process for a request refused or asked about (its exit code checked)."""
    seconds, code, out, err = _ask(quick.request, examples / quick.data, {}, python)
    if code != quick.exit_code:
        raise SystemExit(
            f"{quick.what}: {quick.request!r} exited {code}, expected {quick.exit_code}: {(out + err)[-500:]}"
        )
    return seconds
