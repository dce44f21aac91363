"""The warm ask reaper's leftovers (``cli/warm_ask_leftovers.py``), with real processes.

A real subreaper process starts a "child" that leaves three processes in sessions of their own and exits:
an ordinary long run, a resident helper (``python -m <the resident sandbox module>``), and a fork of the
child that has not exec'd yet (it carries the child's command line, which names a resident folder, as a
warm ask child's does). The subreaper ends the first and the third and leaves the second.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from mcpforge.cli.warm_ask_leftovers import children_of
from mcpforge.residents import RESIDENT_SANDBOX_MODULE

SUBREAPER = textwrap.dedent(
    """
    import json, os, subprocess, sys, time
    from mcpforge.cli import warm_ask_leftovers as lo
    mark = os.environ["MARK"]  # not in this process's arguments: its forks carry them
    assert lo.become_subreaper()
    child = os.fork()
    if child == 0:
        quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "start_new_session": True}
        run = subprocess.Popen(["sleep", "300"], **quiet)
        helper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)", mark], **quiet)
        forked = os.fork()
        if forked == 0:
            os.setsid()
            quiet_fd = os.open(os.devnull, os.O_RDWR)
            for fd in (0, 1, 2):
                os.dup2(quiet_fd, fd)
            time.sleep(300)
            os._exit(0)
        print(json.dumps({"run": run.pid, "helper": helper.pid, "forked": forked}), flush=True)
        os._exit(0)
    os.waitpid(child, 0)
    time.sleep(0.2)
    adopted = sorted(lo.children_of(os.getpid()))
    ended = lo.end_leftovers([mark])
    print(json.dumps({"adopted": adopted, "ended": ended}), flush=True)
    """
)


def test_what_the_child_left_is_adopted_and_ended_but_a_resident_helper_is_left(tmp_path: Path) -> None:
    folder = str(tmp_path / "resident" / "ask-0123")
    done = subprocess.run(
        [sys.executable, "-c", SUBREAPER, folder],
        env={**os.environ, "MARK": RESIDENT_SANDBOX_MODULE},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    started, finished = (json.loads(line) for line in done.stdout.splitlines())
    try:
        left = sorted([started["run"], started["helper"], started["forked"]])
        assert finished["adopted"] == left  # not handed to PID 1
        assert sorted(finished["ended"]) == sorted([started["run"], started["forked"]])
        assert not _alive(started["run"]) and not _alive(started["forked"])
        assert _alive(started["helper"])
    finally:
        for pid in (started["run"], started["helper"], started["forked"]):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


def test_children_of_lists_live_children_with_their_command_lines() -> None:
    process = subprocess.Popen(["sleep", "30"])
    try:
        found = children_of(os.getpid())
        assert found[process.pid].split(b"\0")[:2] == [b"sleep", b"30"]
    finally:
        process.kill()
        process.wait()
    assert process.pid not in children_of(os.getpid())


def _alive(pid: int) -> bool:
    deadline = time.monotonic() + 2
    while time.monotonic() < deadline:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            return False
        if state not in {"Z", "X"}:
            return True
        time.sleep(0.05)
    return False
