"""The stress-data cache: bounded by size, least recently used first, never deleting a file in use."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from mcpforge.exceptions import DataError
from mcpforge.pipeline.validation.stress import (
    CACHE_ROOT_ENV,
    STRESS_CACHE_ENV,
    entries,
    evict,
    stress_cache_dir,
    stress_data,
)
from mcpforge.pipeline.validation.test_cases import read_sample, stress_file

ROWS = 2_000


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    directory = tmp_path / "cache"
    monkeypatch.setenv(STRESS_CACHE_ENV, str(directory))
    return directory


def _dataset(directory: Path, name: str, rows: int = 20) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{name}.csv"
    lines = ["region,units"] + [f"{name}-{i % 3},{i}" for i in range(rows)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _age(path: Path, seconds_ago: float) -> None:
    stamp = path.stat().st_mtime - seconds_ago
    os.utime(path, (stamp, stamp))


def test_the_tests_never_write_into_the_users_cache() -> None:
    assert os.environ[STRESS_CACHE_ENV]
    assert not stress_cache_dir().is_relative_to(Path.home() / ".cache")


def test_the_cache_directory_follows_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(STRESS_CACHE_ENV)
    monkeypatch.delenv(CACHE_ROOT_ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert stress_cache_dir() == tmp_path / "xdg" / "mcpforge" / "stress"
    monkeypatch.setenv(CACHE_ROOT_ENV, str(tmp_path / "root"))
    assert stress_cache_dir() == tmp_path / "root" / "stress"
    monkeypatch.setenv(STRESS_CACHE_ENV, str(tmp_path / "explicit"))
    assert stress_cache_dir() == tmp_path / "explicit"


def test_a_stress_file_is_resampled_once_and_then_reused(cache: Path, tmp_path: Path) -> None:
    data = _dataset(tmp_path / "data", "a")
    first = stress_file(data, ROWS)
    stamp = first.stat().st_ino
    again = stress_file(data, ROWS)
    assert again == first and again.stat().st_ino == stamp
    frame = pd.read_csv(first)
    assert len(frame) == ROWS
    assert list(frame.columns) == ["region", "units"]
    assert set(frame["units"]) <= set(range(20))
    assert [p.name for p in cache.iterdir()] == [first.name]  # no temporary file left behind


def test_least_recently_used_files_are_evicted_beyond_the_cap(cache: Path, tmp_path: Path) -> None:
    paths = {name: stress_file(_dataset(tmp_path / "data", name), ROWS) for name in ("a", "b", "c")}
    size = max(path.stat().st_size for path in paths.values())
    for seconds_ago, name in ((300, "a"), (200, "b"), (100, "c")):
        _age(paths[name], seconds_ago)
    # Using "a" again makes it the most recent; a fourth file then pushes out the oldest, "b".
    with stress_data(read_sample, tmp_path / "data" / "a.csv", ROWS, max_bytes=10 * size):
        pass
    with stress_data(read_sample, _dataset(tmp_path / "data", "d"), ROWS, max_bytes=3 * size) as fourth:
        kept = {entry.path for entry in entries(cache)}
    assert kept == {paths["a"], paths["c"], fourth}
    assert not paths["b"].exists()


def test_the_file_being_used_stays_even_when_it_alone_exceeds_the_cap(cache: Path, tmp_path: Path) -> None:
    old = stress_file(_dataset(tmp_path / "data", "old"), ROWS)
    with stress_data(read_sample, _dataset(tmp_path / "data", "new"), ROWS, max_bytes=0) as path:
        assert path.is_file()
        assert not old.exists()
    assert [entry.path for entry in entries(cache)] == [path]


def test_a_file_another_run_is_reading_is_never_evicted(cache: Path, tmp_path: Path) -> None:
    data = _dataset(tmp_path / "data", "busy")
    with stress_data(read_sample, data, ROWS, max_bytes=1 << 30) as busy:
        _age(busy, 600)  # the oldest file: first in line for eviction
        # Another process evicts with a cap of zero while this run still holds the file.
        code = (
            "import sys\nfrom pathlib import Path\n"
            "from mcpforge.pipeline.validation.stress import evict\n"
            "print(len(evict(Path(sys.argv[1]), 0)))\n"
        )
        other = subprocess.run(
            [sys.executable, "-c", code, str(cache)], capture_output=True, text=True, timeout=60, check=True
        )
        assert other.stdout.strip() == "0"
        assert busy.is_file()
    assert evict(cache, 0) == [busy]
    assert not busy.exists()


def test_a_file_evicted_while_waiting_is_created_again(cache: Path, tmp_path: Path) -> None:
    data = _dataset(tmp_path / "data", "gone")
    first = stress_file(data, ROWS)
    first.unlink()
    with stress_data(read_sample, data, ROWS, max_bytes=1 << 30) as again:
        assert again == first and again.is_file()


def test_stale_temporary_files_of_dead_writers_are_removed(cache: Path, tmp_path: Path) -> None:
    cache.mkdir()
    stale = cache / "abc.123.tmp"
    stale.write_text("half a file", encoding="utf-8")
    _age(stale, 7200)
    fresh = cache / "def.456.tmp"
    fresh.write_text("being written", encoding="utf-8")
    evict(cache, 1 << 30)
    assert not stale.exists()
    assert fresh.exists()


def test_data_without_rows_has_no_stress_file(cache: Path, tmp_path: Path) -> None:
    empty = tmp_path / "header_only.csv"
    empty.write_text("region,units\n", encoding="utf-8")
    with pytest.raises(DataError), stress_data(read_sample, empty, ROWS, max_bytes=1 << 30):
        pass
    assert not any(cache.glob("*.csv"))
