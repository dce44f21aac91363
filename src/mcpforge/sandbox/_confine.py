"""The first code that runs inside a strong sandbox: confine, run the untrusted script, hand back outputs.

Run as ``python -I -B _confine.py CONFIG_JSON`` inside fresh namespaces. It forks: the child applies
rlimits, Landlock and seccomp to itself and then runs ``__main__.py`` of the code directory; the parent
(still trusted, it never runs untrusted code) waits, kills whatever the child left behind in the pid
namespace, and streams the output directory to the host over the channel descriptor, reading every
entry without following symlinks and stopping at the size cap. The host therefore never gives the
untrusted code a writable path of its own.

Channel records: a fixed prefix (4-byte header length, 8-byte body length, big-endian), a JSON
header, then the body (a file's raw bytes). Names travel as the hex of their raw bytes, so the host
decides what a name that is not UTF-8 becomes:
``{"kind": "file", "name": hex}`` · ``{"kind": "skipped", "name": hex, "why": str}`` ·
``{"kind": "status", "exit_code": int, "signal": int | null, "setup_error": str | null}`` (last).

Stdlib only, and it imports its sibling ``_kernel`` as a top-level module, so nothing of mcpforge
(pydantic, pandas) is loaded before the untrusted code decides what it imports.
"""

# Descriptor-level os calls on purpose: this supervisor runs before any library is loaded.
# ruff: noqa: PTH100, PTH101, PTH103, PTH118, PTH120
from __future__ import annotations

import contextlib
import ctypes
import json
import os
import resource
import runpy
import signal
import stat
import struct
import sys
from typing import Any

if __package__:
    from mcpforge.sandbox import _kernel
else:  # run as a script (-I leaves the script's directory off sys.path)
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import _kernel  # type: ignore[import-not-found, no-redef]

_CHUNK = 1 << 16
MAX_OUTPUT_FILES = 1000
_MS_NOSUID = 2
_MS_NODEV = 4
_MS_NOEXEC = 8


def _set_limits(cfg: dict[str, Any]) -> None:
    memory = int(cfg["memory_bytes"])
    cpu = int(cfg["cpu_seconds"])
    limits = {
        resource.RLIMIT_AS: (memory, memory),
        resource.RLIMIT_CPU: (cpu, cpu + 1),
        resource.RLIMIT_NOFILE: (int(cfg["max_open_files"]),) * 2,
        resource.RLIMIT_FSIZE: (int(cfg["max_file_bytes"]),) * 2,
        resource.RLIMIT_CORE: (0, 0),
        resource.RLIMIT_NPROC: (int(cfg["max_processes"]),) * 2,
        resource.RLIMIT_MEMLOCK: (0, 0),
        resource.RLIMIT_MSGQUEUE: (0, 0),
    }
    for which, value in limits.items():
        resource.setrlimit(which, value)


def _mount_tmpfs(target: str, size: int) -> None:
    """Mount a size-capped tmpfs (unshare backend, where this process is root of its user namespace)."""
    libc = ctypes.CDLL(None, use_errno=True)
    opts = f"size={max(size, 4096)},mode=1777".encode()
    flags = _MS_NOSUID | _MS_NODEV | _MS_NOEXEC
    if libc.mount(b"tmpfs", target.encode(), b"tmpfs", flags, opts) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"mount tmpfs on {target!r}: {os.strerror(err)}")


def _confine(cfg: dict[str, Any]) -> None:
    """Apply every limit to this (child) process; raises when a required layer cannot be applied."""
    _set_limits(cfg)
    if cfg.get("drop_caps"):
        _kernel.drop_capabilities()
    rules = [(p, _kernel.READ) for p in cfg["read"]] + [(p, _kernel.WRITE) for p in cfg["write"]]
    rules += [(p, _kernel.DEVICE) for p in cfg["devices"]]
    rules += [(p, _kernel.LIST) for p in cfg.get("list", [])]
    if cfg["landlock"] == "required" or (cfg["landlock"] == "auto" and _kernel.landlock_abi() > 0):
        _kernel.apply_landlock(rules)
    if cfg["seccomp"]:
        _kernel.apply_seccomp(keep_process_group=bool(cfg.get("keep_process_group")))


def _run_child(cfg: dict[str, Any], channel: int) -> None:
    os.close(channel)
    _kernel.set_dumpable(True)
    try:
        _confine(cfg)
    except OSError as exc:
        sys.stderr.write(f"mcpforge sandbox: confinement failed, nothing was run: {exc}\n")
        sys.stderr.flush()
        os._exit(121)
    code_dir = cfg["code_dir"]
    os.chdir(code_dir)
    sys.path[:] = [code_dir, *cfg["sys_path"]]
    sys.argv[:] = ["__main__.py"]
    for name in ("_kernel", "_confine"):
        sys.modules.pop(name, None)
    status = 0
    main_path = os.path.join(code_dir, "__main__.py")
    try:
        runpy.run_path(main_path, run_name="__main__")
    except SystemExit as exc:
        status = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        if exc.code is not None and not isinstance(exc.code, int):
            sys.stderr.write(f"{exc.code}\n")
    except BaseException as exc:
        import traceback

        tb = exc.__traceback__
        while tb is not None and tb.tb_frame.f_code.co_filename != main_path:
            tb = tb.tb_next  # hide this supervisor's and runpy's frames
        traceback.print_exception(type(exc), exc, tb or exc.__traceback__)
        status = 1
    with contextlib.suppress(BaseException):
        sys.stdout.flush()
        sys.stderr.flush()
    os._exit(status & 0xFF)


_PREFIX = struct.Struct(">IQ")


def _send(channel: int, header: dict[str, Any], body: bytes = b"") -> None:
    head = json.dumps(header).encode()
    data = _PREFIX.pack(len(head), len(body)) + head + body
    view = memoryview(data)
    while view:
        written = os.write(channel, view)
        view = view[written:]


def _hex(name: str) -> str:
    return os.fsencode(name).hex()


def _send_outputs(channel: int, out_dir: str, budget: int) -> None:
    """Stream regular files under ``out_dir`` without following any symlink, up to ``budget`` bytes."""
    pending = [""]
    entries_left = MAX_OUTPUT_FILES
    while pending and entries_left > 0:
        rel_dir = pending.pop()
        try:
            entries = sorted(os.scandir(os.path.join(out_dir, rel_dir)), key=lambda e: e.name)
        except OSError as exc:
            _send(channel, {"kind": "skipped", "name": _hex(rel_dir), "why": exc.strerror or "unreadable"})
            continue
        for entry in entries:
            entries_left -= 1
            if entries_left < 0:
                _send(
                    channel,
                    {"kind": "skipped", "name": _hex(entry.name), "why": "output file count limit reached"},
                )
                return
            rel = os.path.join(rel_dir, entry.name)
            try:
                mode = entry.stat(follow_symlinks=False).st_mode
            except OSError as exc:
                _send(channel, {"kind": "skipped", "name": _hex(rel), "why": exc.strerror or "unreadable"})
                continue
            if stat.S_ISDIR(mode):
                pending.append(rel)
                continue
            if not stat.S_ISREG(mode):
                _send(channel, {"kind": "skipped", "name": _hex(rel), "why": "not a regular file"})
                continue
            try:
                fd = os.open(entry.path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
            except OSError as exc:
                _send(channel, {"kind": "skipped", "name": _hex(rel), "why": exc.strerror or "unreadable"})
                continue
            with os.fdopen(fd, "rb") as handle:
                if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                    continue
                data = handle.read(budget + 1)
            if len(data) > budget:
                _send(channel, {"kind": "skipped", "name": _hex(rel), "why": "output size limit reached"})
                budget = -1
                continue
            budget -= len(data)
            _send(channel, {"kind": "file", "name": _hex(rel)}, data)


def main(argv: list[str]) -> int:
    """Entry point inside the sandbox; ``argv[1]`` is the JSON configuration."""
    cfg = json.loads(argv[1])
    channel = int(cfg["channel_fd"])
    setup_error = None
    try:
        for target in cfg.get("mount_tmpfs", []):
            _mount_tmpfs(target, int(cfg["max_output_bytes"]))
        for path in cfg.get("make_dirs", []):
            os.makedirs(path, mode=0o777, exist_ok=True)
            os.chmod(path, 0o777)
    except OSError as exc:
        setup_error = str(exc)
        _send(channel, {"kind": "status", "exit_code": 121, "signal": None, "setup_error": setup_error})
        return 121
    # Non-dumpable: the untrusted child (same uid) cannot open this process's channel via /proc/PID/fd.
    _kernel.set_dumpable(False)
    pid = os.fork()
    if pid == 0:
        _run_child(cfg, channel)
    # The parent keeps none of the child's stdio: the host sees EOF as soon as the child tree is done.
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    _, status = os.waitpid(pid, 0)
    if os.getpid() in (1, 2):  # only ever inside a fresh pid namespace: take down what the child left
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(-1, signal.SIGKILL)
    sig = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
    code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else 128 + (sig or 0)
    try:
        _send_outputs(channel, cfg["out_dir"], int(cfg["max_output_bytes"]))
    finally:
        _send(channel, {"kind": "status", "exit_code": code, "signal": sig, "setup_error": setup_error})
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv))
