"""Whether the top of a process tree is stopped (SIGSTOP, a debugger): read from ``/proc``, nothing sent.

A stopped warm template reads no request and writes no answer, yet it is alive: only its state says
so. Linux shows it as ``T`` (stopped by a signal) or ``t`` (stopped by a tracer) in ``/proc/PID/stat``.
"""

from __future__ import annotations

from pathlib import Path

_STOPPED_STATES = frozenset({"T", "t"})


def stopped_processes(root: int, *, depth: int) -> list[int]:
    """The pids among ``root`` and its descendants ``depth`` levels down that are stopped now."""
    stopped: list[int] = []
    level = [root]
    for _ in range(depth + 1):
        below: list[int] = []
        for pid in level:
            if _state(pid) in _STOPPED_STATES:
                stopped.append(pid)
            below.extend(_children(pid))
        level = below
    return stopped


def _state(pid: int) -> str | None:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace")
    except OSError:
        return None  # gone: not stopped
    # The name in parentheses may hold spaces and parentheses: the state follows the last ')'.
    fields = stat.rpartition(")")[2].split()
    return fields[0] if fields else None


def _children(pid: int) -> list[int]:
    children: list[int] = []
    try:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
    except OSError:
        return children
    for task in tasks:
        try:
            children.extend(int(child) for child in (task / "children").read_text(encoding="ascii").split())
        except (OSError, ValueError):
            continue
    return children
