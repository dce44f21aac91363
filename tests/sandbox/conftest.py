"""Fixtures for the sandbox tests: the strong backends, run explicitly, never mocked."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from mcpforge.sandbox import Sandbox

from ._host import HostWatch, unprivileged_user
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


@pytest.fixture(scope="module")
def test_user() -> tuple[int, int]:
    user = unprivileged_user()
    if user is None:
        pytest.skip("no way to create an unprivileged user here (useradd missing)")
    return user


@pytest.fixture
def watch(request: pytest.FixtureRequest) -> Iterator[HostWatch]:
    callspec = getattr(request.node, "callspec", None)
    mode = callspec.params.get("mode", "api-bwrap") if callspec else "api-bwrap"
    owner = request.getfixturevalue("test_user") if mode == "cli-user" else (os.getuid(), os.getgid())
    root = Path(tempfile.mkdtemp(prefix="mcpforge-hostile-"))
    root.rmdir()
    watched = HostWatch(root=root, owner=owner).setup()
    yield watched
    watched.close()
