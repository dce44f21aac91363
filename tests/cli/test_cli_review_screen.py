"""The review screen in the CLI: the reading first, and no tool can imitate mcpforge's own sections.

A hand-written tool that passes validation prints a fake summary, a fake "all tests passed", a fake
approval section "already reviewed by your administrator", HTML and an unclosed ``<!--``. ``add-tool``,
``candidates show`` and the interactive ``review`` (on a real pseudo-terminal) must show the real sections
first and the fake ones only inside the data block at the end.
"""

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
from markdown_it import MarkdownIt
from typer.testing import CliRunner

from mcpforge.cli.main import app
from mcpforge.config import SandboxConfig
from mcpforge.pipeline.present import TOOL_TEXT_HEADING
from mcpforge.registry.testing import HOSTILE_REVIEW_TOOL

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "traffic_accidents.csv"
MCPFORGE = Path(sys.executable).with_name("mcpforge")
CANDIDATE = "count_and_forge_review_1.0.0"
REAL_HEADINGS = ["Analysis Results", "Tool Summary", "⚠️ Approval Required", TOOL_TEXT_HEADING[4:]]
FAKES = ("trusted_official_tool", "all tests passed", "reviewed by your administrator: reply Approve")


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sandbox_config: SandboxConfig) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MCPFORGE_VALIDATION__STRESS_ROWS", "5000")
    monkeypatch.setenv(
        "MCPFORGE_SANDBOX__ALLOW_WEAK_FALLBACK", str(sandbox_config.allow_weak_fallback).lower()
    )
    shutil.copy(EXAMPLE, tmp_path / "traffic_accidents.csv")
    (tmp_path / "hostile.py").write_text(HOSTILE_REVIEW_TOOL, encoding="utf-8")
    arguments = ["--data", "traffic_accidents.csv", "--args", '{"column": "severity"}', "--registry", "reg"]
    result = CliRunner().invoke(app, ["add-tool", "hostile.py", *arguments])
    assert result.exit_code == 0, result.stderr
    (tmp_path / "add_tool.out").write_text(result.stdout, encoding="utf-8")
    return tmp_path


def assert_real_sections_first(screen: str) -> None:
    """mcpforge's sections render as the only structure; the tool's fakes sit only in the data block."""
    tokens = MarkdownIt("commonmark").enable("table").parse(screen)
    headings = [tokens[i + 1].content for i, t in enumerate(tokens) if t.type == "heading_open"]
    inline = [c for t in tokens if t.type == "inline" for c in (t.children or [])]
    html = [t.content for t in [*tokens, *inline] if t.type in ("html_block", "html_inline")]
    fences = "\n".join(t.content for t in tokens if t.type == "fence")
    assert headings == REAL_HEADINGS
    assert html == []
    before, after = screen.split(TOOL_TEXT_HEADING)
    for fake in FAKES:
        assert fake not in before
        assert fake in after and fake in fences
    assert "<!-- everything below is hidden" in fences
    order = [
        "**Reading**: The hand-written tool `count_and_forge_review`, called with `column` = severity",
        "| Minor | 1417 |",
        "\n### Tool Summary\n**Tool Name**: count_and_forge_review\n",
        "**Validation**: the tool ran on your data and on",
        "\n### ⚠️ Approval Required\nThis tool is **staged**",
        "1. **Is this output correct for your current analysis?**",
        "2. **Should I save this as a reusable tool for future analyses?**",
    ]
    positions = [before.index(part) for part in order]
    assert positions == sorted(positions)


def test_add_tool_shows_a_hostile_tools_fake_sections_only_as_data(work: Path) -> None:
    assert_real_sections_first((work / "add_tool.out").read_text(encoding="utf-8"))


def test_candidates_show_shows_a_hostile_tools_fake_sections_only_as_data(work: Path) -> None:
    result = CliRunner().invoke(app, ["candidates", "show", CANDIDATE, "--registry", "reg"])
    assert result.exit_code == 0, result.stderr
    assert_real_sections_first(result.stdout)


def _read_until(fd: int, marker: bytes, deadline: float) -> bytes:
    seen = b""
    while marker not in seen:
        remaining = deadline - time.monotonic()
        assert remaining > 0, f"no {marker!r} on the terminal; saw {seen[-400:]!r}"
        ready, _, _ = select.select([fd], [], [], remaining)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # the child closed the terminal
                break
            if not chunk:
                break
            seen += chunk
    return seen


def test_interactive_review_on_a_terminal_shows_the_real_sections_before_asking(work: Path) -> None:
    leader, follower = pty.openpty()
    env = {**os.environ, "COLUMNS": "200", "TERM": "dumb"}
    process = subprocess.Popen(
        [str(MCPFORGE), "review", CANDIDATE, "--registry", "reg"],
        cwd=work,
        stdin=follower,
        stdout=follower,
        stderr=follower,
        env=env,
        close_fds=True,
    )
    os.close(follower)
    try:
        deadline = time.monotonic() + 60
        screen = _read_until(leader, b"1. Is this output correct?", deadline)
        os.write(leader, b"no, wrong tool\n")
        screen += _read_until(leader, b"\n", deadline)
        assert process.wait(timeout=60) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=10)
        os.close(leader)
    text = screen.decode("utf-8").replace("\r\n", "\n")
    presentation = text[: text.index("1. Is this output correct?")]
    assert_real_sections_first(presentation)


def test_ask_opens_with_the_reading_and_a_reused_answer_names_the_tool_and_its_arguments(work: Path) -> None:
    request = [
        "ask",
        "average speed limit by weather",
        "--data",
        "traffic_accidents.csv",
        "--registry",
        "reg",
    ]
    first = CliRunner().invoke(app, [*request, "--json"])
    assert first.exit_code == 0, first.stderr
    reading = (
        "**Reading**: Mean of `speed_limit` per `weather`, over all 2,000 rows.\n\n"
        "| weather | mean_speed_limit |"
    )
    shown = CliRunner().invoke(app, request)
    assert shown.stdout.startswith(f"## Analysis Results\n\n{reading}")
    candidate_id = json.loads(first.stdout)["candidate_id"]
    review = ["review", candidate_id, "--output", "yes", "--decision", "Approve", "--registry", "reg"]
    assert CliRunner().invoke(app, review).exit_code == 0
    reused = CliRunner().invoke(app, request)
    assert reused.exit_code == 0, reused.stderr
    assert reused.stdout.startswith(f"## Analysis Results\n\n{reading}")
    assert (
        "**Answered by**: approved tool `mean_speed_limit_by_weather` v1.0.0 with arguments `{"
        in reused.stdout
    )
    assert "Approval Required" not in reused.stdout
