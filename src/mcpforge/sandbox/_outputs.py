"""Reading what a sandboxed run left behind, on the host, as hostile bytes.

Every record from the in-sandbox supervisor is framed by a fixed prefix (header length, body length),
so a header that is malformed, oversized or names a file badly is skipped with its body and a note,
and the records after it (the run's status above all) still arrive. Output names must be strict UTF-8
without control characters, relative and without ``..``; anything else is dropped with a note that
shows the name escaped.
"""

from __future__ import annotations

import json
import os
import stat
import struct
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

PREFIX = struct.Struct(">IQ")  # header length, body length (the same struct as _confine.py's)
MAX_HEADER = 64 * 1024
MAX_OUTPUT_FILES = 1000  # the same cap as the in-sandbox supervisor's, plus room for its notes
_MAX_WHY = 200
_CHUNK = 1 << 16


def display_name(raw: bytes) -> str:
    """A printable, escaped rendering of any name (for notes about names that were dropped)."""
    text = raw.decode("utf-8", "backslashreplace")
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)


def checked_name(raw: bytes) -> str | None:
    """``raw`` as a safe relative output name, or None when it must be dropped."""
    try:
        name = raw.decode("utf-8", "strict")
    except UnicodeDecodeError:
        return None
    if not name or name.startswith("/") or ".." in Path(name).parts:
        return None
    if any(unicodedata.category(ch)[0] == "C" or ch in "\u2028\u2029" for ch in name):
        return None
    return name


def collect_outputs(out_dir: Path, max_bytes: int) -> tuple[dict[str, bytes], dict[str, str]]:
    """Regular files under ``out_dir`` (no symlinks followed, up to ``max_bytes``) and the dropped ones."""
    outputs: dict[str, bytes] = {}
    skipped: dict[str, str] = {}
    total = 0
    for root, _dirs, names in os.walk(out_dir, followlinks=False):
        for name in sorted(names):
            path = Path(root) / name
            raw = os.fsencode(path.relative_to(out_dir))
            safe = checked_name(raw)
            if safe is None:
                skipped[display_name(raw)] = "name is not UTF-8 or holds control characters"
                continue
            try:
                fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
            except OSError:
                skipped[safe] = "not a regular file"
                continue
            with os.fdopen(fd, "rb") as handle:
                if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                    skipped[safe] = "not a regular file"
                    continue
                data = handle.read(max_bytes - total + 1)
            if total + len(data) > max_bytes:
                skipped[safe] = "output size limit reached"
                return outputs, skipped
            total += len(data)
            outputs[safe] = data
    return outputs, skipped


@dataclass(kw_only=True)
class ChannelReport:
    """What the in-sandbox supervisor (``_confine.py``) sent back over the channel."""

    outputs: dict[str, bytes] = field(default_factory=dict)
    skipped: dict[str, str] = field(default_factory=dict)
    status: dict[str, Any] | None = None
    protocol_error: str | None = None


def _read_exact(stream: IO[bytes], size: int) -> bytes | None:
    data = stream.read(size)
    return data if data is not None and len(data) == size else None


def _discard(stream: IO[bytes], size: int) -> bool:
    while size > 0:
        chunk = stream.read(min(size, _CHUNK))
        if not chunk:
            return False
        size -= len(chunk)
    return True


def _status(header: dict[str, Any]) -> dict[str, Any] | None:
    code, sig, error = header.get("exit_code"), header.get("signal"), header.get("setup_error")
    if type(code) is not int or not -(2**31) <= code < 2**31:
        return None
    if sig is not None and (type(sig) is not int or not 0 < sig < 128):
        return None
    if error is not None and not isinstance(error, str):
        return None
    return {
        "exit_code": code,
        "signal": sig,
        "setup_error": error and display_name(error.encode())[:_MAX_WHY],
    }


def _name_of(header: dict[str, Any]) -> bytes | None:
    value = header.get("name")
    if not isinstance(value, str):
        return None
    try:
        return bytes.fromhex(value)
    except ValueError:
        return None


def _read_header(stream: IO[bytes], head_len: int) -> tuple[bool, Any]:
    """(stream still in step, the parsed header or None when it is malformed or oversized)."""
    if head_len > MAX_HEADER:
        return _discard(stream, head_len), None
    head = _read_exact(stream, head_len)
    if head is None:
        return False, None
    try:
        return True, json.loads(head)
    except ValueError:
        return True, None


def _file_record(
    stream: IO[bytes], header: dict[str, Any], body_len: int, room: int, report: ChannelReport
) -> int | None:
    """Take one file record: bytes kept (its body read), 0 when it was noted as skipped, None at EOF."""
    raw = _name_of(header)
    name = checked_name(raw) if raw is not None else None
    if name is not None and body_len <= room:
        data = _read_exact(stream, body_len)
        if data is None:
            return None
        report.outputs[name] = data
        return len(data)
    why = "output size limit reached" if name else "name is not UTF-8 or holds control characters"
    report.skipped[display_name(raw or b"?")[:_MAX_WHY]] = why
    return 0 if _discard(stream, body_len) else None


def read_channel(stream: IO[bytes], max_bytes: int, report: ChannelReport) -> None:
    """Parse channel records into ``report``; never keeps more than ``max_bytes`` of file data."""
    total = 0
    records = 0
    while prefix := stream.read(PREFIX.size):
        if len(prefix) != PREFIX.size:
            break
        head_len, body_len = PREFIX.unpack(prefix)
        records += 1
        in_step, header = _read_header(stream, head_len)
        if not in_step:
            break
        kind = header.get("kind") if isinstance(header, dict) else None
        noted = records <= MAX_OUTPUT_FILES + 1
        if kind == "file" and noted:
            kept = _file_record(stream, header, body_len, max_bytes - total, report)
            if kept is None:
                break
            total += kept
            continue
        if kind == "skipped" and noted:
            why = display_name(str(header.get("why")).encode())[:_MAX_WHY]
            report.skipped[display_name(_name_of(header) or b"?")[:_MAX_WHY]] = why
        elif kind == "status" and (status := _status(header)) is not None:
            report.status = status
        elif noted:
            report.skipped[f"record {records}"] = "malformed or oversized channel record skipped"
        if not _discard(stream, body_len):
            break
    else:
        return
    report.protocol_error = "truncated channel record"
