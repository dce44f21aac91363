"""Start-up: a command imports only what its steps need (what ``python -X importtime`` showed heavy)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
# Runs the CLI in a fresh interpreter, then prints the names of every loaded module on stderr.
PROBE = """
import json, sys
from mcpforge.cli.main import app
try:
    app(args=sys.argv[1:])
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""


def _loaded_modules(*args: str, cwd: Path) -> set[str]:
    command = [sys.executable, "-c", PROBE, *args]
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=120, check=False)
    last_line = done.stderr.strip().splitlines()[-1]
    return set(json.loads(last_line))


def _loaded(modules: set[str], *prefixes: str) -> list[str]:
    return sorted(m for m in modules if any(m == p or m.startswith(f"{p}.") for p in prefixes))


def test_help_loads_neither_the_configuration_nor_pydantic_nor_rich(tmp_path: Path) -> None:
    modules = _loaded_modules("--help", cwd=tmp_path)
    assert "mcpforge.cli.main" in modules
    assert _loaded(modules, "pydantic", "mcpforge.config", "rich", "mcpforge.sandbox", "pandas") == []


def test_a_refused_request_loads_no_sandbox_validation_or_staging(tmp_path: Path) -> None:
    shutil.copy(EXAMPLES / "sales.csv", tmp_path / "sales.csv")
    modules = _loaded_modules(
        "ask", "total revenue by region", "--data", "sales.csv", "--json", "--no-review", cwd=tmp_path
    )
    assert "mcpforge.pipeline.intent" in modules  # the request was read
    heavy = (
        "mcpforge.sandbox",
        "mcpforge.pipeline.validation",
        "mcpforge.pipeline.codegen",
        "mcpforge.pipeline.stage",
        "mcpforge.metrics.code_bleu",
        "multiprocessing",
    )
    assert _loaded(modules, *heavy) == []
