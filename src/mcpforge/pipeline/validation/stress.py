"""The stress-data cache: million-row CSVs resampled from the person's data, bounded by size.

Writing a million-row CSV costs more than the stress test itself, so each file is kept, named by a
fingerprint of the data file (path, size, mtime) and the row count. The directory is bounded: after each
use, the least recently used files are deleted until the total fits ``validation.stress_cache_max_mb``.
A file in use is held under a shared ``flock`` for as long as the sandbox reads it, and eviction only
deletes a file it can lock exclusively, so one process never deletes the data another is testing on.
Files are created through a temporary file and a rename, so a reader never sees half a file.

Location: ``$MCPFORGE_STRESS_CACHE_DIR``, else ``$MCPFORGE_CACHE_DIR/stress``, else
``$XDG_CACHE_HOME/mcpforge/stress``, else ``~/.cache/mcpforge/stress``.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING

from mcpforge.exceptions import DataError

if TYPE_CHECKING:
    import pandas as pd

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX: no locking, eviction only by age
    fcntl = None  # type: ignore[assignment]

logger = logging.getLogger(__name__)

STRESS_CACHE_ENV = "MCPFORGE_STRESS_CACHE_DIR"
CACHE_ROOT_ENV = "MCPFORGE_CACHE_DIR"
SUFFIX = ".csv"
TMP_SUFFIX = ".tmp"
# A temporary file this old belongs to a writer that died; a live writer finishes in seconds.
STALE_TMP_SECONDS = 3600.0
_ATTEMPTS = 3
_SEED = 7

ReadRaw = Callable[[Path], "pd.DataFrame"]


@dataclass(frozen=True, kw_only=True)
class CacheEntry:
    """One cached stress file."""

    path: Path
    size: int
    last_used_ns: int


def stress_cache_dir() -> Path:
    """Where resampled stress files are kept between runs (see the module docstring for the order)."""
    explicit = os.environ.get(STRESS_CACHE_ENV)
    if explicit:
        return Path(explicit)
    root = os.environ.get(CACHE_ROOT_ENV)
    if root:
        return Path(root) / "stress"
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "mcpforge" / "stress"


# Raised when the text the stress rows are written from changes (2: decimal commas with an exponent turned
# into points): a file cached by older code would keep failing the new tool on cells it no longer writes.
WRITER_VERSION = 2


def fingerprint(path: Path, rows: int, part: str = "") -> str:
    """The cache key of ``rows`` rows resampled from ``path`` (``part``: its sheet / table): changes when the
    file changes, or the way its rows are written (``WRITER_VERSION``)."""
    info = path.stat()
    key = f"v{WRITER_VERSION}|{path.resolve()}|{info.st_size}|{info.st_mtime_ns}|{rows}" + (
        f"|{part}" if part else ""
    )
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:24]


def entries(cache: Path) -> list[CacheEntry]:
    """The cached stress files, least recently used first."""
    found = []
    for path in cache.glob(f"*{SUFFIX}"):
        try:
            info = path.stat()
        except FileNotFoundError:  # evicted by another process meanwhile
            continue
        found.append(CacheEntry(path=path, size=info.st_size, last_used_ns=info.st_mtime_ns))
    return sorted(found, key=lambda entry: (entry.last_used_ns, entry.path.name))


def _lock(handle: IO[bytes], *, exclusive: bool, wait: bool) -> bool:
    if fcntl is None:
        return True
    mode = fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH
    try:
        fcntl.flock(handle.fileno(), mode if wait else mode | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _remove_unless_in_use(path: Path) -> bool:
    """Delete ``path`` unless another process holds it (a shared lock of a run in progress)."""
    try:
        with path.open("rb") as handle:
            if not _lock(handle, exclusive=True, wait=False):
                return False
            path.unlink()
    except FileNotFoundError:
        return False
    return True


def _remove_stale_tmp(cache: Path, now: float) -> None:
    for path in cache.glob(f"*{TMP_SUFFIX}"):
        with contextlib.suppress(FileNotFoundError):
            if now - path.stat().st_mtime > STALE_TMP_SECONDS:
                path.unlink()


def evict(cache: Path, max_bytes: int, *, keep: Path | None = None) -> list[Path]:
    """Delete least recently used files until the cache holds at most ``max_bytes``.

    ``keep`` (the file the caller is about to use) and files other processes are using stay, even
    when that leaves the cache above the cap for a while.

    Returns:
        The deleted files.
    """
    _remove_stale_tmp(cache, time.time())
    found = entries(cache)
    total = sum(entry.size for entry in found)
    removed: list[Path] = []
    for entry in found:
        if total <= max_bytes:
            break
        if keep is not None and entry.path == keep:
            continue
        if _remove_unless_in_use(entry.path):
            total -= entry.size
            removed.append(entry.path)
    if removed:
        logger.info("stress cache: evicted %d file(s), %d bytes left", len(removed), total)
    return removed


def _write(read_raw: ReadRaw, data_path: Path, rows: int, target: Path) -> None:
    import numpy as np  # only on a cache miss; the module stays cheap to import (tests' conftest)

    raw = read_raw(data_path)
    if raw.empty:
        raise DataError(f"{data_path.name!r} has no data rows to resample for the stress test")
    rng = np.random.default_rng(_SEED)
    big = raw.iloc[rng.integers(0, len(raw), size=rows)].reset_index(drop=True)
    fd, name = tempfile.mkstemp(dir=target.parent, prefix=f"{target.stem}.", suffix=TMP_SUFFIX)
    os.close(fd)
    tmp = Path(name)
    try:
        try:
            import pyarrow as pa
            import pyarrow.csv as pacsv

            pacsv.write_csv(pa.Table.from_pandas(big, preserve_index=False), str(tmp))
        except ImportError:
            big.to_csv(tmp, index=False)
        tmp.replace(target)
    finally:
        tmp.unlink(missing_ok=True)


def _same_file(handle: IO[bytes], path: Path) -> bool:
    try:
        return os.fstat(handle.fileno()).st_ino == path.stat().st_ino
    except FileNotFoundError:
        return False


@contextlib.contextmanager
def stress_data(
    read_raw: ReadRaw, data_path: Path, rows: int, *, max_bytes: int, part: str = ""
) -> Iterator[Path]:
    """The stress file for ``data_path``, protected from eviction until the block ends.

    Creates it on a cache miss, marks it as used, and evicts other files beyond ``max_bytes``.

    Raises:
        DataError: the data has no rows to resample.
    """
    cache = stress_cache_dir()
    cache.mkdir(parents=True, exist_ok=True)
    target = cache / f"{fingerprint(data_path, rows, part)}{SUFFIX}"
    for _attempt in range(_ATTEMPTS):
        if not target.is_file():
            _write(read_raw, data_path, rows, target)
        try:
            handle = target.open("rb")
        except FileNotFoundError:  # evicted between the write and the open
            continue
        with handle:
            _lock(handle, exclusive=False, wait=True)
            if not _same_file(handle, target):  # evicted while we waited for the lock
                continue
            os.utime(target)
            evict(cache, max_bytes, keep=target)
            yield target
            return
    raise DataError(f"the stress data for {data_path.name!r} kept disappearing from {str(cache)!r}")
