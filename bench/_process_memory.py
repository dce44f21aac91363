"""Peak resident memory of a process and of its descendants, read from /proc while it runs, and the CPU
time of the whole tree (every descendant is waited for by its parent, so its time adds up to ours).

Each process's VmHWM (its own resident high-water mark) is read every few milliseconds, so a child that
lives a second is seen with its true peak as long as it is sampled once before it exits. Sandboxed
children live in their own pid namespace but are descendants in the host's /proc, so they are seen too.
"""

from __future__ import annotations

import resource
import subprocess
import threading
import time
from dataclasses import dataclass
from pathlib import Path

_POLL_SECONDS = 0.02


@dataclass(frozen=True, kw_only=True)
class TreeMemory:
    """Peaks in MB: the process itself, its largest descendant, and the whole tree at one moment."""

    main_mb: float
    child_mb: float
    tree_mb: float


def _status(pid: int) -> dict[str, str]:
    try:
        text = Path(f"/proc/{pid}/status").read_text(encoding="ascii", errors="replace")
    except OSError:
        return {}
    return dict(line.split(":", 1) for line in text.splitlines() if ":" in line)


def _kb(value: str | None) -> float:
    return float(value.split()[0]) / 1024 if value else 0.0


def _children(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            text = (task / "children").read_text(encoding="ascii")
        except OSError:
            continue
        found += [int(child) for child in text.split()]
    return found


def _descendants(pid: int) -> list[int]:
    seen, stack = [], _children(pid)
    while stack:
        child = stack.pop()
        seen.append(child)
        stack += _children(child)
    return seen


@dataclass(frozen=True, kw_only=True)
class Measured:
    """One run: its result, wall and CPU seconds (the whole process tree) and memory peaks."""

    done: subprocess.CompletedProcess[str]
    seconds: float
    cpu_seconds: float
    memory: TreeMemory


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_measured(command: list[str], *, timeout: float, cwd: Path | None = None) -> Measured:
    """Run ``command`` to the end (one at a time: the CPU time is our children's total before and after)."""
    cpu_before = _children_cpu()
    started = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    peaks: dict[int, float] = {}
    main = [0.0]
    tree = [0.0]
    stop = threading.Event()

    def sample() -> None:
        while not stop.is_set():
            main[0] = max(main[0], _kb(_status(process.pid).get("VmHWM")))
            total = _kb(_status(process.pid).get("VmRSS"))
            for child in _descendants(process.pid):
                status = _status(child)
                peaks[child] = max(peaks.get(child, 0.0), _kb(status.get("VmHWM")))
                total += _kb(status.get("VmRSS"))
            tree[0] = max(tree[0], total)
            stop.wait(_POLL_SECONDS)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    try:
        out, err = process.communicate(timeout=timeout)
    finally:
        stop.set()
        sampler.join()
    elapsed = time.perf_counter() - started
    done = subprocess.CompletedProcess(command, process.returncode, out, err)
    memory = TreeMemory(main_mb=main[0], child_mb=max(peaks.values(), default=0.0), tree_mb=tree[0])
    return Measured(done=done, seconds=elapsed, cpu_seconds=_children_cpu() - cpu_before, memory=memory)
