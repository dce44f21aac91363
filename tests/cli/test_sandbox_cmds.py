"""``mcpforge check`` and ``mcpforge sandbox run``: CliRunner for output, real subprocesses for exit codes."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mcpforge.cli.main import app
from mcpforge.cli.sandbox_cmds import STREAM_CAP

MCPFORGE = str(Path(sys.executable).with_name("mcpforge"))
RUN_KEYS = {
    "exit_code",
    "stdout",
    "stderr",
    "stdout_truncated",
    "stderr_truncated",
    "timed_out",
    "skipped_outputs",
    "killed_reason",
    "outputs",
    "backend",
    "duration_ms",
}


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture(autouse=True)
def _isolated_cwd(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # no stray ./mcpforge.yaml from the checkout


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_check_passes_a_clean_file(runner: CliRunner, tmp_path: Path) -> None:
    path = write(tmp_path, "tool.py", "import pandas as pd\n\nx = pd.DataFrame()\n")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 0
    assert result.stdout == f"{path}: ok\n"


def test_check_json_lists_every_violation_and_exits_1(runner: CliRunner, tmp_path: Path) -> None:
    path = write(tmp_path, "bad.py", "import os\nx = eval('1')\n")
    result = runner.invoke(app, ["check", str(path), "--json"])
    assert result.exit_code == 1
    assert json.loads(result.stdout) == {
        "ok": False,
        "violations": [
            {"line": 1, "col": 0, "rule": "import", "message": "import of 'os' is not in the allowlist"},
            {"line": 2, "col": 4, "rule": "forbidden-name", "message": "'eval' is not allowed"},
        ],
    }


def test_check_text_output_names_file_line_and_rule(runner: CliRunner, tmp_path: Path) -> None:
    path = write(tmp_path, "bad.py", "x = 1\n().__class__\n")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1
    assert result.stdout == f"{path}:2:0: dunder-attribute: dunder attribute '__class__' is not allowed\n"


def test_check_of_a_missing_file_is_a_one_line_user_error(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(app, ["check", str(tmp_path / "nope.py")])
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error:")


def test_sandbox_run_json_reports_output_and_files(runner: CliRunner, tmp_path: Path) -> None:
    data = write(tmp_path, "data.csv", "a,b\n1,2\n")
    script = write(
        tmp_path,
        "job.py",
        (
            f"import os\nprint(open({str(data)!r}).read().splitlines()[0])\n"
            "open(os.environ['MCPFORGE_OUTPUT_DIR'] + '/result.txt', 'w').write('42')\n"
            "open(os.environ['MCPFORGE_OUTPUT_DIR'] + '/blob.bin', 'wb').write(bytes([255, 0]))\n"
        ),
    )
    result = runner.invoke(app, ["sandbox", "run", str(script), "--data", str(data), "--json"])
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    assert set(payload) == RUN_KEYS
    assert payload["exit_code"] == 0 and payload["stdout"] == "a,b\n" and payload["stderr"] == ""
    assert payload["outputs"] == {
        "blob.bin": {"size": 2, "binary": True},
        "result.txt": {"size": 2, "preview": "42"},
    }
    assert payload["backend"] in {"bwrap", "unshare"}
    assert payload["timed_out"] is False and payload["killed_reason"] is None


def test_sandbox_run_without_data_cannot_read_the_file(runner: CliRunner, tmp_path: Path) -> None:
    data = write(tmp_path, "data.csv", "a,b\n")
    script = write(tmp_path, "job.py", f"print(open({str(data)!r}).read())\n")
    result = runner.invoke(app, ["sandbox", "run", str(script), "--json"])
    assert result.exit_code == 1
    payload = json.loads(result.stdout)
    assert payload["exit_code"] == 1 and "FileNotFoundError" in payload["stderr"]


def test_sandbox_run_timeout_is_reported(runner: CliRunner, tmp_path: Path) -> None:
    script = write(tmp_path, "slow.py", "import time\ntime.sleep(60)\n")
    result = runner.invoke(app, ["sandbox", "run", str(script), "--timeout", "1", "--json"])
    assert result.exit_code == 1
    payload = json.loads(result.stdout)
    assert payload["timed_out"] is True and payload["killed_reason"] == "wall-clock limit of 1s"


def test_sandbox_run_memory_flag_limits_memory(runner: CliRunner, tmp_path: Path) -> None:
    script = write(tmp_path, "hungry.py", "x = b'x' * (300 * 1024 * 1024)\n")
    result = runner.invoke(app, ["sandbox", "run", str(script), "--memory", "128", "--json"])
    assert result.exit_code == 1
    assert "MemoryError" in json.loads(result.stdout)["stderr"]


def test_sandbox_run_truncates_long_stdout(runner: CliRunner, tmp_path: Path) -> None:
    script = write(tmp_path, "loud.py", "print('x' * 200_000)\n")
    result = runner.invoke(app, ["sandbox", "run", str(script), "--json"])
    payload = json.loads(result.stdout)
    assert len(payload["stdout"]) == STREAM_CAP and payload["stdout_truncated"] is True


def test_sandbox_run_rejects_missing_data_path(runner: CliRunner, tmp_path: Path) -> None:
    script = write(tmp_path, "job.py", "print(1)\n")
    result = runner.invoke(app, ["sandbox", "run", str(script), "--data", str(tmp_path / "missing.csv")])
    assert result.exit_code == 2
    assert result.stderr.startswith("error:")


def test_real_cli_exit_codes(tmp_path: Path) -> None:
    good = write(tmp_path, "good.py", "print('hello')\n")
    bad = write(tmp_path, "bad.py", "import subprocess\n")
    failing = write(tmp_path, "fail.py", "raise SystemExit(4)\n")
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [MCPFORGE, *args], capture_output=True, text=True, cwd=tmp_path, env=env, timeout=60, check=False
        )

    assert cli("check", str(good)).returncode == 0
    assert cli("check", str(bad)).returncode == 1
    ran = cli("sandbox", "run", str(good), "--json")
    assert ran.returncode == 0 and json.loads(ran.stdout)["stdout"] == "hello\n"
    failed = cli("sandbox", "run", str(failing), "--json")
    assert failed.returncode == 1 and json.loads(failed.stdout)["exit_code"] == 4


@pytest.mark.parametrize("kind", ["socket", "fifo", "device", "symlink-to-socket"])
def test_sandbox_run_refuses_a_data_path_that_is_not_a_regular_file_or_folder(
    runner: CliRunner, tmp_path: Path, kind: str
) -> None:
    target = tmp_path / "special"
    listener = None
    if kind in {"socket", "symlink-to-socket"}:
        listener = socket.socket(socket.AF_UNIX)
        listener.bind(str(target))
    elif kind == "fifo":
        os.mkfifo(target)
    else:
        target = Path("/dev/null")
    data = target
    if kind == "symlink-to-socket":
        data = tmp_path / "link"
        data.symlink_to(target)
    script = write(tmp_path, "job.py", "print('ran')\n")
    try:
        result = runner.invoke(app, ["sandbox", "run", str(script), "--data", str(data)])
    finally:
        if listener is not None:
            listener.close()
    assert result.exit_code == 2 and "ran" not in result.output
    assert result.output.strip().startswith("error:") and len(result.output.strip().splitlines()) == 1


def test_sandbox_run_refuses_in_one_line_when_the_drop_from_root_fails(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if os.geteuid() != 0:
        pytest.skip("only a root caller drops privileges; this test runs as a normal user")

    def refused(*_ids: int) -> None:
        raise PermissionError("setresuid refused (simulated)")

    monkeypatch.setattr(os, "setresuid", refused)  # the forked launcher inherits the patch
    script = write(tmp_path, "job.py", "print('ran')\n")
    result = runner.invoke(app, ["sandbox", "run", str(script)])
    lines = result.output.strip().splitlines()
    assert result.exit_code != 0 and "ran" not in result.output
    assert len(lines) == 1 and lines[0].startswith("error: cannot run the sandbox as host uid 65534")
