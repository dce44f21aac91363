"""The warm ask reaper's leftovers (``cli/warm_ask_leftovers.py``), with real processes.

A real subreaper process starts a "child" that leaves two processes in sessions of their own and exits:
one an ordinary long run, one a resident helper (its command line names the resident root). The
subreaper ends the first and leaves the second.
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

SUBREAPER = textwrap.dedent(
    """
    import json, os, subprocess, sys, time
    from mcpforge.cli import warm_ask_leftovers as lo
    mark = sys.argv[1]
    assert lo.become_subreaper()
    child = os.fork()
    if child == 0:
        quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "start_new_session": True}
        run = subprocess.Popen(["sleep", "300"], **quiet)
        helper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)", mark], **quiet)
        print(json.dumps({"run": run.pid, "helper": helper.pid}), flush=True)
        os._exit(0)
    os.waitpid(child, 0)
    time.sleep(0.2)
    adopted = sorted(lo.children_of(os.getpid()))
    ended = lo.end_leftovers([mark])
    print(json.dumps({"adopted": adopted, "ended": ended}), flush=True)
    """
)


def test_what_the_child_left_is_adopted_and_ended_but_a_resident_helper_is_left(tmp_path: Path) -> None:
    mark = str(tmp_path / "resident")
    done = subprocess.run(
        [sys.executable, "-c", SUBREAPER, mark], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    started, finished = (json.loads(line) for line in done.stdout.splitlines())
    try:
        assert finished["adopted"] == sorted([started["run"], started["helper"]])  # not handed to PID 1
        assert finished["ended"] == [started["run"]]
        assert not _alive(started["run"])
        assert _alive(started["helper"])
    finally:
        for pid in (started["run"], started["helper"]):
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
