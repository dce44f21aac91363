"""Content-addressed file storage: every file text is one ``blobs`` row named by its sha256, stored once.

A folder of files (a tool's package, a candidate's files) is a manifest ``{file name: sha256}``; it is
materialized under the local cache in a folder named by the manifest's own hash, written whole into a
temporary folder and renamed into place, so a folder that exists is complete.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import psycopg

from mcpforge.exceptions import IntegrityError
from mcpforge.models import sha256_text


def put_blobs(conn: psycopg.Connection[Any], files: Mapping[str, str]) -> dict[str, str]:
    """Store each file's text (once per distinct content); returns the manifest ``{name: sha256}``."""
    manifest = {name: sha256_text(text) for name, text in files.items()}
    rows = {manifest[name]: text.encode("utf-8") for name, text in files.items()}
    with conn.cursor() as cur:
        cur.executemany(
            "INSERT INTO blobs (sha256, content, size) VALUES (%s, %s, %s) ON CONFLICT (sha256) DO NOTHING",
            [(digest, content, len(content)) for digest, content in rows.items()],
        )
    return manifest


def fetch_texts(conn: psycopg.Connection[Any], manifest: Mapping[str, str], *, owner: str) -> dict[str, str]:
    """The texts of a manifest's files, each checked against its name.

    Raises:
        IntegrityError: a blob is missing or its content no longer hashes to its name (``owner`` is the
            tool or candidate named in the error).
    """
    wanted = sorted(set(manifest.values()))
    rows = conn.execute("SELECT sha256, content FROM blobs WHERE sha256 = ANY(%s)", (wanted,)).fetchall()
    found = {str(row["sha256"]): bytes(row["content"]) for row in rows}
    texts: dict[str, str] = {}
    for name, digest in sorted(manifest.items()):
        content = found.get(digest)
        if content is None:
            raise IntegrityError(owner, name, digest, "missing")
        actual = hashlib.sha256(content).hexdigest()
        if actual != digest:
            raise IntegrityError(owner, name, digest, actual)
        texts[name] = content.decode("utf-8")
    return texts


def folder_name(manifest: Mapping[str, str]) -> str:
    """The content address of a set of files: sha256 of its sorted ``name:sha256`` lines (32 hex)."""
    lines = "\n".join(f"{name}:{digest}" for name, digest in sorted(manifest.items()))
    return hashlib.sha256(lines.encode("utf-8")).hexdigest()[:32]


def write_folder(target: Path, files: Mapping[str, str]) -> Path:
    """Write ``files`` into ``target`` atomically (temp folder, fsync, rename); an existing one is kept."""
    if target.is_dir():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    building = Path(tempfile.mkdtemp(prefix=".tmp-", dir=target.parent))
    try:
        for name, text in files.items():
            path = building / name
            with path.open("w", encoding="utf-8") as handle:
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
        building.chmod(0o755)
        try:
            building.rename(target)
        except OSError:
            if not target.is_dir():  # not a concurrent writer of the same content: a real failure
                raise
    finally:
        if building.exists():
            shutil.rmtree(building, ignore_errors=True)
    return target
