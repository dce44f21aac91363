"""A SQLite file is a program too: a view that never ends stops at the time budget, with a clear error."""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

import pytest

from mcpforge.config import load_config
from mcpforge.exceptions import BudgetExceededError, ResourceLimitError
from mcpforge.pipeline.forge import forge
from mcpforge.registry import Registry
from mcpforge.runtime import load_csv_data_with_types
from mcpforge.runtime._read_bounds import reads_end_by

# Counts up for ever and keeps nothing: no LIMIT on the outside can end it, and it needs no memory.
ENDLESS = (
    "CREATE VIEW endless AS WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) "
    "SELECT x AS weather FROM n WHERE x < 0"
)
SLACK = 10.0  # seconds: a loaded two-core machine, and the interpreter's own work after the stop


def _database(path: Path, *statements: str) -> Path:
    connection = sqlite3.connect(path)
    try:
        for statement in statements:
            connection.execute(statement)
        connection.commit()
    finally:
        connection.close()
    return path


def test_an_endless_view_stops_at_the_deadline_with_a_clear_error(data_dir: Path) -> None:
    path = _database(data_dir / "loop.sqlite", ENDLESS)
    started = time.monotonic()
    with reads_end_by(time.monotonic() + 2.0), pytest.raises(ResourceLimitError) as caught:
        load_csv_data_with_types(str(path), table="endless")
    elapsed = time.monotonic() - started
    assert elapsed < 2.0 + SLACK
    assert caught.value.limit == "read_seconds"
    assert "endless" in str(caught.value)


def test_a_read_stops_as_soon_as_its_request_is_abandoned(data_dir: Path) -> None:
    path = _database(data_dir / "loop.sqlite", ENDLESS)
    abandoned = threading.Event()
    timer = threading.Timer(1.0, abandoned.set)
    timer.start()
    started = time.monotonic()
    try:
        with (
            reads_end_by(time.monotonic() + 3600, abandoned.is_set),
            pytest.raises(ResourceLimitError) as caught,
        ):
            load_csv_data_with_types(str(path), table="endless")
    finally:
        timer.cancel()
    assert time.monotonic() - started < 1.0 + SLACK
    assert "has ended" in str(caught.value)


def test_a_huge_cross_join_is_refused_at_the_row_limit(data_dir: Path) -> None:
    from mcpforge.runtime._settings import limited_to

    rows = ", ".join(f"({i})" for i in range(200))
    path = _database(
        data_dir / "join.sqlite",
        "CREATE TABLE t (a INTEGER)",
        f"INSERT INTO t VALUES {rows}",
        "CREATE VIEW huge AS SELECT x.a AS a, y.a AS b, z.a AS c FROM t x, t y, t z",
    )
    with (
        limited_to(max_rows=50_000, max_cols=100, max_memory_mb=512),
        pytest.raises(ResourceLimitError) as caught,
    ):
        load_csv_data_with_types(str(path), table="huge")
    assert caught.value.limit == "rows"


def test_an_ask_over_an_endless_view_ends_within_its_budget_and_stops_the_read(tmp_path: Path) -> None:
    path = _database(tmp_path / "loop.sqlite", ENDLESS)
    config = load_config(
        None,
        overrides={"registry": {"root": str(tmp_path / "registry")}, "generation": {"ask_budget_seconds": 3}},
    )
    registry = Registry(tmp_path / "registry", config)
    registry.init()
    started = time.monotonic()
    with pytest.raises((BudgetExceededError, ResourceLimitError)):
        forge("count rows by weather", path, registry=registry, config=config, allow_read=[tmp_path])
    assert time.monotonic() - started < 3 + SLACK
    # The read on the host ended too: no worker of the ask is left spinning in SQLite.
    for worker in [t for t in threading.enumerate() if t.name == "mcpforge-ask"]:
        worker.join(SLACK)
        assert not worker.is_alive()
    assert registry.list_candidates() == []
