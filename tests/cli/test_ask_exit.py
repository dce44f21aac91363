"""Issue 28: ``mcpforge ask`` ends without the interpreter's teardown of every module, and loses nothing:
its output, its exit status, the exit handlers and the temporary directories' removal all happen."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
# The console script's main(), with an exit handler and an object only the modules' teardown deletes.
PROBE = """
import atexit, os, sys
from mcpforge.cli.main import main

class Teardown:
    def __del__(self):
        os.write(2, b"\\nteardown ran\\n")

kept = Teardown()  # deleted only when the interpreter tears this module down
atexit.register(lambda: os.write(2, b"\\natexit ran\\n"))
main()
"""


@pytest.fixture
def temporary() -> Iterator[Path]:
    """A TMPDIR of the process's own, open to the sandbox's user as /tmp is (pytest's are private)."""
    path = Path(tempfile.mkdtemp(prefix="mcpforge-test-tmpdir-"))
    path.chmod(0o1777)
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


def _ask(tmp_path: Path, temporary: Path, request: str) -> subprocess.CompletedProcess[str]:
    data = shutil.copy(EXAMPLES / "traffic_accidents.csv", tmp_path / "traffic_accidents.csv")
    env = {**os.environ, "MCPFORGE_VALIDATION__STRESS_ROWS": "2000", "TMPDIR": str(temporary)}
    command = [sys.executable, "-c", PROBE, "ask", request, "--data", str(data),
               "--registry", str(tmp_path / "registry"), "--json", "--no-review"]  # fmt: skip
    return subprocess.run(
        command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=110, check=False
    )


def test_an_answered_ask_skips_the_teardown_and_loses_nothing(tmp_path: Path, temporary: Path) -> None:
    done = _ask(tmp_path, temporary, "count accidents by severity")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)  # the whole answer reached the pipe
    assert answer["status"] == "STAGED" and answer["error"] is None
    assert "atexit ran" in done.stderr
    assert "teardown ran" not in done.stderr
    assert list(temporary.iterdir()) == []  # every temporary directory was removed


def test_a_refused_ask_keeps_its_exit_status_and_message(tmp_path: Path, temporary: Path) -> None:
    done = _ask(tmp_path, temporary, "write me a poem about cats")
    assert done.returncode == 2, done.stderr
    assert "cannot map the request" in json.loads(done.stdout)["error"]
    assert "atexit ran" in done.stderr
    assert "teardown ran" not in done.stderr


def test_other_commands_exit_as_usual(tmp_path: Path) -> None:
    command = [sys.executable, "-c", PROBE, "version"]
    done = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert "teardown ran" in done.stderr  # the modules' teardown still runs: only ``ask`` skips it
