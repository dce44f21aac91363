"""``mcpforge registry migrate SRC DST``: copy a whole registry between a folder and PostgreSQL.

Everything is copied with its ids and times: candidates (status, JSON, files), the active tools, every
superseded or removed version whose files are still known, the audit log and the events (same ids),
and the remembered choices. The destination must be empty; it is refused in one line otherwise.
"""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from dataclasses import dataclass, field
from typing import Any

from psycopg.types.json import Jsonb

from mcpforge.exceptions import UserError
from mcpforge.models import ToolCandidate, ToolStatus
from mcpforge.registry._atomic import atomic_write_json, build_dir, read_dir_texts, rename_dir
from mcpforge.registry.audit import AUDIT_COLUMNS, AuditEntry, Event
from mcpforge.registry.choices import CHOICES_FILE
from mcpforge.registry.file.registry import Registry
from mcpforge.registry.postgres.acts import active_entry, bump_revision, upsert_tool
from mcpforge.registry.postgres.candidates import DERIVED, manifests, write_files, write_row
from mcpforge.registry.postgres.registry import PostgresRegistry
from mcpforge.registry.transitions import candidate_files


@dataclass(kw_only=True)
class Version:
    """One promoted version: its promotion entry, its files, and how it ended (None while active)."""

    tool: str
    entry: dict[str, Any]
    files: dict[str, str]
    ended: str | None = None  # "superseded" or "removed"


@dataclass(kw_only=True)
class Snapshot:
    """Everything a registry holds, independent of its kind."""

    candidates: list[tuple[ToolCandidate, dict[str, str]]] = field(default_factory=list)
    versions: list[Version] = field(default_factory=list)
    audit: list[AuditEntry] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    choices: dict[str, dict[str, str]] = field(default_factory=dict)


def _stored_files(texts: dict[str, str]) -> dict[str, str]:
    return {name: text for name, text in texts.items() if name not in DERIVED}


# ---------------------------------------------------------------- reading
def _file_versions(reg: Registry, audit: list[AuditEntry]) -> list[Version]:
    """Active tools from their folders; ended versions from the archive folders the audit log names."""
    active = reg.active_entries()
    ended: dict[tuple[str, str], tuple[str, str]] = {}
    for row in audit:
        if row.action in {"supersede", "remove"} and row.version and row.details.get("archive"):
            ending = "superseded" if row.action == "supersede" else "removed"
            ended[(row.tool, row.version)] = (ending, str(row.details["archive"]))
    versions: list[Version] = []
    for row in audit:
        entry = row.details.get("promotion") if row.to_status == "PROMOTED" else None
        if not isinstance(entry, dict):
            continue
        name, version = row.tool, str(entry["version"])
        current = active.get(name)
        how: str | None = None
        if current is not None and current.get("candidate_id") == entry.get("candidate_id"):
            folder = reg.resolve(str(current["path"]))
            entry = current
        elif (name, version) in ended:
            how, archive = ended[(name, version)]
            folder = reg.resolve(archive)
        else:
            continue
        if folder.is_dir():
            versions.append(Version(tool=name, entry=dict(entry), files=read_dir_texts(folder), ended=how))
    return versions


def read_file_registry(reg: Registry) -> Snapshot:
    """The snapshot of a file registry."""
    audit = reg.audit.entries()
    candidates = []
    for cid, entry in sorted(reg.staging_entries().items()):
        candidate = reg.get_candidate(cid)
        texts = read_dir_texts(reg.resolve(str(entry["path"])))
        candidates.append((candidate, _stored_files(texts)))
    try:
        choices = json.loads((reg.root / CHOICES_FILE).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        choices = {}
    return Snapshot(
        candidates=candidates,
        versions=_file_versions(reg, audit),
        audit=audit,
        events=reg.audit.events(),
        choices=choices if isinstance(choices, dict) else {},
    )


def read_postgres_registry(reg: PostgresRegistry) -> Snapshot:
    """The snapshot of a PostgreSQL registry."""
    candidates = reg.list_candidates()
    with reg.db.transaction() as conn:
        found = manifests(conn, [c.candidate_id for c in candidates])
        pairs = [(c, reg.blobs.fetch(conn, found[c.candidate_id], owner=c.candidate_id)) for c in candidates]
        active = {str(r["name"]): r for r in conn.execute("SELECT * FROM tools").fetchall()}
        versions = []
        for row in conn.execute("SELECT * FROM versions ORDER BY id").fetchall():
            tool = active.get(str(row["tool"]))
            live = row["ended_at"] is None and tool is not None
            entry = active_entry(tool) if live and tool is not None else {
                "version": row["version"], "spec_hash": row["spec_hash"], "code_hash": row["code_hash"],
                "promoted_at": row["promoted_at"], "created_by": row["created_by"],
                "candidate_id": row["candidate_id"], "promoted_by": row["promoted_by"],
            }  # fmt: skip
            files = reg.blobs.fetch(conn, dict(row["files"]), owner=str(row["tool"]))
            versions.append(Version(tool=str(row["tool"]), entry=entry, files=files, ended=row["ended_how"]))
        choices = {str(r["dataset"]): dict(r["answers"]) for r in conn.execute("SELECT * FROM choices")}
    return Snapshot(
        candidates=[(c, _stored_files(t)) for c, t in pairs],
        versions=versions,
        audit=reg.audit.entries(),
        events=reg.audit.events(),
        choices=choices,
    )


# ---------------------------------------------------------------- writing
def write_postgres_registry(reg: PostgresRegistry, snap: Snapshot) -> None:
    """Write ``snap`` into an empty PostgreSQL registry, in one transaction."""
    with reg.db.transaction() as conn:
        for candidate, files in snap.candidates:
            write_row(conn, candidate)
            write_files(conn, reg.blobs, candidate.candidate_id, files)
        for version in snap.versions:
            manifest = reg.blobs.put(conn, version.files)
            entry = version.entry
            conn.execute(
                "INSERT INTO versions (tool, version, candidate_id, spec_hash, code_hash, promoted_at, "
                "promoted_by, created_by, files, ended_how, ended_at) VALUES "
                "(%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
                (version.tool, entry["version"], entry.get("candidate_id"), entry["spec_hash"],
                 entry["code_hash"], entry["promoted_at"], entry.get("promoted_by"),
                 str(entry.get("created_by", "")), Jsonb(manifest), version.ended,
                 entry["promoted_at"] if version.ended else None),
            )  # fmt: skip
            if version.ended is None:
                upsert_tool(conn, version.tool, entry, manifest, spec_text=version.files["spec.json"],
                            source=version.files["tool.py"])  # fmt: skip
        for row in snap.audit:
            conn.execute(
                f"INSERT INTO audit (id, {', '.join(AUDIT_COLUMNS)}) "
                f"VALUES (%s, {', '.join('%s' for _ in AUDIT_COLUMNS)})",
                [row.id, *[getattr(row, n) for n in AUDIT_COLUMNS[:-1]], Jsonb(row.details)],
            )
        for event in snap.events:
            conn.execute(
                "INSERT INTO events (id, time, kind, name, ok, duration_ms, data) "
                "VALUES (%s, %s, %s, %s, %s, %s, %s)",
                (
                    event.id,
                    event.time,
                    event.kind,
                    event.name,
                    event.ok,
                    event.duration_ms,
                    Jsonb(event.data),
                ),
            )
        for table in ("audit", "events"):
            conn.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), COALESCE(MAX(id), 0) + 1, false) "
                f"FROM {table}"
            )
        for dataset, answers in snap.choices.items():
            conn.execute("INSERT INTO choices (dataset, answers) VALUES (%s, %s)", (dataset, Jsonb(answers)))
        bump_revision(conn)


def write_file_registry(reg: Registry, snap: Snapshot) -> None:
    """Write ``snap`` into an empty, initialized file registry (under its lock)."""
    with reg.locked():
        staging: dict[str, dict[str, Any]] = {}
        for candidate, files in snap.candidates:
            rejected = candidate.status == ToolStatus.REJECTED
            parent = reg.rejected_dir if rejected else reg.candidates_dir
            target = parent / candidate.candidate_id
            placed = candidate.model_copy(update={"package_path": str(target)})
            rename_dir(build_dir(parent, target.name, candidate_files(placed, files)), target)
            staging[candidate.candidate_id] = {
                "tool_id": candidate.tool_id, "tool_name": candidate.spec.tool_name,
                "version": candidate.version, "status": candidate.status.value, "path": reg.rel(target),
                "spec_hash": candidate.spec_hash, "code_hash": candidate.code_hash,
                "created_at": candidate.created_at, "created_by": candidate.created_by,
                "updated_at": candidate.created_at,
            }  # fmt: skip
        active: dict[str, dict[str, Any]] = {}
        for version in snap.versions:
            version_label = str(version.entry["version"])
            if version.ended is None:
                parent, name = reg.tools_dir, version.tool
            else:
                parent = reg.superseded_dir if version.ended == "superseded" else reg.removed_dir
                name = f"{version.tool}_{version_label}"
            rename_dir(build_dir(parent, name, version.files), parent / name)
            if version.ended is None:
                active[version.tool] = {**version.entry, "path": reg.rel(parent / name)}
        reg.write_staging_entries(staging)
        reg.write_active_entries(active)
        with closing(sqlite3.connect(reg.audit.path, isolation_level=None)) as db:
            db.execute("BEGIN IMMEDIATE")
            db.executemany(
                f"INSERT INTO audit (id, {', '.join(AUDIT_COLUMNS)}) VALUES ({', '.join('?' * 14)})",
                [
                    [
                        r.id,
                        *[getattr(r, n) for n in AUDIT_COLUMNS[:-1]],
                        json.dumps(r.details, sort_keys=True, default=str),
                    ]
                    for r in snap.audit
                ],
            )
            db.executemany(
                "INSERT INTO events (id, time, kind, name, ok, duration_ms, data) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        e.id,
                        e.time,
                        e.kind,
                        e.name,
                        None if e.ok is None else int(e.ok),
                        e.duration_ms,
                        json.dumps(e.data, sort_keys=True, default=str),
                    )
                    for e in snap.events
                ],
            )
            db.execute("COMMIT")
        if snap.choices:
            atomic_write_json(reg.root / CHOICES_FILE, snap.choices)
        reg.tool_index.rebuild(reg)
        reg.refresh_metrics()


# ---------------------------------------------------------------- the command's work
def _contents(reg: Registry | PostgresRegistry) -> tuple[int, int, int]:
    if isinstance(reg, PostgresRegistry) and not reg.is_initialized():
        return (0, 0, 0)
    if isinstance(reg, Registry) and not reg.is_initialized():
        return (0, 0, 0)
    return (len(reg.list_candidates()), len(reg.active_tools()), reg.audit.check())


def copy_registry(src: Registry | PostgresRegistry, dst: Registry | PostgresRegistry) -> Snapshot:
    """Copy everything in ``src`` into the empty ``dst``; returns what was copied.

    Raises:
        UserError: ``src`` is not initialized, ``dst`` is not empty, or both are the same kind.
    """
    if isinstance(src, PostgresRegistry) == isinstance(dst, PostgresRegistry):
        raise UserError("migrate copies a folder registry into PostgreSQL or PostgreSQL into a folder")
    if not src.is_initialized():
        raise UserError(f"source registry {src.location} is not initialized; there is nothing to copy")
    candidates, tools, rows = _contents(dst)
    if candidates or tools or rows:
        raise UserError(
            f"destination registry {dst.location} is not empty ({candidates} candidate(s), {tools} tool(s), "
            f"{rows} audit row(s)); migrate copies into an empty registry only"
        )
    dst.init()
    if isinstance(src, PostgresRegistry):
        snap = read_postgres_registry(src)
        assert isinstance(dst, Registry)
        write_file_registry(dst, snap)
    else:
        snap = read_file_registry(src)
        assert isinstance(dst, PostgresRegistry)
        write_postgres_registry(dst, snap)
    return snap
