"""Fixtures of the team topology: a shared registry (a folder, or PostgreSQL once that backend exists) with
a promoted tool, and two stateless replicas behind haproxy."""

from __future__ import annotations

import importlib.util
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from tests.team.harness import Topology, haproxy_unavailable, running_topology, write_team_config

from mcpforge.config import MCPForgeConfig
from mcpforge.models import UserFeedback, utc_now
from mcpforge.registry.testing import make_candidate

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "traffic_accidents.csv"


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def postgres_backend_missing() -> str | None:
    """Why the PostgreSQL registry cannot be used here yet, or None."""
    if importlib.util.find_spec("mcpforge.registry.postgres") is None:
        return "the PostgreSQL registry backend (mcpforge.registry.postgres) is not written yet"
    if importlib.util.find_spec("mcpforge.registry.open") is None:
        return "mcpforge.registry.open_registry is not written yet"
    return None


def open_backend(config: MCPForgeConfig) -> Any:
    """The registry the configuration names (folder or postgresql:// URL), through the backend protocol."""
    from mcpforge.registry import open_registry

    return open_registry(config)


def stage(registry: Any, name: str = "demo_tool") -> str:
    """A STAGED candidate of the registry's demo tool; its id."""
    candidate, files = make_candidate(name)
    return str(registry.stage_candidate(candidate, files, actor="test").candidate_id)


def approve(registry: Any, candidate_id: str) -> None:
    """Record the person's approval of a STAGED candidate and promote it."""
    feedback = UserFeedback(decision="APPROVED", notes="approve", timestamp=utc_now(), stage="registration")
    registry.record_feedback(candidate_id, feedback, actor="person")
    registry.promote(candidate_id, actor="person")


def promote(registry: Any, name: str) -> None:
    """Stage, approve and promote the demo tool ``name`` (it returns ``value + 1``)."""
    approve(registry, stage(registry, name))


@dataclass
class TeamRegistry:
    """The registry every replica serves: where it is, the configuration naming it, and an open handle."""

    location: str
    config: MCPForgeConfig
    config_file: Path
    data: Path
    backend: Any


@pytest.fixture(params=["file", "postgres"])
def team_registry(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TeamRegistry]:
    """An initialized registry with ``demo_tool`` promoted: a folder, or a fresh PostgreSQL database."""
    work = Path(tempfile.mkdtemp(prefix="mcpforge-team-"))  # the sandbox uid traverses /tmp, not pytest's
    work.chmod(0o755)
    data = work / "data"
    data.mkdir()
    data.chmod(0o755)
    shutil.copy(EXAMPLE, data / EXAMPLE.name)
    if request.param == "postgres":
        reason = postgres_backend_missing()
        if reason is not None:
            pytest.skip(reason)
        location = str(request.getfixturevalue("postgres_url"))
    else:
        location = str(work / "registry")
    config = MCPForgeConfig.model_validate(
        {"registry": {"root": location}, "security": {"allowed_read_paths": [str(data)]}}
    )
    backend = open_backend(config)
    backend.init()
    promote(backend, "demo_tool")
    try:
        yield TeamRegistry(
            location=location, config=config, data=data, backend=backend,
            config_file=write_team_config(tmp_path / "team.yaml", location, data),
        )  # fmt: skip
    finally:
        shutil.rmtree(work, ignore_errors=True)


@pytest.fixture
def two_replicas(team_registry: TeamRegistry, tmp_path: Path) -> Iterator[Topology]:
    """Two stateless replicas of ``team_registry`` behind haproxy."""
    reason = haproxy_unavailable()
    if reason is not None:
        pytest.skip(reason)
    with running_topology(
        2, registry=team_registry.location, config=team_registry.config_file, logs=tmp_path / "logs"
    ) as topology:
        yield topology
