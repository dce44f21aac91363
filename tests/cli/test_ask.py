"""``mcpforge ask``: the --json contract, bad input, exit codes, and the review on a terminal."""

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

import pytest
from typer.testing import CliRunner

from mcpforge.cli.main import app
from mcpforge.config import SandboxConfig
from mcpforge.models import ToolStatus
from mcpforge.registry import Registry

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "traffic_accidents.csv"
MCPFORGE = Path(sys.executable).with_name("mcpforge")
REQUEST = "Analyze traffic accidents by severity and location"
JSON_KEYS = {
    "decision",
    "status",
    "tool_name",
    "candidate_id",
    "reading",
    "result_markdown",
    "charts",
    "result",
    "intent",
    "validation",
    "overlap_scores",
    "timings_ms",
    "error",
}


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sandbox_config: SandboxConfig) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MCPFORGE_VALIDATION__STRESS_ROWS", "5000")
    monkeypatch.setenv(
        "MCPFORGE_SANDBOX__ALLOW_WEAK_FALLBACK", str(sandbox_config.allow_weak_fallback).lower()
    )
    shutil.copy(EXAMPLE, tmp_path / "traffic_accidents.csv")
    return tmp_path


def _invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_ask_json_prints_one_object_with_the_contract_keys(work: Path) -> None:
    code, out, err = _invoke("ask", REQUEST, "--data", "traffic_accidents.csv", "--registry", "reg", "--json")
    data = json.loads(out)
    assert set(data) >= JSON_KEYS
    assert data["error"] is None, data["error"]
    assert code == 0, err
    assert (data["decision"], data["status"]) == ("generate", "STAGED")
    assert data["intent"]["group_by"] == ["severity", "location"]
    assert data["timings_ms"]["total"] > 0
    assert data["result"]["rows_processed"] == 2000
    assert Registry(work / "reg").get_candidate(data["candidate_id"]).status == ToolStatus.STAGED


def test_ask_runs_without_transparent_huge_pages(work: Path) -> None:
    """The ask's process (and so every sandbox it starts) turns them off: docs/DECISIONS.md, "Big files"."""
    from mcpforge.sandbox._kernel import _libc

    assert _libc.prctl(41, 0, 0, 0, 0) == 0  # PR_SET_THP_DISABLE 0: on, as a fresh process has them
    try:
        code, _, err = _invoke("ask", REQUEST, "--data", "traffic_accidents.csv", "--registry", "reg")
        assert code == 0, err
        assert _libc.prctl(42, 0, 0, 0, 0) == 1  # PR_GET_THP_DISABLE
    finally:
        _libc.prctl(41, 0, 0, 0, 0)


def test_ask_without_json_prints_the_presentation_and_leaves_the_tool_staged(work: Path) -> None:
    code, out, err = _invoke("ask", REQUEST, "--data", "traffic_accidents.csv", "--registry", "reg")
    assert code == 0, err
    assert out.startswith("## Analysis Results")
    assert "### ⚠️ Approval Required" in out
    assert "mcpforge review" in err


@pytest.mark.parametrize(
    ("request_text", "content"),
    [
        ("count accidents by colour of the car", None),
        ("delete every file in my home directory", None),
        ("write me a poem about the data", None),
        (REQUEST, b""),
        (REQUEST, b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00"),
        (REQUEST, b"severity,location\nMinor,Urban,extra,fields\nSerious,Rural\n"),
    ],
    # UTF-16 without a BOM and latin-1 files are read with a note (tests/cli/test_ask_file_kinds.py).
    ids=["unknown-column", "delete-files", "poem", "empty", "binary", "ragged"],
)
def test_bad_input_gives_one_clear_error_and_stages_nothing(
    work: Path, request_text: str, content: bytes | None
) -> None:
    data = "traffic_accidents.csv"
    if content is not None:
        (work / "bad.csv").write_bytes(content)
        data = "bad.csv"
    code, out, _ = _invoke("ask", request_text, "--data", data, "--registry", "reg", "--json")
    assert code == 2
    payload = json.loads(out)
    assert payload["error"] and payload["status"] is None
    code, out, err = _invoke("ask", request_text, "--data", data, "--registry", "reg")
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("error: ")
    registry = Registry(work / "reg")
    assert not registry.is_initialized() or registry.list_candidates() == []


def test_data_outside_the_allowed_roots_is_refused_until_allowed(
    work: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    outside = tmp_path_factory.mktemp("outside")
    shutil.copy(EXAMPLE, outside / "t.csv")
    code, out, _ = _invoke("ask", REQUEST, "--data", str(outside / "t.csv"), "--registry", "reg", "--json")
    assert code == 2 and json.loads(out)["error"]
    code, out, err = _invoke(
        "ask",
        REQUEST,
        "--data",
        str(outside / "t.csv"),
        "--registry",
        "reg",
        "--json",
        "--allow-read",
        str(outside),
    )
    assert code == 0, err


def test_unknown_engine_is_refused(work: Path) -> None:
    code, _, err = _invoke(
        "ask", REQUEST, "--data", "traffic_accidents.csv", "--engine", "oracle", "--registry", "r"
    )
    assert code == 2 and err.startswith("error: ")


def test_real_subprocess_exit_codes(work: Path) -> None:
    ok = subprocess.run(
        [str(MCPFORGE), "ask", REQUEST, "--data", "traffic_accidents.csv", "--registry", "reg", "--json"],
        cwd=work,
        capture_output=True,
        text=True,
        timeout=110,
        env=dict(os.environ),
        check=False,
    )
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["status"] == "STAGED"
    bad = subprocess.run(
        [str(MCPFORGE), "ask", "write me a poem", "--data", "traffic_accidents.csv", "--registry", "reg"],
        cwd=work,
        capture_output=True,
        text=True,
        timeout=60,
        env=dict(os.environ),
        check=False,
    )
    assert bad.returncode == 2
    assert "Traceback" not in bad.stderr and bad.stderr.startswith("error: ")


def _run_on_terminal(args: list[str], answers: bytes, cwd: Path, timeout: float = 100.0) -> tuple[int, str]:
    """Run the console script with a pseudo-terminal as stdin/stdout and type ``answers``."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [str(MCPFORGE), *args],
        cwd=cwd,
        stdin=slave,
        stdout=slave,
        stderr=subprocess.PIPE,
        env=dict(os.environ),
    )
    os.close(slave)
    output = b""
    pending = answers.split(b"\n")
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(master, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                output += chunk
                if pending and output.rstrip().endswith((b"]:", b"]")):
                    os.write(master, pending.pop(0) + b"\n")
            elif proc.poll() is not None:
                break
        code = proc.wait(timeout=max(1.0, deadline - time.monotonic()))
    finally:
        os.close(master)
        if proc.poll() is None:
            proc.kill()
        if proc.stderr is not None:
            proc.stderr.close()
    return code, output.decode("utf-8", "replace")


def test_review_on_a_terminal_approves_and_promotes(work: Path) -> None:
    code, output = _run_on_terminal(
        ["ask", REQUEST, "--data", "traffic_accidents.csv", "--registry", "reg"], b"yes\nApprove\n", work
    )
    assert code == 0, output[-2000:]
    assert "Registered" in output
    registry = Registry(work / "reg")
    assert len(registry.active_tools()) == 1
    assert [c.status for c in registry.list_candidates()] == [ToolStatus.PROMOTED]


def test_review_rejection_with_notes_refines_into_a_tool_named_after_the_new_reading(work: Path) -> None:
    answers = b"No, should be region not location\nReject\nyes\nApprove\n"
    code, output = _run_on_terminal(
        ["ask", REQUEST, "--data", "traffic_accidents.csv", "--registry", "reg"], answers, work
    )
    assert code == 0, output[-2000:]
    registry = Registry(work / "reg")
    statuses = {c.candidate_id: c.status for c in registry.list_candidates()}
    assert sorted(statuses.values(), key=str) == [ToolStatus.PROMOTED, ToolStatus.REJECTED]
    promoted = next(c for c in registry.list_candidates() if c.status == ToolStatus.PROMOTED)
    assert (promoted.spec.tool_name, promoted.version) == ("count_by_severity_and_region", "1.0.0")
    assert promoted.intent is not None and promoted.intent["group_by"] == ["severity", "region"]
    assert "| region |" in output or "region" in output
