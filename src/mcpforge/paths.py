"""Resolving a path argument under allowed roots, without pandas: the server checks every call's paths
with it and should not import pandas for that (``mcpforge.runtime`` re-exports it for tools). And the
user's cache folder, which light modules (the request reader's lexicon) need without the engines."""

from __future__ import annotations

import os
import stat
from collections.abc import Sequence
from pathlib import Path

from mcpforge.exceptions import DataError, PathNotAllowedError


def resolve_under_roots(path: str | os.PathLike[str], roots: Sequence[Path], *, mode: str = "read") -> Path:
    """Resolve ``path`` (symlinks and ``..`` included) and check it sits under one of ``roots``.

    The check is made on the fully resolved path, so a symlink inside a root that points outside it is
    refused, and so is ``root/../elsewhere``.

    Args:
        path: the path as given (relative paths are taken from the working directory).
        roots: allowed roots; they are resolved here too.
        mode: "read" requires an existing regular file; "write" requires an existing parent directory.

    Raises:
        PathNotAllowedError: the resolved path is outside every root.
        DataError: (read) the file does not exist or is not a regular file; (write) no such directory.
    """
    text = os.fspath(path)
    if not text or "\x00" in text:
        raise DataError(f"invalid file path {text!r}", path=text)
    resolved = Path(os.path.realpath(Path(text).expanduser()))
    real_roots = tuple(Path(os.path.realpath(root)) for root in roots)
    if not any(resolved == root or resolved.is_relative_to(root) for root in real_roots):
        raise PathNotAllowedError(text, resolved=resolved, roots=real_roots)
    if mode == "read":
        try:
            info = resolved.stat()
        except FileNotFoundError:
            raise DataError(f"file {text!r} does not exist", path=text) from None
        except OSError as exc:
            raise DataError(f"file {text!r} cannot be read: {exc.strerror}", path=text) from None
        if not stat.S_ISREG(info.st_mode):
            raise DataError(f"{text!r} is not a regular file", path=text)
    elif not resolved.parent.is_dir():
        raise DataError(f"directory of {text!r} does not exist", path=text)
    return resolved


def cache_dir() -> Path:
    """``$MCPFORGE_CACHE_DIR``, else ``$XDG_CACHE_HOME/mcpforge``, else ``~/.cache/mcpforge``."""
    explicit = os.environ.get("MCPFORGE_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "mcpforge"
