"""No byte from a tool reaches a terminal as a control: code, names, messages, JSON, rich tables."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from mcpforge.cli import _render
from mcpforge.cli._common import print_json
from mcpforge.models import RunArtifacts, sha256_text
from mcpforge.registry import Registry
from mcpforge.registry.testing import make_candidate
from mcpforge.shown_text import UNSAFE_CONTROLS, strip_controls

MCPFORGE = Path(sys.executable).with_name("mcpforge")
# Clear the screen, an OSC 8 hyperlink, an 8-bit CSI, a carriage return that rewrites the line, a
# backspace, DEL, and a bidi override that reverses what follows (Trojan Source).
HOSTILE = (
    "\x1b[2J\x1b]8;;http://evil.example\x07link\x1b]8;;\x07\x9b31m ok\rfake\x08\x7f \u202eevil\u2066x\u2069"
)
CONTROLS = ["\x1b", "\x07", "\x9b", "\r", "\x08", "\x7f", "\u202e", "\u2066", "\u2069"]


def _hostile_candidate(root: Path) -> tuple[str, str]:
    registry = Registry(root)
    registry.init()
    candidate, files = make_candidate("demo_tool", description=f"Counts rows {HOSTILE} [bold red]loud[/]")
    source = files["tool.py"] + f'\nBANNER = "{HOSTILE}"\n# {HOSTILE}\n'
    files = {**files, "tool.py": source}
    artifacts = RunArtifacts(
        result={"result": {"columns": ["name", "n"], "rows": [[HOSTILE, 1]]}},
        outputs={},
        files=[],
        execution_time_ms=1.0,
    )
    candidate = candidate.model_copy(update={"code_hash": sha256_text(source), "run_artifacts": artifacts})
    return registry.stage_candidate(candidate, files, actor="test").candidate_id, source


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(MCPFORGE), *args], cwd=cwd, capture_output=True, text=True, timeout=120, check=False
    )


def _assert_clean(text: str) -> None:
    found = [repr(c) for c in CONTROLS if c in text]
    assert not found, f"control characters reached the output: {found}"


def test_strip_controls_removes_every_class_and_keeps_newlines_and_tabs() -> None:
    assert strip_controls("a\tb\nc\r\nd\re") == "a\tb\nc\nd\ne"
    cleaned = strip_controls(HOSTILE)
    _assert_clean(cleaned)
    assert "link" in cleaned
    assert "evil" in cleaned
    every = "".join(chr(c) for c in [*range(0x20), 0x7F, *range(0x80, 0xA0), *range(0x202A, 0x202F)])
    assert strip_controls(every + "".join(chr(c) for c in range(0x2066, 0x206A))) == "\t\n\n"


def test_candidates_show_code_prints_no_terminal_controls(tmp_path: Path) -> None:
    candidate_id, source = _hostile_candidate(tmp_path / "reg")
    shown = _run("candidates", "show", candidate_id, "--code", "--registry", "reg", cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    _assert_clean(shown.stdout)
    assert shown.stdout == strip_controls(source)  # the code itself, every other character kept


def test_candidates_show_presentation_prints_no_terminal_controls(tmp_path: Path) -> None:
    candidate_id, _ = _hostile_candidate(tmp_path / "reg")
    shown = _run("candidates", "show", candidate_id, "--registry", "reg", cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    _assert_clean(shown.stdout + shown.stderr)
    assert "evil" in shown.stdout


def test_json_output_keeps_the_data_and_escapes_the_controls(tmp_path: Path) -> None:
    candidate_id, _ = _hostile_candidate(tmp_path / "reg")
    shown = _run("candidates", "show", candidate_id, "--json", "--registry", "reg", cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    _assert_clean(shown.stdout)
    data = json.loads(shown.stdout)
    assert data["result"]["result"]["rows"][0][0] == HOSTILE  # a JSON reader gets the exact value back


def test_error_messages_quote_hostile_names_without_controls(tmp_path: Path) -> None:
    Registry(tmp_path / "reg").init()
    shown = _run("candidates", "show", f"nope{HOSTILE}", "--registry", "reg", cwd=tmp_path)
    assert shown.returncode != 0
    assert shown.stderr.startswith("error: ")
    _assert_clean(shown.stderr)


def test_print_json_escapes_what_json_dumps_leaves_raw(capsys: pytest.CaptureFixture[str]) -> None:
    print_json({"value": "a\x9bb\u202ec\x7f"})
    out = capsys.readouterr().out
    assert not UNSAFE_CONTROLS.search(out)
    assert json.loads(out) == {"value": "a\x9bb\u202ec\x7f"}


def test_markdown_and_tables_on_a_terminal_carry_no_controls_or_markup(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(_render, "stdout_is_terminal", lambda: True)
    _render.render_markdown(f"## Result\n\n{HOSTILE}\n")
    rendered = capsys.readouterr().out
    assert "\x1b[2J" not in rendered
    assert "http://evil.example\x07" not in rendered
    for char in ["\x9b", "\r", "\x08", "\x7f", "\u202e", "\u2066"]:
        assert char not in rendered
    console = _render.console()
    with console.capture() as captured:
        console.print("[bold red]loud[/]")
    assert captured.get().strip() == "[bold red]loud[/]"


def test_a_rich_table_shows_markup_in_data_as_written(monkeypatch: pytest.MonkeyPatch) -> None:
    from mcpforge.cli.registry_cmds import _access

    consoles: list[Console] = []

    def fake_console(*, stderr: bool = False) -> Console:  # the real one, recording what it prints
        console = Console(record=True, width=200, stderr=stderr, markup=True)
        consoles.append(console)
        return console

    monkeypatch.setattr(_access, "stdout_is_terminal", lambda: True)
    monkeypatch.setattr(_access, "console", fake_console)
    _access.print_table("t", ["name"], [[f"[bold]x[/bold]{HOSTILE}"]])
    text = consoles[0].export_text()
    assert "[bold]x[/bold]" in text
    _assert_clean(text)
