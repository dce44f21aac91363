"""Crash-safe file operations: every file is written to a temp file, fsynced, then renamed.

A directory is built completely under a temporary name next to its destination and renamed into place,
so a reader (or a process restarted after SIGKILL) sees either nothing or the whole directory. A write
that fails because the disk is full removes its temp file or dir and raises DiskFullError.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from mcpforge.registry._space import disk_full, is_disk_full

TEMP_PREFIX = ".tmp-"


def fsync_dir(path: Path) -> None:
    """Flush a directory entry (a rename or create inside it) to disk."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def temp_name(directory: Path, stem: str) -> Path:
    """A fresh hidden temporary path inside ``directory`` (same filesystem, so rename is atomic)."""
    return directory / f"{TEMP_PREFIX}{stem}-{secrets.token_hex(6)}"


def _write_fsynced(path: Path, text: str) -> None:
    with path.open("w", encoding="utf-8", newline="") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())


def atomic_write_text(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` atomically (temp file in the same dir, fsync, ``os.replace``)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = temp_name(path.parent, path.name)
    try:
        _write_fsynced(tmp, text)
        tmp.replace(path)
    except OSError as exc:
        if is_disk_full(exc):
            raise disk_full(exc, path, len(text.encode("utf-8"))) from exc
        raise
    finally:
        tmp.unlink(missing_ok=True)
    fsync_dir(path.parent)


def dumps_json(data: Any) -> str:
    """Canonical JSON text of registry files (sorted keys, two-space indent, trailing newline)."""
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False, default=str) + "\n"


def atomic_write_json(path: Path, data: Any) -> None:
    """Replace ``path`` with the canonical JSON of ``data`` atomically."""
    atomic_write_text(path, dumps_json(data))


def build_dir(parent: Path, stem: str, files: Mapping[str, str]) -> Path:
    """Write ``files`` into a fresh temp directory under ``parent``; every file and the dir are fsynced.

    Returns:
        The temp directory; the caller renames it into place (or removes it).
    """
    parent.mkdir(parents=True, exist_ok=True)
    tmp = temp_name(parent, stem)
    try:
        tmp.mkdir()
        for name, text in files.items():
            _write_fsynced(tmp / name, text)
        fsync_dir(tmp)
    except BaseException as exc:
        shutil.rmtree(tmp, ignore_errors=True)
        if isinstance(exc, OSError) and is_disk_full(exc):
            needed = sum(len(text.encode("utf-8")) for text in files.values())
            raise disk_full(exc, parent / stem, needed) from exc
        raise
    return tmp


def read_dir_texts(directory: Path) -> dict[str, str]:
    """Text of every regular file directly inside ``directory`` (symlinks are skipped)."""
    texts: dict[str, str] = {}
    for entry in sorted(directory.iterdir()):
        if entry.is_symlink() or not entry.is_file():
            continue
        texts[entry.name] = entry.read_text(encoding="utf-8")
    return texts


def rename_dir(source: Path, target: Path) -> None:
    """Rename a directory into place (atomic on one filesystem) and flush both parents."""
    target.parent.mkdir(parents=True, exist_ok=True)
    source.rename(target)
    fsync_dir(target.parent)
    if source.parent != target.parent:
        fsync_dir(source.parent)


def free_path(path: Path) -> Path:
    """``path`` if it does not exist, else ``path`` with the first free ``-N`` suffix."""
    if not path.exists():
        return path
    index = 2
    while (candidate := path.with_name(f"{path.name}-{index}")).exists():
        index += 1
    return candidate
