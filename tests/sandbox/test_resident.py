"""The resident warm sandbox of ``ask`` (issue 28): starts by itself, is reused, is per user, falls back
cold when dead or stopped, and exits when idle. Real detached helpers, real bwrap templates."""

from __future__ import annotations

import fcntl
import os
import signal
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from mcpforge.config import MCPForgeConfig
from mcpforge.sandbox.resident.client import (
    HELPER_CODE,
    NO_RESIDENT_ENV,
    RESIDENT_DIR_ENV,
    SOCKET_NAME,
    connect,
    helper_code_files,
    helper_dir,
    helper_spec,
    open_resident,
    private_dir,
    start_helper,
)
from mcpforge.sandbox.tool_call import ToolCall
from mcpforge.sandbox.warm import PRELOAD

from ._resident import Resident, pid_alive, running_resident, wait_gone


@pytest.fixture
def resident(monkeypatch: pytest.MonkeyPatch) -> Iterator[Resident]:
    yield from running_resident(monkeypatch)


ECHO = """
from mcpforge.runtime import mcp

@mcp.tool()
def probe(file_path: str, note: str = "") -> str:
    if note == "fail":
        raise ValueError(f"cannot use {file_path}")
    with open(file_path, encoding="utf-8") as handle:
        return f"{file_path} {len(handle.read().splitlines())} {note}"
"""


def _data(tmp_path: Path) -> Path:
    path = tmp_path / "people.csv"
    path.write_text("name,age\nAda,36\nBob,41\n", encoding="utf-8")
    return path


def test_the_first_ask_starts_the_helper_and_later_ones_reuse_it(resident: Resident, tmp_path: Path) -> None:
    assert open_resident(resident.config) is None  # the first call is cold; it starts the helper
    calls = resident.ready()
    pid = resident.pid()
    data = _data(tmp_path)
    batch = calls.call_batch(ECHO, [ToolCall(arguments={"file_path": str(data), "note": "x"}, call_id="a")],
                             read_paths=[data])  # fmt: skip
    assert batch is not None and batch.backend == "bwrap-warm"
    outcome = batch.outcomes[0]
    assert outcome.ok, outcome.error
    # The call read a private copy; what it printed names the person's own file.
    assert outcome.markdown == f"{data} 3 x"
    failing = ToolCall(arguments={"file_path": str(data), "note": "fail"}, call_id="b")
    failed = calls.call_batch(ECHO, [failing], read_paths=[data])
    assert failed is not None and not failed.outcomes[0].ok
    assert f"cannot use {data}" in (failed.outcomes[0].error or "")
    assert open_resident(resident.config) is not None
    assert resident.pid() == pid  # the same helper, not a new one
    assert not any(resident.directory.joinpath("shown").iterdir())  # the copies are gone


NICE = """
import os
from mcpforge.runtime import mcp

@mcp.tool()
def probe(file_path: str, note: str = "") -> str:
    return str(os.getpriority(os.PRIO_PROCESS, 0))
"""


def test_a_call_runs_at_the_priority_of_the_thread_that_asked(resident: Resident, tmp_path: Path) -> None:
    calls = resident.ready()
    data = _data(tmp_path)
    call = ToolCall(arguments={"file_path": str(data)}, call_id="a")
    seen: dict[str, str | None] = {}

    def lowered() -> None:  # as validation's gates behind a big file's read (nice +5)
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 7)
        batch = calls.call_batch(NICE, [call], read_paths=[data])
        seen["lowered"] = batch.outcomes[0].markdown if batch is not None else None

    thread = threading.Thread(target=lowered)
    thread.start()
    thread.join(60)
    assert seen["lowered"] == "7"
    batch = calls.call_batch(NICE, [call], read_paths=[data])
    assert batch is not None and batch.outcomes[0].markdown == str(os.getpriority(os.PRIO_PROCESS, 0))


def test_the_helper_is_private_to_its_user(resident: Resident) -> None:
    resident.ready()
    folder, sock = resident.directory.stat(), (resident.directory / SOCKET_NAME).lstat()
    assert stat.S_IMODE(folder.st_mode) == 0o700 and folder.st_uid == os.getuid()
    assert stat.S_ISSOCK(sock.st_mode) and stat.S_IMODE(sock.st_mode) == 0o600 and sock.st_uid == os.getuid()


@pytest.mark.skipif(os.geteuid() != 0, reason="planting another user's listener needs root")
def test_a_listener_of_another_user_is_never_used(resident: Resident) -> None:
    directory = resident.directory
    directory.mkdir(mode=0o700, parents=True)
    path = directory / SOCKET_NAME
    script = (
        "import os, socket, sys, time\n"
        "os.setgid(65534); os.setuid(65534)\n"
        "s = socket.socket(socket.AF_UNIX); s.bind(sys.argv[1]); s.listen(4)\n"
        "print('up', flush=True); time.sleep(60)\n"
    )
    for folder in (resident.root, directory):  # only so that uid 65534 can bind there for this test
        folder.chmod(0o777)
    planted = subprocess.Popen([sys.executable, "-c", script, str(path)], stdout=subprocess.PIPE, text=True)
    try:
        assert planted.stdout is not None and planted.stdout.readline().strip() == "up"
        for folder in (resident.root, directory):
            folder.chmod(0o700)
        assert connect(directory) is None  # its owner is not us
        os.chown(path, os.getuid(), os.getgid())  # even when the socket file says it is ours:
        assert connect(directory) is None  # the process listening is another user's
        assert open_resident(resident.config) is None
    finally:
        planted.kill()
        planted.communicate()


def test_a_folder_others_may_enter_is_not_used(resident: Resident) -> None:
    directory = resident.directory
    directory.mkdir(mode=0o700, parents=True)
    directory.chmod(0o755)
    assert open_resident(resident.config) is None
    assert not (directory / "lock").exists()  # no helper was started in it


def test_a_killed_helper_falls_back_cold_and_a_new_one_starts(resident: Resident, tmp_path: Path) -> None:
    calls = resident.ready()
    pid = resident.pid()
    os.kill(pid, signal.SIGKILL)
    assert wait_gone(pid, 10)
    assert (resident.directory / SOCKET_NAME).exists()  # a stale socket is left behind
    data = _data(tmp_path)
    started = time.monotonic()
    batch = calls.call_batch(
        ECHO, [ToolCall(arguments={"file_path": str(data)}, call_id="a")], read_paths=[data]
    )
    assert batch is None and time.monotonic() - started < 2.0  # "run it fresh", at once
    assert open_resident(resident.config) is None  # not ready: the ask runs cold, a new helper starts
    resident.ready()
    assert resident.pid() != pid


def test_a_stopped_helper_does_not_hold_the_call(resident: Resident, tmp_path: Path) -> None:
    calls = resident.ready()
    pid = resident.pid()
    os.kill(pid, signal.SIGSTOP)
    try:
        data = _data(tmp_path)
        started = time.monotonic()
        batch = calls.call_batch(ECHO, [ToolCall(arguments={"file_path": str(data)}, call_id="a")],
                                 read_paths=[data])  # fmt: skip
        assert batch is None and time.monotonic() - started < 5.0
    finally:
        os.kill(pid, signal.SIGCONT)


def test_the_helper_exits_when_idle(monkeypatch: pytest.MonkeyPatch, resident: Resident) -> None:
    resident.config = MCPForgeConfig.model_validate({"sandbox": {"resident_idle_seconds": 2}})
    resident.ready()
    pid = resident.pid()
    assert pid_alive(pid)
    assert wait_gone(pid, 20), "the helper outlived its idle time"
    assert not (resident.directory / SOCKET_NAME).exists()  # it removed its socket before it went


def test_a_helper_asked_for_by_other_code_does_not_serve(resident: Resident) -> None:
    """A helper whose installation differs from the code it runs (an upgrade between the ask and its
    start) exits at once and leaves no socket; a running one checks the same every few seconds."""
    spec = {**helper_spec(resident.config), "installation": "0" * 64}
    directory = helper_dir(spec)
    assert private_dir(directory) and start_helper(directory, spec)
    deadline = time.monotonic() + 60
    while not (directory / "failed").exists() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert "installation changed" in (directory / "failed").read_text()
    assert not (directory / SOCKET_NAME).exists()


def test_a_starting_helper_removes_old_folders_of_other_keys_only(resident: Resident) -> None:
    def folder(name: str, age: float) -> Path:
        made = resident.root / name
        (made / "shown").mkdir(mode=0o700, parents=True)
        (made / "lock").touch()
        os.utime(made, (time.time() - age, time.time() - age))
        return made

    old, recent, held = folder("old", 3 * 86400), folder("recent", 60), folder("held", 3 * 86400)
    with (held / "lock").open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # as a live helper holds it
        resident.ready()
        assert not old.exists()
        assert recent.exists() and held.exists()


def test_off_means_no_helper(monkeypatch: pytest.MonkeyPatch, resident: Resident) -> None:
    monkeypatch.setenv(NO_RESIDENT_ENV, "1")
    assert open_resident(resident.config) is None
    assert not any(resident.root.iterdir())
    monkeypatch.delenv(NO_RESIDENT_ENV)
    off = MCPForgeConfig.model_validate({"sandbox": {"resident": False}})
    assert open_resident(off) is None
    assert not any(resident.root.iterdir())


def test_the_key_covers_every_mcpforge_module_the_helper_loads() -> None:
    """A helper started from older code is never used: its key hashes each module it has loaded."""
    script = (
        "import importlib, sys\n"
        f"for name in {list(PRELOAD)!r}: importlib.import_module(name)\n"
        "import mcpforge.sandbox.resident.server, mcpforge.sandbox.warm\n"
        "print('\\n'.join(m.__file__ for n, m in list(sys.modules.items())"
        " if n.startswith('mcpforge') and getattr(m, '__file__', None)))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    loaded = {Path(line).resolve() for line in done.stdout.split()}
    covered = {path.resolve() for path in helper_code_files()}
    assert loaded and loaded <= covered, (sorted(loaded - covered), HELPER_CODE)


def test_the_socket_path_must_fit(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    long_root = tmp_path / ("x" * 90)
    monkeypatch.setenv(RESIDENT_DIR_ENV, str(long_root))
    monkeypatch.delenv(NO_RESIDENT_ENV, raising=False)
    assert open_resident(MCPForgeConfig()) is None  # too long for AF_UNIX: cold, no helper
    assert not long_root.exists()
