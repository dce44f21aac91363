"""forge's ``timings_ms`` names every part of its total: the steps and ``other`` add up to ``total``."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from mcpforge.config import MCPForgeConfig
from mcpforge.models import UserFeedback, utc_now
from mcpforge.pipeline.forge import forge
from mcpforge.registry import Registry

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "employees.csv"
REQUEST = "average salary by department"
# Each step is rounded to 0.1 ms on its own: the sum may differ from the total by that much per step.
ROUNDING_MS = 0.1


@pytest.fixture
def config(forge_config: MCPForgeConfig) -> MCPForgeConfig:
    return forge_config.model_copy(
        update={"validation": forge_config.validation.model_copy(update={"stress_rows": 2_000})}
    )


@pytest.fixture
def registry(config: MCPForgeConfig) -> Registry:
    return Registry(Path(config.registry.root), config)


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    return Path(shutil.copy(EXAMPLE, work / "employees.csv"))


def _assert_adds_up(timings: dict[str, float]) -> None:
    parts = {name: ms for name, ms in timings.items() if name != "total"}
    assert all(ms >= 0 for ms in parts.values()), parts
    assert abs(sum(parts.values()) - timings["total"]) <= ROUNDING_MS * len(parts), timings


def test_a_generated_tool_s_timings_add_up_to_its_total(
    data: Path, registry: Registry, config: MCPForgeConfig
) -> None:
    result = forge(REQUEST, data, registry=registry, config=config)
    assert result.error is None, result.error
    steps = ("schema", "intent", "registry", "gap", "spec", "prepare", "validate", "codegen", "stage")
    assert {*steps, "run", "present", "other", "total"} == set(result.timings_ms)
    _assert_adds_up(result.timings_ms)


def test_a_reused_tool_s_timings_add_up_to_its_total(
    data: Path, registry: Registry, config: MCPForgeConfig
) -> None:
    first = forge(REQUEST, data, registry=registry, config=config)
    assert first.error is None, first.error
    approval = UserFeedback(decision="APPROVED", notes="Approve", timestamp=utc_now(), stage="registration")
    registry.record_feedback(str(first.candidate_id), approval, actor="test")
    registry.promote(str(first.candidate_id), actor="test")

    again = forge(REQUEST, data, registry=registry, config=config)
    assert again.decision == "reuse"
    assert {"schema", "prepare", "intent", "registry", "gap", "run", "other", "total"} == set(
        again.timings_ms
    )
    _assert_adds_up(again.timings_ms)
