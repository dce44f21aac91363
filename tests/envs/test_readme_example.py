"""The README's agent-environment example runs as printed, against `mcpforge serve` over a real registry."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from tests.envs.conftest import mcpforge_serve

README = Path(__file__).resolve().parents[2] / "README.md"
SERVER = ".venv/bin/mcpforge serve --registry registry --no-forge-tools"


def _example() -> str:
    section = README.read_text(encoding="utf-8").split("### Agent environments over MCP", 1)[1]
    match = re.search(r"```python\n(.*?)```", section, flags=re.DOTALL)
    assert match is not None, "the README's agent-environment section has no Python example"
    return match.group(1)


def test_the_readme_example_runs_and_prints_observations(
    served_registry: tuple[Path, Path], tmp_path: Path
) -> None:
    code = _example()
    assert f'server = "{SERVER}"' in code
    command = " ".join(mcpforge_serve(served_registry))
    script = tmp_path / "example.py"
    script.write_text(code.replace(SERVER, command), encoding="utf-8")
    done = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True,
                          timeout=100, check=False, env=dict(os.environ))  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.splitlines()
    assert lines[:3] == [
        "['list_available_tools', 'add_one', 'add_two']",
        "False 2",
        "True no tool 'no_such_tool'; the tools are: list_available_tools, add_one, add_two",
    ]
    assert lines[3] == "You are writing Python code that will be executed in a sandbox."
    assert lines[-2:] == ["2", " ['list_available_tools']"]
