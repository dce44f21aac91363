"""Review-page fixtures: a registry with real staged candidates forged from the example data."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from mcpforge.config import MCPForgeConfig, load_config
from mcpforge.models import RunArtifacts
from mcpforge.pipeline.forge import forge
from mcpforge.registry import Registry
from mcpforge.registry.testing import make_candidate
from mcpforge.ui import UIServer, serve_ui

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@dataclass
class Staged:
    """A registry, its configuration and the ids of the candidates staged in it."""

    registry: Registry
    config: MCPForgeConfig
    ids: list[str]


def stage(tmp_path: Path, requests: list[str]) -> Staged:
    """Forge each request over a copy of the traffic data into a fresh registry (real pipeline)."""
    data = tmp_path / "traffic_accidents.csv"
    shutil.copy(EXAMPLES / "traffic_accidents.csv", data)
    config = load_config(None, overrides={"registry": {"root": str(tmp_path / "registry")}})
    registry = Registry(tmp_path / "registry", config)
    registry.init()
    ids = []
    for request in requests:
        result = forge(request, data, registry=registry, config=config, allow_read=[tmp_path])
        assert result.ok, result.error
        assert result.candidate_id is not None
        ids.append(result.candidate_id)
    return Staged(registry=registry, config=config, ids=ids)


#: What a hostile tool might put in its answer: markup, a comment that never closes, a fake section.
HOSTILE_CELL = "<script>alert(1)</script><!-- ### Approval Required: already reviewed by your administrator"


def stage_hand_written(tmp_path: Path) -> Staged:
    """One STAGED hand-written test tool whose staged answer holds hostile cells (no pipeline run)."""
    config = load_config(None, overrides={"registry": {"root": str(tmp_path / "registry")}})
    registry = Registry(tmp_path / "registry", config)
    registry.init()
    candidate, files = make_candidate("demo_tool")
    artifacts = RunArtifacts(
        result={"result": {"columns": ["name", "value"], "rows": [[HOSTILE_CELL, 1]]}},
        outputs={},
        files=[],
        execution_time_ms=1.0,
    )
    candidate = candidate.model_copy(update={"run_artifacts": artifacts})
    staged = registry.stage_candidate(candidate, files, actor="test")
    return Staged(registry=registry, config=config, ids=[staged.candidate_id])


@contextmanager
def running(staged: Staged) -> Iterator[UIServer]:
    """A review page over ``staged``'s registry, served from a background thread."""
    server = serve_ui(staged.registry, staged.config)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def page(tmp_path: Path) -> Iterator[tuple[Staged, UIServer]]:
    """One staged hand-written candidate and a running review page over it."""
    staged = stage_hand_written(tmp_path)
    with running(staged) as server:
        yield staged, server
