"""Fixtures shared by the whole suite."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mcpforge.config import MCPForgeConfig, SandboxConfig
from mcpforge.pipeline.validation.stress import STRESS_CACHE_ENV


@pytest.fixture(scope="session", autouse=True)
def stress_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Stress data and cached gate results of this session go to temporary directories, never the user's.

    Set in the environment, so ``mcpforge`` subprocesses started by tests use it too.
    """
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(STRESS_CACHE_ENV, str(tmp_path_factory.mktemp("stress-cache")))
        # The static gate's result cache too (mypy's own stub cache stays shared: it only saves time).
        patch.setenv("MCPFORGE_CACHE_DIR", str(tmp_path_factory.mktemp("mcpforge-cache")))
        yield


@pytest.fixture
def sandbox_config() -> SandboxConfig:
    """The sandbox configuration every test that runs untrusted code uses: ``auto``, the strongest backend.

    No weak fallback: a machine where no strong backend works fails these tests instead of silently
    running untrusted code unconfined.
    """
    return SandboxConfig()


@pytest.fixture
def forge_config(sandbox_config: SandboxConfig, tmp_path_factory: pytest.TempPathFactory) -> MCPForgeConfig:
    """A complete configuration with a fresh registry directory and the test sandbox."""
    root = tmp_path_factory.mktemp("registry")
    return MCPForgeConfig.model_validate(
        {"registry": {"root": str(root)}, "sandbox": sandbox_config.model_dump()}
    )
