"""Data files parsed once by the warm sandbox template, handed to every call forked after that.

Only the template (``sandbox/_template.py``, trusted code, inside the sandbox) fills this cache, with
the runtime's own loader; the forked calls read it (each gets its own deep copy of the frame, in its
own copy of the template's memory, which it throws away). An entry is used only while the file is
exactly the one parsed (device, inode, size, modification and change times) and only for the same
loader arguments and dataset limits. A call records which loads it made, so the template can parse
them after answering, for the next call of the same kind. Outside a warm template nothing here is
switched on and the loader behaves as if this module did not exist.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from mcpforge.runtime._settings import get_settings

MAX_FILE_BYTES = 32 * 1024 * 1024  # bigger files are parsed by each call (and rarely served warm)
MAX_CACHED_BYTES = 256 * 1024 * 1024  # parsed frames kept, least recently used dropped first
MAX_RECORDED = 4

_Identity = tuple[int, int, int, int, int]
_entries: OrderedDict[tuple[Any, ...], tuple[_Identity, pd.DataFrame, int]] = OrderedDict()


@dataclass
class _Recording:
    on: bool = False
    loads: list[dict[str, Any]] = field(default_factory=list)


_recording = _Recording()


def _identity(path: str) -> _Identity | None:
    try:
        st = Path(path).stat()
    except OSError:
        return None
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def _plain(value: Any) -> Any:
    return tuple(str(item) for item in value) if isinstance(value, list | tuple) else value


def _key(path: str, arguments: dict[str, Any]) -> tuple[Any, ...]:
    settings = get_settings()
    limits = (settings.max_rows, settings.max_cols, settings.max_memory_mb)
    return (os.path.realpath(path), tuple(sorted((k, _plain(v)) for k, v in arguments.items())), limits)


def active() -> bool:
    """Whether this process is a warm template or one of its calls (elsewhere the loader skips the cache)."""
    return _recording.on or bool(_entries)


def start_recording() -> None:
    """In a call forked from the template: note each load (reported back with the call's result)."""
    _recording.on = True
    _recording.loads.clear()


def recorded() -> list[dict[str, Any]]:
    """The loads this call made, as ``{"path": str, "arguments": {...}}``."""
    return list(_recording.loads)


def lookup(path: str, arguments: dict[str, Any]) -> pd.DataFrame | None:
    """A deep copy of the frame parsed from this very file (an allowed, resolved path) with these
    arguments, or None."""
    if _recording.on and len(_recording.loads) < MAX_RECORDED:
        _recording.loads.append({"path": path, "arguments": arguments})
    if not _entries:
        return None
    key = _key(path, arguments)
    entry = _entries.get(key)
    if entry is None:
        return None
    identity, frame, _size = entry
    if _identity(key[0]) != identity:
        del _entries[key]
        return None
    copy = frame.copy(deep=True)
    copy.attrs = {name: list(value) if isinstance(value, list) else dict(value) if isinstance(value, dict)
                  else value for name, value in frame.attrs.items()}  # fmt: skip
    return copy


# What a reported load may carry: the loader's keyword arguments and the type each must have.
ARGUMENT_TYPES: dict[str, tuple[type, ...]] = {
    "auto_expand_json": (bool,),
    "max_rows": (int, type(None)),
    "delimiter": (str, type(None)),
    "encoding": (str, type(None)),
    "convert_types": (bool,),
    "columns": (list, type(None)),
    "sheet": (str, type(None)),
    "table": (str, type(None)),
}


def well_formed(arguments: Any) -> bool:
    """Whether a load reported by a call (untrusted) names only loader arguments of the right types."""
    if not isinstance(arguments, dict) or set(arguments) != set(ARGUMENT_TYPES):
        return False
    if not all(isinstance(arguments[name], kinds) for name, kinds in ARGUMENT_TYPES.items()):
        return False
    columns = arguments["columns"]
    return columns is None or (len(columns) <= 10_000 and all(isinstance(c, str) for c in columns))


def remember(path: str, arguments: dict[str, Any], load: Any) -> bool:
    """In the template: parse ``path`` with ``load(**arguments)`` and keep the frame; False when not kept.

    Files past ``MAX_FILE_BYTES``, files that changed while they were read and frames that would not
    fit are not kept; a loader error propagates to the caller.
    """
    real = os.path.realpath(path)
    before = _identity(real)
    if before is None or before[2] > MAX_FILE_BYTES:
        return False
    key = _key(real, arguments)
    if key in _entries and _entries[key][0] == before:
        return True
    frame = load(real, **arguments)
    if _identity(real) != before:
        return False
    size = int(frame.memory_usage(deep=True).sum())
    if size > MAX_CACHED_BYTES:
        return False
    _entries[key] = (before, frame, size)
    _entries.move_to_end(key)
    while sum(entry[2] for entry in _entries.values()) > MAX_CACHED_BYTES:
        _entries.popitem(last=False)
    return True
