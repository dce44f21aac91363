"""Issue 16: every ask ends within its time budget with a clear error, and stages nothing after it."""

from __future__ import annotations

import os
import shutil
import signal
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from mcpforge.config import MCPForgeConfig
from mcpforge.exceptions import BudgetExceededError
from mcpforge.models import Aggregation, Intent
from mcpforge.pipeline import forge as forge_module
from mcpforge.pipeline._budget import AskBudget, run_within
from mcpforge.pipeline.forge import forge
from mcpforge.pipeline.routing import contradicts
from mcpforge.registry import Registry

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "traffic_accidents.csv"


def test_work_past_its_budget_is_abandoned_with_the_step_it_was_on() -> None:
    release = threading.Event()
    budget = AskBudget(seconds=0.2)
    say = budget.progress(lambda _message: None)

    def slow() -> str:
        say("asking the model")
        release.wait(10)  # stands for a model call that does not return in time
        say("rendering")  # the abandoned work stops here, before anything is staged
        return "done"

    started = time.monotonic()
    with pytest.raises(BudgetExceededError) as caught:
        run_within(budget, slow)
    assert time.monotonic() - started < 5
    assert caught.value.step == "asking the model" and caught.value.budget_seconds == 0.2
    assert budget.abandoned.is_set()
    release.set()


def test_work_within_its_budget_returns_and_errors_pass_through() -> None:
    assert run_within(AskBudget(seconds=30), lambda: 42) == 42
    with pytest.raises(KeyError):
        run_within(AskBudget(seconds=30), lambda: {}["missing"])


def test_a_forge_past_its_budget_raises_and_stages_nothing(
    forge_config: MCPForgeConfig, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = forge_config.model_copy(
        update={"generation": forge_config.generation.model_copy(update={"ask_budget_seconds": 0.5})}
    )
    registry = Registry(Path(config.registry.root), config)
    registry.init()
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    data = Path(shutil.copy(EXAMPLE, work / "traffic.csv"))
    release = threading.Event()
    with pytest.raises(BudgetExceededError):
        forge("count accidents by severity", data, registry=registry, config=config,
              progress=lambda _message: release.wait(10))  # fmt: skip
    release.set()
    for thread in threading.enumerate():
        if thread.name == "mcpforge-ask":
            thread.join(30)
    assert registry.list_candidates() == []


def test_the_model_never_routes_a_mean_question_to_a_counting_template() -> None:
    understood = {"group_by": ["class"], "metrics": [{"column": "fare", "func": "mean"}]}
    assert contradicts(understood, Intent(request="mean fare", operation="group_count", group_by=["class"]))
    counted = Intent(request="mean fare", operation="aggregate", metrics=[Aggregation(func="count")])
    assert contradicts(understood, counted)
    named = {"operation": "statistical_test", "columns": ["fare"]}
    assert contradicts(named, Intent(request="t-test", operation="summary_stats"))
    counts = {"group_by": ["town"], "metrics": [{"column": None, "func": "count"}]}
    assert not contradicts(counts, Intent(request="accidents per town", operation="value_distribution"))


def test_the_budget_is_configurable_and_defaults_to_five_minutes() -> None:
    assert MCPForgeConfig().generation.ask_budget_seconds == 300.0


class _CtrlC(BaseException):
    """What the console script's SIGINT handler raises (cli.main.Interrupted), without the CLI."""


def test_an_ask_interrupted_during_validation_stages_nothing_afterwards(
    forge_config: MCPForgeConfig, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    registry = Registry(Path(forge_config.registry.root), forge_config)
    registry.init()
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    data = Path(shutil.copy(EXAMPLE, work / "traffic.csv"))

    interrupted = threading.Event()

    def ctrl_c(_signum: int, _frame: object) -> None:
        interrupted.set()
        raise _CtrlC

    def progress(message: str) -> None:
        if message == "planning test cases":  # validation is under way in the ask's worker thread
            os.kill(os.getpid(), signal.SIGINT)
            # Validation goes on once the person's Ctrl-C has reached the main thread, as it does at
            # once on an idle machine; under load the worker could otherwise finish first.
            assert interrupted.wait(30)

    ended = threading.Event()
    original = forge_module.forge_intent

    def forge_intent(*args: Any, **kwargs: Any) -> Any:
        try:
            return original(*args, **kwargs)
        finally:
            ended.set()  # the abandoned work's end: validation done, and staged or stopped

    monkeypatch.setattr(forge_module, "forge_intent", forge_intent)

    previous = signal.signal(signal.SIGINT, ctrl_c)
    try:
        with pytest.raises(_CtrlC):
            forge(
                "count accidents by severity", data, registry=registry, config=forge_config, progress=progress
            )
    finally:
        signal.signal(signal.SIGINT, previous)
    # The abandoned work goes on to the end of its validation, then stops before staging.
    assert ended.wait(120)
    assert [(c.candidate_id, c.status) for c in registry.list_candidates()] == []
