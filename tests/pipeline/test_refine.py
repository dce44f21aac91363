"""Step 8B: specific rejection notes refine the intent into a new version; generic ones archive."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from mcpforge.config import MCPForgeConfig
from mcpforge.exceptions import InvalidArgumentError
from mcpforge.models import ToolStatus, UserFeedback, utc_now
from mcpforge.pipeline.feedback import parse_feedback
from mcpforge.pipeline.forge import ForgeResult, forge
from mcpforge.pipeline.refine import refine
from mcpforge.registry import Registry

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "traffic_accidents.csv"


@pytest.fixture
def setup(
    forge_config: MCPForgeConfig, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[Registry, MCPForgeConfig, ForgeResult]:
    config = forge_config.model_copy(
        update={"validation": forge_config.validation.model_copy(update={"stress_rows": 2_000})}
    )
    registry = Registry(Path(config.registry.root), config)
    registry.init()
    monkeypatch.chdir(tmp_path)
    data = Path(shutil.copy(EXAMPLE, tmp_path / "traffic_accidents.csv"))
    first = forge(
        "Analyze traffic accidents by severity and location", data, registry=registry, config=config
    )
    assert first.ok, first.error
    return registry, config, first


def test_specific_notes_regenerate_a_candidate_named_after_the_corrected_reading(
    setup: tuple[Registry, MCPForgeConfig, ForgeResult],
) -> None:
    registry, config, first = setup
    assert first.candidate is not None and first.data_path is not None
    feedback = parse_feedback("Reject: wrong column: should be region not location", stage="registration")
    refinement = refine(
        first.candidate, feedback, registry=registry, config=config, data_path=first.data_path
    )
    assert refinement.applied
    assert refinement.rejected.status == ToolStatus.REJECTED
    result = refinement.result
    assert result is not None and result.ok, result and result.error
    assert result.intent is not None and result.intent.group_by == ["severity", "region"]
    # Issue 12: a refined candidate never keeps the old column in its name.
    assert first.tool_name == "count_by_severity_and_location"
    assert result.tool_name == "count_by_severity_and_region"
    assert result.version == "1.0.0"
    assert registry.get_candidate(first.candidate.candidate_id).status == ToolStatus.REJECTED
    assert registry.get_candidate(str(result.candidate_id)).status == ToolStatus.STAGED


def test_a_generic_rejection_only_archives(setup: tuple[Registry, MCPForgeConfig, ForgeResult]) -> None:
    registry, config, first = setup
    assert first.candidate is not None and first.data_path is not None
    feedback = parse_feedback("no thanks", stage="registration")
    refinement = refine(
        first.candidate, feedback, registry=registry, config=config, data_path=first.data_path
    )
    assert refinement.result is None and not refinement.applied
    assert registry.get_candidate(first.candidate.candidate_id).status == ToolStatus.REJECTED
    assert registry.list_candidates(ToolStatus.STAGED) == []


def test_refining_needs_a_rejection(setup: tuple[Registry, MCPForgeConfig, ForgeResult]) -> None:
    registry, config, first = setup
    assert first.candidate is not None and first.data_path is not None
    approved = UserFeedback(decision="APPROVED", timestamp=utc_now())
    with pytest.raises(InvalidArgumentError):
        refine(first.candidate, approved, registry=registry, config=config, data_path=first.data_path)
