"""The weak fallback: a plain child process with rlimits, an empty environment and a wall-clock kill.

It does not stop the code from reading files or using the network, so it runs only when
``sandbox.allow_weak_fallback`` is set, and every use says so on stderr.
"""

from __future__ import annotations

import os
import resource
import sys
from pathlib import Path

from mcpforge.sandbox._identity import Launcher, sandbox_identity
from mcpforge.sandbox._layout import (
    DataLayout,
    data_layout,
    prepare_workdir,
    python_layout,
    sandbox_env,
)
from mcpforge.sandbox._outputs import collect_outputs
from mcpforge.sandbox._process import ProcessRun
from mcpforge.sandbox.base import RunningSandbox, Sandbox, SandboxLimits, SandboxRequest

__all__ = ["SubprocessSandbox", "collect_outputs"]

_OUTPUT_DIR_NAME = "out"
# Same start as the strong backends: the code directory first on sys.path, the script as __main__.
_BOOT = (
    "import runpy, sys; sys.path.insert(0, {code!r}); sys.argv[:] = ['__main__.py']; "
    "runpy.run_path('__main__.py', run_name='__main__')"
)


def _limit_child(limits: SandboxLimits) -> None:
    """preexec_fn: rlimits (the process group for the tree kill comes from ``start_new_session``)."""
    memory = limits.memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    resource.setrlimit(resource.RLIMIT_CPU, (limits.cpu_seconds, limits.cpu_seconds + 1))
    resource.setrlimit(resource.RLIMIT_NOFILE, (limits.max_open_files, limits.max_open_files))
    resource.setrlimit(resource.RLIMIT_FSIZE, (limits.max_output_bytes, limits.max_output_bytes))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


class SubprocessSandbox(Sandbox):
    """Weak isolation: rlimits and a clean environment only."""

    name = "subprocess"
    strong = False

    @classmethod
    def available(cls) -> tuple[bool, str]:
        return True, "always available (weak: no filesystem or network isolation)"

    def spawn(self, request: SandboxRequest) -> RunningSandbox:
        print("mcpforge: WARNING: running untrusted code in the weak subprocess sandbox", file=sys.stderr)
        data = data_layout(request, sandbox_identity())
        launcher = Launcher(ident=sandbox_identity())
        try:
            return self._launch(request, data, launcher)
        finally:  # the child holds its mounts now; the descriptors they came from are not needed
            launcher.close()
            data.close()

    def _launch(self, request: SandboxRequest, data: DataLayout, launcher: Launcher) -> RunningSandbox:
        workdir, code = prepare_workdir(request)
        out_dir = code.parent / _OUTPUT_DIR_NAME
        out_dir.mkdir()
        limits = request.limits
        # Never as root: the weak backend drops to the same unprivileged uid, writing only its out dir.
        os.chown(out_dir, launcher.ident.uid, launcher.ident.gid)
        try:
            launcher.reveal(python_layout().read_roots)
            launcher.expose_data(data, Path(workdir.name), at_shown=True)
        except BaseException:
            workdir.cleanup()
            raise
        launcher.add_step(lambda: _limit_child(limits))
        env, _run_id = sandbox_env(str(out_dir), str(out_dir))
        return ProcessRun(
            backend=self.name,
            argv=[sys.executable, "-I", "-B", "-c", _BOOT.format(code=str(code))],
            env=env,
            cwd=code,
            limits=limits,
            workdir=workdir,
            stdin_data=request.stdin,
            host_out_dir=out_dir,
            launcher=launcher,
        )
