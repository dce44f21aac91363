"""The schema cache (``pipeline/schema_cache.py``): a hit only for the same file read the same way.

Real files in a temporary directory; a hit is told from a miss by making the reading of the file itself
(``schema._read``) fail, so a schema that still comes back came from the cache.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from mcpforge.exceptions import ResourceLimitError
from mcpforge.pipeline import schema as schema_module
from mcpforge.pipeline import schema_cache
from mcpforge.pipeline.schema import DatasetSchema
from mcpforge.runtime._settings import limited_to

ROWS = "region,amount,when\n" + "".join(
    f"{r},{i},2024-01-{i % 28 + 1:02d}\n" for i, r in enumerate("NSEW" * 30)
)


@pytest.fixture(autouse=True)
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    directory = tmp_path / "schema-cache"
    monkeypatch.setenv(schema_cache.SCHEMA_CACHE_ENV, str(directory))
    return directory


@pytest.fixture
def data(tmp_path: Path) -> Path:
    path = tmp_path / "data.csv"
    path.write_text(ROWS, encoding="utf-8")
    return path


def _no_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args: object, **_kwargs: object) -> DatasetSchema:
        raise AssertionError("the file was read: the cache missed")

    monkeypatch.setattr(schema_module, "_read", refuse)


def _entries(cache: Path) -> list[Path]:
    return sorted(cache.rglob("*.json"))


def test_a_cached_schema_is_the_schema_read_from_the_file(
    data: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    read = DatasetSchema.from_file(data)
    _no_reading(monkeypatch)
    cached = DatasetSchema.from_file(data)
    assert cached == read and cached.to_dict() == read.to_dict()
    assert cached.get("region") is not None and cached.get("region").values == read.get("region").values  # type: ignore[union-attr]
    assert DatasetSchema.from_file(str(data)).path == str(data)  # shown as the caller gave it
    (entry,) = _entries(cache)
    assert stat.S_IMODE(entry.parent.stat().st_mode) == 0o700
    assert not list(cache.rglob("*.tmp"))  # written whole, through a rename


@pytest.mark.parametrize("change", ["append", "same size, mtime restored", "touch"])
def test_any_change_of_the_file_is_a_miss(data: Path, change: str) -> None:
    first = DatasetSchema.from_file(data)
    before = data.stat()
    if change == "append":
        with data.open("a", encoding="utf-8") as handle:
            handle.write("Q,999,2024-02-01\n")
    elif change == "same size, mtime restored":
        data.write_text(ROWS.replace("N,", "Q,", 1), encoding="utf-8")
        os.utime(data, ns=(before.st_atime_ns, before.st_mtime_ns))
        assert data.stat().st_size == before.st_size and data.stat().st_mtime_ns == before.st_mtime_ns
    else:
        os.utime(data, ns=(before.st_atime_ns, before.st_mtime_ns + 1_000_000_000))
    second = DatasetSchema.from_file(data)
    if change == "append":
        assert second.row_count == first.row_count + 1
    elif change == "same size, mtime restored":
        assert "Q" in second.get("region").values  # type: ignore[union-attr]
        assert "Q" not in first.get("region").values  # type: ignore[union-attr]
    else:
        assert second == first


def test_a_change_in_the_middle_of_a_big_file_is_a_miss(tmp_path: Path) -> None:
    """Beyond the hashed first and last 64 KiB, the ctime still changes with every write."""
    path = tmp_path / "big.csv"
    rows = [f"{i},{'a' if i != 30_000 else 'b'}" for i in range(60_000)]
    path.write_text("n,flag\n" + "\n".join(rows) + "\n", encoding="utf-8")
    assert path.stat().st_size > 3 * schema_cache.EDGE_BYTES
    before = path.stat()
    first = DatasetSchema.from_file(path, sample_rows=100_000)
    path.write_text(path.read_text(encoding="utf-8").replace("30000,b", "30000,c"), encoding="utf-8")
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    second = DatasetSchema.from_file(path, sample_rows=100_000)
    assert set(second.get("flag").values) == {"a", "c"} != set(first.get("flag").values)  # type: ignore[union-attr]


def test_a_corrupt_or_foreign_entry_is_ignored_and_replaced(data: Path, cache: Path) -> None:
    read = DatasetSchema.from_file(data)
    (entry,) = _entries(cache)
    for damage in (b"{not json", b'{"key": {}, "value": {}}', b'{"key": null}', b""):
        entry.write_bytes(damage)
        assert DatasetSchema.from_file(data) == read
        assert json.loads(entry.read_text(encoding="utf-8"))["value"]["rows"] == read.rows  # stored again
    stored = json.loads(entry.read_text(encoding="utf-8"))
    stored["value"]["columns"][0]["kind"] = "no-such-kind"
    entry.write_text(json.dumps(stored), encoding="utf-8")
    assert DatasetSchema.from_file(data) == read


def test_how_the_file_is_read_is_part_of_the_key(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    full = DatasetSchema.from_file(data)
    sampled = DatasetSchema.from_file(data, sample_rows=10)
    assert sampled.sampled and not full.sampled
    with limited_to(max_rows=50, max_cols=100, max_memory_mb=512), pytest.raises(ResourceLimitError):
        DatasetSchema.from_file(data)  # a limit the cached schema was not read under still holds
    _no_reading(monkeypatch)
    assert DatasetSchema.from_file(data, sample_rows=10) == sampled


def test_no_entry_for_a_file_that_cannot_be_read(tmp_path: Path, cache: Path) -> None:
    empty = tmp_path / "empty.csv"
    empty.write_text("a,b\n", encoding="utf-8")
    with pytest.raises(Exception, match="no data rows"):
        DatasetSchema.from_file(empty)
    assert _entries(cache) == []


def test_the_cache_keeps_a_bounded_number_of_entries(
    tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(schema_cache, "MAX_ENTRIES", 3)
    for index in range(6):
        path = tmp_path / f"file{index}.csv"
        path.write_text(ROWS, encoding="utf-8")
        DatasetSchema.from_file(path)
    assert len(_entries(cache)) == 3
