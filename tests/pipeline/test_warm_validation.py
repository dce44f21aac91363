"""Validation on a big file runs its sandbox batches in children of a pre-imported template (issue 14).

Real templates (bwrap, Landlock, seccomp), real tools over real files; ``shared_read_min_mb`` is 0 so a
small file takes the big-file path. What must hold: the same verdicts as fresh sandboxes (a wrong tool is
still caught), every batch warm (the stress data included), nothing left running or on disk afterwards,
and a plain fresh run whenever warm calls are off or not possible.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from test_shared_read import OFF_BY_ONE_TOOL, _validate

from mcpforge.config import MCPForgeConfig
from mcpforge.pipeline.forge import forge
from mcpforge.pipeline.validation.warm_sandbox import warm_validation
from mcpforge.registry import Registry
from mcpforge.sandbox import get_sandbox
from mcpforge.sandbox.warm import warm_available


@pytest.fixture
def config(forge_config: MCPForgeConfig) -> MCPForgeConfig:
    ok, why = warm_available(get_sandbox(forge_config.sandbox))
    if not ok:
        pytest.skip(why)
    validation = forge_config.validation.model_copy(update={"stress_rows": 3_000, "shared_read_min_mb": 0})
    return forge_config.model_copy(update={"validation": validation})


@pytest.fixture
def data(tmp_path: Path) -> Path:
    path = tmp_path / "data" / "accidents.csv"
    path.parent.mkdir()
    rows = ["severity,location,casualties"] + [
        f"{['Minor', 'Serious', 'Fatal'][i % 3]},{['Urban', 'Rural'][i % 2]},{i % 5}" for i in range(90)
    ]
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def _templates() -> set[int]:
    """Host pids of warm templates started by this test process (bwrap is their parent)."""
    parents: dict[int, int] = {}
    commands: dict[int, bytes] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                commands[int(entry.name)] = (entry / "cmdline").read_bytes()
            except (OSError, ValueError, IndexError):
                continue

    def ours(pid: int) -> bool:
        while pid > 1:
            pid = parents.get(pid, 0)
            if pid == os.getpid():
                return True
        return False

    return {pid for pid, command in commands.items() if b"_template.py" in command and ours(pid)}


def test_every_batch_runs_warm_and_gives_the_verdict_of_fresh_sandboxes(
    config: MCPForgeConfig, data: Path
) -> None:
    others = _templates()  # of earlier tests on this worker, if any outlived them
    with warm_validation(config, data) as warm:
        assert warm is not None
        run = _validate(config, data, warm=warm)
        shown = warm.workdir
    assert run.passed, run.report.errors
    assert run.report.sandbox_backend == "bwrap-warm"
    categories = {record["category"] for record in run.results}
    assert {"edge", "normal", "stress"} <= categories
    assert any("parsed once, for the reference and the tool" in line for line in run.report.logs)
    assert run.person_run is not None and run.person_run.backend == "bwrap-warm"
    assert run.person_run.arguments["file_path"] == str(data)  # the staged run names the file, not the copy
    # Nothing of the validation is left: no template, no directory with the fixtures or the copies.
    assert _templates() <= others
    assert not shown.exists() and not shown.parent.exists()


def test_a_wrong_tool_is_still_caught_in_a_warm_child(config: MCPForgeConfig, data: Path) -> None:
    with warm_validation(config, data) as warm:
        run = _validate(config, data, OFF_BY_ONE_TOOL, warm=warm)
    assert not run.passed
    person = next(r for r in run.results if r["test_id"] == "normal_person_data")
    assert not person["passed"]
    assert run.report.sandbox_backend == "bwrap-warm"


def test_the_directory_the_template_shows_is_out_of_reach_of_other_users(
    config: MCPForgeConfig, data: Path
) -> None:
    with warm_validation(config, data) as warm:
        assert warm is not None
        assert warm.workdir.stat().st_mode & 0o777 == 0o755  # the sandbox uid reads the fixtures
        assert warm.workdir.parent.stat().st_mode & 0o777 == 0o700  # nobody else reaches them


def test_small_files_and_warm_calls_off_validate_in_fresh_sandboxes(
    config: MCPForgeConfig, data: Path
) -> None:
    small = config.model_copy(
        update={"validation": config.validation.model_copy(update={"shared_read_min_mb": 1})}
    )
    with warm_validation(small, data) as warm:
        assert warm is None
    off = config.model_copy(update={"sandbox": config.sandbox.model_copy(update={"warm_calls": False})})
    with warm_validation(off, data) as warm:
        assert warm is None
    run = _validate(off, data)
    assert run.passed, run.report.errors
    assert run.report.sandbox_backend == "bwrap"


def test_ask_on_a_big_file_is_validated_warm_and_staged(config: MCPForgeConfig, data: Path) -> None:
    others = _templates()
    registry = Registry(Path(config.registry.root), config)
    result = forge(
        "how many accidents per severity", data, registry=registry, config=config, allow_read=[data.parent]
    )
    assert result.status == "STAGED", result.error
    assert result.validation is not None
    assert result.validation.sandbox_backend == "bwrap-warm"
    assert _templates() <= others


PRIORITY_TOOL = """
import os
from mcpforge.runtime import mcp

@mcp.tool()
def priority(file_path: str) -> str:
    return str(os.getpriority(os.PRIO_PROCESS, 0))
"""


def test_a_warm_child_runs_at_the_priority_of_the_thread_that_asked(
    config: MCPForgeConfig, data: Path
) -> None:
    from mcpforge.pipeline.validation.priority import BACKGROUND_NICE, background_pool
    from mcpforge.sandbox import ToolCall

    with warm_validation(config, data) as warm:
        assert warm is not None
        shown = warm.workdir / data.name
        shown.write_bytes(data.read_bytes())
        call = [ToolCall(arguments={"file_path": str(shown)}, call_id="p")]

        def ask() -> int:
            batch = warm.calls.call_batch(PRIORITY_TOOL, call, read_paths=[shown])
            assert batch is not None and batch.outcomes and batch.outcomes[0].ok, batch
            return int(str(batch.outcomes[0].markdown))

        normal = ask()
        with background_pool(behind_the_read=True) as lowered:
            assert lowered.submit(ask).result() == normal + BACKGROUND_NICE


THP_TOOL = """
from mcpforge.runtime import mcp

@mcp.tool()
def huge_pages(file_path: str) -> str:
    with open("/proc/self/status", encoding="ascii") as status:
        return next((line.split()[1] for line in status if line.startswith("THP_enabled:")), "unknown")
"""


def test_validation_children_use_no_transparent_huge_pages(config: MCPForgeConfig, data: Path) -> None:
    from mcpforge.sandbox import ToolCall
    from mcpforge.sandbox._kernel import _libc

    if "THP_enabled:" not in Path("/proc/self/status").read_text(encoding="ascii"):
        pytest.skip("this kernel does not report THP_enabled (before Linux 5.0)")
    assert _libc.prctl(41, 0, 0, 0, 0) == 0  # on for this process: the template turns them off itself
    with warm_validation(config, data) as warm:
        assert warm is not None
        shown = warm.workdir / data.name
        shown.write_bytes(data.read_bytes())
        call = [ToolCall(arguments={"file_path": str(shown)}, call_id="t")]
        batch = warm.calls.call_batch(THP_TOOL, call, read_paths=[shown])
    assert batch is not None and batch.outcomes and batch.outcomes[0].ok, batch
    assert batch.outcomes[0].markdown == "0"
