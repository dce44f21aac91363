"""Registry fixtures. ``make_candidate`` lives in ``mcpforge.registry.testing`` so any test can import it."""

from __future__ import annotations

from pathlib import Path

import pytest

from mcpforge.registry import Registry
from mcpforge.registry.testing import make_candidate, make_spec

__all__ = ["make_candidate", "make_spec"]


@pytest.fixture
def registry(tmp_path: Path) -> Registry:
    """An initialized, empty registry under ``tmp_path``."""
    reg = Registry(tmp_path / "registry")
    reg.init()
    return reg
