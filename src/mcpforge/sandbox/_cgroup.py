"""A throwaway cgroup per run: total memory of the whole tree and a hard process/thread count.

rlimits are per process (RLIMIT_AS) or per uid (RLIMIT_NPROC, which the kernel does not enforce for
host root), so when mcpforge may create cgroups (root, or a delegated subtree) each run gets its own
``memory`` and ``pids`` group. Without that the rlimits alone apply and ``doctor`` says so.
"""

from __future__ import annotations

import contextlib
import os
import signal
import uuid
from dataclasses import dataclass
from pathlib import Path

_V1_FILES = {"memory": "memory.limit_in_bytes", "pids": "pids.max"}
_V2_FILES = {"memory": "memory.max", "pids": "pids.max"}


@dataclass(frozen=True, kw_only=True)
class _Controller:
    name: str
    base: Path  # the cgroup this process is in, for that controller
    v2: bool


def _mount_points() -> tuple[dict[str, Path], Path | None]:
    """Mount points of the v1 ``memory``/``pids`` hierarchies and of the v2 unified hierarchy."""
    mounts: dict[str, Path] = {}
    unified: Path | None = None
    for line in Path("/proc/self/mountinfo").read_text(encoding="utf-8").splitlines():
        left, _, right = line.partition(" - ")
        fields, extra = left.split(), right.split()
        if len(fields) < 5 or len(extra) < 3:
            continue
        if extra[0] == "cgroup2":
            unified = Path(fields[4])
        elif extra[0] == "cgroup":
            mounts.update({option: Path(fields[4]) for option in extra[2].split(",") if option in _V1_FILES})
    return mounts, unified


def _v2_controllers(base: Path) -> list[str]:
    try:
        enabled = (base / "cgroup.subtree_control").read_text(encoding="utf-8").split()
    except OSError:
        return []
    return [name for name in _V2_FILES if name in enabled]


def _own_cgroups() -> dict[str, _Controller]:
    """Writable parent cgroups for ``memory`` and ``pids`` (v1 hierarchies or v2 with them enabled)."""
    try:
        mounts, unified = _mount_points()
        membership = Path("/proc/self/cgroup").read_text(encoding="utf-8").splitlines()
    except OSError:
        return {}
    found: dict[str, _Controller] = {}
    for line in membership:
        _hid, controllers, path = line.split(":", 2)
        rel = path.lstrip("/")
        for name in controllers.split(","):
            if name in mounts:
                found[name] = _Controller(name=name, base=mounts[name] / rel, v2=False)
        if controllers == "" and unified is not None:
            for name in _v2_controllers(unified / rel):
                found.setdefault(name, _Controller(name=name, base=unified / rel, v2=True))
    return {name: c for name, c in found.items() if os.access(c.base, os.W_OK)}


@dataclass(frozen=True, kw_only=True)
class RunCgroup:
    """The cgroups of one run; ``enter`` is called in the child before it execs the sandbox."""

    paths: dict[str, Path]
    memory_bytes: int

    @classmethod
    def create(cls, *, memory_mb: int, max_processes: int, helpers: int) -> RunCgroup | None:
        """New cgroups with the limits applied, or None when this process may not create them.

        ``helpers`` is the number of trusted processes of the backend in the group (bwrap, its
        reaper, the in-sandbox supervisor), so the untrusted code gets exactly ``max_processes`` tasks.
        """
        name = f"mcpforge-{uuid.uuid4().hex[:12]}"
        paths: dict[str, Path] = {}
        values = {"memory": str(memory_mb * 1024 * 1024), "pids": str(max_processes + helpers)}
        for controller in _own_cgroups().values():
            path = controller.base / name
            files = _V2_FILES if controller.v2 else _V1_FILES
            try:
                path.mkdir()
                paths[controller.name] = path
                (path / files[controller.name]).write_text(values[controller.name], encoding="utf-8")
            except OSError:
                continue
        if not paths:
            return None
        return cls(paths=paths, memory_bytes=memory_mb * 1024 * 1024)

    def enter(self) -> None:
        """Move the calling process into the run's cgroups (its children follow)."""
        pid = str(os.getpid())
        for path in self.paths.values():
            (path / "cgroup.procs").write_text(pid, encoding="utf-8")

    def memory_exhausted(self) -> bool:
        """Whether the run hit its total memory limit (the kernel OOM-killed something in it)."""
        path = self.paths.get("memory")
        if path is None:
            return False
        for name in ("memory.failcnt", "memory.events"):
            with contextlib.suppress(OSError, ValueError):
                text = (path / name).read_text(encoding="utf-8")
                if name == "memory.failcnt":
                    return int(text.strip()) > 0
                counts = dict(line.split() for line in text.splitlines() if line)
                return int(counts.get("oom_kill", "0")) > 0 or int(counts.get("max", "0")) > 0
        return False

    def oom_kills(self) -> int:
        """How many processes the kernel OOM-killed in the run so far (0 without cgroup v2 events)."""
        path = self.paths.get("memory")
        if path is None:
            return 0
        with contextlib.suppress(OSError, ValueError):
            text = (path / "memory.events").read_text(encoding="utf-8")
            return int(dict(line.split() for line in text.splitlines() if line).get("oom_kill", "0"))
        return 0

    def kill_all(self) -> None:
        """SIGKILL every process still in the run's cgroups."""
        for path in self.paths.values():
            with contextlib.suppress(OSError):
                for pid in (path / "cgroup.procs").read_text(encoding="utf-8").split():
                    with contextlib.suppress(ProcessLookupError, PermissionError, ValueError):
                        os.kill(int(pid), signal.SIGKILL)

    def remove(self) -> None:
        """Delete the cgroups (after the processes in them are gone)."""
        for path in self.paths.values():
            with contextlib.suppress(OSError):
                path.rmdir()


def cgroup_report() -> tuple[bool, str]:
    """Whether per-run cgroups can be created here, for ``doctor``."""
    group = RunCgroup.create(memory_mb=64, max_processes=8, helpers=0)
    if group is None:
        return False, "no writable memory/pids cgroup: total memory and process count rely on rlimits"
    group.remove()
    return True, f"per-run cgroups for {', '.join(sorted(group.paths))}"
