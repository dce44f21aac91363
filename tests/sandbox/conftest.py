"""Fixtures for the sandbox tests: the strong backends, run explicitly, never mocked."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mcpforge.sandbox import Sandbox

from ._support import STRONG, make_backend


@pytest.fixture(params=STRONG)
def strong(request: pytest.FixtureRequest) -> Sandbox:
    """Each strong backend in turn."""
    return make_backend(request.param)


@pytest.fixture
def bwrap() -> Sandbox:
    """The bubblewrap backend (what ``auto`` picks on this machine)."""
    return make_backend("bwrap")


@pytest.fixture
def host_canary(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A host file no sandboxed code was given; asserted unchanged after the test."""
    path = tmp_path_factory.mktemp("canary") / "canary.txt"
    path.write_text("untouched", encoding="utf-8")
    yield path
    assert path.read_text(encoding="utf-8") == "untouched"
