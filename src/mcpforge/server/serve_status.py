"""What each running ``mcpforge serve`` says about its warm calls, for ``mcpforge doctor`` to show.

One small JSON file per server process, rewritten (temp file, rename) whenever its warm calls go off,
come back or are replaced, and removed when it stops. The files live in the user's own runtime
directory (``$XDG_RUNTIME_DIR/mcpforge``, else ``<tmp>/mcpforge-<uid>``, mode 0700, refused when another
user owns it), named by a hash of the registry served and the pid, so a reader finds the servers of
one registry and drops the files of servers that died without removing theirs.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import stat
import tempfile
import time
from pathlib import Path
from typing import Any

logger = logging.getLogger("mcpforge.server")

__all__ = ["StatusFile", "serving_status"]


def _status_dir(*, create: bool) -> Path | None:
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    base = Path(runtime) / "mcpforge" if runtime else Path(tempfile.gettempdir()) / f"mcpforge-{os.getuid()}"
    try:
        if create:
            base.mkdir(mode=0o700, parents=bool(runtime), exist_ok=True)
        info = base.lstat()
    except OSError:
        return None
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid() or info.st_mode & 0o077:
        logger.warning("not using %s for server status: not a private directory of this user", base)
        return None
    return base


def _registry_key(root: Path) -> str:
    return hashlib.sha256(str(Path(os.path.realpath(root))).encode()).hexdigest()[:16]


class StatusFile:
    """The status file of this server process for the registry at ``root``."""

    def __init__(self, root: Path) -> None:
        self._name = f"serve-{_registry_key(root)}-{os.getpid()}.json"
        self._root = str(root)

    def write(self, warm: dict[str, Any]) -> None:
        """Record ``warm`` (:meth:`mcpforge.sandbox.warm.WarmCalls.status`); a failure is only logged."""
        folder = _status_dir(create=True)
        if folder is None:
            return
        retry_in = warm.get("retry_in_seconds")
        record = {
            "pid": os.getpid(),
            "registry": self._root,
            "warm_calls": warm,
            # A reader later on needs the time itself, not the wait as it was when this was written.
            "warm_retry_at": time.time() + retry_in if isinstance(retry_in, int | float) else None,
        }
        try:
            handle, temporary = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=".json")
            with os.fdopen(handle, "w", encoding="utf-8") as stream:
                json.dump(record, stream)
            Path(temporary).replace(folder / self._name)
        except OSError as exc:
            logger.info("cannot record the server status: %s", exc)

    def remove(self) -> None:
        """Remove the file (the server is stopping)."""
        folder = _status_dir(create=False)
        if folder is not None:
            (folder / self._name).unlink(missing_ok=True)
            with contextlib.suppress(OSError):
                folder.rmdir()  # the last server of this user leaves nothing behind (others' files stay)


def serving_status(root: Path) -> list[dict[str, Any]]:
    """The status records of the servers of the registry at ``root`` that are running now."""
    folder = _status_dir(create=False)
    if folder is None:
        return []
    records: list[dict[str, Any]] = []
    for path in sorted(folder.glob(f"serve-{_registry_key(root)}-*.json")):
        pid = path.stem.rsplit("-", 1)[-1]
        if not pid.isdigit() or not Path(f"/proc/{pid}").exists():
            with contextlib.suppress(OSError):
                path.unlink()  # a server that died without removing its file
            continue
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(record, dict):
            records.append(record)
    return records
