"""What the sandbox can do on this machine, for ``mcpforge doctor`` and ValidationReport."""

from __future__ import annotations

import os
from typing import Any

from mcpforge.config import SandboxConfig
from mcpforge.exceptions import SandboxUnavailableError
from mcpforge.sandbox import BACKENDS, auto_backend, get_sandbox
from mcpforge.sandbox._cgroup import cgroup_report
from mcpforge.sandbox._identity import sandbox_identity
from mcpforge.sandbox._kernel import landlock_abi, seccomp_available
from mcpforge.sandbox.warm import warm_available

# What each backend enforces, in the words of the property list.
PROPERTIES: dict[str, list[str]] = {
    "bwrap": [
        "fresh process per run",
        "never host root: bwrap runs as an unprivileged host uid (65534 when mcpforge is root)",
        "no network (own net namespace, seccomp: no socket of any family)",
        "reads: interpreter, libraries, code and the given data's regular files only (+ Landlock)",
        "no chmod/chown/utime/xattr; no renice, pinning or limits of other processes (seccomp)",
        "writes: size-capped tmpfs output dir streamed back without following symlinks",
        "empty environment; own pid namespace and /proc",
        "rlimits: memory, cpu, processes, open files, file size",
        "total memory and task count per run via cgroups (when writable)",
        "wall-clock kill of the whole pid namespace",
        "exec of other programs denied (seccomp + Landlock)",
    ],
    "unshare": [
        "fresh process per run",
        "never host root: unshare runs as an unprivileged host uid (65534 when mcpforge is root)",
        "no network (own net namespace, seccomp: no socket of any family)",
        "reads: interpreter, libraries, code and the given data's regular files only (Landlock)",
        "no chmod/chown/utime/xattr; no renice, pinning or limits of other processes (seccomp)",
        "writes: size-capped tmpfs output dir streamed back without following symlinks",
        "empty environment; own pid namespace and /proc; capabilities dropped",
        "rlimits: memory, cpu, processes, open files, file size",
        "total memory and task count per run via cgroups (when writable)",
        "wall-clock kill of the whole pid namespace",
        "exec of other programs denied (seccomp + Landlock)",
    ],
    "subprocess": [
        "fresh process per run, never as host root (65534 when mcpforge is root)",
        "empty environment",
        "rlimits: memory, cpu, open files, file size",
        "wall-clock kill of the process group",
        "NOT isolated: can read files and use the network",
    ],
}


def sandbox_report(config: SandboxConfig | None = None) -> dict[str, Any]:
    """Every backend with available yes/no and why, the kernel layers, and what ``auto`` would pick."""
    config = config or SandboxConfig()
    backends = []
    for name, backend in BACKENDS.items():
        ok, reason = backend.available()
        backends.append(
            {
                "name": name,
                "strong": backend.strong,
                "available": ok,
                "reason": reason,
                "enforces": PROPERTIES.get(name, []),
            }
        )
    abi = landlock_abi()
    seccomp_ok, seccomp_reason = seccomp_available()
    cgroups_ok, cgroups_reason = cgroup_report()
    ident = sandbox_identity()
    warm: dict[str, Any] = {"enabled": False, "reason": "no sandbox backend works here"}
    try:
        sandbox = get_sandbox(config)
        selected: str | None = sandbox.name
        error = None
        ok, why = warm_available(sandbox)
        reason = why if config.warm_calls else "sandbox.warm_calls is false"
        warm = {"enabled": ok and config.warm_calls, "reason": reason}
    except SandboxUnavailableError as exc:
        selected, error = None, str(exc)
    return {
        "configured_backend": config.backend,
        "allow_weak_fallback": config.allow_weak_fallback,
        "auto_choice": auto_backend()
        or ("subprocess (weak fallback)" if config.allow_weak_fallback else None),
        "selected": selected,
        "error": error,
        "runs_as": {
            "uid": ident.uid,
            "gid": ident.gid,
            "dropped_from_root": ident.dropped_from_root,
            "summary": ident.describe(),
        },
        "backends": backends,
        "warm_calls": warm,
        "layers": {
            "landlock": {"available": abi > 0, "abi": abi},
            "seccomp": {"available": seccomp_ok, "reason": seccomp_reason},
            "cgroups": {"available": cgroups_ok, "reason": cgroups_reason},
            "running_as_root": os.geteuid() == 0,
        },
    }
