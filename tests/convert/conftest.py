"""A small local library, written by the tests into tmp dirs: what CI converts (no network)."""

from __future__ import annotations

from pathlib import Path

import pytest
from convert_toylib import write_toylib

from mcpforge.config import MCPForgeConfig


@pytest.fixture
def toylib(tmp_path: Path) -> Path:
    """The toy package folder."""
    return write_toylib(tmp_path / "src")


@pytest.fixture
def convert_config() -> MCPForgeConfig:
    """Default configuration (the strongest sandbox available)."""
    return MCPForgeConfig()
