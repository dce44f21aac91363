"""Hostile battery of issue 11, judged on the host, run as root and as an unprivileged user.

Each class (file metadata as host root, sockets, root-only /proc and secrets, other processes'
scheduling, hostile output names and records) runs through every way mcpforge is used: the Python
API with each strong backend as root, ``mcpforge sandbox run`` as root, and ``mcpforge sandbox run``
as an unprivileged user (a throwaway system user when the tests run as root). The verdict comes from
:class:`HostWatch`: metadata and content before/after, listeners reached, secrets in what came back,
sentinel processes of the sandbox's uid, and processes left over.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from mcpforge.exceptions import SandboxUnavailableError
from mcpforge.sandbox import BACKENDS, SandboxLimits, SandboxRequest
from mcpforge.sandbox._process import ProcessRun

from ._host import (
    SECRET,
    HostWatch,
    descendants,
    run_cli,
    sandbox_host_ids,
    sched_state,
    start_sentinel,
)
from ._support import FAST_LIMITS, make_backend

MODES = ["api-bwrap", "api-unshare", "cli-root", "cli-user"]

METADATA = r"""
import os, ctypes
libc = ctypes.CDLL(None, use_errno=True)
targets = ["/dev/null", "/dev/zero", "/dev/urandom", "/dev/tty", DATA + "/null", DATA + "/canary.txt",
           DATA + "/rows.csv", DATA + "/secret.txt", DATA, OUTSIDE + "/canary.txt", OUTSIDE + "/null"]
attempts = [
    lambda p: os.chmod(p, 0o6777),
    lambda p: os.chmod(p, 0o777, follow_symlinks=False),
    lambda p: os.chown(p, 0, 0),
    lambda p: os.chown(p, 65534, 65534),
    lambda p: os.lchown(p, 1, 1),
    lambda p: os.utime(p, (0, 0)),
    lambda p: os.utime(p, ns=(1, 1)),
    lambda p: os.setxattr(p, "user.pwned", b"1"),
    lambda p: os.setxattr(p, "security.capability", b"\x01"),
    lambda p: os.removexattr(p, "user.x"),
    lambda p: os.fchmod(os.open(p, os.O_RDONLY | os.O_NONBLOCK), 0o777),
    lambda p: os.fchown(os.open(p, os.O_RDONLY | os.O_NONBLOCK), 0, 0),
    lambda p: os.utime(os.open(p, os.O_RDONLY | os.O_NONBLOCK), (5, 5)),
    lambda p: libc.syscall(452, -100, p.encode(), 0o777, 0) == 0 or (_ for _ in ()).throw(OSError()),
]
for path in targets:
    for attempt in attempts:
        try:
            attempt(path)
            print("CHANGED", path)
        except (OSError, ValueError):
            pass
out = os.environ["MCPFORGE_OUTPUT_DIR"]
open(out + "/mine.txt", "w").write("x")
for attempt in attempts[:10]:
    try:
        attempt(out + "/mine.txt")
    except (OSError, ValueError):
        pass
"""

SOCKETS = r"""
import os, socket
def attempt(family, kind, address):
    try:
        s = socket.socket(family, kind)
        s.settimeout(2)
        s.connect(address)
        s.sendall(b"hello")
        print("CONNECTED", address)
    except OSError:
        pass
for folder in (DATA, OUTSIDE):
    attempt(socket.AF_UNIX, socket.SOCK_STREAM, folder + "/agent.sock")
    attempt(socket.AF_UNIX, socket.SOCK_DGRAM, folder + "/agent.sock")
attempt(socket.AF_UNIX, socket.SOCK_STREAM, "\0mcpforge-battery-" + ROOT_NAME)
attempt(socket.AF_INET, socket.SOCK_STREAM, ("127.0.0.1", PORT))
attempt(socket.AF_INET6, socket.SOCK_STREAM, ("::1", PORT))
for family in (socket.AF_NETLINK, socket.AF_PACKET, socket.AF_VSOCK):
    try:
        socket.socket(family, socket.SOCK_RAW)
        print("OPENED", family)
    except OSError:
        pass
try:
    a, b = socket.socketpair()
    print("SOCKETPAIR")
except OSError:
    pass
for name in os.listdir(DATA):
    st = os.lstat(os.path.join(DATA, name))
    print("listed", name, oct(st.st_mode))
"""

SECRETS = r"""
import os
out = os.environ["MCPFORGE_OUTPUT_DIR"]
stolen = []
for path in ["/proc/slabinfo", "/proc/vmallocinfo", "/proc/timer_list", "/proc/kpageflags", "/proc/kallsyms",
             "/proc/sched_debug", "/proc/1/environ", "/proc/self/../1/root/etc/shadow", "/etc/shadow",
             OUTSIDE + "/secret.txt", OUTSIDE + "/canary.txt", "/proc/sys/kernel/random/boot_id"]:
    try:
        with open(path, "rb") as handle:
            stolen.append(path.encode() + b"\n" + handle.read(1 << 16))
    except OSError:
        pass
for name in os.listdir("/proc"):
    for leaf in ("environ", "cmdline", "maps"):
        try:
            stolen.append(open(f"/proc/{name}/{leaf}", "rb").read(4096))
        except OSError:
            pass
open(out + "/stolen.bin", "wb").write(b"\n".join(stolen))
print(open(DATA + "/rows.csv").read().strip(), len(stolen))
"""

SCHEDULING = r"""
import ctypes, os, resource
libc = ctypes.CDLL(None, use_errno=True)
pids = sorted({1, 2, os.getppid()} | {int(p) for p in os.listdir("/proc") if p.isdigit()} - {os.getpid()})
for pid in pids:
    for attempt in (lambda: os.setpriority(os.PRIO_PROCESS, pid, 19),
                    lambda: os.sched_setaffinity(pid, {0}),
                    lambda: resource.prlimit(pid, resource.RLIMIT_NOFILE, (3, 3)),
                    lambda: libc.syscall(251, 1, pid, (3 << 13)) == 0 or (_ for _ in ()).throw(OSError()),
                    lambda: os.sched_setscheduler(pid, os.SCHED_IDLE, os.sched_param(0))):
        try:
            attempt()
        except (OSError, ValueError):
            pass
for which in (os.PRIO_PGRP, os.PRIO_USER):
    try:
        os.setpriority(which, 0, 19)
    except OSError:
        pass
for who in (2, 3):  # IOPRIO_WHO_PGRP, IOPRIO_WHO_USER
    libc.syscall(251, who, 0, (3 << 13))
os.setpriority(os.PRIO_PROCESS, 0, 5)  # its own priority stays its own business
print("nice", os.getpriority(os.PRIO_PROCESS, 0))
"""

NAMES = r"""
import os, sys
out = os.environ["MCPFORGE_OUTPUT_DIR"]
open(os.path.join(out.encode(), b"latin1-\xe9\xff.csv"), "wb").write(b"1")
open(os.path.join(out, "esc-\x1b[2J\x1b]0;owned\x07.txt"), "w").write("2")
open(os.path.join(out, "bidi-\u202egnp.exe"), "w").write("3")
open(os.path.join(out, "nl-\nname.txt"), "w").write("4")
open(os.path.join(out, "good.txt"), "w").write("fine")
os.chdir(out)
for _ in range(150):
    os.mkdir("\u00e9" * 120)
    os.chdir("\u00e9" * 120)
open("deep.txt", "w").write("deep")
print("\x1b]0;pwned\x07\x1b[31mred\x1b[0m \x9b2J done")
sys.stderr.write("\x1b[2J\x1b[Hcleared\n")
sys.exit(3)
"""

CASES = {
    "metadata": METADATA,
    "sockets": SOCKETS,
    "secrets": SECRETS,
    "scheduling": SCHEDULING,
    "names": NAMES,
}


def _script(case: str, watch: HostWatch) -> str:
    header = (
        f"DATA = {str(watch.data)!r}\nOUTSIDE = {str(watch.outside)!r}\n"
        f"ROOT_NAME = {watch.root.name!r}\nPORT = {watch.tcp_port}\n"
    )
    return header + CASES[case]


def _run(mode: str, case: str, watch: HostWatch, as_user: tuple[int, int] | None) -> dict[str, Any]:
    """Run the case; the returned dict holds what came back (for the host to search, not to trust)."""
    script = _script(case, watch)
    if mode.startswith("api-"):
        sandbox = make_backend(mode.removeprefix("api-"))
        result = sandbox.run(SandboxRequest(script=script, read_paths=(watch.data,), limits=FAST_LIMITS))
        return {
            "exit_code": result.exit_code,
            "stdout": result.stdout,
            "stderr": result.stderr,
            "outputs": result.outputs,
            "names": list(result.outputs),
        }
    path = watch.root / "run" / "case.py"
    path.write_text(script, encoding="utf-8")
    path.chmod(0o644)
    done = run_cli(
        ["sandbox", "run", str(path), "--data", str(watch.data), "--json"],
        as_user=as_user,
        cwd=watch.root / "run",
    )
    payload = json.loads(done.stdout.decode("utf-8", "strict"))  # strict: --json is always UTF-8 JSON
    human = run_cli(
        ["sandbox", "run", str(path), "--data", str(watch.data)], as_user=as_user, cwd=watch.root / "run"
    )
    return {
        "exit_code": payload["exit_code"],
        "stdout": payload["stdout"],
        "stderr": payload["stderr"],
        "outputs": {name: json.dumps(info).encode() for name, info in payload["outputs"].items()},
        "names": list(payload["outputs"]),
        "terminal": human.stdout + human.stderr,
    }


def _judge(watch: HostWatch, came_back: dict[str, Any]) -> None:
    assert watch.changes() == {}
    assert watch.connections() == []
    assert watch.leftovers() == []
    blob = (
        came_back["stdout"]
        + came_back["stderr"]
        + "".join(d.decode("latin-1") for d in came_back["outputs"].values())
    )
    assert SECRET not in blob


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("case", ["metadata", "sockets", "secrets"])
def test_hostile_case_leaves_no_trace_on_the_host(
    mode: str, case: str, watch: HostWatch, request: pytest.FixtureRequest
) -> None:
    as_user = request.getfixturevalue("test_user") if mode == "cli-user" else None
    came_back = _run(mode, case, watch, as_user)
    _judge(watch, came_back)
    assert "CHANGED" not in came_back["stdout"] and "CONNECTED" not in came_back["stdout"]
    if case == "secrets":
        assert came_back["stdout"].startswith("a,b\n1,2"), came_back["stderr"]  # its own data stays readable
    if case == "sockets":
        listed = {line.split()[1] for line in came_back["stdout"].splitlines() if line.startswith("listed")}
        regular = {"canary.txt", "rows.csv", "secret.txt"}
        # Only unshare run by a normal user (no private mount namespace to cover the folder) lists the
        # names of the socket and the device node; it still cannot open or connect to them.
        shown = regular | {"null", "agent.sock"} if mode == "api-unshare" and os.geteuid() != 0 else regular
        assert listed <= shown and "rows.csv" in listed, came_back["stdout"]


@pytest.mark.parametrize("mode", MODES)
def test_sandboxed_code_cannot_renice_pin_or_limit_any_other_process(
    mode: str, watch: HostWatch, request: pytest.FixtureRequest
) -> None:
    as_user = request.getfixturevalue("test_user") if mode == "cli-user" else None
    sentinel = start_sentinel(sandbox_host_ids(as_user))
    try:
        before = sched_state(sentinel.pid)
        came_back = _run(mode, "scheduling", watch, as_user)
        assert sched_state(sentinel.pid) == before
    finally:
        assert sentinel.stdin is not None
        sentinel.stdin.close()
        sentinel.wait(10)
    _judge(watch, came_back)
    assert came_back["exit_code"] == 0 and came_back["stdout"].strip() == "nice 5", came_back["stderr"]


def test_the_supervisor_of_a_running_sandbox_keeps_its_priority_and_affinity(watch: HostWatch) -> None:
    sandbox = make_backend("bwrap")
    script = _script("scheduling", watch) + "import sys\nprint('ready', flush=True)\nsys.stdin.readline()\n"
    limits = SandboxLimits(**{**FAST_LIMITS.__dict__, "timeout_seconds": 30})
    with sandbox.spawn(SandboxRequest(script=script, read_paths=(watch.data,), limits=limits)) as running:
        assert running.stdout.readline() == b"nice 5\n"
        assert running.stdout.readline() == b"ready\n"
        pids = watch.leftovers()
        states = {pid: sched_state(pid) for pid in pids}
        hostile = [pid for pid, state in states.items() if state[0] == 5]
        assert len(hostile) == 1, states  # only the hostile process itself changed its own nice
        full = frozenset(os.sched_getaffinity(0))
        assert all(state[0] == 0 and state[1] == full for pid, state in states.items() if pid not in hostile)
        running.stdin.write(b"\n")
        running.stdin.flush()
        assert running.result().exit_code == 0
    assert watch.leftovers() == []


watch_mode = pytest.mark.parametrize("mode", MODES)


@watch_mode
def test_hostile_output_names_and_escapes_never_reach_json_or_the_terminal_raw(
    mode: str, watch: HostWatch, request: pytest.FixtureRequest
) -> None:
    as_user = request.getfixturevalue("test_user") if mode == "cli-user" else None
    came_back = _run(mode, "names", watch, as_user)
    _judge(watch, came_back)
    assert came_back["exit_code"] == 3  # the status survived every hostile record
    assert came_back["names"] == ["good.txt"]
    if "terminal" in came_back:
        terminal: bytes = came_back["terminal"]
        assert b"\x1b" not in terminal and b"\x07" not in terminal and "\u202e".encode() not in terminal
        assert b"not collected" in terminal and b"done" in terminal


def _host_ids(pid: int) -> set[int]:
    lines = Path(f"/proc/{pid}/status").read_text(encoding="utf-8").splitlines()
    ids = [line.split()[1:] for line in lines if line.startswith(("Uid:", "Gid:"))]
    return {int(value) for row in ids for value in row}


@pytest.mark.parametrize("backend", ["bwrap", "unshare", "subprocess"])
def test_no_process_of_a_run_has_host_uid_or_gid_0(backend: str) -> None:
    sandbox = make_backend(backend) if backend != "subprocess" else BACKENDS["subprocess"]()
    script = "import os, sys\nos.fork() or None\nprint('ready', flush=True)\nsys.stdin.readline()\n"
    with sandbox.spawn(SandboxRequest(script=script, limits=FAST_LIMITS)) as running:
        assert isinstance(running, ProcessRun)
        assert running.stdout.readline() == b"ready\n"
        pids = descendants(running.pid)
        ids = {pid: _host_ids(pid) for pid in pids}
        running.stdin.write(b"\n\n")
        running.stdin.flush()
    assert len(pids) >= 2
    expected = sandbox_host_ids(None)
    assert all(values == set(expected) for values in ids.values()), ids
    assert 0 not in expected


def test_when_the_drop_from_root_fails_the_run_is_refused_with_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    if os.geteuid() != 0:
        pytest.skip("only a root caller drops privileges; this test runs as a normal user")
    sandbox = make_backend("bwrap")

    def refused(*_ids: int) -> None:
        raise PermissionError("setresuid refused (simulated)")

    monkeypatch.setattr(os, "setresuid", refused)  # the forked launcher inherits the patch
    with pytest.raises(SandboxUnavailableError) as caught:
        sandbox.run(SandboxRequest(script="print('ran anyway')", limits=FAST_LIMITS))
    assert "\n" not in str(caught.value) and "65534" in str(caught.value)
