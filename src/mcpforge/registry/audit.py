"""The append-only audit log (``audit.sqlite``): every transition, promotion and monitoring event.

Two tables. ``audit`` holds lifecycle transitions, promotions, removals and repairs with the hashes of
the files involved; ``events`` holds monitoring events (generations, validation failures, tool calls).
Triggers abort any UPDATE or DELETE, and this module has no code path that issues one.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mcpforge.exceptions import DiskFullError, MCPForgeError, RegistryCorruptedError, RegistryError
from mcpforge.models import utc_now
from mcpforge.registry._space import SAFETY_MARGIN_BYTES, free_bytes

_SCHEMA = """
CREATE TABLE IF NOT EXISTS audit (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    time TEXT NOT NULL,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,
    tool TEXT NOT NULL,
    candidate_id TEXT,
    version TEXT,
    from_status TEXT,
    to_status TEXT,
    spec_sha256 TEXT,
    code_sha256 TEXT,
    note TEXT,
    op_id TEXT,
    details TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX IF NOT EXISTS audit_tool ON audit(tool);
CREATE INDEX IF NOT EXISTS audit_op ON audit(op_id);
CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    time TEXT NOT NULL,
    kind TEXT NOT NULL,
    name TEXT,
    ok INTEGER,
    duration_ms REAL,
    data TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX IF NOT EXISTS events_kind ON events(kind);
CREATE TRIGGER IF NOT EXISTS audit_no_update BEFORE UPDATE ON audit
    BEGIN SELECT RAISE(ABORT, 'audit log is append-only'); END;
CREATE TRIGGER IF NOT EXISTS audit_no_delete BEFORE DELETE ON audit
    BEGIN SELECT RAISE(ABORT, 'audit log is append-only'); END;
CREATE TRIGGER IF NOT EXISTS events_no_update BEFORE UPDATE ON events
    BEGIN SELECT RAISE(ABORT, 'audit log is append-only'); END;
CREATE TRIGGER IF NOT EXISTS events_no_delete BEFORE DELETE ON events
    BEGIN SELECT RAISE(ABORT, 'audit log is append-only'); END;
"""

AUDIT_COLUMNS = (
    "time",
    "actor",
    "action",
    "tool",
    "candidate_id",
    "version",
    "from_status",
    "to_status",
    "spec_sha256",
    "code_sha256",
    "note",
    "op_id",
    "details",
)


@dataclass(frozen=True, kw_only=True)
class AuditEntry:
    """One row of the audit table."""

    id: int = 0
    time: str
    actor: str
    action: str
    tool: str
    candidate_id: str | None = None
    version: str | None = None
    from_status: str | None = None
    to_status: str | None = None
    spec_sha256: str | None = None
    code_sha256: str | None = None
    note: str | None = None
    op_id: str | None = None
    details: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """Plain dict for JSON output."""
        return {name: getattr(self, name) for name in ("id", *AUDIT_COLUMNS)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> AuditEntry:
        """Inverse of :meth:`to_dict` (the ``id`` is assigned by the log, so it is dropped)."""
        return cls(**{name: data[name] for name in AUDIT_COLUMNS if name in data})


@dataclass(frozen=True, kw_only=True)
class Event:
    """One monitoring event."""

    id: int
    time: str
    kind: str
    name: str | None
    ok: bool | None
    duration_ms: float | None
    data: dict[str, Any]


def database_error(path: Path, exc: sqlite3.DatabaseError) -> MCPForgeError:
    """The mcpforge error for a SQLite error: a full disk and a busy lock are not corruption."""
    code = getattr(exc, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    if primary == sqlite3.SQLITE_FULL or "disk is full" in str(exc):
        return DiskFullError(path, needed_bytes=SAFETY_MARGIN_BYTES, reason=f"SQLite: {exc}")
    if primary == sqlite3.SQLITE_IOERR:
        available = free_bytes(path.parent)
        if available is not None and available < SAFETY_MARGIN_BYTES:
            return DiskFullError(path, needed_bytes=SAFETY_MARGIN_BYTES - available, reason=f"SQLite: {exc}")
    if primary in {sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED}:
        return RegistryError(f"audit log {str(path)!r} is busy ({exc}); nothing was changed, retry")
    return RegistryCorruptedError(path, str(exc))


@dataclass(frozen=True, kw_only=True)
class MonitoringEvent:
    """One row of the ``events`` table (``time`` defaults to when it is appended)."""

    kind: str
    name: str | None = None
    ok: bool | None = None
    duration_ms: float | None = None
    data: dict[str, Any] | None = None
    time: str | None = None


class AuditLog:
    """Append-only access to ``audit.sqlite``. Callers hold the registry lock while appending."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        try:
            conn = sqlite3.connect(self.path, timeout=60.0, isolation_level=None)
        except sqlite3.DatabaseError as exc:
            raise database_error(self.path, exc) from exc
        with closing(conn):
            try:
                conn.execute("PRAGMA synchronous=FULL")
                yield conn
            except sqlite3.DatabaseError as exc:
                if isinstance(exc, sqlite3.IntegrityError):
                    raise
                raise database_error(self.path, exc) from exc

    def create(self) -> None:
        """Create the tables and triggers (idempotent)."""
        with self._connect() as conn:
            conn.executescript(_SCHEMA)

    def append(self, entry: AuditEntry) -> None:
        """Append one audit row (``time`` defaults to now when empty)."""
        self.append_missing([entry])

    def append_missing(self, entries: list[AuditEntry]) -> int:
        """Append, in one transaction, every row whose ``op_id`` is not yet in the log (rows without an
        ``op_id`` are always appended). Returns how many were appended; makes replays idempotent."""
        placeholders = ", ".join("?" for _ in AUDIT_COLUMNS)
        insert = f"INSERT INTO audit ({', '.join(AUDIT_COLUMNS)}) VALUES ({placeholders})"
        appended = 0
        with self._connect() as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                for entry in entries:
                    if (
                        entry.op_id is not None
                        and conn.execute(
                            "SELECT 1 FROM audit WHERE op_id = ? LIMIT 1", (entry.op_id,)
                        ).fetchone()
                    ):
                        continue
                    values = [getattr(entry, name) for name in AUDIT_COLUMNS]
                    values[0] = entry.time or utc_now()
                    values[-1] = json.dumps(entry.details, sort_keys=True, default=str)
                    conn.execute(insert, values)
                    appended += 1
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
        return appended

    def last_statuses(self) -> dict[str, tuple[str | None, str]]:
        """``candidate_id → (from_status, to_status)`` of each candidate's last transition row."""
        with self._connect() as conn:
            rows = conn.execute(
                "SELECT candidate_id, from_status, to_status FROM audit WHERE id IN ("
                "SELECT MAX(id) FROM audit WHERE action = 'transition' AND candidate_id IS NOT NULL "
                "AND to_status IS NOT NULL GROUP BY candidate_id)"
            ).fetchall()
        return {str(cid): (from_status, str(to_status)) for cid, from_status, to_status in rows}

    def append_event(
        self,
        kind: str,
        *,
        name: str | None = None,
        ok: bool | None = None,
        duration_ms: float | None = None,
        data: dict[str, Any] | None = None,
    ) -> None:
        """Append one monitoring event."""
        self.append_events([MonitoringEvent(kind=kind, name=name, ok=ok, duration_ms=duration_ms, data=data)])

    def append_events(self, events: list[MonitoringEvent]) -> None:
        """Append monitoring events in one transaction (one sync to disk for all of them)."""
        rows = [
            (
                event.time or utc_now(),
                event.kind,
                event.name,
                None if event.ok is None else int(event.ok),
                event.duration_ms,
                json.dumps(event.data or {}, sort_keys=True, default=str),
            )
            for event in events
        ]
        with self._connect() as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                conn.executemany(
                    "INSERT INTO events (time, kind, name, ok, duration_ms, data) VALUES (?, ?, ?, ?, ?, ?)",
                    rows,
                )
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise

    def has_op(self, op_id: str) -> bool:
        """Whether a row with ``op_id`` was already appended (makes crash recovery idempotent)."""
        with self._connect() as conn:
            row = conn.execute("SELECT 1 FROM audit WHERE op_id = ? LIMIT 1", (op_id,)).fetchone()
        return row is not None

    def entries(self, *, tool: str | None = None, action: str | None = None) -> list[AuditEntry]:
        """Audit rows in order, optionally for one tool name and/or action."""
        query = f"SELECT id, {', '.join(AUDIT_COLUMNS)} FROM audit"
        clauses: list[str] = []
        params: list[str] = []
        if tool is not None:
            clauses.append("tool = ?")
            params.append(tool)
        if action is not None:
            clauses.append("action = ?")
            params.append(action)
        if clauses:
            query += " WHERE " + " AND ".join(clauses)
        with self._connect() as conn:
            rows = conn.execute(query + " ORDER BY id", params).fetchall()
        result = []
        for row in rows:
            values = dict(zip(("id", *AUDIT_COLUMNS), row, strict=True))
            values["details"] = json.loads(values["details"] or "{}")
            result.append(AuditEntry(**values))
        return result

    def events(self, kind: str | None = None) -> list[Event]:
        """Monitoring events in order, optionally of one kind."""
        query = "SELECT id, time, kind, name, ok, duration_ms, data FROM events"
        params: tuple[str, ...] = ()
        if kind is not None:
            query += " WHERE kind = ?"
            params = (kind,)
        with self._connect() as conn:
            rows = conn.execute(query + " ORDER BY id", params).fetchall()
        return [
            Event(
                id=r[0],
                time=r[1],
                kind=r[2],
                name=r[3],
                ok=None if r[4] is None else bool(r[4]),
                duration_ms=r[5],
                data=json.loads(r[6] or "{}"),
            )
            for r in rows
        ]

    def tool_call_stats(self) -> dict[str, dict[str, Any]]:
        """Per-tool call counts, errors, mean duration and last error, aggregated in SQL."""
        with self._connect() as conn:
            rows = conn.execute(
                "SELECT name, COUNT(*), SUM(CASE WHEN ok = 0 THEN 1 ELSE 0 END), AVG(duration_ms) "
                "FROM events WHERE kind = 'tool_call' GROUP BY name ORDER BY name"
            ).fetchall()
            last_errors = dict(
                conn.execute(
                    "SELECT name, json_extract(data, '$.error') FROM events WHERE id IN ("
                    "SELECT MAX(id) FROM events WHERE kind = 'tool_call' AND ok = 0 GROUP BY name)"
                ).fetchall()
            )
        return {
            name: {
                "calls": calls,
                "errors": errors or 0,
                "avg_duration_ms": round(avg or 0.0, 3),
                "last_error": last_errors.get(name),
            }
            for name, calls, errors, avg in rows
        }

    def check(self) -> int:
        """Raise RegistryCorruptedError unless the database is readable; returns the audit row count."""
        with self._connect() as conn:
            result = conn.execute("PRAGMA quick_check").fetchone()
            if not result or result[0] != "ok":
                raise RegistryCorruptedError(self.path, f"integrity check failed: {result}")
            count = conn.execute("SELECT COUNT(*) FROM audit").fetchone()
        return int(count[0])
