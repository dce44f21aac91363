"""Runtime tests read only under ``tmp_path``: the allowed root is configured per test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mcpforge.runtime import configure, reset_configuration


@pytest.fixture
def data_dir(tmp_path: Path) -> Iterator[Path]:
    """A directory that is the only allowed read root for the test."""
    root = tmp_path / "data"
    root.mkdir()
    configure(allowed_read_paths=[str(root)])
    yield root
    reset_configuration()
