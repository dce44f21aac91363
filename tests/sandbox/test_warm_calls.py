"""Warm calls (sandbox/warm.py): every guarantee of a fresh sandbox, per call, from a forked template.

Each test drives a real template (bwrap, Landlock, seccomp) with real tools over real files, and judges
on the host: what a call could read, what it left behind, what the next call sees.
"""

from __future__ import annotations

import os
import signal
import textwrap
import threading
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from mcpforge.sandbox import SandboxLimits, call_tool
from mcpforge.sandbox.bwrap import BwrapSandbox
from mcpforge.sandbox.warm import LOST, WarmCalls, warm_available

from ._host import SECRET, HostWatch, descendants, sandbox_host_ids, sched_state, start_sentinel
from ._support import FAST_LIMITS, make_backend
from .test_hostile_host import _script

ROWS = "region,amount\nNorth,1\nSouth,2\nNorth,3\n"


def tool(body: str) -> str:
    """A tool ``probe(file_path)`` whose body (indented here) returns a string."""
    return "import os\nimport pandas as pd\nfrom mcpforge.runtime import mcp\n\n@mcp.tool()\n" + (
        "def probe(file_path: str) -> str:\n" + textwrap.indent(textwrap.dedent(body), "    ")
    )


SUM_BY_REGION = tool('return pd.read_csv(file_path).groupby("region")["amount"].sum().to_json()\n')


@pytest.fixture
def sandbox() -> BwrapSandbox:
    backend = make_backend("bwrap")
    assert isinstance(backend, BwrapSandbox)
    ok, why = warm_available(backend)
    if not ok:
        pytest.skip(why)
    return backend


@pytest.fixture
def data(tmp_path: Path) -> Path:
    root = tmp_path / "data"
    root.mkdir(mode=0o755)
    (root / "rows.csv").write_text(ROWS, encoding="utf-8")
    (root / "neighbour.csv").write_text("secret\nneighbour-only\n", encoding="utf-8")
    return root


@pytest.fixture
def warm(sandbox: BwrapSandbox, data: Path) -> Iterator[WarmCalls]:
    calls = WarmCalls(sandbox, [data], FAST_LIMITS, size=1)
    yield calls
    calls.close()


def _call(warm: WarmCalls, source: str, path: Path) -> tuple[bool, str]:
    outcome = warm.call_tool(source, {"file_path": str(path)}, read_paths=[path])
    assert outcome is not None, "the call was expected to run warm"
    return outcome.ok, (outcome.markdown if outcome.ok else f"{outcome.error_type}: {outcome.error}") or ""


def _template_pid(warm: WarmCalls) -> int:
    template = warm._current  # the host-side handle of the running template
    assert template is not None
    return template._run.pid


def test_a_warm_call_answers_exactly_as_a_fresh_sandbox_does(
    warm: WarmCalls, sandbox: BwrapSandbox, data: Path
) -> None:
    path = data / "rows.csv"
    fresh = call_tool(sandbox, SUM_BY_REGION, {"file_path": str(path)}, read_paths=[path], limits=FAST_LIMITS)
    assert fresh.ok
    assert _call(warm, SUM_BY_REGION, path) == (True, fresh.markdown)
    assert _call(warm, SUM_BY_REGION, path) == (True, '{"North":4,"South":2}')


def test_a_call_reads_its_own_file_and_nothing_else_under_the_data_root(warm: WarmCalls, data: Path) -> None:
    source = tool(
        """
        seen = []
        for attempt in (lambda: open(os.path.join(os.path.dirname(file_path), "neighbour.csv")).read(),
                        lambda: os.listdir(os.path.dirname(file_path)),
                        lambda: os.listdir("/sandbox/code"),
                        lambda: os.listdir("/tmp/mcpforge-calls"),
                        lambda: open("/proc/1/cmdline").read()):
            try:
                seen.append(repr(attempt()))
            except OSError as exc:
                seen.append(type(exc).__name__)
        return open(file_path).read().splitlines()[0] + " | " + " ".join(seen)
        """
    )
    ok, text = _call(warm, source, data / "rows.csv")
    assert ok, text
    assert text.startswith("region,amount | ")
    assert "neighbour-only" not in text and "secret" not in text
    assert text.split(" | ")[1].split() == ["PermissionError"] * 5


def test_what_one_call_changes_is_never_seen_by_the_next(warm: WarmCalls, data: Path) -> None:
    source = tool(
        """
        import sys, tempfile
        before = (pd.get_option("display.max_rows"), hasattr(sys, "left_by_a_call"),
                  sorted(os.listdir(tempfile.gettempdir())), os.environ.get("LEFT_BY_A_CALL"))
        pd.set_option("display.max_rows", 7)
        sys.left_by_a_call = True
        os.environ["LEFT_BY_A_CALL"] = "1"
        open(os.path.join(tempfile.gettempdir(), "left.txt"), "w").write("x")
        return repr(before)
        """
    )
    first = _call(warm, source, data / "rows.csv")
    second = _call(warm, source, data / "rows.csv")
    assert first == second == (True, "(60, False, [], None)")


def test_processes_a_call_starts_die_with_it_and_it_cannot_leave_its_group(
    warm: WarmCalls, data: Path
) -> None:
    source = tool(
        """
        import time
        denied = []
        for attempt in (os.setsid, lambda: os.setpgid(0, 0)):
            try:
                attempt()
            except OSError as exc:
                denied.append(type(exc).__name__)
        if os.fork() == 0:
            time.sleep(300)
            os._exit(0)
        return " ".join(denied)
        """
    )
    assert _call(warm, SUM_BY_REGION, data / "rows.csv")[0]
    resting = set(descendants(_template_pid(warm)))
    assert _call(warm, source, data / "rows.csv") == (True, "PermissionError PermissionError")
    assert set(descendants(_template_pid(warm))) == resting


def test_a_call_cannot_hand_a_process_to_the_template(warm: WarmCalls, data: Path) -> None:
    source = tool(
        """
        import ctypes, signal
        libc = ctypes.CDLL(None, use_errno=True)
        CLONE_PARENT = 0x00008000
        pid = libc.syscall(56, CLONE_PARENT | signal.SIGCHLD, 0, 0, 0, 0)  # clone(2) on x86_64
        if pid == 0:
            import time
            time.sleep(300)
            os._exit(0)
        return "cloned" if pid > 0 else "refused"
        """
    )
    if os.uname().machine != "x86_64":
        pytest.skip("the raw clone call above is written for x86_64")
    assert _call(warm, SUM_BY_REGION, data / "rows.csv")[0]
    resting = set(descendants(_template_pid(warm)))
    assert _call(warm, source, data / "rows.csv") == (True, "refused")  # clone(CLONE_PARENT): EPERM
    assert set(descendants(_template_pid(warm))) == resting
    assert _call(warm, SUM_BY_REGION, data / "rows.csv") == (True, '{"North":4,"South":2}')


def test_a_call_cannot_signal_the_template_and_the_next_call_is_served(warm: WarmCalls, data: Path) -> None:
    source = tool(
        """
        results = []
        for pid in (os.getppid(), 1):
            try:
                os.kill(pid, 9)
                results.append("killed")
            except OSError as exc:
                results.append(type(exc).__name__)
        return " ".join(results)
        """
    )
    assert _call(warm, source, data / "rows.csv") == (True, "PermissionError PermissionError")
    assert _call(warm, SUM_BY_REGION, data / "rows.csv") == (True, '{"North":4,"South":2}')


def test_a_call_past_its_limits_is_stopped_alone(sandbox: BwrapSandbox, data: Path) -> None:
    limits = replace(FAST_LIMITS, timeout_seconds=2.0, memory_mb=512)
    warm = WarmCalls(sandbox, [data], limits, size=1)
    try:
        sleeps = tool("import time\ntime.sleep(60)\nreturn 'woke'\n")
        ok, text = _call(warm, sleeps, data / "rows.csv")
        assert not ok and "time limit" in text
        hungry = tool("block = bytearray(2 * 1024 ** 3)\nreturn 'allocated'\n")
        ok, text = _call(warm, hungry, data / "rows.csv")
        assert not ok and "MemoryError" in text
        crashes = tool("import ctypes\nctypes.string_at(0)\nreturn 'read address 0'\n")
        ok, text = _call(warm, crashes, data / "rows.csv")
        assert not ok and "SIGSEGV" in text
        assert _call(warm, SUM_BY_REGION, data / "rows.csv") == (True, '{"North":4,"South":2}')
    finally:
        warm.close()


def test_a_warm_call_may_use_as_much_memory_as_a_fresh_run(sandbox: BwrapSandbox, data: Path) -> None:
    limits = replace(FAST_LIMITS, memory_mb=1024)
    path = data / "rows.csv"
    warm = WarmCalls(sandbox, [data], limits, size=1)
    try:
        for megabytes, fits in ((600, True), (1200, False)):
            source = tool(
                f"import numpy as np\ndf = pd.read_csv(file_path)\n"
                f"return str(int(np.ones({megabytes} * 1024 * 1024 // 8).sum()))\n"
            )
            fresh = call_tool(sandbox, source, {"file_path": str(path)}, read_paths=[path], limits=limits)
            ok, text = _call(warm, source, path)
            assert fresh.ok is ok is fits, (megabytes, fresh.error, text)
            assert fits or "MemoryError" in text
    finally:
        warm.close()


def test_a_template_killed_from_outside_is_replaced_and_no_call_runs_twice(
    warm: WarmCalls, data: Path
) -> None:
    assert _call(warm, SUM_BY_REGION, data / "rows.csv")[0]
    os.kill(_template_pid(warm), signal.SIGKILL)
    path = data / "rows.csv"
    outcome = warm.call_tool(SUM_BY_REGION, {"file_path": str(path)}, read_paths=[path])
    # Either the dying template never took the call (the caller runs it in a fresh sandbox), or it took
    # it and the call fails saying so: it is never run a second time.
    assert outcome is None or (not outcome.ok and LOST in (outcome.error or ""))
    assert _call(warm, SUM_BY_REGION, path) == (True, '{"North":4,"South":2}')


def test_files_added_or_replaced_after_the_start_are_read_as_they_are_now(
    sandbox: BwrapSandbox, tmp_path: Path
) -> None:
    import socket

    clean = tmp_path / "clean"
    mixed = tmp_path / "mixed"  # a socket inside: shown file by file, each bound by inode
    for root in (clean, mixed):
        root.mkdir(mode=0o755)
        (root / "rows.csv").write_text(ROWS, encoding="utf-8")
    listener = socket.socket(socket.AF_UNIX)
    listener.bind(str(mixed / "agent.sock"))
    warm = WarmCalls(sandbox, [clean, mixed], FAST_LIMITS, size=1)
    try:
        assert _call(warm, SUM_BY_REGION, clean / "rows.csv")[0]
        (clean / "later.csv").write_text("region,amount\nEast,5\n", encoding="utf-8")
        assert _call(warm, SUM_BY_REGION, clean / "later.csv") == (True, '{"East":5}')
        replacement = mixed / "new.csv"
        replacement.write_text("region,amount\nWest,9\n", encoding="utf-8")
        replacement.replace(mixed / "rows.csv")  # a new inode at the old name: the bound one is stale
        path = mixed / "rows.csv"
        assert warm.call_tool(SUM_BY_REGION, {"file_path": str(path)}, read_paths=[path]) is None
    finally:
        warm.close()
        listener.close()


def test_a_file_rewritten_in_place_between_calls_is_read_as_it_is_now(warm: WarmCalls, data: Path) -> None:
    path = data / "rows.csv"
    assert _call(warm, SUM_BY_REGION, path) == (True, '{"North":4,"South":2}')
    assert _call(warm, SUM_BY_REGION, path) == (True, '{"North":4,"South":2}')  # parsed by the template
    with path.open("w", encoding="utf-8") as handle:  # same inode: only size and times tell
        handle.write("region,amount\nNorth,10\n")
    assert _call(warm, SUM_BY_REGION, path) == (True, '{"North":10}')


def test_a_data_root_moved_away_and_made_again_is_never_read_as_it_was(warm: WarmCalls, data: Path) -> None:
    """The template shows the folder it bound at its start: a call for the new folder of that name runs
    fresh, never against the old rows still shown inside (a served call would answer with stale numbers)."""
    assert _call(warm, SUM_BY_REGION, data / "rows.csv") == (True, '{"North":4,"South":2}')
    data.rename(data.with_name("data-before"))
    data.mkdir(mode=0o755)
    path = data / "rows.csv"
    path.write_text("region,amount\nEast,7\n", encoding="utf-8")
    assert warm.call_tool(SUM_BY_REGION, {"file_path": str(path)}, read_paths=[path]) is None


def test_a_file_the_sandbox_uid_may_not_read_is_never_run_warm(warm: WarmCalls, data: Path) -> None:
    if os.geteuid() != 0:
        pytest.skip("as a normal user the sandbox runs as that user, who reads their own files")
    private = data / "private.csv"
    private.write_text(ROWS, encoding="utf-8")
    private.chmod(0o600)
    assert warm.call_tool(SUM_BY_REGION, {"file_path": str(private)}, read_paths=[private]) is None


def test_warm_calls_need_landlock_signal_scoping(
    monkeypatch: pytest.MonkeyPatch, sandbox: BwrapSandbox
) -> None:
    import mcpforge.sandbox.warm as warm_module

    monkeypatch.setattr(warm_module, "landlock_abi", lambda: 5)
    ok, why = warm_available(sandbox)
    assert not ok and "Landlock ABI 6" in why


def test_the_limits_of_a_call_are_the_tool_run_limits_not_the_templates(
    sandbox: BwrapSandbox, data: Path
) -> None:
    limits = SandboxLimits(**{**FAST_LIMITS.__dict__, "max_open_files": 40})
    warm = WarmCalls(sandbox, [data], limits, size=1)
    try:
        source = tool("import resource\nreturn str(resource.getrlimit(resource.RLIMIT_NOFILE))\n")
        assert _call(warm, source, data / "rows.csv") == (True, "(40, 40)")
    finally:
        warm.close()


HOSTILE_TOOL = """
import contextlib, io, traceback
from mcpforge.runtime import mcp

@mcp.tool()
def probe(file_path: str) -> str:
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        try:
            exec(compile(CASE, "case", "exec"), {})
        except BaseException:
            print("stopped:", traceback.format_exc(limit=1).splitlines()[-1])
    return printed.getvalue()
"""


@pytest.mark.parametrize("case", ["metadata", "sockets", "secrets", "scheduling"])
def test_the_hostile_battery_leaves_no_trace_from_a_warm_call(
    case: str, sandbox: BwrapSandbox, watch: HostWatch
) -> None:
    rows = watch.data / "rows.csv"
    sentinel = start_sentinel(sandbox_host_ids(None))
    before = sched_state(sentinel.pid)
    warm = WarmCalls(sandbox, [watch.data], FAST_LIMITS, size=1)
    try:
        source = f"CASE = {_script(case, watch)!r}\n" + HOSTILE_TOOL
        outcome = warm.call_tool(source, {"file_path": str(rows)}, read_paths=[rows])
        assert outcome is not None and outcome.ok, outcome
        printed = outcome.markdown or ""
        assert sched_state(sentinel.pid) == before
    finally:
        warm.close()
        assert sentinel.stdin is not None
        sentinel.stdin.close()
        sentinel.wait(10)
    assert watch.changes() == {}
    assert watch.connections() == []
    assert watch.leftovers() == []
    assert SECRET not in printed
    assert "CHANGED" not in printed and "CONNECTED" not in printed and "OPENED" not in printed
    if case == "secrets":
        assert printed.startswith("a,b\n1,2"), printed  # its own file stays readable
    if case == "sockets":
        assert "listed" not in printed  # not even the names of the data folder's entries


def test_calls_at_once_in_one_template_each_get_their_own_answer(sandbox: BwrapSandbox, data: Path) -> None:
    files = {}
    for region, amount in (("East", 5), ("West", 7), ("Coast", 11), ("Hills", 13)):
        path = data / f"{region}.csv"
        path.write_text(f"region,amount\n{region},{amount}\n", encoding="utf-8")
        files[path] = f'{{"{region}":{amount}}}'
    warm = WarmCalls(sandbox, [data], FAST_LIMITS, size=2)
    answers: dict[Path, list[tuple[bool, str]]] = {path: [] for path in files}

    def caller(paths: list[Path]) -> None:
        for _ in range(4):
            for path in paths:
                answers[path].append(_call(warm, SUM_BY_REGION, path))

    paths = list(files)
    threads = [threading.Thread(target=caller, args=(paths[i::2],)) for i in range(2)]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)
    finally:
        warm.close()
    assert all(answers[path] == [(True, expected)] * 4 for path, expected in files.items()), answers


def test_a_call_that_hangs_does_not_hold_up_the_others(sandbox: BwrapSandbox, data: Path) -> None:
    warm = WarmCalls(sandbox, [data], replace(FAST_LIMITS, timeout_seconds=4.0), size=2)
    finished: dict[str, float] = {}
    outcomes: dict[str, tuple[bool, str]] = {}

    def hang() -> None:
        outcomes["hang"] = _call(
            warm, tool("import time\ntime.sleep(60)\nreturn 'woke'\n"), data / "rows.csv"
        )
        finished["hang"] = time.monotonic()

    try:
        assert _call(warm, SUM_BY_REGION, data / "rows.csv")[0]  # the template is up
        hanging = threading.Thread(target=hang)
        hanging.start()
        quick = [_call(warm, SUM_BY_REGION, data / "rows.csv") for _ in range(3)]
        finished["quick"] = time.monotonic()
        hanging.join(60)
    finally:
        warm.close()
    assert quick == [(True, '{"North":4,"South":2}')] * 3
    assert not outcomes["hang"][0] and "time limit" in outcomes["hang"][1]
    assert finished["quick"] < finished["hang"]


def test_the_template_outlives_the_thread_that_started_it(warm: WarmCalls, data: Path) -> None:
    path = data / "rows.csv"
    first = threading.Thread(target=_call, args=(warm, SUM_BY_REGION, path))  # serve's worker threads end
    first.start()
    first.join(60)
    started_by_thread = _template_pid(warm)
    assert _call(warm, SUM_BY_REGION, path) == (True, '{"North":4,"South":2}')
    assert _template_pid(warm) == started_by_thread


SCIPY_SEEN = "import sys\nPRELOADED = 'scipy.stats' in sys.modules\nimport scipy.stats\n" + tool(
    "return f'{PRELOADED} {scipy.stats.norm.cdf(0):.1f}'\n"
)


def test_scipy_is_imported_by_the_template_only_once_a_tool_imports_it(warm: WarmCalls, data: Path) -> None:
    path = data / "rows.csv"
    assert _call(warm, SUM_BY_REGION, path)[0]
    first = _template_pid(warm)
    assert _call(warm, SCIPY_SEEN, path) == (True, "False 0.5")  # served now; a template with scipy starts
    deadline = time.monotonic() + 60
    while (answer := _call(warm, SCIPY_SEEN, path)) != (True, "True 0.5"):
        assert answer == (True, "False 0.5")
        assert time.monotonic() < deadline, "the template with scipy never took over"
        time.sleep(0.2)
    assert _template_pid(warm) != first
    _call(warm, SUM_BY_REGION, path)  # the old template, idle now, is stopped
    assert not Path(f"/proc/{first}").exists() or "Z" in Path(f"/proc/{first}/stat").read_text().split()[2]


def test_a_template_that_never_serves_scipy_never_imports_it(warm: WarmCalls, data: Path) -> None:
    path = data / "rows.csv"
    source = "import sys\n" + tool("return str('scipy' in sys.modules)\n")
    assert _call(warm, source, path) == (True, "False")
    assert _call(warm, source, path) == (True, "False")


THP_OF_THE_CALL = tool(
    """
    with open("/proc/self/status", encoding="ascii") as status:
        return next((line.split()[1] for line in status if line.startswith("THP_enabled:")), "unknown")
    """
)


def test_huge_pages_off_reaches_the_template_and_every_call_it_forks(
    sandbox: BwrapSandbox, data: Path
) -> None:
    from mcpforge.sandbox._kernel import _libc

    if "THP_enabled:" not in Path("/proc/self/status").read_text(encoding="ascii"):
        pytest.skip("this kernel does not report THP_enabled (before Linux 5.0)")
    # This process may have turned them off already (an in-process `ask` test): on again, so the
    # template's own setting is what is judged.
    assert _libc.prctl(41, 0, 0, 0, 0) == 0  # PR_SET_THP_DISABLE, 0
    seen = {}
    for huge_pages in (True, False):
        calls = WarmCalls(sandbox, [data], FAST_LIMITS, size=1, huge_pages=huge_pages)
        try:
            ok, seen[huge_pages] = _call(calls, THP_OF_THE_CALL, data / "rows.csv")
            assert ok, seen[huge_pages]
        finally:
            calls.close()
    assert seen == {True: "1", False: "0"}
