"""Fixtures shared by the whole suite."""

from __future__ import annotations

import pytest

from mcpforge.config import MCPForgeConfig, SandboxConfig


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
