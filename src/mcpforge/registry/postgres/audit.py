"""The audit log and monitoring events in PostgreSQL: the same methods as the file registry's AuditLog.

Both tables are append-only: a trigger raises on any UPDATE, DELETE or TRUNCATE (see the migration).
Acts append their rows inside their own transaction with :func:`insert_entries`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import psycopg
from psycopg.types.json import Jsonb

from mcpforge.models import utc_now
from mcpforge.registry.audit import AUDIT_COLUMNS, AuditEntry, Event, MonitoringEvent
from mcpforge.registry.postgres._db import Database

_INSERT = f"INSERT INTO audit ({', '.join(AUDIT_COLUMNS)}) VALUES ({', '.join('%s' for _ in AUDIT_COLUMNS)})"
_INSERT_EVENT = "INSERT INTO events (time, kind, name, ok, duration_ms, data) VALUES (%s, %s, %s, %s, %s, %s)"


def _values(entry: AuditEntry) -> list[Any]:
    values: list[Any] = [getattr(entry, name) for name in AUDIT_COLUMNS]
    values[0] = entry.time or utc_now()
    values[-1] = Jsonb(entry.details)
    return values


def insert_entries(conn: psycopg.Connection[Any], entries: Sequence[AuditEntry]) -> int:
    """Append rows in the caller's transaction, skipping those whose ``op_id`` is already logged."""
    appended = 0
    for entry in entries:
        if (
            entry.op_id is not None
            and conn.execute("SELECT 1 FROM audit WHERE op_id = %s LIMIT 1", (entry.op_id,)).fetchone()
        ):
            continue
        conn.execute(_INSERT, _values(entry))
        appended += 1
    return appended


def insert_events(conn: psycopg.Connection[Any], events: Sequence[MonitoringEvent]) -> None:
    """Append monitoring events in the caller's transaction (one batch)."""
    rows = [(e.time or utc_now(), e.kind, e.name, e.ok, e.duration_ms, Jsonb(e.data or {})) for e in events]
    with conn.cursor() as cur:
        cur.executemany(_INSERT_EVENT, rows)


def entry_from_row(row: dict[str, Any]) -> AuditEntry:
    """An AuditEntry from a row of ``audit`` (id included)."""
    return AuditEntry(id=int(row["id"]), **{name: row[name] for name in AUDIT_COLUMNS})


class PostgresAudit:
    """The audit log of a PostgreSQL registry (what ``compute_metrics``, review and doctor read)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def create(self) -> None:
        """Nothing to do: the migration creates the tables."""

    def append(self, entry: AuditEntry) -> None:
        """Append one audit row."""
        self.append_missing([entry])

    def append_missing(self, entries: list[AuditEntry]) -> int:
        """Append, in one transaction, every row whose ``op_id`` is not yet in the log."""
        with self.db.transaction() as conn:
            return insert_entries(conn, entries)

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
        """Append monitoring events in one transaction."""
        if events:
            with self.db.transaction() as conn:
                insert_events(conn, events)

    def has_op(self, op_id: str) -> bool:
        """Whether a row with ``op_id`` was already appended."""
        with self.db.transaction() as conn:
            row = conn.execute("SELECT 1 FROM audit WHERE op_id = %s LIMIT 1", (op_id,)).fetchone()
        return row is not None

    def entries(self, *, tool: str | None = None, action: str | None = None) -> list[AuditEntry]:
        """Audit rows in order, optionally for one tool name and/or action."""
        query = f"SELECT id, {', '.join(AUDIT_COLUMNS)} FROM audit WHERE TRUE"
        params: list[str] = []
        if tool is not None:
            query += " AND tool = %s"
            params.append(tool)
        if action is not None:
            query += " AND action = %s"
            params.append(action)
        with self.db.transaction() as conn:
            rows = conn.execute(query + " ORDER BY id", params).fetchall()
        return [entry_from_row(row) for row in rows]

    def events(self, kind: str | None = None) -> list[Event]:
        """Monitoring events in order, optionally of one kind."""
        query = "SELECT id, time, kind, name, ok, duration_ms, data FROM events"
        params: tuple[str, ...] = ()
        if kind is not None:
            query += " WHERE kind = %s"
            params = (kind,)
        with self.db.transaction() as conn:
            rows = conn.execute(query + " ORDER BY id", params).fetchall()
        return [
            Event(
                id=int(r["id"]),
                time=r["time"],
                kind=r["kind"],
                name=r["name"],
                ok=r["ok"],
                duration_ms=r["duration_ms"],
                data=dict(r["data"] or {}),
            )
            for r in rows
        ]

    def tool_call_stats(self) -> dict[str, dict[str, Any]]:
        """Per-tool call counts, errors, mean duration and last error, aggregated in SQL."""
        with self.db.transaction() as conn:
            rows = conn.execute(
                "SELECT name, COUNT(*) AS calls, SUM(CASE WHEN ok = FALSE THEN 1 ELSE 0 END) AS errors, "
                "AVG(duration_ms) AS avg FROM events WHERE kind = 'tool_call' GROUP BY name ORDER BY name"
            ).fetchall()
            last = conn.execute(
                "SELECT DISTINCT ON (name) name, data->>'error' AS error FROM events "
                "WHERE kind = 'tool_call' AND ok = FALSE ORDER BY name, id DESC"
            ).fetchall()
        last_errors = {r["name"]: r["error"] for r in last}
        return {
            r["name"]: {
                "calls": int(r["calls"]),
                "errors": int(r["errors"] or 0),
                "avg_duration_ms": round(float(r["avg"] or 0.0), 3),
                "last_error": last_errors.get(r["name"]),
            }
            for r in rows
        }

    def last_statuses(self) -> dict[str, tuple[str | None, str]]:
        """``candidate_id → (from_status, to_status)`` of each candidate's last transition row."""
        with self.db.transaction() as conn:
            rows = conn.execute(
                "SELECT DISTINCT ON (candidate_id) candidate_id, from_status, to_status FROM audit "
                "WHERE action = 'transition' AND candidate_id IS NOT NULL AND to_status IS NOT NULL "
                "ORDER BY candidate_id, id DESC"
            ).fetchall()
        return {str(r["candidate_id"]): (r["from_status"], str(r["to_status"])) for r in rows}

    def check(self) -> int:
        """The number of audit rows (raises RegistryError when the database cannot be read)."""
        with self.db.transaction() as conn:
            row = conn.execute("SELECT COUNT(*) AS n FROM audit").fetchone()
        return int(row["n"]) if row else 0
