"""Content-addressed folders. A folder of files (a tool's package, a candidate's files) is a manifest
``{file name: sha256}`` of blobs (kept by ``blob_store.py``, in the database or an S3-compatible store); it is
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
