"""The live listing of a registry that is not a folder: its active revision alone tells of a change.

Only a file registry has tool files a person can edit in place, so only it is scanned; another backend
(PostgreSQL) keeps tool code in its database, where every change is a new active revision.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mcpforge.registry import Registry
from mcpforge.server._live import RevisionWatcher


class _DatabaseRegistry:
    """What the watcher uses of a backend without tool files."""

    def __init__(self) -> None:
        self.revision = "r1"
        self.refreshed = 0

    def refresh_metrics_if_stale(self) -> bool:
        self.refreshed += 1
        return False

    def active_revision(self) -> str:
        return self.revision


def _watcher(registry: Any) -> RevisionWatcher:
    return RevisionWatcher(registry, tracker=None, bus=None, interval=1.0)  # type: ignore[arg-type]


def test_a_database_registry_is_polled_by_revision_only() -> None:
    registry = _DatabaseRegistry()
    watcher = _watcher(registry)
    assert watcher.files is None
    assert watcher.poll() is True  # the first revision seen
    assert watcher.poll() is False
    registry.revision = "r2"
    assert watcher.poll() is True
    assert watcher.poll() is False
    assert registry.refreshed == 4


def test_a_file_registry_is_still_scanned(tmp_path: Path) -> None:
    registry = Registry(tmp_path / "registry")
    registry.init()
    watcher = _watcher(registry)
    assert watcher.files is not None
    assert watcher.poll() is True and watcher.poll() is False
