"""Reading what a sandboxed run left behind, on the host, without following symlinks."""

from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

_MAX_HEADER = 8192
MAX_OUTPUT_FILES = 1000  # the same cap as the in-sandbox supervisor's, plus room for its notes


def collect_outputs(out_dir: Path, max_bytes: int) -> dict[str, bytes]:
    """Regular files under ``out_dir``, read without following symlinks, up to ``max_bytes`` in total."""
    outputs: dict[str, bytes] = {}
    total = 0
    for root, _dirs, names in os.walk(out_dir, followlinks=False):
        for name in sorted(names):
            path = Path(root) / name
            try:
                fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
            except OSError:
                continue  # symlinks and unreadable entries are not collected
            with os.fdopen(fd, "rb") as handle:
                if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                    continue
                data = handle.read(max_bytes - total + 1)
            if total + len(data) > max_bytes:
                return outputs
            total += len(data)
            outputs[str(path.relative_to(out_dir))] = data
    return outputs


@dataclass(kw_only=True)
class ChannelReport:
    """What the in-sandbox supervisor (``_confine.py``) sent back over the channel."""

    outputs: dict[str, bytes] = field(default_factory=dict)
    skipped: dict[str, str] = field(default_factory=dict)
    status: dict[str, Any] | None = None
    protocol_error: str | None = None


def read_channel(stream: IO[bytes], max_bytes: int, report: ChannelReport) -> None:
    """Parse channel records into ``report``; never keeps more than ``max_bytes`` of file data."""
    total = 0
    while True:
        line = stream.readline(_MAX_HEADER)
        if not line:
            return
        try:
            header = json.loads(line)
            kind = header["kind"]
        except (ValueError, KeyError, TypeError):
            report.protocol_error = "malformed channel record"
            return
        if len(report.outputs) + len(report.skipped) > MAX_OUTPUT_FILES + 1:
            report.protocol_error = "too many output records"
            return
        if kind == "file":
            size = int(header["size"])
            name = str(header["name"])
            if size < 0 or total + size > max_bytes or name.startswith("/") or ".." in Path(name).parts:
                report.protocol_error = f"refused output {name!r}"
                return
            data = stream.read(size)
            total += len(data)
            report.outputs[name] = data
        elif kind == "skipped":
            report.skipped[str(header.get("name"))] = str(header.get("why"))
        elif kind == "status":
            report.status = header
