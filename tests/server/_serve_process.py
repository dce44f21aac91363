"""A real ``mcpforge serve`` subprocess for the tests of start-up, shutdown and the warm template."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
import yaml

from mcpforge.config import MCPForgeConfig

MCPFORGE = str(Path(sys.executable).with_name("mcpforge"))
TEMPLATE_SCRIPT = "_template.py"


def write_config(config: MCPForgeConfig, path: Path, *, call_timeout: float | None = None) -> Path:
    """``config`` as a YAML file (with a served call's time limit of ``call_timeout`` seconds)."""
    data = config.model_dump(mode="json")
    if call_timeout is not None:
        data["validation"]["sandbox_timeout_seconds"] = call_timeout
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


def free_port() -> int:
    """A port nothing listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def own_tmpdir() -> Iterator[Path]:
    """A TMPDIR of the served process's own, so that what it leaves there can be seen; under the system's
    temporary directory, which the sandbox uid may traverse (pytest's own folders are private)."""
    path = Path(tempfile.mkdtemp(prefix="mcpforge-test-tmpdir-"))
    path.chmod(0o755)
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


def run_env(tmpdir: Path) -> dict[str, str]:
    """The environment of a served process, with ``tmpdir`` as its TMPDIR."""
    return {**os.environ, "TMPDIR": str(tmpdir)}


@dataclass
class Served:
    """A running ``mcpforge serve --http``: its process, MCP endpoint and log file."""

    proc: subprocess.Popen[bytes]
    url: str
    log: Path

    def log_text(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def wait_for_log(self, text: str, timeout: float) -> None:
        """Wait until the log shows ``text``; fail with the log after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while text not in self.log_text():
            if time.monotonic() > deadline or self.proc.poll() is not None:
                pytest.fail(f"the log never said {text!r}:\n{self.log_text()}")
            time.sleep(0.1)  # polling a log another process writes; bounded by the deadline


@contextmanager
def serving_http(args: list[str], log: Path, env: dict[str, str]) -> Iterator[Served]:
    """``mcpforge serve ... --http PORT`` (``args`` hold it), once it answers; stopped with SIGTERM after."""
    port = int(args[args.index("--http") + 1])
    with log.open("w", encoding="utf-8") as out:
        proc = subprocess.Popen([MCPFORGE, *args], stdout=out, stderr=subprocess.STDOUT, env=env)
    served = Served(proc=proc, url=f"http://127.0.0.1:{port}/mcp", log=log)
    try:
        deadline = time.monotonic() + 60
        while True:
            if proc.poll() is not None:
                pytest.fail(f"serve exited early:\n{served.log_text()}")
            try:
                httpx.get(f"http://127.0.0.1:{port}/", timeout=1.0)
                break
            except httpx.TransportError:
                if time.monotonic() > deadline:
                    pytest.fail("serve did not answer within 60 s")
                time.sleep(0.1)  # polling a starting process; bounded by the deadline
        yield served
    finally:
        stop(proc)


def stop(proc: subprocess.Popen[bytes], sig: int = signal.SIGTERM) -> int:
    """Send ``sig`` and wait for the exit status (SIGKILL after 30 s)."""
    if proc.poll() is None:
        proc.send_signal(sig)
    try:
        return proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        return proc.wait(timeout=30)


def _parents() -> dict[int, int]:
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text(encoding="utf-8")
                parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
    return parents


def descendants(pid: int) -> list[int]:
    """Host pids of every process below ``pid``."""
    children: dict[int, list[int]] = {}
    for child, parent in _parents().items():
        children.setdefault(parent, []).append(child)
    found: list[int] = []
    stack = list(children.get(pid, []))
    while stack:
        current = stack.pop()
        found.append(current)
        stack.extend(children.get(current, []))
    return found


def cmdline(pid: int) -> str:
    """The command line of ``pid`` ('' once it is gone)."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def template_processes(pid: int) -> list[int]:
    """The warm template's Python processes under the server ``pid`` (template, zygote, calls)."""
    return [p for p in descendants(pid) if TEMPLATE_SCRIPT in cmdline(p) and "bwrap" not in cmdline(p)]


def wait_gone(pids: list[int], timeout: float) -> list[int]:
    """The pids of ``pids`` still alive after up to ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    alive = [p for p in pids if Path(f"/proc/{p}").exists()]
    while alive and time.monotonic() < deadline:
        time.sleep(0.1)  # processes exiting on their own; bounded by the deadline
        alive = [p for p in alive if Path(f"/proc/{p}").exists() and _state(p) != "Z"]
    return alive


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text(encoding="utf-8").rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return ""
