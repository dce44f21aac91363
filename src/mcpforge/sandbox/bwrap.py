"""bubblewrap backend: fresh user, pid, net, ipc, uts and mount namespaces around a minimal read-only root.

Inside: the interpreter and its libraries read-only, the code directory read-only, each read path
read-only at its own path, a fresh ``/proc`` of the new pid namespace, a minimal ``/dev``, a
size-capped tmpfs ``/tmp`` and a size-capped tmpfs output directory that the in-sandbox supervisor
streams back to the host. No network device but loopback (of the new namespace), no environment from
the host, uid 65534. ``_confine.py`` adds rlimits, Landlock and seccomp before the script runs.

bwrap itself runs as the unprivileged host uid of ``_identity.py`` (never as root), so the sandbox's
uid 65534 maps onto that uid. A data directory is shown as its regular files only. Every data bind
comes from the descriptor pinned when the path was checked (``_pinned.py``), never from a host name.
"""

from __future__ import annotations

import functools
import os
import platform
import shutil
import subprocess
from collections.abc import Mapping
from pathlib import Path

from mcpforge.exceptions import SandboxError, SandboxUnavailableError
from mcpforge.sandbox._cgroup import RunCgroup
from mcpforge.sandbox._identity import Launcher, refuse, sandbox_identity
from mcpforge.sandbox._kernel import seccomp_arch
from mcpforge.sandbox._layout import (
    CONFINE_SCRIPT,
    SYSTEM_FILES,
    SYSTEM_LIB_DIRS,
    TEMPLATE_SCRIPT,
    DataLayout,
    confine_config,
    data_layout,
    prepare_workdir,
    python_layout,
    sandbox_env,
)
from mcpforge.sandbox._probe_cache import (
    binary_key,
    forget,
    identity_key,
    kernel_key,
    probed_twice,
    remembered,
    served_from_cache,
)
from mcpforge.sandbox._process import ProcessRun
from mcpforge.sandbox.base import RunningSandbox, Sandbox, SandboxRequest, SandboxResult

CODE_DIR = "/sandbox/code"
OUT_DIR = "/sandbox/out"
_UID = 65534


def _system_binds() -> list[str]:
    args: list[str] = []
    for path in SYSTEM_LIB_DIRS:
        if Path(path).is_symlink():
            args += ["--symlink", str(Path(path).readlink()), path]
        elif Path(path).is_dir():
            args += ["--ro-bind", path, path]
    for path in SYSTEM_FILES:
        if Path(path).is_file():
            args += ["--ro-bind", path, path]
    return args


def _data_args(
    data: DataLayout, views: Mapping[str, str], fds: list[int], *, by_fd: bool = True
) -> list[str]:
    """Each data directory as a read-only tmpfs holding binds of its regular files and nothing else.

    Every bind comes from the descriptor pinned when the path was checked, never from the host's name:
    as root, from the run's own view of it (``views``, :meth:`Launcher.expose_privately`); else
    the descriptor itself, given to bwrap as ``--ro-bind-fd`` (bwrap checks that what it mounted is
    that very inode and refuses to start otherwise). Each descriptor bwrap gets is appended to ``fds``
    (bwrap closes one per bind, so each bind has its own). A bwrap without ``--ro-bind-fd`` (before
    0.10, unless the distribution backported it) run by a normal user binds the checked real path by
    name: it then runs as that user and shows nothing that user could not read anyway.
    """

    def bind(real: str, dest: str) -> list[str]:
        if real in views:
            return ["--ro-bind", views[real], dest]
        if not by_fd:
            return ["--ro-bind", real, dest]
        fds.append(os.dup(data.pinned(real).fd))
        return ["--ro-bind-fd", str(fds[-1]), dest]

    real_paths = {real for real, _ in data.dirs} | {real for real, _ in data.files}
    dirs = [
        path
        for pair in data.dirs
        for path in dict.fromkeys(pair)
        if path == pair[0] or path not in real_paths
    ]
    tops = [d for d in dirs if not any(d.startswith(other.rstrip("/") + "/") for other in dirs)]
    args: list[str] = []
    for real, shown in data.whole:
        args += bind(real, real) + (bind(real, shown) if shown != real else [])
    for top in tops:
        args += ["--perms", "0755", "--tmpfs", top]
    for folder in dirs:
        if folder not in tops:
            args += ["--dir", folder]
    for real, shown in data.files:
        args += bind(real, real)
        if shown != real and shown not in real_paths:
            args += bind(real, shown)
    for top in tops:
        args += ["--remount-ro", top]
    return args


class BwrapSandbox(Sandbox):
    """Namespaces via bubblewrap, plus rlimits, Landlock (when the kernel has it) and seccomp."""

    name = "bwrap"
    strong = True

    def __init__(self, executable: str | None = None) -> None:
        found = executable or shutil.which("bwrap")
        if found is None:
            raise SandboxUnavailableError("bubblewrap (bwrap) is not installed")
        self._bwrap = found

    @classmethod
    def available(cls) -> tuple[bool, str]:
        return _probe(shutil.which("bwrap"))

    def _namespaces(
        self,
        request: SandboxRequest,
        *,
        code_dir: str,
        env: dict[str, str],
        data: DataLayout,
        views: Mapping[str, str],
        fds: list[int],
    ) -> list[str]:
        """The bwrap argv up to the command: namespaces, the read-only root, the data, the env.

        The descriptors the data binds need are appended to ``fds`` (the caller passes and closes them).
        """
        layout = python_layout()
        size = str(max(request.limits.max_output_bytes, 4096))
        argv = [
            self._bwrap,
            "--unshare-all",
            "--unshare-user",
            "--disable-userns",
            "--die-with-parent",
            "--new-session",
            "--clearenv",
            "--uid",
            str(_UID),
            "--gid",
            str(_UID),
            "--hostname",
            "sandbox",
            "--size",
            size,
            "--tmpfs",
            "/tmp",
            *_system_binds(),
        ]
        for root in layout.read_roots:
            argv += ["--ro-bind", root, root]
        argv += [
            "--proc",
            "/proc",
            "--dev",
            "/dev",
            "--ro-bind",
            code_dir,
            CODE_DIR,
            "--size",
            size,
            "--tmpfs",
            OUT_DIR,
        ]
        argv += _data_args(data, views, fds, by_fd=_binds_fds(self._bwrap))
        for key, value in env.items():
            argv += ["--setenv", key, value]
        return [*argv, "--chdir", CODE_DIR, "--"]

    def command(
        self,
        request: SandboxRequest,
        *,
        code_dir: str,
        channel_fd: int,
        env: dict[str, str],
        data: DataLayout,
        views: Mapping[str, str],
        fds: list[int],
    ) -> list[str]:
        """The bwrap argv for one run (its data descriptors appended to ``fds``)."""
        layout = python_layout()
        config = confine_config(
            limits=request.limits,
            channel_fd=channel_fd,
            code_dir=CODE_DIR,
            out_dir=OUT_DIR,
            read=[*SYSTEM_LIB_DIRS, *SYSTEM_FILES, *layout.read_roots, CODE_DIR, *data.roots],
            write=[OUT_DIR, "/tmp"],
            devices=["/dev"],
            landlock="auto",
        )
        argv = self._namespaces(request, code_dir=code_dir, env=env, data=data, views=views, fds=fds)
        return [*argv, layout.executable, "-I", "-B", str(CONFINE_SCRIPT), config]

    def spawn(self, request: SandboxRequest) -> RunningSandbox:
        return self._start(request, template_config=None, data=data_layout(request, sandbox_identity()))

    def run(self, request: SandboxRequest) -> SandboxResult:
        """As :meth:`Sandbox.run`; a sandbox set up from cached probes that fails to start (before any
        code ran) is probed afresh: tried once more when the probes now find something else, refused
        when bwrap no longer works here, else the failure stands."""
        before = self._facts()  # what the run is set up from (the run reads the same, no extra probe)
        cached = served_from_cache()
        try:
            return super().run(request)
        except SandboxError:
            if not cached:
                raise
            forget_probes()  # the run did (``on_start_failure``); again in case it failed earlier
            ok, why = _probe(self._bwrap)
            if not ok:
                raise refuse(sandbox_identity(), why) from None
            if self._facts() == before:
                raise
        return super().run(request)

    def _facts(self) -> tuple[object, ...]:
        return _probe(self._bwrap), _binds_fds(self._bwrap), python_layout()

    def spawn_template(self, request: SandboxRequest, template_config: str, data: DataLayout) -> ProcessRun:
        """Start the warm template (``_template.py``) in this backend's namespaces, mounts and cgroup.

        ``data`` is the layout of ``request.read_paths``, the data roots the template's calls may be
        given; ``template_config`` is its JSON argument. The caller talks to it over stdin/stdout
        (see ``warm.py``). The layout's descriptors are closed once the template has started.
        """
        return self._start(request, template_config=template_config, data=data)

    def _start(self, request: SandboxRequest, *, template_config: str | None, data: DataLayout) -> ProcessRun:
        """Start the run; ``data`` (and every descriptor made from it) is closed once bwrap has started."""
        launcher = Launcher(ident=sandbox_identity())
        fds: list[int] = []
        try:
            return self._launch(
                request, template_config=template_config, data=data, launcher=launcher, fds=fds
            )
        finally:
            for fd in fds:
                os.close(fd)
            launcher.close()
            data.close()

    def _launch(
        self,
        request: SandboxRequest,
        template_config: str | None,
        *,
        data: DataLayout,
        launcher: Launcher,
        fds: list[int],
    ) -> ProcessRun:
        ok, why = _probe(self._bwrap)
        if not ok:
            raise refuse(sandbox_identity(), why)
        workdir, code = prepare_workdir(request)
        env, _run_id = sandbox_env(OUT_DIR, "/tmp")
        channel: tuple[int, int] | None = None
        try:
            launcher.reveal(python_layout().read_roots)
            views = launcher.expose_privately(data, Path(workdir.name))
            if template_config is None:
                channel = os.pipe()
                os.set_inheritable(channel[1], True)
                argv = self.command(
                    request, code_dir=str(code), channel_fd=channel[1], env=env, data=data, views=views,
                    fds=fds,
                )  # fmt: skip
            else:
                argv = self._namespaces(request, code_dir=str(code), env=env, data=data, views=views, fds=fds)
                # Each warm call makes its own user, IPC and mount namespaces (``_template_call.py``)
                # before its seccomp filter forbids any further namespace; the template runs no tool.
                argv.remove("--disable-userns")
                argv += [python_layout().executable, "-I", "-B", str(TEMPLATE_SCRIPT), template_config]
        except BaseException:
            for fd in channel or ():
                os.close(fd)
            workdir.cleanup()
            raise
        limits = request.limits
        cgroup = RunCgroup.create(memory_mb=limits.memory_mb, max_processes=limits.max_processes, helpers=3)
        # bwrap itself gets an empty environment too: its pid-1 reaper keeps the environ it started with.
        return ProcessRun(
            backend=self.name,
            argv=argv,
            env={},
            cwd=code,
            limits=limits,
            workdir=workdir,
            stdin_data=request.stdin,
            channel=channel,
            cgroup=cgroup,
            launcher=launcher,
            pass_fds=tuple(fds),
            on_start_failure=forget_probes,
        )


@functools.cache
def _binds_fds(bwrap: str) -> bool:
    """Whether this bwrap has ``--ro-bind-fd`` with its check of the mounted inode (0.10, or a backport)."""
    key = {"bwrap": binary_key(bwrap)}
    return bool(remembered("bwrap-binds-fd", key, lambda: _ask_binds_fds(bwrap), keep=lambda _found: True))


def _ask_binds_fds(bwrap: str) -> bool:
    try:
        usage = subprocess.run([bwrap, "--help"], capture_output=True, timeout=30, check=False, env={})
    except (OSError, subprocess.SubprocessError):
        return False
    return b"--ro-bind-fd" in usage.stdout + usage.stderr


def forget_probes() -> None:
    """Forget what the probes found, here and in the user's cache: the next run probes afresh."""
    forget()
    _probe_kept.cache_clear()
    _binds_fds.cache_clear()
    python_layout.cache_clear()


def _probe(bwrap: str | None) -> tuple[bool, str]:
    """Whether bwrap makes its namespaces here, and the reason; a failure is never kept
    (:func:`~mcpforge.sandbox._probe_cache.probed_twice`)."""
    return probed_twice(_probe_kept, bwrap)


@functools.cache
def _probe_kept(bwrap: str | None) -> tuple[bool, str]:
    """Whether bwrap makes its namespaces here (a run of ``/usr/bin/true``), and the reason; a yes is
    kept in the user's cache (``_probe_cache.py``) until the kernel, bwrap or the user changes."""
    key = {
        "kernel": kernel_key(),
        "bwrap": binary_key(bwrap),
        "who": identity_key(),
        "binds": _system_binds(),
    }
    ok, why = remembered("bwrap", key, lambda: list(_probe_now(bwrap)), keep=lambda found: bool(found[0]))
    return bool(ok), str(why)


def _probe_now(bwrap: str | None) -> tuple[bool, str]:
    if bwrap is None:
        return False, "bubblewrap is not installed (apt-get install bubblewrap)"
    if seccomp_arch() is None:
        return (
            False,
            f"no seccomp syscall table for {platform.machine()!r}: exec and sockets cannot be denied",
        )
    argv = [
        bwrap,
        "--unshare-all",
        "--unshare-user",
        "--disable-userns",
        "--die-with-parent",
        "--uid",
        str(_UID),
        *_system_binds(),
        "--ro-bind",
        "/usr",
        "/usr",
        "--proc",
        "/proc",
        "--dev",
        "/dev",
        "--",
        "/usr/bin/true",
    ]
    ident = sandbox_identity()
    launcher = Launcher(ident=ident)
    try:
        proc = subprocess.run(
            argv,
            capture_output=True,
            timeout=30,
            env={},
            check=False,
            preexec_fn=launcher,
            cwd="/",
        )
    except (OSError, subprocess.SubprocessError) as exc:
        return False, f"bwrap cannot run as {ident.describe()}: {exc}"
    if proc.returncode != 0:
        why = proc.stderr.decode(errors="replace").strip()
        return False, f"bwrap cannot create namespaces as {ident.describe()}: {why}"
    return True, f"bubblewrap at {bwrap} (user, pid, net, ipc, uts, mount namespaces), as {ident.describe()}"
