"""Issue 28 point 9: a clarification answer is an offered choice or a column named exactly, never a near
miss; an unknown key is an error naming the known ones; the printed hint is the whole command, quoted, and
pastes as is in a POSIX shell."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from tests.pipeline.intent_reading_data import write_orders
from typer.testing import CliRunner

from mcpforge.cli import _render
from mcpforge.cli.main import app
from mcpforge.config import SandboxConfig
from mcpforge.registry import Registry

MCPFORGE = Path(sys.executable).with_name("mcpforge")
REVENUE = "total revenue by region"


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sandbox_config: SandboxConfig) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MCPFORGE_VALIDATION__STRESS_ROWS", "2000")
    monkeypatch.setenv(
        "MCPFORGE_SANDBOX__ALLOW_WEAK_FALLBACK", str(sandbox_config.allow_weak_fallback).lower()
    )
    write_orders(tmp_path)
    return tmp_path


def _ask(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["ask", *args, "--data", "orders.csv", "--registry", "reg"])
    return result.exit_code, result.stdout, result.stderr


def _staged(work: Path) -> list[str]:
    registry = Registry(work / "reg")
    if not registry.is_initialized():
        return []
    return [candidate.candidate_id for candidate in registry.list_candidates()]


def test_an_answer_that_was_not_offered_asks_the_question_again(work: Path) -> None:
    # 'price' is neither a choice (amount, quantity*unit_price) nor a column: unit_price is not summed.
    code, out, _err = _ask(REVENUE, "--clarify", "revenue=price", "--json")
    data = json.loads(out)
    assert code == 3
    assert data["status"] == "NEEDS_CLARIFICATION"
    assert data["key"] == "revenue"
    assert "'price' is not one of the choices" in data["question"]
    assert {c["choice"] for c in data["choices"]} == {"amount", "quantity*unit_price"}
    assert _staged(work) == []


def test_a_column_named_exactly_is_an_answer_and_the_reading_says_it(work: Path) -> None:
    code, out, err = _ask(REVENUE, "--clarify", "revenue=Unit_Price", "--json", "--no-review")
    data = json.loads(out)
    assert code == 0, err
    assert "`unit_price`" in data["reading"]


def test_a_choice_in_other_case_is_that_choice(work: Path) -> None:
    code, out, err = _ask("total amount per quantity", "--clarify", "amount per quantity=Ratio", "--json",
                          "--no-review")  # fmt: skip
    data = json.loads(out)
    assert code == 0, err
    assert data["status"] == "STAGED"
    assert data["intent"]["operation"] == "group_ratio", data["intent"]


def test_an_unknown_key_is_an_error_naming_the_known_keys(work: Path) -> None:
    code, _out, err = _ask(REVENUE, "--clarify", "revenue=amount", "--clarify", "bogus=1")
    assert code == 2
    assert "'bogus'" in err
    assert "known keys: revenue" in err
    assert _staged(work) == []
    code, _out, err = _ask("count orders by region", "--clarify", "patients=rows")
    assert code == 2
    assert "'patients'" in err and "asks no question" in err


def test_the_hint_is_the_whole_command_and_pastes_as_is_in_a_shell(work: Path) -> None:
    (work / "project.yaml").write_text("validation:\n  stress_rows: 2000\n", encoding="utf-8")
    bare = {**os.environ, "PATH": "/usr/bin:/bin"}  # mcpforge is not on PATH
    args = ["ask", "total amount per quantity", "--data", "orders.csv", "--registry", "my reg",
            "--config", "project.yaml", "--no-review"]  # fmt: skip
    asked = subprocess.run([str(MCPFORGE), *args], cwd=work, env=bare, capture_output=True, text=True,
                           timeout=120, check=False)  # fmt: skip
    assert asked.returncode == 3, asked.stderr
    lines = asked.stderr.splitlines()
    hints = lines[lines.index("Ask again with one of:") + 1 :]
    assert len(hints) == 2
    ratio = next(hint.strip() for hint in hints if "=ratio" in hint)
    words = shlex.split(ratio)
    assert words[0] == str(MCPFORGE.resolve())
    assert words[1:] == [*args, "--clarify", "amount per quantity=ratio"]
    pasted = subprocess.run(["sh", "-c", ratio], cwd=work, env=bare, capture_output=True, text=True,
                            timeout=120, check=False)  # fmt: skip
    assert pasted.returncode == 0, pasted.stderr
    assert "Ratio of the sum of `amount` to the sum of `quantity`" in pasted.stdout
    # ... and the review hint after it acts on the same registry, with the same configuration.
    review = next(line for line in pasted.stderr.splitlines() if "review it with:" in line)
    assert review.rstrip().endswith("--registry 'my reg' --config project.yaml"), review


def test_without_a_console_script_the_hint_runs_the_module(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # `python -m mcpforge` from a Python with no mcpforge script beside it and none on PATH.
    python = tmp_path / "bin dir" / "python3"
    monkeypatch.setattr(sys, "executable", str(python))
    monkeypatch.setattr(sys, "argv", [str(tmp_path / "mcpforge" / "__main__.py")])
    monkeypatch.setenv("PATH", "/usr/bin:/bin")
    hint = _render.command_hint("review", "x_1.0.0", registry=Path("reg"))
    assert hint == f"{shlex.quote(str(python))} -m mcpforge review x_1.0.0 --registry reg"
