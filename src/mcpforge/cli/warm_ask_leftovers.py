"""What a warm ask whose client went away left running: ended by its reaper (issue 28).

The reaper (``cli/warm_ask_zygote.py``) ends the child's process group when the client goes. A process the
child started in a session of its own (a sandbox run is one: ``start_new_session``) is not in that group:
when the child dies it used to be handed to PID 1, and went on running until its own timeout (a container's
PID 1 may never even collect it). The reaper is therefore a *child subreaper* (``PR_SET_CHILD_SUBREAPER``):
whatever the child leaves is handed to the reaper instead, which ends it (SIGKILL) and collects it before
it reports. The resident warm sandbox (``residents.RESIDENT_SANDBOX_MODULE``), which a child may start,
is left alone: it is started on purpose to outlive the ask and serve the next ones. It is known by an
argument of its command line; a process forked from the child and not yet exec'd (a sandbox run being
set up) carries the child's command line, which names the warm ask's folder, so a folder is no mark.

Standard library only, as the rest of the warm ask path.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import time
from collections.abc import Iterable
from pathlib import Path

_PR_SET_CHILD_SUBREAPER = 36
LEFTOVER_SECONDS = 5.0


def become_subreaper() -> bool:
    """Make orphaned descendants of this process its children (Linux 3.4+); whether the kernel agreed."""
    try:
        return bool(ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def children_of(parent: int) -> dict[int, bytes]:
    """The live children of ``parent`` now, with their command lines (zombies have none and are left out)."""
    found: dict[int, bytes] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) != parent or fields[0] in {"Z", "X"}:
                continue
            found[int(entry.name)] = (entry / "cmdline").read_bytes()
        except (OSError, IndexError, ValueError):
            continue
    return found


def end_leftovers(keep: Iterable[str]) -> list[int]:
    """SIGKILL and collect this process's children that have none of ``keep`` as a whole argument, until
    none is left (a leftover's own children are handed here when it dies); the pids ended."""
    marks = [b"\0" + mark.encode() + b"\0" for mark in keep if mark]
    ended: list[int] = []
    deadline = time.monotonic() + LEFTOVER_SECONDS
    while time.monotonic() < deadline:
        _collect_dead()
        targets = [pid for pid, cmd in children_of(os.getpid()).items() if not any(m in cmd for m in marks)]
        if not targets:
            break
        for pid in targets:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        for pid in targets:
            with contextlib.suppress(ChildProcessError, OSError):
                os.waitpid(pid, 0)
        ended.extend(targets)
    _collect_dead()
    return ended


def _collect_dead() -> None:
    """Collect every child of this process that has already ended (live ones are not waited for)."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
