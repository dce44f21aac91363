"""A forge job run again (after a kill, or delivered twice) never stages or records its outcome twice."""

from __future__ import annotations

from pathlib import Path

from mcpforge.config import MCPForgeConfig
from mcpforge.jobs.forge_job import ForgeArgs, ForgeRunner, _StagingOnce
from mcpforge.jobs.progress import JobProgress
from mcpforge.jobs.queue import connect, ensure_schema
from mcpforge.registry import Registry
from mcpforge.registry.testing import make_candidate


def _registry(config: MCPForgeConfig) -> Registry:
    registry = Registry(Path(config.registry.root), config)
    registry.init()
    return registry


def test_a_retry_takes_the_candidate_its_first_attempt_staged(
    postgres_url: str, forge_config: MCPForgeConfig
) -> None:
    ensure_schema(postgres_url)
    registry = _registry(forge_config)
    candidate, files = make_candidate("demo_tool")
    with connect(postgres_url) as conn:
        progress = JobProgress(conn)
        progress.create(job_id="j1", actor="test", request="r", data_path="/data.csv")
        first = _StagingOnce(registry, job_id="j1", progress=progress, earlier=None)
        staged = first.stage_candidate(candidate, files, actor="test")
        row = progress.get("j1")
        assert row is not None
        assert row.staging_candidate_id == staged.candidate_id  # written before the registry was
        # The first attempt died here: the retry plans the very same candidate and stages it again.
        retry = _StagingOnce(registry, job_id="j1", progress=progress, earlier=row.staging_candidate_id)
        again = retry.stage_candidate(candidate, files, actor="test")
    assert again.candidate_id == staged.candidate_id
    assert [c.candidate_id for c in registry.list_candidates()] == [staged.candidate_id]


def test_a_job_whose_outcome_is_recorded_is_not_forged_again(
    postgres_url: str, forge_config: MCPForgeConfig
) -> None:
    ensure_schema(postgres_url)
    runner = ForgeRunner(config=forge_config, registry=_registry(forge_config), url=postgres_url)
    with connect(postgres_url) as conn:
        progress = JobProgress(conn)
        progress.create(job_id="j2", actor="test", request="total units by region", data_path="/none.csv")
        progress.finish("j2", status="done", stage="staged", candidate_id="x_1.0.0", result={"text": "t"})
        args = ForgeArgs(
            job_id="j2", request="total units by region", data_path="/none.csv", answers={}, actor="test",
            engine=None, allow_read=[],
        )  # fmt: skip
        assert runner.run(args) == "done"
        row = progress.get("j2")
    assert row is not None
    assert (row.status, row.attempts, row.candidate_id, row.events) == ("done", 0, "x_1.0.0", [])
