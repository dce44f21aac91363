"""Both registry backends behind one fixture: the conformance tests run on each."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mcpforge.registry import Registry


def make_backend(kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> Any:
    """An initialized, empty registry of ``kind`` ("file" or "postgres")."""
    if kind == "file":
        reg: Any = Registry(tmp_path / "registry")
    else:
        from mcpforge.registry.postgres import PostgresRegistry

        url = request.getfixturevalue("postgres_url")
        reg = PostgresRegistry(url, root=tmp_path / "cache")
    reg.init()
    return reg


@pytest.fixture(params=["file", "postgres"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    """An initialized, empty registry: the file registry, then PostgreSQL."""
    reg = make_backend(request.param, tmp_path, request)
    yield reg
    if hasattr(reg, "close"):
        reg.close()


@pytest.fixture
def pg(postgres_url: str, tmp_path: Path) -> Iterator[Any]:
    """An initialized, empty PostgreSQL registry."""
    from mcpforge.registry.postgres import PostgresRegistry

    reg = PostgresRegistry(postgres_url, root=tmp_path / "cache")
    reg.init()
    yield reg
    reg.close()
