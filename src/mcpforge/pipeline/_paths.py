"""Where the pipeline may read data from: the working directory, ``--allow-read`` dirs, and config.

A data file outside every allowed root is refused before anything is parsed or staged.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from mcpforge.config import MCPForgeConfig
from mcpforge.runtime import resolve_under_roots


def allowed_read_roots(
    config: MCPForgeConfig, allow_read: Sequence[Path] = (), *, cwd: Path | None = None
) -> list[Path]:
    """The working directory, then ``--allow-read`` directories, then ``security.allowed_read_paths``."""
    roots = [cwd or Path.cwd(), *allow_read, *(Path(p) for p in config.security.allowed_read_paths)]
    return [Path(root).expanduser().resolve() for root in roots]


def check_data_path(path: Path | str, roots: Sequence[Path]) -> Path:
    """The resolved data file, which must be a regular file under one of ``roots``.

    Raises:
        PathNotAllowedError: the file resolves outside every root (symlinks and ``..`` included).
        DataError: it does not exist or is not a regular file.
    """
    return resolve_under_roots(path, roots, mode="read")
