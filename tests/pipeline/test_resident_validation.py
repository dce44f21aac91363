"""``ask`` validates in children of the user's resident warm sandbox once it is ready (issue 28), with the
same verdict and the same answer as in fresh sandboxes; a helper killed between two asks costs nothing
but warmth."""

from __future__ import annotations

import os
import shutil
import signal
from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest
from tests.sandbox._resident import Resident, running_resident, wait_gone

from mcpforge.config import MCPForgeConfig
from mcpforge.metrics import outputs_match
from mcpforge.pipeline.forge import forge
from mcpforge.registry import Registry
from mcpforge.sandbox.resident import NO_RESIDENT_ENV


@pytest.fixture
def resident(monkeypatch: pytest.MonkeyPatch) -> Iterator[Resident]:
    yield from running_resident(monkeypatch)


EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "traffic_accidents.csv"
REQUEST = "average speed limit per region"


def _config(tmp_path: Path, name: str, resident: Resident) -> MCPForgeConfig:
    root = tmp_path / name
    return resident.config.model_copy(
        update={
            "registry": resident.config.registry.model_copy(update={"root": str(root)}),
            "validation": resident.config.validation.model_copy(update={"stress_rows": 20_000}),
        }
    )


def _ask(tmp_path: Path, name: str, resident: Resident, data: Path) -> tuple[str, object]:
    config = _config(tmp_path, name, resident)
    registry = Registry(Path(config.registry.root), config)
    registry.init()
    result = forge(REQUEST, data, registry=registry, config=config)
    assert result.error is None and result.status == "STAGED", result.error
    assert result.validation is not None and result.validation.tests_ok
    assert result.artifacts is not None
    return str(result.validation.sandbox_backend), result.artifacts.result["result"]


def test_validation_runs_in_the_resident_helper_with_the_same_answer(
    resident: Resident, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # the working directory is an allowed root
    data = Path(shutil.copy(EXAMPLE, tmp_path / "traffic_accidents.csv"))
    expected = pd.read_csv(data).groupby("region")["speed_limit"].mean()
    resident.config = _config(tmp_path, "probe", resident)
    resident.ready()
    warm_backend, warm_answer = _ask(tmp_path, "warm", resident, data)
    assert warm_backend == "bwrap-warm"
    monkeypatch.setenv(NO_RESIDENT_ENV, "1")
    cold_backend, cold_answer = _ask(tmp_path, "cold", resident, data)
    assert cold_backend == "bwrap"
    assert warm_answer == cold_answer
    assert outputs_match(warm_answer, expected.reset_index(name="mean_speed_limit"))
    monkeypatch.delenv(NO_RESIDENT_ENV)
    pid = resident.pid()
    os.kill(pid, signal.SIGKILL)  # between two asks: the next one is cold, right, and starts a new helper
    assert wait_gone(pid, 10)
    backend, answer = _ask(tmp_path, "after-kill", resident, data)
    assert backend == "bwrap" and answer == cold_answer
    resident.ready()
    assert resident.pid() != pid
