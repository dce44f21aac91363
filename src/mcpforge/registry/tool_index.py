"""The tool index (``index.sqlite``): what readers need of every active tool, without reading its files.

Listing, gap detection and serving read this index instead of ``active/metadata.json`` plus two files
per tool, so their cost does not grow with the files of ten thousand tools. The metadata file stays
the source of truth: the index records the identity (device, inode, size, mtime, ctime) of the
``active/metadata.json`` it describes, and a reader that finds another identity rebuilds the index
under the registry lock before trusting it. Promotion and removal update one row and the identity in
one SQLite transaction; a crash between the metadata write and that update leaves a stale index, which
the next reader rebuilds — it is never trusted.
"""

from __future__ import annotations

import logging
import os
import re
import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from pydantic import ValidationError

from mcpforge.exceptions import RegistryError
from mcpforge.models import ToolSpec, sha256_text
from mcpforge.registry.audit import database_error

if TYPE_CHECKING:
    from contextlib import AbstractContextManager


class IndexedStore(Protocol):
    """What the index reads of the file registry's storage (:class:`mcpforge.registry.file.store.FileStore`).

    A protocol, not the class: the store imports this module, and ``backend.py`` (which the store
    imports) names :class:`IndexedTool`, so importing the store here would close a circle.
    """

    active_meta_path: Path

    def active_entries(self) -> dict[str, dict[str, Any]]: ...
    def resolve(self, stored: str) -> Path: ...
    def locked(self) -> AbstractContextManager[None]: ...


logger = logging.getLogger(__name__)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tools (
    name TEXT PRIMARY KEY,
    version TEXT NOT NULL,
    path TEXT NOT NULL,
    spec_hash TEXT NOT NULL,
    code_hash TEXT NOT NULL,
    promoted_at TEXT NOT NULL,
    created_by TEXT NOT NULL,
    description TEXT NOT NULL,
    operation TEXT,
    spec_ok INTEGER NOT NULL,
    spec_json TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS tools_operation ON tools(operation);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS file_hashes (path TEXT PRIMARY KEY, identity TEXT NOT NULL, sha256 TEXT NOT NULL);
"""
_COLUMNS = (
    "name",
    "version",
    "path",
    "spec_hash",
    "code_hash",
    "promoted_at",
    "created_by",
    "description",
    "operation",
    "spec_ok",
    "spec_json",
)
_LIGHT_COLUMNS = _COLUMNS[:-1]
_SOURCE_KEY = "active_metadata_identity"
_NAMES_PER_QUERY = 500  # below SQLite's bound-parameter limit on every build
_OPERATION_LINE = re.compile(r"^OPERATION\s*=\s*['\"]([a-z_]+)['\"]", re.MULTILINE)
_OPERATION_DOC = re.compile(r"catalogue operation ['\"]([a-z_]+)['\"]")


def operation_of(source: str, description: str) -> str | None:
    """The catalogue operation a tool implements: its ``OPERATION`` constant or its docs."""
    for pattern, text in (
        (_OPERATION_LINE, source),
        (_OPERATION_DOC, source),
        (_OPERATION_DOC, description),
    ):
        match = pattern.search(text)
        if match:
            return match.group(1)
    return None


@dataclass(frozen=True, kw_only=True)
class IndexedTool:
    """One active tool as the index holds it (the spec JSON is parsed only when asked for)."""

    name: str
    version: str
    path: str
    spec_hash: str
    code_hash: str
    promoted_at: str
    created_by: str
    description: str
    operation: str | None
    spec_ok: bool
    spec_json: str | None = None

    def spec_matches(self) -> bool:
        """Whether the spec text indexed is the one whose hash was recorded at promotion."""
        return bool(self.spec_ok)


def file_identity(path: Path | str) -> str | None:
    """``dev:ino:size:mtime_ns:ctime_ns`` of ``path`` — changes on any rewrite (None when missing)."""
    try:
        info = os.stat(path)  # noqa: PTH116 - str paths are hot (20,000 files a listing)
    except OSError:
        return None
    return f"{info.st_dev}:{info.st_ino}:{info.st_size}:{info.st_mtime_ns}:{info.st_ctime_ns}"


def _read_hashed(path: Path, hashes: list[tuple[str, str, str]]) -> str:
    """The file's text; its (path, identity taken before reading, sha256) is added to ``hashes``."""
    identity = file_identity(path)
    text = path.read_text(encoding="utf-8")
    if identity is not None:
        hashes.append((str(path), identity, sha256_text(text)))
    return text


def _row_for(
    name: str, entry: Mapping[str, Any], directory: Path, rel_path: str, hashes: list[tuple[str, str, str]]
) -> tuple[Any, ...]:
    spec_text = _read_hashed(directory / "spec.json", hashes)
    spec = ToolSpec.model_validate_json(spec_text)
    source = _read_hashed(directory / "tool.py", hashes)
    return (
        name,
        str(entry["version"]),
        rel_path,
        str(entry["spec_hash"]),
        str(entry["code_hash"]),
        str(entry["promoted_at"]),
        str(entry.get("created_by", "")),
        spec.description,
        operation_of(source, spec.description),
        # A spec.json changed before indexing is never trusted: its row is marked and calls are refused.
        int(sha256_text(spec_text) == str(entry["spec_hash"])),
        spec_text,
    )


class ToolIndex:
    """Access to ``index.sqlite``. Writers hold the registry lock; readers need no lock."""

    def __init__(self, path: Path) -> None:
        self.path = path
        # (device, inode, change time) of the file the schema was last applied to: a recreated file may
        # reuse the inode number, never the change time; any write also sends it through once more.
        self._schema_in: tuple[int, int, int] | None = None

    def _file(self) -> tuple[int, int, int] | None:
        try:
            st = self.path.stat()
        except OSError:
            return None
        return (st.st_dev, st.st_ino, st.st_ctime_ns)

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        try:
            conn = sqlite3.connect(self.path, timeout=60.0, isolation_level=None)
        except sqlite3.DatabaseError as exc:
            raise database_error(self.path, exc) from exc
        with closing(conn):
            try:
                # The schema script once per database file, not per connection: it is a write
                # transaction, and calls open a connection each.
                current = self._file()
                if current is None or current != self._schema_in:
                    conn.executescript(_SCHEMA)
                    self._schema_in = self._file()
                yield conn
            except sqlite3.DatabaseError as exc:
                raise database_error(self.path, exc) from exc

    def stored_identity(self) -> str | None:
        """The identity of the metadata file the index was last made from (None when never made)."""
        if not self.path.exists():
            return None
        with self._connect() as conn:
            row = conn.execute("SELECT value FROM meta WHERE key = ?", (_SOURCE_KEY,)).fetchone()
        return None if row is None else str(row[0])

    def is_fresh(self, reg: IndexedStore) -> bool:
        """Whether the index describes the current ``active/metadata.json``."""
        current = file_identity(reg.active_meta_path)
        return current is not None and self.stored_identity() == current

    def rebuild(self, reg: IndexedStore) -> int:
        """Rebuild every row from ``active/metadata.json`` and the tool files. Lock held; returns rows."""
        rows = []
        hashes: list[tuple[str, str, str]] = []
        identity = file_identity(reg.active_meta_path)
        for name, entry in sorted(reg.active_entries().items()):
            directory = reg.resolve(str(entry["path"]))
            try:
                rows.append(_row_for(name, entry, directory, str(entry["path"]), hashes))
            except (OSError, UnicodeDecodeError, ValidationError, KeyError) as exc:
                logger.warning("tool %r left out of the index: its files cannot be read (%s)", name, exc)
        with self._connect() as conn:
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("DELETE FROM tools")
            conn.execute("DELETE FROM file_hashes")
            conn.executemany(f"INSERT INTO tools VALUES ({', '.join('?' for _ in _COLUMNS)})", rows)
            conn.executemany("INSERT OR REPLACE INTO file_hashes VALUES (?, ?, ?)", hashes)
            conn.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (_SOURCE_KEY, identity or ""))
            conn.execute("COMMIT")
        return len(rows)

    def ensure_fresh(self, reg: IndexedStore) -> None:
        """Rebuild the index (under the lock) unless it describes the current metadata file."""
        if self.is_fresh(reg):
            return
        with reg.locked():
            if not self.is_fresh(reg):
                logger.info("rebuilding the tool index %s", self.path)
                self.rebuild(reg)

    def note_promoted(
        self, reg: IndexedStore, name: str, entry: Mapping[str, Any], *, before: str | None
    ) -> None:
        """Upsert ``name`` after its metadata entry was written, if the index was fresh before."""
        self._update(reg, before, name, entry)

    def note_removed(self, reg: IndexedStore, name: str, *, before: str | None) -> None:
        """Delete ``name`` after its metadata entry was dropped, if the index was fresh before."""
        self._update(reg, before, name, None)

    def _update(
        self, reg: IndexedStore, before: str | None, name: str, entry: Mapping[str, Any] | None
    ) -> None:
        if before is None or self.stored_identity() != before:
            return  # already stale: the next reader rebuilds it whole
        row = None
        hashes: list[tuple[str, str, str]] = []
        if entry is not None:
            try:
                row = _row_for(name, entry, reg.resolve(str(entry["path"])), str(entry["path"]), hashes)
            except (OSError, UnicodeDecodeError, ValidationError, KeyError):
                return  # leave it stale rather than describe a tool wrongly
        with self._connect() as conn:
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("DELETE FROM tools WHERE name = ?", (name,))
            if row is not None:
                conn.execute(f"INSERT INTO tools VALUES ({', '.join('?' for _ in _COLUMNS)})", row)
            conn.executemany("INSERT OR REPLACE INTO file_hashes VALUES (?, ?, ?)", hashes)
            identity = file_identity(reg.active_meta_path) or ""
            conn.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (_SOURCE_KEY, identity))
            conn.execute("COMMIT")

    def tools(
        self, reg: IndexedStore, *, operation: str | None = None, with_spec: bool = False
    ) -> list[IndexedTool]:
        """Active tools in name order (only those implementing ``operation`` when given); the spec
        text is read only ``with_spec``."""
        if not reg.active_meta_path.exists():
            return []
        self.ensure_fresh(reg)
        columns = _COLUMNS if with_spec else _LIGHT_COLUMNS
        query = f"SELECT {', '.join(columns)} FROM tools"
        params: tuple[str, ...] = ()
        if operation is not None:
            query += " WHERE operation = ?"
            params = (operation,)
        with self._connect() as conn:
            rows = conn.execute(query + " ORDER BY name", params).fetchall()
        return [IndexedTool(**dict(zip(columns, row, strict=True))) for row in rows]

    def named(self, reg: IndexedStore, names: Sequence[str]) -> list[IndexedTool]:
        """The rows (with their spec text) of the tools in ``names`` that are active, in name order."""
        if not names or not reg.active_meta_path.exists():
            return []
        self.ensure_fresh(reg)
        rows: list[tuple[Any, ...]] = []
        with self._connect() as conn:
            for start in range(0, len(names), _NAMES_PER_QUERY):
                chunk = names[start : start + _NAMES_PER_QUERY]
                marks = ", ".join("?" for _ in chunk)
                query = f"SELECT {', '.join(_COLUMNS)} FROM tools WHERE name IN ({marks})"
                rows.extend(conn.execute(query, tuple(chunk)).fetchall())
        tools = [IndexedTool(**dict(zip(_COLUMNS, row, strict=True))) for row in rows]
        return sorted(tools, key=lambda tool: tool.name)

    def spec_text(self, name: str) -> str | None:
        """The indexed spec.json text of ``name`` (None when it is not indexed)."""
        with self._connect() as conn:
            row = conn.execute("SELECT spec_json FROM tools WHERE name = ?", (name,)).fetchone()
        return None if row is None else str(row[0])

    def get(self, reg: IndexedStore, name: str) -> IndexedTool | None:
        """One active tool by name, or None."""
        if not reg.active_meta_path.exists():
            return None
        self.ensure_fresh(reg)
        with self._connect() as conn:
            row = conn.execute(f"SELECT {', '.join(_COLUMNS)} FROM tools WHERE name = ?", (name,)).fetchone()
        return None if row is None else IndexedTool(**dict(zip(_COLUMNS, row, strict=True)))

    def known_hashes(self) -> dict[str, tuple[str, str]]:
        """``path → (identity, sha256)`` recorded when files were indexed (trusted only for that identity)."""
        if not self.path.exists():
            return {}
        with self._connect() as conn:
            rows = conn.execute("SELECT path, identity, sha256 FROM file_hashes").fetchall()
        return {str(path): (str(identity), str(digest)) for path, identity, digest in rows}

    def revision(self) -> str:
        """The identity the index was made from (a cheap token that changes with the active set)."""
        try:
            return self.stored_identity() or ""
        except RegistryError:
            return ""
