"""`mcpforge convert` never runs a project's build or install code on the host (ARCHITECTURE §5).

The projects of ``hostile_projects.py`` plant a canary holding their uid in a host directory and in their
own tree whenever their build code runs. Converting them must leave no canary, and still succeed because
the build itself is honest: it runs in the sandbox, whose uid it records in the wheel. The tests run as
whatever uid the suite runs as; in CI and containers that is root, the case this guards.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hostile_projects import canaries, hostile_sdist, in_tree_backend_project, setup_py_project

from mcpforge.config import MCPForgeConfig, SandboxConfig
from mcpforge.convert import _pip
from mcpforge.convert.acquire import acquire
from mcpforge.convert.pipeline import ConvertOptions, convert
from mcpforge.exceptions import ConversionError


def _planted(tmp_path: Path, tree: Path) -> list[str]:
    return [f"{c} (uid {c.read_text(encoding='utf-8')})" for c in canaries(tmp_path, tree) if c.exists()]


def _build_uid(cache: Path, package: str) -> int:
    (found,) = cache.glob(f"*/lib/python*/site-packages/{package}/build_uid.txt")
    return int(found.read_text(encoding="utf-8"))


def _index_reachable(tmp_path: Path) -> bool:
    argv = [sys.executable, "-m", "pip", "download", "--only-binary=:all:", "--no-deps", "--dest"]
    probe = subprocess.run(
        [*argv, str(tmp_path / "probe"), "setuptools"],
        capture_output=True,
        timeout=120,
        check=False,
    )
    return probe.returncode == 0


def test_the_hostile_backend_does_plant_its_canary_when_run_unconfined(tmp_path: Path) -> None:
    # The yardstick: the same backend run on the host (what `pip install DIR` did) leaves the canary.
    tree = in_tree_backend_project(tmp_path, "yardstick")
    subprocess.run(
        [sys.executable, "-c", "import sys; sys.path.insert(0, '_build'); import hostile_backend"],
        cwd=tree,
        check=True,
        timeout=60,
    )
    assert len(_planted(tmp_path, tree)) == 2


def test_an_in_tree_backend_builds_in_the_sandbox_and_plants_nothing_on_the_host(
    tmp_path: Path, convert_config: MCPForgeConfig
) -> None:
    tree = in_tree_backend_project(tmp_path, "intreelib")
    cache = tmp_path / "cache"
    report = convert(
        ConvertOptions(source=str(tree), out_dir=tmp_path / "out", cache_dir=cache, stage=False),
        convert_config,
        registry_root=None,
    )
    assert _planted(tmp_path, tree) == []
    assert (report.status, report.stop_reason, report.install) == (
        "GENERATED",
        None,
        "built from source in the sandbox",
    )
    assert report.tools_passed >= 1
    assert _build_uid(cache, "intreelib") != 0
    assert "- environment: built from source in the sandbox" in (tmp_path / "out" / "report.md").read_text(
        encoding="utf-8"
    )


def test_a_setup_py_runs_in_the_sandbox_and_plants_nothing_on_the_host(
    tmp_path: Path, convert_config: MCPForgeConfig
) -> None:
    if not _index_reachable(tmp_path):
        pytest.skip("setuptools, the build requirement of a setup.py project, cannot be fetched as a wheel")
    tree = setup_py_project(tmp_path, "setuplib")
    cache = tmp_path / "cache"
    env = acquire(str(tree), cache_dir=cache, sandbox=convert_config.sandbox)
    assert _planted(tmp_path, tree) == []
    assert (env.install, env.distribution, env.import_names) == (
        "built from source in the sandbox",
        "setuplib",
        ("setuplib",),
    )
    assert _build_uid(cache, "setuplib") != 0


def test_a_build_that_runs_a_program_is_an_env_failure_and_nothing_ran_on_the_host(
    tmp_path: Path, convert_config: MCPForgeConfig
) -> None:
    tree = in_tree_backend_project(tmp_path, "compiledlib", runs_a_program=True)
    report = convert(
        ConvertOptions(source=str(tree), out_dir=tmp_path / "out", cache_dir=tmp_path / "cache", stage=False),
        convert_config,
        registry_root=None,
    )
    assert _planted(tmp_path, tree) == []
    assert (report.status, report.stopped_at, report.stop_category) == ("FAILED", "acquire", "env_failure")
    assert report.stop_reason is not None
    assert "\n" not in report.stop_reason
    assert "it tried to run a program" in report.stop_reason
    assert not list((tmp_path / "cache").glob("local-*/lib"))  # the half-made environment is gone


def test_a_weak_sandbox_is_refused_for_a_build_rather_than_running_it_on_the_host(tmp_path: Path) -> None:
    tree = in_tree_backend_project(tmp_path, "weaklib")
    weak = SandboxConfig(backend="subprocess", allow_weak_fallback=True)
    with pytest.raises(ConversionError) as caught:
        acquire(str(tree), cache_dir=tmp_path / "cache", sandbox=weak)
    assert (caught.value.step, caught.value.category) == ("acquire", "env_failure")
    assert _planted(tmp_path, tree) == []


def test_a_dependency_only_available_as_a_hostile_sdist_url_is_refused_not_built(
    tmp_path: Path, convert_config: MCPForgeConfig
) -> None:
    # pip ignores --only-binary for a direct reference; the launcher must stop its build.
    sdist = hostile_sdist(tmp_path, "evildep")
    tree = in_tree_backend_project(tmp_path, "urldeplib", requires=(f"evildep @ {sdist.as_uri()}",))
    with pytest.raises(ConversionError) as caught:
        acquire(str(tree), cache_dir=tmp_path / "cache", sandbox=convert_config.sandbox)
    assert caught.value.category == "env_failure"
    assert _planted(tmp_path, tree) == []
    assert _planted(tmp_path, sdist.parent.parent / "sdist-src" / "evildep-1.0") == []


def test_a_requirement_published_only_as_a_hostile_sdist_is_never_built_on_the_host(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sdist = hostile_sdist(tmp_path, "sdistonly")
    monkeypatch.setenv("PIP_NO_INDEX", "1")
    monkeypatch.setenv("PIP_FIND_LINKS", str(sdist.parent))
    monkeypatch.setenv("PIP_NO_BINARY", ":all:")  # the person's setting does not reopen sources
    with pytest.raises(ConversionError) as caught:
        acquire("sdistonly==1.0", cache_dir=tmp_path / "cache")
    assert caught.value.category == "not_found"
    assert _planted(tmp_path, sdist.parent.parent / "sdist-src" / "sdistonly-1.0") == []


def test_pip_on_the_host_cannot_start_a_program(tmp_path: Path) -> None:
    # The lock behind the two tests above, checked directly: the launcher's pip refuses to spawn.
    with pytest.raises(ConversionError) as caught:
        _pip.download([f"evil @ {hostile_sdist(tmp_path, 'evil').as_uri()}"], tmp_path / "wheels")
    assert "never builds one on the host" in caught.value.reason
