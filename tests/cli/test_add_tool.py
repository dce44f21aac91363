"""``mcpforge add-tool``: a hand-written tool is validated, run on data, presented and left STAGED."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mcpforge.cli.main import app
from mcpforge.config import SandboxConfig
from mcpforge.models import ToolStatus
from mcpforge.registry import Registry
from mcpforge.registry.testing import COUNT_BY_COLUMN_TOOL

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "traffic_accidents.csv"
MCPFORGE = Path(sys.executable).with_name("mcpforge")

TOOL = COUNT_BY_COLUMN_TOOL


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sandbox_config: SandboxConfig) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MCPFORGE_VALIDATION__STRESS_ROWS", "5000")
    monkeypatch.setenv(
        "MCPFORGE_SANDBOX__ALLOW_WEAK_FALLBACK", str(sandbox_config.allow_weak_fallback).lower()
    )
    shutil.copy(EXAMPLE, tmp_path / "traffic_accidents.csv")
    (tmp_path / "count_tool.py").write_text(TOOL, encoding="utf-8")
    return tmp_path


def _invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_add_tool_stages_runs_and_presents_a_hand_written_tool(work: Path) -> None:
    code, out, err = _invoke(
        "add-tool",
        "count_tool.py",
        "--data",
        "traffic_accidents.csv",
        "--args",
        '{"column": "severity"}',
        "--registry",
        "reg",
    )
    assert code == 0, err
    assert out.startswith("## Analysis Results")
    assert "| Minor | 1417 |" in out
    assert "**Tool Name**: count_by_column" in out
    assert "### ⚠️ Approval Required" in out
    candidate = Registry(work / "reg").get_candidate("count_by_column_1.0.0")
    assert candidate.status == ToolStatus.STAGED
    assert candidate.run_artifacts is not None and candidate.run_artifacts.rows_processed == 2000


def test_add_tool_json_reports_the_candidate(work: Path) -> None:
    code, out, _ = _invoke(
        "add-tool",
        "count_tool.py",
        "--data",
        "traffic_accidents.csv",
        "--args",
        '{"column": "weather"}',
        "--registry",
        "reg",
        "--json",
    )
    assert code == 0
    data = json.loads(out)
    assert {k: data[k] for k in ("candidate_id", "status", "tool_name", "version", "error")} == {
        "candidate_id": "count_by_column_1.0.0",
        "status": "STAGED",
        "tool_name": "count_by_column",
        "version": "1.0.0",
        "error": None,
    }
    assert data["result"]["result"]["columns"] == ["weather", "count"]
    assert data["result_markdown"].startswith("## Analysis Results")


def test_a_tool_failing_validation_is_rejected_with_a_clear_error(work: Path) -> None:
    broken = TOOL.replace(
        "    df = load_csv_data_with_types(file_path)\n",
        "    df = load_csv_data_with_types(file_path)\n    import subprocess\n",
    )
    (work / "broken.py").write_text(broken, encoding="utf-8")
    code, out, _ = _invoke(
        "add-tool",
        "broken.py",
        "--data",
        "traffic_accidents.csv",
        "--args",
        '{"column": "severity"}',
        "--registry",
        "reg",
        "--json",
    )
    assert code != 0
    data = json.loads(out)
    assert data["status"] == "REJECTED"
    assert data["error"]
    assert Registry(work / "reg").list_candidates(ToolStatus.STAGED) == []


@pytest.mark.parametrize(
    "args",
    [
        ["add-tool", "missing.py"],
        ["add-tool", "count_tool.py", "--args", "not json"],
        ["add-tool", "count_tool.py", "--args", "[1, 2]"],
        ["add-tool", "count_tool.py", "--data", "/etc/hostname"],
    ],
    ids=["missing-file", "bad-json", "json-not-object", "data-outside-roots"],
)
def test_user_errors_print_one_line_and_exit_non_zero(work: Path, args: list[str]) -> None:
    code, out, err = _invoke(*args, "--registry", "reg")
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("error: ")


def test_add_tool_then_review_approve_promotes_and_serves_it(work: Path) -> None:
    code, _, err = _invoke(
        "add-tool",
        "count_tool.py",
        "--data",
        "traffic_accidents.csv",
        "--args",
        '{"column": "severity"}',
        "--registry",
        "reg",
    )
    assert code == 0, err
    code, out, err = _invoke(
        "review",
        "count_by_column_1.0.0",
        "--output",
        "yes",
        "--decision",
        "Approve",
        "--registry",
        "reg",
        "--json",
    )
    assert code == 0, err
    assert json.loads(out)["status"] == "PROMOTED"
    active = Registry(work / "reg").get_active_tool("count_by_column")
    assert active is not None and active.version == "1.0.0"


def test_ok_as_a_decision_rejects_and_archives(work: Path) -> None:
    _invoke(
        "add-tool",
        "count_tool.py",
        "--data",
        "traffic_accidents.csv",
        "--args",
        '{"column": "severity"}',
        "--registry",
        "reg",
    )
    code, out, _ = _invoke(
        "review",
        "count_by_column_1.0.0",
        "--output",
        "yes",
        "--decision",
        "ok",
        "--registry",
        "reg",
        "--json",
    )
    assert json.loads(out)["status"] == "REJECTED"
    assert Registry(work / "reg").get_active_tool("count_by_column") is None
    del code


def test_real_subprocess_exit_codes(work: Path) -> None:
    env = {**os.environ}
    ok = subprocess.run(
        [
            str(MCPFORGE),
            "add-tool",
            "count_tool.py",
            "--data",
            "traffic_accidents.csv",
            "--args",
            '{"column": "severity"}',
            "--registry",
            "reg",
            "--json",
        ],
        cwd=work,
        capture_output=True,
        text=True,
        timeout=110,
        env=env,
        check=False,
    )
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["status"] == "STAGED"
    bad = subprocess.run(
        [str(MCPFORGE), "add-tool", "nope.py", "--registry", "reg"],
        cwd=work,
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        check=False,
    )
    assert bad.returncode == 2
    assert "Traceback" not in bad.stderr
