"""A full disk is its own error: ENOSPC / EDQUOT (and SQLite's SQLITE_FULL) become DiskFullError.

Registry writes check the free space before an act starts (so a full disk changes nothing) and turn
the errno of a write that still fails into :class:`DiskFullError` naming the path and the space needed.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

from mcpforge.exceptions import DiskFullError

DISK_FULL_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT})
# Room kept free beyond what an act writes: temp files, SQLite journal pages, directory blocks.
SAFETY_MARGIN_BYTES = 256 * 1024


def is_disk_full(exc: BaseException) -> bool:
    """Whether ``exc`` is an OSError for a full filesystem or an exhausted quota."""
    return isinstance(exc, OSError) and exc.errno in DISK_FULL_ERRNOS


def disk_full(exc: OSError, path: Path | str, needed_bytes: int | None) -> DiskFullError:
    """The DiskFullError for ``exc`` raised while writing ``path``."""
    reason = "disk quota exceeded" if exc.errno == errno.EDQUOT else "no space left on device"
    return DiskFullError(path, needed_bytes=needed_bytes, reason=reason)


def free_bytes(path: Path) -> int | None:
    """Bytes this process can still write on the filesystem of ``path`` (None when unknown)."""
    probe = path
    while not probe.exists() and probe != probe.parent:
        probe = probe.parent
    try:
        stats = os.statvfs(probe)
    except OSError:
        return None
    # Root may use the blocks reserved for it; everyone else only the available ones.
    blocks = stats.f_bfree if os.geteuid() == 0 else stats.f_bavail
    return blocks * stats.f_frsize


def ensure_free_space(path: Path, needed_bytes: int) -> None:
    """Raise DiskFullError before writing anything when ``path``'s filesystem lacks ``needed_bytes``."""
    available = free_bytes(path)
    wanted = needed_bytes + SAFETY_MARGIN_BYTES
    if available is not None and available < wanted:
        raise DiskFullError(path, needed_bytes=wanted - available)
