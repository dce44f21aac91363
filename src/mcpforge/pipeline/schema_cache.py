"""The schema of a data file kept between asks: a repeated request about an unchanged file reads its
schema from here, without parsing the file or importing pandas (issue 28: a refusal in ≤ 0.3 s).

An entry is found by a key that changes with anything that could change the schema:

* the file: its real path, device, inode, size, mtime and ctime (in nanoseconds; the ctime changes on
  every write, whatever the mtime is set back to) and a SHA-256 of its first and last 64 KiB;
* how it is read: the sample size, the sheet or table, the runtime's dataset limits and any other option
  the caller passes;
* the code that reads it: the mcpforge version, the name, size and mtime of every module of
  ``mcpforge.runtime`` and of the schema modules, and the installed files of pandas, numpy and pyarrow.

Each entry is one JSON file named by the key's hash and holding the key itself (a different key under the
same name is a miss). It is written to a temporary file and renamed into place, so a reader never sees
half an entry; an entry that cannot be read or parsed is ignored (and replaced by the next store). The
directory keeps at most :data:`MAX_ENTRIES` entries, the least recently written removed first.

Location: ``$MCPFORGE_SCHEMA_CACHE_DIR``, else ``$MCPFORGE_CACHE_DIR/schema``, else
``$XDG_CACHE_HOME/mcpforge/schema``, else ``~/.cache/mcpforge/schema``; one subdirectory per
installation of mcpforge (its package directory and Python prefix).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import importlib.util
import json
import os
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

SCHEMA_CACHE_ENV = "MCPFORGE_SCHEMA_CACHE_DIR"
CACHE_ROOT_ENV = "MCPFORGE_CACHE_DIR"
FORMAT = 1
EDGE_BYTES = 64 * 1024
MAX_ENTRIES = 512
SUFFIX = ".json"
_STALE_TMP_SECONDS = 3600.0  # a temporary file this old belongs to a writer that died
_READING_LIBRARIES = ("pandas", "numpy", "pyarrow")


def _short_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


@functools.cache
def _installation() -> str:
    """This installation, as the static gate names it (``validation._checker_env.installation_text``,
    not imported: a refused request loads nothing of validation)."""
    import mcpforge

    package = os.path.realpath(Path(mcpforge.__file__).parent)
    return f"package={package};prefix={os.path.realpath(sys.prefix)}"


def schema_cache_root() -> Path:
    """The directory of every installation's cached schemas (see the module docstring for the order)."""
    explicit = os.environ.get(SCHEMA_CACHE_ENV)
    if explicit:
        return Path(explicit)
    root = os.environ.get(CACHE_ROOT_ENV)
    if root:
        return Path(root) / "schema"
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "mcpforge" / "schema"


def schema_cache_dir() -> Path:
    """This installation's directory of cached schemas."""
    return schema_cache_root() / _short_hash(_installation())


def _stat_text(path: Path) -> str:
    try:
        info = path.stat()
    except OSError:
        return f"{path.name}:missing"
    return f"{path.name}:{info.st_size}:{info.st_mtime_ns}"


@functools.cache
def code_fingerprint() -> str:
    """The code a schema comes from: mcpforge's version and reading modules, and the libraries it uses."""
    import mcpforge
    import mcpforge.runtime

    here = Path(__file__).parent
    modules = [*sorted(Path(mcpforge.runtime.__file__).parent.glob("*.py"))]
    modules += [here / "schema.py", here / "_describe.py"]
    parts = [f"mcpforge={mcpforge.__version__}", *(_stat_text(path) for path in modules)]
    for name in _READING_LIBRARIES:
        spec = importlib.util.find_spec(name)
        origin = spec.origin if spec is not None else None
        parts.append(f"{name}={_stat_text(Path(origin)) if origin else 'absent'}")
    return _short_hash("\0".join(parts))


def _edges_digest(path: Path, size: int) -> str:
    """SHA-256 of the first and the last :data:`EDGE_BYTES` of the file (the whole of a small one)."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        digest.update(handle.read(EDGE_BYTES))
        if size > EDGE_BYTES:
            handle.seek(max(size - EDGE_BYTES, EDGE_BYTES))
            digest.update(handle.read(EDGE_BYTES))
    return digest.hexdigest()


def cache_key(path: Path, options: Mapping[str, Any]) -> dict[str, Any]:
    """The key of ``path``'s schema read with ``options`` (JSON values).

    Raises:
        OSError: the file cannot be looked at or read.
    """
    real = os.path.realpath(path)
    info = Path(real).stat()
    return {
        "format": FORMAT,
        "file": {
            "path": real,
            "device": info.st_dev,
            "inode": info.st_ino,
            "size": info.st_size,
            "mtime_ns": info.st_mtime_ns,
            "ctime_ns": info.st_ctime_ns,
            "edges_sha256": _edges_digest(Path(real), info.st_size),
        },
        "options": dict(options),
        "code": code_fingerprint(),
    }


def _entry_path(key: Mapping[str, Any]) -> Path:
    text = json.dumps(key, sort_keys=True, separators=(",", ":"))
    return schema_cache_dir() / (hashlib.sha256(text.encode("utf-8")).hexdigest()[:40] + SUFFIX)


def load(key: Mapping[str, Any]) -> dict[str, Any] | None:
    """The value stored under ``key``; None when there is none, or it cannot be read, or it is corrupt."""
    try:
        with _entry_path(key).open("rb") as handle:
            entry = json.load(handle)
    except (OSError, ValueError):
        return None
    if not isinstance(entry, dict) or entry.get("key") != json.loads(json.dumps(key)):
        return None
    value = entry.get("value")
    return value if isinstance(value, dict) else None


def store(key: Mapping[str, Any], value: Mapping[str, Any]) -> None:
    """Keep ``value`` under ``key`` (written whole or not at all; a failure to write is not an error)."""
    import tempfile

    target = _entry_path(key)
    with contextlib.suppress(OSError, ValueError, TypeError):
        target.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        descriptor, temporary = tempfile.mkstemp(dir=target.parent, prefix=".entry-", suffix=".tmp")
        try:
            with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
                json.dump({"key": key, "value": value}, handle, separators=(",", ":"))
            Path(temporary).replace(target)
        except BaseException:
            with contextlib.suppress(OSError):
                Path(temporary).unlink()
            raise
        _prune(target.parent)


def _prune(directory: Path) -> None:
    """Remove the oldest entries beyond :data:`MAX_ENTRIES`, and temporary files of dead writers."""
    entries: list[tuple[int, Path]] = []
    now = time.time()
    for path in directory.iterdir():
        with contextlib.suppress(OSError):
            info = path.stat()
            if path.suffix == SUFFIX:
                entries.append((info.st_mtime_ns, path))
            elif path.name.startswith(".entry-") and now - info.st_mtime > _STALE_TMP_SECONDS:
                path.unlink()
    for _, path in sorted(entries)[: max(len(entries) - MAX_ENTRIES, 0)]:
        with contextlib.suppress(OSError):
            path.unlink()
