"""The static gate starts as soon as the tool's code exists, before the rest of validation (issue 28).

mypy was the last gate to finish in every profiled ``ask``: it started only once validation had been
imported, the sandbox probed and the thread pools made. ``forge`` now starts it right after rendering and
hands the running gate to ``run_validation``, which starts no second one.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest

from mcpforge.config import MCPForgeConfig
from mcpforge.pipeline.forge import forge
from mcpforge.pipeline.validation import run as validation_run
from mcpforge.pipeline.validation import static_gate, warm_sandbox
from mcpforge.pipeline.validation.priority import BACKGROUND_NICE
from mcpforge.pipeline.validation.static_gate import run_static_gate, start_static_gate
from mcpforge.registry import Registry

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "traffic_accidents.csv"
REQUEST = "average speed limit per region"
TYPE_ERROR = 'def double(value: int) -> int:\n    """Twice the value."""\n    return str(value)\n'


@pytest.fixture
def config(forge_config: MCPForgeConfig) -> MCPForgeConfig:
    return forge_config.model_copy(
        update={"validation": forge_config.validation.model_copy(update={"stress_rows": 5_000})}
    )


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    return Path(shutil.copy(EXAMPLE, work / "traffic_accidents.csv"))


def _spy_on_validation(monkeypatch: pytest.MonkeyPatch) -> tuple[list[Any], list[str]]:
    """What ``run_validation`` was handed as its static gate, and every source a gate was started on."""
    handed: list[Any] = []
    checked: list[str] = []
    original_run, original_gate = validation_run.run_validation, static_gate.run_static_gate

    def run_validation(**kwargs: Any) -> Any:
        handed.append(kwargs.get("static_gate"))
        return original_run(**kwargs)

    def run_gate(source: str, **kwargs: Any) -> Any:
        checked.append(source)
        return original_gate(source, **kwargs)

    monkeypatch.setattr(validation_run, "run_validation", run_validation)
    monkeypatch.setattr(static_gate, "run_static_gate", run_gate)
    monkeypatch.setattr(validation_run, "run_static_gate", run_gate)
    return handed, checked


def test_forge_hands_validation_a_static_gate_already_running_and_no_second_one_starts(
    data: Path, config: MCPForgeConfig, monkeypatch: pytest.MonkeyPatch
) -> None:
    handed, checked = _spy_on_validation(monkeypatch)
    registry = Registry(Path(config.registry.root), config)
    result = forge(REQUEST, data, registry=registry, config=config)
    assert result.error is None, result.error
    assert len(handed) == 1 and isinstance(handed[0], Future)
    assert len(checked) == 1  # the early gate is the only one: run_validation used it
    assert result.validation is not None and result.validation.static_ok is True
    assert any(line.startswith("static gate: ruff") for line in result.validation.logs)


def test_the_static_gate_starts_before_the_warm_sandbox_is_reached(
    data: Path, config: MCPForgeConfig, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Finding the resident helper (its key hashes this installation's files) no longer delays mypy."""
    events: list[str] = []
    original_start, original_warm = static_gate.start_static_gate, warm_sandbox.warm_validation

    def start(source: str, **kwargs: Any) -> Any:
        events.append("static gate")
        return original_start(source, **kwargs)

    def warm(*args: Any, **kwargs: Any) -> Any:
        events.append("warm sandbox")
        return original_warm(*args, **kwargs)

    monkeypatch.setattr(static_gate, "start_static_gate", start)
    monkeypatch.setattr(warm_sandbox, "warm_validation", warm)
    result = forge(REQUEST, data, registry=Registry(Path(config.registry.root), config), config=config)
    assert result.error is None, result.error
    assert events == ["static gate", "warm sandbox"]


def test_a_disabled_static_gate_is_not_started_early(
    data: Path, config: MCPForgeConfig, monkeypatch: pytest.MonkeyPatch
) -> None:
    handed, checked = _spy_on_validation(monkeypatch)
    off = config.model_copy(
        update={"validation": config.validation.model_copy(update={"run_static_gate": False})}
    )
    result = forge(REQUEST, data, registry=Registry(Path(off.registry.root), off), config=off)
    assert result.error is None, result.error
    assert handed == [None] and checked == []
    assert result.validation is not None and result.validation.static_ok is None


def test_the_started_gate_gives_the_same_verdict_as_the_gate_run_in_place() -> None:
    started = start_static_gate(TYPE_ERROR + "\n# started early\n").result(timeout=120)
    in_place = run_static_gate(TYPE_ERROR + "\n# started early\n")
    assert not started.ok and not in_place.ok
    assert started.findings == in_place.findings
    assert [finding.line for finding in started.findings if finding.tool == "mypy"] == [3]


def test_a_gate_behind_a_big_files_read_runs_at_the_gates_lower_priority(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: dict[str, int] = {}

    def run_gate(source: str, **_kwargs: Any) -> Any:
        thread = threading.get_native_id()
        seen["nice"] = os.getpriority(os.PRIO_PROCESS, thread)
        return static_gate.StaticGateResult(ok=True)

    monkeypatch.setattr(static_gate, "run_static_gate", run_gate)
    mine = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    start_static_gate("x = 1\n").result(timeout=30)
    assert seen["nice"] == mine
    start_static_gate("x = 1\n", lowered=True).result(timeout=30)
    assert seen["nice"] == min(mine + BACKGROUND_NICE, 19)


def test_importing_validation_leaves_what_only_judging_needs_for_later() -> None:
    """jsonschema (the output contract), the quality scores and the AST policy are imported while the
    sandboxes run, not before they start."""
    probe = (
        "import sys, mcpforge.pipeline.validation.run; "
        "print(sorted(m for m in ('jsonschema', 'mcpforge.output_contract', "
        "'mcpforge.pipeline.validation.quality', 'mcpforge.sandbox.policy') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
