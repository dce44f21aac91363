"""Warm calls share nothing: a call starts from a state no request has touched (issue 24, classes 1-3).

Each test drives a real template (bwrap, Landlock, seccomp) with hostile tools that are *not* passed
through the static policy (it is a first filter, not the boundary), and judges on the host: tokens
planted in one call's arguments, data and result never appear in another call; SysV IPC, POSIX message
queues and pseudo-terminals are not shared; one call cannot take another's process budget, fill the
template's disk or stall it; a call the template took is never run twice.
"""

from __future__ import annotations

import json
import os
import signal
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from mcpforge.sandbox.bwrap import BwrapSandbox
from mcpforge.sandbox.tool_call import ToolCallOutcome
from mcpforge.sandbox.warm import LOST, WarmCalls, warm_available

from ._host import descendants
from ._support import FAST_LIMITS, make_backend

ROWS = "region,amount\nNorth,1\nSouth,2\nNorth,3\n"
HEADER = (
    "import os, ctypes, ctypes.util, threading, time, gc, re, json, errno\n"
    "from mcpforge.runtime import mcp\n\n"
)

# Searches the whole of its own address space (and gc's objects) for tokens shaped zq<32 hex>qz. The
# pattern is built from parts, so the tool's own source never matches it.
SCAN = (
    HEADER
    + """
@mcp.tool()
def probe(file_path: str, note: str = "") -> str:
    pattern = re.compile(b"z" + b"q[0-9a-f]{32}q" + b"z")
    found = set()
    with open("/proc/self/maps", encoding="ascii") as maps, open("/proc/self/mem", "rb", buffering=0) as mem:
        for line in maps:
            fields = line.split()
            start, end = (int(x, 16) for x in fields[0].split("-"))
            special = len(fields) > 5 and fields[5] == "[vvar]"
            if "r" not in fields[1] or end - start > 256 * 1024 * 1024 or special:
                continue
            try:
                mem.seek(start)
                chunk = mem.read(end - start)
            except OSError:
                continue
            found.update(m.decode() for m in pattern.findall(chunk))
    text_pattern = re.compile("z" + "q[0-9a-f]{32}q" + "z")
    for obj in gc.get_objects():
        if isinstance(obj, (dict, list)):
            found.update(text_pattern.findall(repr(obj)[:100000]))
    return json.dumps(sorted(found))
"""
)

# Holds a token in its arguments, its data and its result (and waits, so a neighbour can look meanwhile).
HOLD = (
    HEADER
    + """
@mcp.tool()
def probe(file_path: str, note: str = "") -> str:
    with open(file_path, encoding="utf-8") as handle:
        data = handle.read()
    kept = [note * 3, data * 3]
    time.sleep(SECONDS)
    return note + " " + data + str(len(kept))
"""
)


def _token() -> str:
    return f"zq{uuid.uuid4().hex}qz"


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
    return root


@pytest.fixture
def warm2(sandbox: BwrapSandbox, data: Path) -> Iterator[WarmCalls]:
    calls = WarmCalls(sandbox, [data], FAST_LIMITS, size=2)
    yield calls
    calls.close()


def _run(warm: WarmCalls, source: str, path: Path, note: str = "") -> ToolCallOutcome:
    outcome = warm.call_tool(source, {"file_path": str(path), "note": note}, read_paths=[path])
    assert outcome is not None, "the call was expected to run warm"
    return outcome


def _value(outcome: ToolCallOutcome) -> str:
    assert outcome.ok, f"{outcome.error_type}: {outcome.error}"
    return outcome.markdown or ""


def _template_pid(warm: WarmCalls) -> int:
    template = warm._current
    assert template is not None
    return template._run.pid


def test_a_call_finds_no_token_of_an_earlier_call_in_the_memory_it_inherited(
    warm2: WarmCalls, data: Path
) -> None:
    argument, content = _token(), _token()
    private = data / "client_a.csv"
    private.write_text(f"secret\n{content}\n", encoding="utf-8")
    held = _value(_run(warm2, HOLD.replace("SECONDS", "0.01"), private, note=argument))
    assert argument in held and content in held  # the earlier call really held both, and returned them
    for _ in range(2):  # twice: the second call is forked after the first one's answer was sent
        found = json.loads(_value(_run(warm2, SCAN, data / "rows.csv")))
        assert argument not in found and content not in found, found


def test_a_call_finds_no_token_of_a_call_running_beside_it(warm2: WarmCalls, data: Path) -> None:
    argument, content = _token(), _token()
    private = data / "client_a.csv"
    private.write_text(f"secret\n{content}\n", encoding="utf-8")
    results: list[ToolCallOutcome] = []
    holder = threading.Thread(
        target=lambda: results.append(_run(warm2, HOLD.replace("SECONDS", "3"), private, note=argument))
    )
    holder.start()
    time.sleep(1.0)  # the neighbour is running (its request was read by the template) while we look
    found = json.loads(_value(_run(warm2, SCAN, data / "rows.csv")))
    holder.join(30)
    assert results and argument in _value(results[0])
    assert argument not in found and content not in found, found


IPC = (
    HEADER
    + """
libc = ctypes.CDLL(None, use_errno=True)
KEY = 0x6D636621

@mcp.tool()
def probe(file_path: str, note: str = "") -> str:
    if note == "create":
        queue = libc.msgget(KEY, 0o1600)
        shm = libc.shmget(KEY, 4096, 0o1600)
        return f"queue={queue >= 0} shm={shm >= 0}"
    queue = libc.msgget(KEY, 0)
    queue_err = ctypes.get_errno()
    shm = libc.shmget(KEY, 0, 0)
    shm_err = ctypes.get_errno()
    return f"queue={queue} {errno.errorcode.get(queue_err)} shm={shm} {errno.errorcode.get(shm_err)}"
"""
)


def test_sysv_ipc_objects_of_one_call_are_not_there_for_the_next(warm2: WarmCalls, data: Path) -> None:
    assert _value(_run(warm2, IPC, data / "rows.csv", note="create")) == "queue=True shm=True"
    assert _value(_run(warm2, IPC, data / "rows.csv", note="look")) == "queue=-1 ENOENT shm=-1 ENOENT"


MQUEUE = (
    HEADER
    + """
@mcp.tool()
def probe(file_path: str, note: str = "") -> str:
    rt = ctypes.CDLL(ctypes.util.find_library("rt") or "librt.so.1", use_errno=True)
    flags = os.O_RDWR | (os.O_CREAT if note == "create" else 0)
    queue = rt.mq_open(b"/mcpforge-warm-test", flags, 0o600, None)
    return f"{queue >= 0} {errno.errorcode.get(ctypes.get_errno())}"
"""
)


def test_a_posix_message_queue_cannot_carry_anything_to_the_next_call(warm2: WarmCalls, data: Path) -> None:
    _value(_run(warm2, MQUEUE, data / "rows.csv", note="create"))  # created or refused: either way, private
    assert _value(_run(warm2, MQUEUE, data / "rows.csv", note="open")).startswith("False ")


PTY = (
    HEADER
    + """
@mcp.tool()
def probe(file_path: str, note: str = "") -> str:
    seen = []
    for attempt in (lambda: os.open("/dev/ptmx", os.O_RDWR), os.openpty, lambda: os.listdir("/dev/pts")):
        try:
            attempt()
            seen.append("opened")
        except OSError as exc:
            seen.append(type(exc).__name__)
    return " ".join(seen)
"""
)


def test_a_call_gets_no_pseudo_terminal_to_share(warm2: WarmCalls, data: Path) -> None:
    assert "opened" not in _value(_run(warm2, PTY, data / "rows.csv"))


THREADS = (
    HEADER
    + """
@mcp.tool()
def probe(file_path: str, note: str = "") -> str:
    started = 0
    if note == "hog":  # processes, each with its own address space: only the process budget stops it
        for _ in range(1000):
            try:
                pid = os.fork()
            except OSError:
                break
            if pid == 0:
                time.sleep(8)
                os._exit(0)
            started += 1
        time.sleep(4)
        return str(started)
    stop = threading.Event()
    try:
        for _ in range(8):
            threading.Thread(target=stop.wait, args=(6,), daemon=True).start()
            started += 1
    except RuntimeError:
        pass
    stop.set()
    return str(started)
"""
)


def test_one_call_exhausting_its_process_budget_leaves_the_budget_of_the_next_intact(
    warm2: WarmCalls, data: Path
) -> None:
    hog: list[ToolCallOutcome] = []
    thread = threading.Thread(target=lambda: hog.append(_run(warm2, THREADS, data / "rows.csv", note="hog")))
    thread.start()
    time.sleep(1.5)
    assert _value(_run(warm2, THREADS, data / "rows.csv", note="few")) == "8"
    thread.join(30)
    assert int(_value(hog[0])) < FAST_LIMITS.max_processes  # its own budget stopped it


FILL = (
    HEADER
    + """
@mcp.tool()
def probe(file_path: str, note: str = "") -> str:
    work = os.environ["TMPDIR"]
    written = 0
    try:
        with open(os.path.join(work, "fill"), "wb") as handle:
            while written < 1 << 30:
                handle.write(b"x" * (1 << 16))
                written += 1 << 16
    except OSError as exc:
        stopped = errno.errorcode.get(exc.errno)
    deep = work
    depth = 0
    try:
        while depth < 2500:
            deep = os.path.join(deep, "d")
            os.mkdir(deep)
            os.chdir(deep)
            deep = "."
            depth += 1
    except OSError:
        pass
    return f"{written} {stopped} {depth}"
"""
)


def test_a_call_that_fills_its_work_space_and_nests_folders_deeply_stalls_nothing(
    warm2: WarmCalls, data: Path
) -> None:
    path = data / "rows.csv"
    assert _value(_run(warm2, SCAN, path)) == "[]"
    before = _template_pid(warm2)
    started = time.monotonic()
    written, _stopped, _depth = _value(_run(warm2, FILL, path)).split()
    assert int(written) <= FAST_LIMITS.max_output_bytes  # its own capped space, not the template's /tmp
    assert time.monotonic() - started < 15
    started = time.monotonic()
    assert _value(_run(warm2, SCAN, path)) == "[]"
    assert time.monotonic() - started < 10
    assert _template_pid(warm2) == before  # the same template: nothing had to be replaced


def test_an_honest_tool_on_a_deeply_nested_json_file_cannot_harm_the_template(
    warm2: WarmCalls, data: Path
) -> None:
    nested = data / "nested.json"
    nested.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    loader = HEADER + (
        "from mcpforge.runtime import load_csv_data_with_types\n\n"
        "@mcp.tool()\ndef probe(file_path: str, note: str = '') -> str:\n"
        "    return str(len(load_csv_data_with_types(file_path)))\n"
    )
    before = _template_pid(warm2) if warm2._current else None
    warm2.call_tool(loader, {"file_path": str(nested)}, read_paths=[nested])
    warm2.call_tool(loader, {"file_path": str(nested)}, read_paths=[nested])
    assert _value(_run(warm2, SCAN, data / "rows.csv")) == "[]"
    if before is not None:
        assert _template_pid(warm2) == before


def test_a_call_the_template_took_is_never_run_again_when_the_template_dies(
    sandbox: BwrapSandbox, data: Path
) -> None:
    warm = WarmCalls(sandbox, [data], FAST_LIMITS, size=1)
    try:
        path = data / "rows.csv"
        assert _value(_run(warm, SCAN, path)) == "[]"
        resting = len(descendants(_template_pid(warm)))
        outcome: list[ToolCallOutcome | None] = []
        slow = HOLD.replace("SECONDS", "8")
        caller = threading.Thread(
            target=lambda: outcome.append(warm.call_tool(slow, {"file_path": str(path)}, read_paths=[path]))
        )
        caller.start()
        deadline = time.monotonic() + 20
        while len(descendants(_template_pid(warm))) < resting + 2 and time.monotonic() < deadline:
            time.sleep(0.05)  # until the call's reaper and the call itself run
        os.kill(_template_pid(warm), signal.SIGKILL)
        caller.join(30)
        assert outcome and outcome[0] is not None, (
            "a call the template took must not be handed back to run fresh"
        )
        assert not outcome[0].ok and LOST in (outcome[0].error or "")
        assert _value(_run(warm, SCAN, path)) == "[]"  # and a new template serves the next call
    finally:
        warm.close()


def test_warm_calls_come_back_by_themselves_after_a_template_fails_to_start(
    monkeypatch: pytest.MonkeyPatch, sandbox: BwrapSandbox, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    import mcpforge.sandbox.warm as warm_module

    monkeypatch.setattr(warm_module, "RETRY_AFTER_SECONDS", (0.3,))
    root = tmp_path / "later"  # missing at the first start: the template cannot start
    warm = WarmCalls(sandbox, [root], FAST_LIMITS, size=1)
    try:
        assert warm.call_tool(SCAN, {"file_path": str(root / "rows.csv")}, read_paths=[]) is None
        status = warm.status()
        assert status["warm"] is False and status["reason"] and status["failed_starts_in_a_row"] == 1
        root.mkdir()
        (root / "rows.csv").write_text(ROWS, encoding="utf-8")
        time.sleep(0.4)
        assert _value(_run(warm, SCAN, root / "rows.csv")) == "[]"
        assert warm.status()["warm"] is True
        assert any("warm calls are back" in record.getMessage() for record in caplog.records)
    finally:
        warm.close()


def test_with_warm_calls_off_fresh_sandboxes_share_no_ipc(sandbox: BwrapSandbox, data: Path) -> None:
    from mcpforge.sandbox import call_tool

    path = data / "rows.csv"

    def fresh(source: str, note: str = "") -> str:
        outcome = call_tool(
            sandbox, source, {"file_path": str(path), "note": note}, read_paths=[path], limits=FAST_LIMITS
        )
        return _value(outcome)

    assert fresh(IPC, "create") == "queue=True shm=True"
    assert fresh(IPC, "look") == "queue=-1 ENOENT shm=-1 ENOENT"
    # (A fresh run may open a pseudo-terminal: bwrap gives each run a devpts instance of its own.)
