"""The registry commands through the real CLI app (CliRunner) and a real ``mcpforge`` subprocess."""

from __future__ import annotations

import json
import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from mcpforge.cli.main import app
from mcpforge.config import MCPForgeConfig, load_config
from mcpforge.models import RunArtifacts, ToolStatus
from mcpforge.registry import Registry
from mcpforge.registry.testing import make_candidate

MCPFORGE = Path(sys.executable).with_name("mcpforge")
runner = CliRunner()


def _invoke(*args: str) -> Any:
    return runner.invoke(app, list(args), catch_exceptions=False)


def _json(result: Any) -> dict[str, Any]:
    data = json.loads(result.stdout)
    assert isinstance(data, dict)
    return data


@pytest.fixture
def reg(tmp_path: Path) -> Registry:
    registry = Registry(tmp_path / "registry")
    registry.init()
    return registry


def _stage(reg: Registry, name: str = "demo_tool", **kwargs: Any) -> str:
    candidate, files = make_candidate(name, **kwargs)
    artifacts = RunArtifacts(
        result={"value": 2},
        outputs={},
        summary_markdown="Result: 2",
        files=[],
        execution_time_ms=3.0,
        rows_processed=1,
    )
    staged = reg.stage_candidate(
        candidate.model_copy(update={"run_artifacts": artifacts}), files, actor="test"
    )
    return staged.candidate_id


def test_init_writes_the_layout_and_a_config_that_round_trips(tmp_path: Path) -> None:
    config = tmp_path / "mcpforge.yaml"
    result = _invoke("init", "--registry", str(tmp_path / "reg"), "--config", str(config))
    assert result.exit_code == 0, result.output
    assert Registry(tmp_path / "reg").is_initialized()
    text = config.read_text(encoding="utf-8")
    assert text.count("#") > 40
    loaded = load_config(config, environ={})
    assert loaded == MCPForgeConfig.model_validate({"registry": {"root": str(tmp_path / "reg")}})
    config.write_text("# mine\n", encoding="utf-8")
    assert _invoke("init", "--registry", str(tmp_path / "reg"), "--config", str(config)).exit_code == 0
    assert config.read_text(encoding="utf-8") == "# mine\n"
    _invoke("init", "--registry", str(tmp_path / "reg"), "--config", str(config), "--force")
    assert config.read_text(encoding="utf-8") == text


def test_init_writes_mcpforge_yaml_in_the_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("MCPFORGE_REGISTRY", raising=False)
    monkeypatch.delenv("MCPFORGE_CONFIG", raising=False)
    assert _invoke("init").exit_code == 0
    assert (tmp_path / "mcpforge.yaml").is_file()
    assert (tmp_path / "registry" / "active" / "metadata.json").is_file()


@pytest.mark.parametrize(
    "command",
    [
        ["tools", "list"],
        ["candidates", "list"],
        ["stats"],
        ["doctor"],
        ["review", "x_1.0.0", "--output", "no"],
    ],
)
def test_an_uninitialized_registry_gives_one_clear_line(tmp_path: Path, command: list[str]) -> None:
    result = _invoke(*command, "--registry", str(tmp_path / "nothing"))
    assert result.exit_code == 2
    assert "not initialized" in result.stderr
    assert "mcpforge init" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_review_approve_promotes_in_one_step(reg: Registry) -> None:
    cid = _stage(reg)
    result = _invoke(
        "review", cid, "--output", "yes", "--decision", "Approve", "--registry", str(reg.root), "--json"
    )
    assert result.exit_code == 0, result.output
    data = _json(result)
    assert {k: data[k] for k in ("candidate_id", "status", "tool_name", "version", "error")} == {
        "candidate_id": cid,
        "status": "PROMOTED",
        "tool_name": "demo_tool",
        "version": "1.0.0",
        "error": None,
    }
    assert (data["result_markdown"], data["result"]) == ("Result: 2", {"value": 2})
    listed = _json(_invoke("tools", "list", "--registry", str(reg.root), "--json"))
    assert [(t["name"], t["integrity"]) for t in listed["tools"]] == [("demo_tool", "ok")]
    shown = _json(_invoke("tools", "show", "demo_tool", "--registry", str(reg.root), "--json", "--source"))
    assert shown["version"] == "1.0.0"
    assert "@mcp.tool()" in shown["source"]
    promotion = [r for r in reg.audit.entries() if r.to_status == "PROMOTED"]
    assert promotion[0].actor.startswith("human:")


def test_ok_as_a_decision_rejects_and_archives(reg: Registry) -> None:
    cid = _stage(reg)
    result = _invoke(
        "review", cid, "--output", "yes", "--decision", "ok", "--registry", str(reg.root), "--json"
    )
    assert result.exit_code == 0
    data = _json(result)
    assert (data["status"], data["decision"], data["output_decision"]) == (
        "REJECTED",
        "REJECTED",
        "OUTPUT_ACCEPTED",
    )
    assert Path(data["archive_path"]).parent == reg.root / "archive" / "rejected"
    assert reg.active_tools() == []


def test_a_rejected_output_rejects_the_tool_with_the_notes(reg: Registry) -> None:
    cid = _stage(reg)
    result = _invoke(
        "review", cid, "--output", "no, should be region not location", "--registry", str(reg.root), "--json"
    )
    data = _json(result)
    assert (data["status"], data["issues"]) == ("REJECTED", ["COLUMN_MISMATCH"])
    feedback = reg.get_candidate(cid).user_feedback
    assert feedback is not None
    assert feedback.notes == "no, should be region not location"


def test_review_without_a_terminal_or_flags_refuses_to_guess(reg: Registry) -> None:
    cid = _stage(reg)
    result = _invoke("review", cid, "--registry", str(reg.root))
    assert result.exit_code == 2
    assert "--output" in result.stderr
    assert reg.get_candidate(cid).status == ToolStatus.STAGED


def test_an_identical_tool_is_information_not_failure(reg: Registry) -> None:
    _invoke("review", _stage(reg), "--output", "y", "--decision", "approve", "--registry", str(reg.root))
    again = _stage(reg, version="1.1.0", variant=5)
    result = _invoke("review", again, "--output", "y", "--decision", "approve", "--registry", str(reg.root))
    assert result.exit_code == 0
    assert "identical" in result.stdout
    assert reg.get_candidate(again).status == ToolStatus.APPROVED
    promote = _invoke("promote", again, "--registry", str(reg.root), "--json")
    assert promote.exit_code == 0
    assert _json(promote)["promoted"] is False


def test_a_refused_promotion_is_reported_and_can_be_retried_with_promote(reg: Registry) -> None:
    _invoke("review", _stage(reg), "--output", "y", "--decision", "approve", "--registry", str(reg.root))
    changed = _stage(reg, version="0.5.0", description="changed spec")
    result = _invoke(
        "review", changed, "--output", "y", "--decision", "approve", "--registry", str(reg.root), "--json"
    )
    assert result.exit_code == 1
    data = _json(result)
    assert (data["status"], data["promoted"]) == ("APPROVED", False)
    assert data["error"]
    assert _invoke("promote", changed, "--registry", str(reg.root)).exit_code == 1
    reg.remove_tool("demo_tool", actor="test")
    promoted = _invoke("promote", changed, "--registry", str(reg.root), "--json")
    assert promoted.exit_code == 0
    assert _json(promoted)["tool"]["version"] == "0.5.0"


def test_candidates_list_and_show(reg: Registry) -> None:
    cid = _stage(reg)
    listed = _json(_invoke("candidates", "list", "--registry", str(reg.root), "--json", "--status", "staged"))
    assert [c["candidate_id"] for c in listed["candidates"]] == [cid]
    shown = _json(_invoke("candidates", "show", cid, "--registry", str(reg.root), "--json"))
    assert (shown["status"], shown["result"]) == ("STAGED", {"value": 2})
    text = _invoke("candidates", "show", cid, "--registry", str(reg.root))
    assert "Result: 2" in text.stdout
    missing = _invoke("candidates", "show", "nope_1.0.0", "--registry", str(reg.root))
    assert missing.exit_code == 2


def test_stats_shows_the_metrics(reg: Registry) -> None:
    _invoke("review", _stage(reg), "--output", "y", "--decision", "approve", "--registry", str(reg.root))
    _invoke(
        "review",
        _stage(reg, "other"),
        "--output",
        "y",
        "--decision",
        "reject: wrong column",
        "--registry",
        str(reg.root),
    )
    data = _json(_invoke("stats", "--registry", str(reg.root), "--json"))
    assert (data["approved"], data["rejected"], data["promoted"]) == (1, 1, 1)
    assert data["approval_rate"] == 0.5
    assert data["common_rejection_reasons"] == ["COLUMN_MISMATCH"]
    table = _invoke("stats", "--registry", str(reg.root))
    assert table.exit_code == 0
    assert "approval_rate" in table.stdout


def test_tools_remove(reg: Registry) -> None:
    _invoke("review", _stage(reg), "--output", "y", "--decision", "approve", "--registry", str(reg.root))
    assert _invoke("tools", "remove", "demo_tool", "--registry", str(reg.root)).exit_code == 0
    assert _invoke("tools", "remove", "demo_tool", "--registry", str(reg.root)).exit_code == 2
    assert reg.active_tools() == []


def test_doctor_reports_corruption_and_repairs_it(reg: Registry) -> None:
    _invoke("review", _stage(reg), "--output", "y", "--decision", "approve", "--registry", str(reg.root))
    healthy = _invoke("doctor", "--registry", str(reg.root), "--json")
    assert healthy.exit_code == 0
    assert "sandbox" in _json(healthy)
    reg.active_meta_path.write_text("{", encoding="utf-8")
    broken = _invoke("tools", "list", "--registry", str(reg.root))
    assert broken.exit_code == 1
    assert "metadata.json" in broken.stderr
    assert "doctor --repair" in broken.stderr
    assert _invoke("doctor", "--registry", str(reg.root)).exit_code == 1
    repaired = _invoke("doctor", "--repair", "--registry", str(reg.root), "--json")
    assert repaired.exit_code == 0
    assert _json(repaired)["repaired"]
    assert [t.name for t in reg.active_tools()] == ["demo_tool"]


def test_the_real_command_exits_with_the_documented_codes(reg: Registry, tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MCPFORGE_")}
    cid = _stage(reg)
    base = [str(MCPFORGE), "review", cid, "--registry", str(reg.root)]
    no_flags = subprocess.run(
        base, check=False, capture_output=True, text=True, env=env, stdin=subprocess.DEVNULL, timeout=60
    )
    assert no_flags.returncode == 2
    approved = subprocess.run(
        [*base, "--output", "yes", "--decision", "Approve", "--json"],
        check=False,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert approved.returncode == 0, approved.stderr
    assert json.loads(approved.stdout)["status"] == "PROMOTED"
    uninitialized = subprocess.run(
        [str(MCPFORGE), "stats", "--registry", str(tmp_path / "none")],
        check=False,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert uninitialized.returncode == 2


def _read_until(fd: int, needle: str, deadline: float) -> str:
    seen = ""
    while needle not in seen:
        remaining = deadline - time.monotonic()
        assert remaining > 0, f"never saw {needle!r}; got {seen!r}"
        ready, _, _ = select.select([fd], [], [], remaining)
        if ready:
            try:
                chunk = os.read(fd, 4096).decode("utf-8", "replace")
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
    return seen


def _run_on_terminal(args: list[str], answers: list[str], env: dict[str, str]) -> tuple[int, str]:
    master, slave = pty.openpty()
    process = subprocess.Popen(args, stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True)
    os.close(slave)
    deadline = time.monotonic() + 60
    transcript = ""
    try:
        for prompt, answer in zip(("correct?", "Approve"), answers, strict=False):
            transcript += _read_until(master, prompt, deadline)
            os.write(master, (answer + "\n").encode())
        code = process.wait(timeout=60)
        try:
            while chunk := os.read(master, 4096):
                transcript += chunk.decode("utf-8", "replace")
        except OSError:
            pass
    finally:
        os.close(master)
    return code, transcript


def test_interactive_review_asks_both_questions_on_a_terminal(reg: Registry) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MCPFORGE_")}
    cid = _stage(reg)
    code, transcript = _run_on_terminal(
        [str(MCPFORGE), "review", cid, "--registry", str(reg.root)], ["yes", "Approve"], env
    )
    assert code == 0, transcript
    assert "Is this output correct?" in transcript
    assert reg.get_candidate(cid).status == ToolStatus.PROMOTED


def test_an_unanswered_prompt_times_out_as_rejected(reg: Registry) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MCPFORGE_")}
    env["MCPFORGE_FEEDBACK__TIMEOUT_SECONDS"] = "1"
    cid = _stage(reg)
    code, transcript = _run_on_terminal([str(MCPFORGE), "review", cid, "--registry", str(reg.root)], [], env)
    assert code == 0, transcript
    assert reg.get_candidate(cid).status == ToolStatus.REJECTED
    assert "timeout" in transcript


def test_only_staged_candidates_can_be_reviewed(reg: Registry) -> None:
    cid = _stage(reg)
    _invoke("review", cid, "--output", "y", "--decision", "approve", "--registry", str(reg.root))
    rejected = _invoke("review", cid, "--output", "no", "--registry", str(reg.root))
    assert rejected.exit_code == 2
    assert "already approved and PROMOTED" in rejected.stderr
    # Approving it again is not an error (a retry, or a second reviewer): it says nothing more is needed.
    again = _invoke("review", cid, "--output", "y", "--decision", "approve", "--registry", str(reg.root))
    assert again.exit_code == 0, again.stderr
    assert "Already approved" in again.stdout and "nothing more is needed" in again.stdout
    assert reg.get_candidate(cid).status == ToolStatus.PROMOTED


def test_doctor_repairs_a_registry_that_lost_its_metadata(reg: Registry) -> None:
    _invoke("review", _stage(reg), "--output", "y", "--decision", "approve", "--registry", str(reg.root))
    reg.staging_meta_path.unlink()
    assert _invoke("candidates", "list", "--registry", str(reg.root)).exit_code == 2
    assert _invoke("doctor", "--registry", str(reg.root)).exit_code == 1
    assert _invoke("doctor", "--repair", "--registry", str(reg.root)).exit_code == 0
    assert [c.status for c in reg.list_candidates()] == [ToolStatus.PROMOTED]
