"""What the sandbox can do on this machine, for ``mcpforge doctor`` and ValidationReport."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path
from typing import Any

from mcpforge.config import SandboxConfig
from mcpforge.exceptions import SandboxError, SandboxUnavailableError
from mcpforge.sandbox import BACKENDS, Sandbox, auto_backend, get_sandbox, limits_from_config
from mcpforge.sandbox._cgroup import cgroup_report
from mcpforge.sandbox._identity import sandbox_identity
from mcpforge.sandbox._kernel import landlock_abi, seccomp_available
from mcpforge.sandbox.bwrap import BwrapSandbox, forget_probes
from mcpforge.sandbox.warm import WarmCalls, warm_available

_PROBE_TOOL = (
    "from mcpforge.runtime import mcp\n\n@mcp.tool()\ndef probe(file_path: str) -> str:\n"
    "    return open(file_path, encoding='utf-8').read()\n"
)

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


def sandbox_report(config: SandboxConfig | None = None, *, live: bool = False) -> dict[str, Any]:
    """Every backend with available yes/no and why, the kernel layers, and what ``auto`` would pick.

    Probed now, not read from the user's cache of probes (``_probe_cache.py``), which this refreshes."""
    forget_probes()
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
        if warm["enabled"] and live:
            warm["probe"] = warm_probe(sandbox, config)
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


def warm_probe(sandbox: Sandbox, config: SandboxConfig) -> dict[str, Any]:
    """Start a warm template here and now and make one call in it: whether it works, and how long it took.

    What ``serve`` would meet: a template that cannot start on this machine turns warm calls off for a
    while (and they come back by themselves); this says so before a client notices.
    """
    if not isinstance(sandbox, BwrapSandbox):
        return {"ok": False, "detail": f"no warm template for the {sandbox.name!r} backend"}
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="mcpforge-doctor-") as folder:
        root = Path(folder)
        root.chmod(0o755)
        data = root / "probe.txt"
        data.write_text("warm", encoding="utf-8")
        data.chmod(0o644)
        calls = WarmCalls(sandbox, [root], limits_from_config(config, timeout_seconds=30), size=1)
        try:
            outcome = calls.call_tool(_PROBE_TOOL, {"file_path": str(data)}, read_paths=[data])
            status = calls.status()
        except SandboxError as exc:
            return {"ok": False, "detail": f"the warm template refused to run a call: {exc}"}
        finally:
            calls.close()
    seconds = round(time.monotonic() - started, 2)
    if outcome is None:
        return {
            "ok": False,
            "seconds": seconds,
            "detail": f"the warm template did not start: {status['reason']}",
        }
    if not outcome.ok or (outcome.markdown or "").strip() != "warm":
        return {"ok": False, "seconds": seconds, "detail": f"the probe call failed: {outcome.error}"}
    return {
        "ok": True,
        "seconds": seconds,
        "detail": f"a template started and answered a call in {seconds:g} s",
    }
