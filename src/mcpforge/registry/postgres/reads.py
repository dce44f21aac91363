"""Reading the active set of a PostgreSQL registry, and pinning what runs to its promotion hashes.

Readers get :class:`IndexedTool` rows and :class:`ActiveTool` objects exactly like the file registry's.
A tool's files are materialized from their blobs into the local cache (a folder named by the hash of
its manifest, written atomically; every blob is checked against its name on the way), and
:func:`verify` hashes tool.py and spec.json there against the tools row: a changed blob or a changed
file raises the file registry's IntegrityError.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mcpforge.exceptions import IntegrityError, NotFoundError
from mcpforge.models import ChartSpec, ToolSpec
from mcpforge.registry.backend import ActiveTool
from mcpforge.registry.postgres.blobs import write_folder
from mcpforge.registry.tool_index import IndexedTool

if TYPE_CHECKING:
    from mcpforge.registry.postgres.registry import PostgresRegistry

_LIGHT = (
    "name, version, package, spec_hash, code_hash, promoted_at, created_by, description, operation, spec_ok"
)
_FULL = _LIGHT + ", spec_json"
_PINNED = (("tool.py", "code_hash"), ("spec.json", "spec_hash"))


def indexed(row: dict[str, Any]) -> IndexedTool:
    """The IndexedTool of a tools row (its path is the cache folder, relative to the registry root)."""
    return IndexedTool(
        name=row["name"],
        version=row["version"],
        path=f"tools/{row['package']}",
        spec_hash=row["spec_hash"],
        code_hash=row["code_hash"],
        promoted_at=row["promoted_at"],
        created_by=row["created_by"],
        description=row["description"],
        operation=row["operation"],
        spec_ok=bool(row["spec_ok"]),
        spec_json=row.get("spec_json"),
    )


def build_active(reg: PostgresRegistry, row: IndexedTool) -> ActiveTool:
    """The ActiveTool of an index row (the spec was validated when the row was written)."""
    data = json.loads(row.spec_json or "{}")
    if isinstance(data.get("chart"), dict):
        data["chart"] = ChartSpec.model_validate(data["chart"])
    return ActiveTool(
        name=row.name,
        version=row.version,
        path=reg.root / row.path,
        spec=ToolSpec.model_construct(**data),
        spec_hash=row.spec_hash,
        code_hash=row.code_hash,
        promoted_at=row.promoted_at,
        created_by=row.created_by,
        operation=row.operation,
    )


def tool_rows(
    reg: PostgresRegistry, *, operation: str | None = None, with_spec: bool = False
) -> list[IndexedTool]:
    """Active tools in name order (optionally of one catalogue operation)."""
    query = f"SELECT {_FULL if with_spec else _LIGHT} FROM tools"
    params: tuple[str, ...] = ()
    if operation is not None:
        query += " WHERE operation = %s"
        params = (operation,)
    with reg.db.transaction() as conn:
        rows = conn.execute(query + " ORDER BY name", params).fetchall()
    return [indexed(row) for row in rows]


def named_rows(reg: PostgresRegistry, names: Sequence[str]) -> list[IndexedTool]:
    """The rows of the active tools among ``names``, in name order."""
    if not names:
        return []
    with reg.db.transaction() as conn:
        rows = conn.execute(
            f"SELECT {_FULL} FROM tools WHERE name = ANY(%s) ORDER BY name", (list(names),)
        ).fetchall()
    return [indexed(row) for row in rows]


def tool_row(reg: PostgresRegistry, name: str) -> dict[str, Any] | None:
    """The whole tools row of ``name`` (with its file manifest), or None."""
    with reg.db.transaction() as conn:
        row: dict[str, Any] | None = conn.execute("SELECT * FROM tools WHERE name = %s", (name,)).fetchone()
    return row


def materialize(reg: PostgresRegistry, row: dict[str, Any]) -> Path:
    """The tool's cache folder, written from its blobs (each checked) when not there yet."""
    folder = reg.root / "tools" / str(row["package"])
    if folder.is_dir():
        return folder
    with reg.db.transaction() as conn:
        texts = reg.blobs.fetch(conn, dict(row["files"]), owner=str(row["name"]))
    return write_folder(folder, texts)


def problem(reg: PostgresRegistry, row: dict[str, Any], folder: Path) -> IntegrityError | None:
    """The IntegrityError of a tool whose materialized files do not match its promotion hashes."""
    for file_name, key in _PINNED:
        actual = reg.hashes.sha256(str(folder / file_name))
        if actual != row[key]:
            return IntegrityError(str(row["name"]), file_name, str(row[key]), actual or "missing")
    return None


def verify(reg: PostgresRegistry, name: str) -> ActiveTool:
    """The active tool once its files are materialized and match the promotion hashes.

    Raises:
        NotFoundError: no active tool ``name``.
        IntegrityError: a blob or a materialized file is missing or changed since promotion.
    """
    row = tool_row(reg, name) if reg.is_initialized() else None
    if row is None:
        raise NotFoundError("tool", name)
    error = problem(reg, row, materialize(reg, row))
    if error is not None:
        raise error
    return reg.from_index(indexed(row))
