"""The resident helper of the tests: a real detached helper in a private folder, stopped afterwards."""

from __future__ import annotations

import os
import shutil
import signal
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from mcpforge.config import MCPForgeConfig
from mcpforge.sandbox.bwrap import BwrapSandbox
from mcpforge.sandbox.resident.client import (
    NO_RESIDENT_ENV,
    RESIDENT_DIR_ENV,
    ResidentCalls,
    exchange,
    helper_dir,
    helper_spec,
    open_resident,
    wait_ready,
)
from mcpforge.sandbox.warm import warm_available

from ._support import make_backend

READY_SECONDS = 90.0  # a template on a loaded 2-core machine


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def wait_gone(pid: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not pid_alive(pid) or _zombie(pid):
            return True
        time.sleep(0.1)
    return False


def _zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0] == "Z"
    except (OSError, IndexError):
        return True


@dataclass
class Resident:
    """A config whose helper lives in ``root`` (a short private path: sockets allow 107 bytes)."""

    root: Path
    config: MCPForgeConfig

    @property
    def directory(self) -> Path:
        return helper_dir(helper_spec(self.config))

    def ready(self) -> ResidentCalls:
        assert wait_ready(self.config, READY_SECONDS), self.log()
        calls = open_resident(self.config)
        assert calls is not None
        return calls

    def pid(self) -> int:
        answer = exchange(self.directory, {"op": "ping"}, 10.0)
        assert answer is not None and answer.get("ok"), answer
        return int(answer["pid"])

    def log(self) -> str:
        path = self.directory / "log"
        return path.read_text(errors="replace") if path.exists() else "(no log)"

    def stop(self) -> None:
        answer = exchange(self.directory, {"op": "ping"}, 5.0)
        if answer is not None:
            pid = int(answer["pid"])
            os.kill(pid, signal.SIGTERM)
            wait_gone(pid, 15.0)


def sandbox_or_skip() -> None:
    backend = make_backend("bwrap")
    assert isinstance(backend, BwrapSandbox)
    ok, why = warm_available(backend)
    if not ok:
        pytest.skip(why)


def running_resident(monkeypatch: pytest.MonkeyPatch) -> Iterator[Resident]:
    """A resident helper of one test only (stopped at its end; idle exit after 60 s at the latest).

    Each test module makes it its ``resident`` fixture (``yield from running_resident(monkeypatch)``)."""
    sandbox_or_skip()
    root = Path(tempfile.mkdtemp(prefix="mcpf-res-"))
    monkeypatch.setenv(RESIDENT_DIR_ENV, str(root))
    monkeypatch.delenv(NO_RESIDENT_ENV, raising=False)
    config = MCPForgeConfig.model_validate({"sandbox": {"resident_idle_seconds": 60}})
    made = Resident(root=root, config=config)
    try:
        yield made
    finally:
        made.stop()
        shutil.rmtree(root, ignore_errors=True)
