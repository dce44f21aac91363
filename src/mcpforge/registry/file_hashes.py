"""sha256 of files, remembered by file identity: what hash pinning costs when nothing changed.

Used by both backends: the file registry hashes its tool folders, the PostgreSQL registry the files it
materialized from content-addressed blobs.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from mcpforge.models import sha256_text
from mcpforge.registry.tool_index import file_identity


def file_sha256(path: Path) -> str | None:
    """sha256 of a file's UTF-8 text (the same as ``sha256_text``), None when it cannot be read."""
    try:
        return sha256_text(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return None


class HashCache:
    """sha256 of files, remembered by file identity (device, inode, size, mtime, ctime).

    Any write to a file changes its ctime (which no user call can set back), and a replaced file has
    a new inode, so a cached hash is only reused for the very same unchanged file.
    """

    def __init__(self) -> None:
        self._known: dict[str, tuple[str, str | None]] = {}

    def learn(self, known: Mapping[str, tuple[str, str]]) -> None:
        """Adopt hashes recorded with their file identity (from the tool index); each is still only
        used while the file keeps that identity."""
        for path, value in known.items():
            self._known.setdefault(path, value)

    def sha256(self, path: str) -> str | None:
        """The file's sha256 (None when unreadable); hashed again whenever its identity changed."""
        identity = file_identity(path)
        if identity is None:
            self._known.pop(path, None)
            return None
        cached = self._known.get(path)
        if cached is not None and cached[0] == identity:
            return cached[1]
        digest = file_sha256(Path(path))
        # Identity taken before reading: a write during the read changes it, so the next call re-hashes.
        self._known[path] = (identity, digest)
        return digest
