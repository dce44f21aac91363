"""The terminal as people use it: rendering, pipes, --version, --code, hints, Ctrl-C, exports, configs."""

from __future__ import annotations

import json
import os
import pty
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner

from mcpforge import __version__
from mcpforge.cli import _render
from mcpforge.cli._export import write_export
from mcpforge.cli.main import app
from mcpforge.config import SandboxConfig
from mcpforge.exceptions import InvalidArgumentError
from mcpforge.models import ToolStatus
from mcpforge.registry import Registry
from mcpforge.registry.testing import make_candidate

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "traffic_accidents.csv"
MCPFORGE = Path(sys.executable).with_name("mcpforge")
LONG_NAME = "count_accidents_by_severity_weather_and_light_conditions_v2"
REQUEST = "count accidents by weather"


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sandbox_config: SandboxConfig) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MCPFORGE_VALIDATION__STRESS_ROWS", "2000")
    monkeypatch.setenv(
        "MCPFORGE_SANDBOX__ALLOW_WEAK_FALLBACK", str(sandbox_config.allow_weak_fallback).lower()
    )
    shutil.copy(EXAMPLE, tmp_path / "traffic_accidents.csv")
    return tmp_path


def _staged(root: Path, name: str = LONG_NAME) -> str:
    registry = Registry(root)
    registry.init()
    candidate, files = make_candidate(name)
    return registry.stage_candidate(candidate, files, actor="test").candidate_id


def _run(*args: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(MCPFORGE), *args], cwd=cwd, capture_output=True, text=True, timeout=120, env=env, check=False
    )


def test_version_flag_prints_the_version() -> None:
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout.strip() == f"mcpforge {__version__}"


def test_piped_candidate_list_keeps_full_ids(work: Path) -> None:
    candidate_id = _staged(work / "reg")
    listed = _run("candidates", "list", "--registry", "reg", cwd=work)
    assert listed.returncode == 0, listed.stderr
    lines = listed.stdout.splitlines()
    assert lines[0].split("\t")[:2] == ["candidate", "status"]
    assert lines[1].split("\t")[:2] == [candidate_id, "STAGED"]


def test_candidates_show_code_prints_the_stored_tool_source(work: Path) -> None:
    candidate_id = _staged(work / "reg", "demo_tool")
    shown = _run("candidates", "show", candidate_id, "--code", "--registry", "reg", cwd=work)
    assert shown.returncode == 0, shown.stderr
    stored = (Registry(work / "reg").candidate_dir(candidate_id) / "tool.py").read_text(encoding="utf-8")
    assert shown.stdout == stored


def test_markdown_is_rendered_on_a_terminal_and_plain_through_a_pipe(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = "## Result\n\n**Status**: STAGED\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
    monkeypatch.setattr(_render, "stdout_is_terminal", lambda: False)
    _render.render_markdown(text)
    assert capsys.readouterr().out == text + "\n"
    monkeypatch.setattr(_render, "stdout_is_terminal", lambda: True)
    _render.render_markdown(text)
    rendered = capsys.readouterr().out
    assert "Status" in rendered
    assert "**" not in rendered
    assert "##" not in rendered


def test_hints_name_the_command_as_the_person_can_run_it(work: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bare = {**os.environ, "PATH": "/usr/bin:/bin"}
    outside = _run("ask", REQUEST, "--data", "traffic_accidents.csv", "--registry", "reg", cwd=work, env=bare)
    assert outside.returncode == 0, outside.stderr
    assert f"review it with: {MCPFORGE.resolve()} review " in outside.stderr
    monkeypatch.setattr(sys, "argv", [str(MCPFORGE)])
    monkeypatch.setenv("PATH", f"{MCPFORGE.parent}:/usr/bin:/bin")
    assert _render.command_hint("review", "x_1.0.0") == "mcpforge review x_1.0.0"
    monkeypatch.setenv("PATH", "/usr/bin:/bin")
    assert _render.command_hint("review", "x_1.0.0") == f"{MCPFORGE.resolve()} review x_1.0.0"


def test_ctrl_c_at_the_review_ends_with_one_line_130_and_decides_nothing(work: Path) -> None:
    args = ["ask", REQUEST, "--data", "traffic_accidents.csv", "--registry", "reg"]
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [str(MCPFORGE), *args], cwd=work, stdin=slave, stdout=slave, stderr=subprocess.PIPE
    )
    os.close(slave)
    output = b""
    deadline = time.monotonic() + 120
    try:
        while b"correct" not in output and time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.5)
            if ready:
                output += os.read(master, 65536)
            elif proc.poll() is not None:
                break
        assert b"correct" in output, output.decode("utf-8", "replace")[-2000:]
        proc.send_signal(2)  # what the terminal sends for ^C
        code = proc.wait(timeout=60)
        assert proc.stderr is not None
        errors = proc.stderr.read().decode("utf-8", "replace")
    finally:
        os.close(master)
        if proc.poll() is None:
            proc.kill()
        if proc.stderr is not None:
            proc.stderr.close()
    assert code == 130
    lines = [line for line in errors.splitlines() if line.strip()]
    assert lines[-1] == "mcpforge: interrupted; nothing was decided or half-written"
    assert "Traceback" not in errors
    assert len(lines) <= 2  # at most the "created a new registry" line before the review
    assert [c.status for c in Registry(work / "reg").list_candidates()] == [ToolStatus.STAGED]


def test_ask_export_writes_the_answer_table(work: Path) -> None:
    result = CliRunner().invoke(
        app,
        [
            "ask",
            REQUEST,
            "--data",
            "traffic_accidents.csv",
            "--registry",
            "reg",
            "--export",
            "answer.csv",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.stdout
    answer = json.loads(result.stdout)["result"]
    exported = pd.read_csv(work / "answer.csv")
    assert list(exported.columns) == answer["result"]["columns"]
    assert exported.to_numpy().tolist() == answer["result"]["rows"]


@pytest.mark.parametrize("suffix", [".json", ".parquet", ".csv"])
def test_every_export_format_round_trips_the_table(tmp_path: Path, suffix: str) -> None:
    footer = {"result": {"columns": ["weather", "count"], "rows": [["Rain", 3], ["Snow", 1]]}}
    path = tmp_path / f"answer{suffix}"
    assert write_export(footer, path) == 2
    read = {".json": pd.read_json, ".parquet": pd.read_parquet, ".csv": pd.read_csv}[suffix](path)
    assert read.to_numpy().tolist() == [["Rain", 3], ["Snow", 1]]
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]


def test_an_export_of_an_unknown_kind_is_refused_before_any_work(work: Path) -> None:
    result = CliRunner().invoke(
        app,
        ["ask", REQUEST, "--data", "traffic_accidents.csv", "--registry", "reg", "--export", "answer.xlsx"],
    )
    assert result.exit_code == 2
    assert not (work / "reg").exists()
    with pytest.raises(InvalidArgumentError):
        write_export({"result": [1, 2]}, work / "x.csv")


@pytest.mark.parametrize(
    ("client", "key"), [("claude", "mcpServers"), ("cursor", "mcpServers"), ("vscode", "servers")]
)
def test_client_config_prints_a_ready_to_paste_entry(work: Path, client: str, key: str) -> None:
    result = CliRunner().invoke(app, ["client-config", client, "--registry", "reg"])
    assert result.exit_code == 0
    server = json.loads(result.stdout)[key]["mcpforge"]
    assert Path(server["command"]).name == "mcpforge"
    assert Path(server["command"]).is_absolute()
    assert server["args"] == [
        "serve",
        "--registry",
        str((work / "reg").resolve()),
        "--allow-read",
        str(work.resolve()),
    ]
    assert ("type" in server) == (client == "vscode")


def test_ask_with_separate_reviewers_does_not_approve_the_persons_own_request(work: Path) -> None:
    """``review.separate_reviewer``: the person who asked answers "yes, approve" at the terminal; the tool
    stays STAGED for another reviewer, with one line saying so and the command they run."""
    env = {**os.environ, "MCPFORGE_SEPARATE_REVIEWER": "true"}
    args = ["ask", REQUEST, "--data", "traffic_accidents.csv", "--registry", "reg"]
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [str(MCPFORGE), *args], cwd=work, stdin=slave, stdout=slave, stderr=subprocess.PIPE, env=env
    )
    os.close(slave)
    output = b""
    answers = [(b"correct", b"yes\n"), (b"reusable", b"approve\n")]
    deadline = time.monotonic() + 120
    try:
        while time.monotonic() < deadline and proc.poll() is None:
            ready, _, _ = select.select([master], [], [], 0.5)
            if ready:
                try:
                    output += os.read(master, 65536)
                except OSError:
                    break
            if answers and answers[0][0] in output:
                os.write(master, answers.pop(0)[1])
        code = proc.wait(timeout=60)
        while True:  # what is left on the terminal after the process ended
            ready, _, _ = select.select([master], [], [], 0.2)
            if not ready:
                break
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            output += chunk
    finally:
        os.close(master)
        if proc.poll() is None:
            proc.kill()
        if proc.stderr is not None:
            proc.stderr.close()
    shown = output.decode("utf-8", "replace")
    assert code == 0, shown[-2000:]
    assert "Not registered: " in shown and "another reviewer must approve it" in shown, shown[-2000:]
    assert [c.status for c in Registry(work / "reg").list_candidates()] == [ToolStatus.STAGED]
