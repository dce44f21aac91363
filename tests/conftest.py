"""Fixtures shared by the whole suite."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.postgres_server import PostgresServer, start_postgres, unavailable_reason

from mcpforge.config import MCPForgeConfig, SandboxConfig
from mcpforge.paths import cache_dir
from mcpforge.pipeline.validation.stress import STRESS_CACHE_ENV


@pytest.fixture(scope="session", autouse=True)
def stress_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Stress data and cached gate results of this session go to temporary directories, never the user's.

    Set in the environment, so ``mcpforge`` subprocesses started by tests use it too.
    """
    with pytest.MonkeyPatch.context() as patch:
        # The bilingual lexicon stays the user's (read-only, keyed by its dictionaries; setup.sh builds it):
        # a fresh one per session would make one request of the suite wait ~20 s to build it.
        patch.setenv(
            "MCPFORGE_LEXICON_DIR", os.environ.get("MCPFORGE_LEXICON_DIR") or str(cache_dir() / "lexicon")
        )
        patch.setenv(STRESS_CACHE_ENV, str(tmp_path_factory.mktemp("stress-cache")))
        # The static gate's result cache too (mypy's own stub cache stays shared: it only saves time).
        patch.setenv("MCPFORGE_CACHE_DIR", str(tmp_path_factory.mktemp("mcpforge-cache")))
        # No resident warm sandbox per test's cache (each would live for its idle time): the tests of
        # tests/sandbox/test_resident*.py turn it on for themselves.
        patch.setenv("MCPFORGE_NO_RESIDENT", "1")
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


@pytest.fixture(scope="session")
def postgres_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PostgresServer]:
    """A real PostgreSQL server for this test session (one per xdist worker); skipped where none can run."""
    reason = unavailable_reason()
    if reason is not None:
        pytest.skip(reason)
    # Under /tmp, not pytest's deep folder: the 'postgres' user must reach it and socket paths are short.
    folder = Path(tempfile.mkdtemp(prefix="mcpforge-pg-"))
    folder.chmod(0o755)
    server = start_postgres(folder / "server")
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> str:
    """The URL of a fresh, empty database on the session's PostgreSQL server."""
    return postgres_server.new_database()
