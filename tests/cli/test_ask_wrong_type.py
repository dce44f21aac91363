"""Issue 28 (the table's wrong-type row, point 14): a request whose column has the wrong type is answered
in one line before any code is generated — a question offering what fits, or a refusal in plain words —
never seconds of sandbox validation ending in a REJECTED candidate with an internal message."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
EXIT_QUESTION = 3
EXIT_REFUSED = 2
# Reading a request and refusing it takes well under a second; validation in the sandbox took 2.3 s
# on a quiet machine. The bound leaves room for a loaded CI machine and still fails if tests run.
FAST_SECONDS = 20.0


def _ask(
    tmp_path: Path, data: str, request: str, *extra: str
) -> tuple[subprocess.CompletedProcess[str], float]:
    shutil.copy(EXAMPLES / data, tmp_path / data)
    command = [sys.executable, "-m", "mcpforge", "ask", request, "--data", data,
               "--registry", str(tmp_path / "registry"), "--no-review", *extra]  # fmt: skip
    started = time.perf_counter()
    done = subprocess.run(
        command, cwd=tmp_path, env=dict(os.environ), capture_output=True, text=True, timeout=120, check=False
    )
    return done, time.perf_counter() - started


def _nothing_staged(tmp_path: Path) -> bool:
    staging = tmp_path / "registry" / "staging"
    return not staging.exists() or not any(p.name == "tool.py" for p in staging.rglob("tool.py"))


def test_a_mean_of_a_text_column_asks_what_fits_before_any_code(tmp_path: Path) -> None:
    done, seconds = _ask(tmp_path, "sales.csv", "average product by region", "--json")
    assert done.returncode == EXIT_QUESTION, done.stderr
    question = json.loads(done.stdout)
    assert question["status"] == "NEEDS_CLARIFICATION"
    assert question["key"] == "product"
    assert "'product' holds text" in question["question"] and "needs numbers" in question["question"]
    choices = [choice["choice"] for choice in question["choices"]]
    assert choices[:2] == ["count", "distinct"]
    assert {"units", "unit_price", "discount"} <= set(choices)  # the numeric columns, nothing else
    assert "region" not in choices and "product" not in choices
    assert seconds < FAST_SECONDS
    assert "validat" not in done.stderr.lower()  # no validation step ran
    assert _nothing_staged(tmp_path)


def test_the_question_in_plain_text_is_one_line_then_the_choices(tmp_path: Path) -> None:
    done, _ = _ask(tmp_path, "sales.csv", "average product by region")
    assert done.returncode == EXIT_QUESTION, done.stderr
    assert done.stdout.splitlines()[0].startswith("NEEDS_CLARIFICATION: 'product' holds text")
    assert "Traceback" not in done.stdout + done.stderr


def test_a_t_test_of_yes_no_values_is_refused_in_words_and_stages_nothing(tmp_path: Path) -> None:
    done, seconds = _ask(tmp_path, "employees.csv", "t-test on remote", "--json")
    assert done.returncode == EXIT_REFUSED, done.stdout
    answer = json.loads(done.stdout)
    message = answer["error"]
    assert "'remote' holds yes/no values" in message and "compares numbers" in message
    assert "t-test of" in message and "chi-square" in message  # what to ask instead
    assert "DataError" not in message and "line " not in message  # nothing internal
    assert seconds < FAST_SECONDS
    assert _nothing_staged(tmp_path)
