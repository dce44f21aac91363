"""Linux namespaces through util-linux ``unshare`` with Landlock as the filesystem boundary.

For machines without bubblewrap: new user (mapped to root inside), mount, pid, net, ipc and uts
namespaces and a fresh ``/proc``. The host filesystem stays mounted, so Landlock is what confines
reads to the interpreter, the code directory and the read paths, and writes to two size-capped
tmpfs mounts (output and scratch) that exist only inside the run's mount namespace. The supervisor
drops every capability of the child before the script runs; seccomp blocks mount, unshare, setns,
ptrace, exec and every socket. Without Landlock this backend reports itself unavailable.

``unshare`` runs as the unprivileged host uid of ``_identity.py``, so ``--map-root-user`` maps root
of the new user namespace onto that uid, never onto host root. A data directory is readable as its
regular files only (Landlock grants the directories for listing and each regular file for reading).

Paths are resolved once where mcpforge (as root) mounts or copies: data under a directory closed to
the sandbox uid, and private copies of files it may not read, come from the descriptors pinned at the
check. The run itself still opens the host's names (confined by Landlock to the rules made from them at
start); bwrap, which shows nothing but the pinned files, is the backend that keeps the rule whole.
"""

from __future__ import annotations

import functools
import os
import platform
import shutil
import subprocess
from pathlib import Path

from mcpforge.exceptions import SandboxUnavailableError
from mcpforge.sandbox import _kernel
from mcpforge.sandbox._cgroup import RunCgroup
from mcpforge.sandbox._identity import Launcher, refuse, sandbox_identity
from mcpforge.sandbox._layout import (
    CONFINE_SCRIPT,
    SYSTEM_FILES,
    SYSTEM_LIB_DIRS,
    DataLayout,
    confine_config,
    data_layout,
    prepare_workdir,
    python_layout,
    sandbox_env,
)
from mcpforge.sandbox._probe_cache import probed_twice
from mcpforge.sandbox._process import ProcessRun
from mcpforge.sandbox.base import RunningSandbox, Sandbox, SandboxRequest

_DEVICES = ["/dev/null", "/dev/zero", "/dev/random", "/dev/urandom"]
_NAMESPACES = [
    "--user",
    "--map-root-user",
    "--net",
    "--pid",
    "--ipc",
    "--uts",
    "--mount",
    "--fork",
    "--mount-proc",
]


class UnshareSandbox(Sandbox):
    """Namespaces via ``unshare`` + Landlock + seccomp + rlimits (+ cgroups when writable)."""

    name = "unshare"
    strong = True

    def __init__(self) -> None:
        found = shutil.which("unshare")
        if found is None:
            raise SandboxUnavailableError("util-linux unshare is not installed")
        self._unshare = found

    @classmethod
    def available(cls) -> tuple[bool, str]:
        return _probe(shutil.which("unshare"))

    def spawn(self, request: SandboxRequest) -> RunningSandbox:
        ok, why = _probe(self._unshare)
        if not ok:
            raise refuse(sandbox_identity(), why)
        data = data_layout(request, sandbox_identity())
        launcher = Launcher(ident=sandbox_identity())
        try:
            return self._launch(request, data, launcher)
        finally:  # the child holds its mounts now; the descriptors they came from are not needed
            launcher.close()
            data.close()

    def _launch(self, request: SandboxRequest, data: DataLayout, launcher: Launcher) -> RunningSandbox:
        workdir, code = prepare_workdir(request)
        out_dir, scratch = code.parent / "out", code.parent / "tmp"
        out_dir.mkdir()
        scratch.mkdir()
        env, _run_id = sandbox_env(str(out_dir), str(scratch))
        env["TMPDIR"] = str(scratch)
        limits = request.limits
        layout = python_layout()
        read_fd, write_fd = os.pipe()
        os.set_inheritable(write_fd, True)
        try:
            launcher.reveal(layout.read_roots)
            launcher.expose_data(data, Path(workdir.name), at_shown=True)
            config = confine_config(
                limits=limits,
                channel_fd=write_fd,
                code_dir=str(code),
                out_dir=str(out_dir),
                read=[*SYSTEM_LIB_DIRS, *SYSTEM_FILES, *layout.read_roots, str(code)]
                + [real for real, _ in [*data.whole, *data.files]],
                list_only=[real for real, _ in data.dirs],
                write=[str(out_dir), str(scratch)],
                devices=_DEVICES,
                landlock="required",
                mount_tmpfs=[str(out_dir), str(scratch)],
                drop_caps=True,
            )
        except BaseException:
            os.close(read_fd)
            os.close(write_fd)
            workdir.cleanup()
            raise
        argv = [
            self._unshare,
            *_NAMESPACES,
            "--kill-child",
            "--",
            layout.executable,
            "-I",
            "-B",
            str(CONFINE_SCRIPT),
            config,
        ]
        cgroup = RunCgroup.create(memory_mb=limits.memory_mb, max_processes=limits.max_processes, helpers=2)
        return ProcessRun(
            backend=self.name,
            argv=argv,
            env=env,
            cwd=code,
            limits=limits,
            workdir=workdir,
            stdin_data=request.stdin,
            channel=(read_fd, write_fd),
            cgroup=cgroup,
            launcher=launcher,
        )


def _probe(unshare: str | None) -> tuple[bool, str]:
    """Whether unshare makes its namespaces here, and the reason; a failure is never kept
    (:func:`~mcpforge.sandbox._probe_cache.probed_twice`)."""
    return probed_twice(_probe_kept, unshare)


@functools.cache
def _probe_kept(unshare: str | None) -> tuple[bool, str]:
    """Whether unshare makes its namespaces here (a run of ``/bin/true``); kept in memory when it does."""
    if unshare is None:
        return False, "util-linux unshare is not installed"
    if _kernel.seccomp_arch() is None:
        return (
            False,
            f"no seccomp syscall table for {platform.machine()!r}: exec and sockets cannot be denied",
        )
    abi = _kernel.landlock_abi()
    if abi < 1:
        return False, "Landlock is not enabled in this kernel (needed as the filesystem boundary)"
    ident = sandbox_identity()
    launcher = Launcher(ident=ident)
    try:
        proc = subprocess.run(
            [unshare, *_NAMESPACES, "--", "/bin/true"],
            capture_output=True,
            timeout=30,
            env={},
            check=False,
            preexec_fn=launcher,
            cwd="/",
        )
    except (OSError, subprocess.SubprocessError) as exc:
        return False, f"unshare cannot run as {ident.describe()}: {exc}"
    if proc.returncode != 0:
        why = proc.stderr.decode(errors="replace").strip()
        return False, f"user namespaces are not usable as {ident.describe()}: {why}"
    return (
        True,
        f"unshare at {unshare} (user, pid, net, ipc, uts, mount namespaces) + Landlock ABI {abi}, "
        f"as {ident.describe()}",
    )
