"""``ask`` asks one question back (NEEDS_CLARIFICATION), ``--clarify`` answers it, ``--remember`` keeps it;
``review --decision "Reject: <reason>"`` turns the reason into a corrected candidate."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from tests.pipeline.intent_reading_data import write_admissions, write_orders
from typer.testing import CliRunner

from mcpforge.cli.main import app
from mcpforge.config import SandboxConfig
from mcpforge.models import ToolStatus
from mcpforge.registry import Registry


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sandbox_config: SandboxConfig) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MCPFORGE_VALIDATION__STRESS_ROWS", "2000")
    monkeypatch.setenv(
        "MCPFORGE_SANDBOX__ALLOW_WEAK_FALLBACK", str(sandbox_config.allow_weak_fallback).lower()
    )
    write_orders(tmp_path)
    write_admissions(tmp_path)
    return tmp_path


def _invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_ask_json_returns_the_question_and_its_choices_and_stages_nothing(work: Path) -> None:
    code, out, _err = _invoke("ask", "how many patients were readmitted", "--data", "admissions.csv",
                              "--registry", "reg", "--json")  # fmt: skip
    data = json.loads(out)
    assert code == 3
    assert data["status"] == "NEEDS_CLARIFICATION"
    assert data["key"] == "patients"
    assert {c["choice"] for c in data["choices"]} == {"rows", "distinct"}
    assert not Registry(work / "reg").is_initialized() or not Registry(work / "reg").list_candidates()


def test_clarify_answers_the_question_and_the_count_is_the_yes_rows(work: Path) -> None:
    code, out, err = _invoke("ask", "how many patients were readmitted", "--data", "admissions.csv",
                             "--registry", "reg", "--json", "--clarify", "patients=rows")  # fmt: skip
    data = json.loads(out)
    assert code == 0, err
    assert data["status"] == "STAGED"
    expected = sum(
        1 for line in (work / "admissions.csv").read_text(encoding="utf-8").splitlines() if ",Yes," in line
    )
    assert data["result"]["result"]["rows"] == [[expected]]


def test_a_remembered_answer_is_not_asked_again_for_the_same_file(work: Path) -> None:
    first = _invoke("ask", "total sales per category", "--data", "orders.csv", "--registry", "reg", "--json",
                    "--clarify", "revenue=amount", "--remember")  # fmt: skip
    assert first[0] == 0, first[2]
    code, out, err = _invoke("ask", "which region has the most revenue", "--data", "orders.csv",
                             "--registry", "reg", "--json")  # fmt: skip
    data = json.loads(out)
    assert code == 0, err
    assert data["intent"]["metrics"] == [{"column": "amount", "func": "sum"}]
    assert len(data["result"]["result"]["rows"]) == 1


def test_a_malformed_clarify_is_a_usage_error(work: Path) -> None:
    code, _out, err = _invoke("ask", "total sales per category", "--data", "orders.csv", "--registry", "reg",
                              "--clarify", "revenue")  # fmt: skip
    assert code == 2
    assert "KEY=CHOICE" in err


def test_review_reject_with_a_reason_stages_the_corrected_candidate(work: Path) -> None:
    code, out, err = _invoke("ask", "average amount by region", "--data", "orders.csv", "--registry", "reg",
                             "--json")  # fmt: skip
    assert code == 0, err
    first = json.loads(out)["candidate_id"]
    reason = "Reject: wrong column: should be category not region"
    code, out, err = _invoke(
        "review", first, "--registry", "reg", "--output", "no", "--decision", reason, "--json"
    )
    data = json.loads(out)
    assert data["status"] == ToolStatus.REJECTED.value
    refined = data["refined_candidate_id"]
    assert refined is not None, data["message"]
    candidate = Registry(work / "reg").get_candidate(refined)
    assert candidate.status == ToolStatus.STAGED
    assert candidate.intent is not None and candidate.intent["group_by"] == ["category"]
    assert "region" not in candidate.spec.tool_name


def test_on_a_terminal_the_person_picks_a_choice_and_the_forge_continues(work: Path) -> None:
    from tests.cli.test_ask import _run_on_terminal

    code, output = _run_on_terminal(
        ["ask", "how many patients were readmitted", "--data", "admissions.csv", "--registry", "reg"],
        b"1\nyes\nApprove\n",
        work,
    )
    assert code == 0, output[-2000:]
    assert "count rows or distinct" in output
    expected = sum(
        1 for line in (work / "admissions.csv").read_text(encoding="utf-8").splitlines() if ",Yes," in line
    )
    plain = re.sub(r"\x1b\[[0-9;]*m", "", output)  # rich renders the table on a terminal
    assert re.search(rf"^\s*[|│]?\s*{expected}\s*[|│]?\s*$", plain, re.MULTILINE), plain
    assert "Registered" in output
