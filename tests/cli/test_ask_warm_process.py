"""``mcpforge ask`` answered by the user's warm ask process (``cli/warm_ask.py``): real processes throughout.

One zygote serves the module (started, as for a person, by a first ask that ran in its own process); each
test runs the console script as a person does and checks what they would see: the same answer and exit
code as an ask in its own process, their terminal and stdin, their Ctrl-C, and nothing left running.
"""

from __future__ import annotations

import json
import os
import pty
import select
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from mcpforge.cli import warm_ask
from mcpforge.residents import NO_RESIDENT_ENV, RESIDENT_DIR_ENV

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SCRIPT = Path(sys.executable).with_name("mcpforge")
ANSWERED = ("average salary by department", "employees.csv")
REFUSED = ("write me a poem about cats", "sales.csv")
QUESTION = ("how many customers per region", "sales.csv")

_PF_EXITING = 0x4  # /proc/PID/stat flags: the process is exiting
pytestmark = pytest.mark.skipif(not SCRIPT.is_file(), reason="needs the installed console script")


class Warm:
    """The module's zygote: its resident root, and the environment of the asks that reach it."""

    def __init__(self, root: Path) -> None:
        self.root = root
        env = {k: v for k, v in os.environ.items() if k != NO_RESIDENT_ENV}
        env[RESIDENT_DIR_ENV] = str(root / "resident")
        env["MCPFORGE_SANDBOX__WARM_CALLS"] = "false"  # no resident sandbox beside it: fewer processes
        self.env = env

    def folder(self) -> Path:
        """The folder of the live zygote (a new key after an edit of mcpforge's files has a new one)."""
        sockets = sorted((self.root / "resident").glob(f"{warm_ask.FOLDER_PREFIX}*/sock"), key=_mtime)
        assert sockets, "no warm ask process"
        return sockets[-1].parent

    def ready(self) -> None:
        """Until an ask is answered warm: an ask that finds no zygote of its key starts one after it."""
        deadline = time.monotonic() + 180
        while "process" not in json.loads(self.ask(*REFUSED, "--json").stdout):
            assert time.monotonic() < deadline, "the warm ask process did not become ready"
            time.sleep(1.0)

    def ask(
        self, request: str, data: str, *extra: str, env: dict[str, str] | None = None, cwd: Path | None = None
    ) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            self.command(request, data, *extra),
            env=env or self.env,
            cwd=cwd or self.root,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )

    def ask_warm(self, request: str, data: str, *extra: str) -> subprocess.CompletedProcess[str]:
        """An ``--json`` ask answered warm (in a working tree being edited, a zygote whose files changed
        under it exits, and the ask that finds it gone runs in its own process: that one is asked again)."""
        for _ in range(5):
            self.ready()
            done = self.ask(request, data, "--json", *extra)
            if '"process": "warm"' in done.stdout:
                return done
        pytest.fail("never answered warm")

    def command(self, request: str, data: str, *extra: str) -> list[str]:
        registry = self.root / f"registry-{uuid.uuid4().hex[:8]}"
        return [
            str(SCRIPT), "ask", request, "--data", str(EXAMPLES / data), "--no-review",
            "--registry", str(registry), "--allow-read", str(EXAMPLES), *extra,
        ]  # fmt: skip


def _mtime(path: Path) -> float:
    try:
        return path.lstat().st_mtime
    except OSError:
        return 0.0


@pytest.fixture(scope="module")
def zygote(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Warm]:
    made = Warm(tmp_path_factory.mktemp("warm-ask"))
    first = made.ask(*REFUSED, "--json")
    assert first.returncode == 2, first.stderr
    assert "process" not in json.loads(first.stdout)  # no zygote yet: answered in its own process
    yield made
    for sock in (made.root / "resident").glob("ask-*/sock"):
        sock.unlink()  # the zygote exits within a second of its socket going


@pytest.fixture
def warm(zygote: Warm) -> Warm:
    zygote.ready()
    return zygote


def _cold(env: dict[str, str]) -> dict[str, str]:
    return {**env, NO_RESIDENT_ENV: "1"}


def test_the_second_ask_is_answered_warm_with_the_same_json(warm: Warm) -> None:
    hot = warm.ask_warm(*ANSWERED)
    cold = warm.ask(*ANSWERED, "--json", env=_cold(warm.env))
    assert (hot.returncode, cold.returncode) == (0, 0), hot.stderr + cold.stderr
    hot_json, cold_json = json.loads(hot.stdout), json.loads(cold.stdout)
    assert hot_json["process"] == "warm" and "process" not in cold_json
    assert hot_json["result"] == cold_json["result"]
    assert hot_json["reading"] == cold_json["reading"]
    assert (hot_json["status"], hot_json["tool_name"]) == (cold_json["status"], cold_json["tool_name"])
    checks = ("schema_ok", "tests_ok", "sandbox_ok", "static_ok", "security_ok", "sandbox_backend")
    assert {k: hot_json["validation"][k] for k in checks} == {k: cold_json["validation"][k] for k in checks}


def test_a_refusal_and_a_question_keep_their_exit_codes_and_answers(warm: Warm) -> None:
    for request, code in ((REFUSED, 2), (QUESTION, 3)):
        hot = warm.ask_warm(*request)
        cold = warm.ask(*request, "--json", env=_cold(warm.env))
        assert (hot.returncode, cold.returncode) == (code, code), hot.stderr
        hot_json, cold_json = json.loads(hot.stdout), json.loads(cold.stdout)
        assert hot_json.pop("process") == "warm"
        assert hot_json == cold_json


def test_a_clarify_answer_is_taken_and_a_wrong_one_asked_again(warm: Warm) -> None:
    answered = warm.ask_warm(*QUESTION, "--clarify", "customers=distinct")
    assert answered.returncode == 0, answered.stderr
    answer = json.loads(answered.stdout)
    assert answer["process"] == "warm" and answer["status"] == "STAGED"
    assert "distinct" in answer["reading"].lower()
    hint = warm.ask(*QUESTION)  # not --json: the question and the commands to paste, on stderr
    assert hint.returncode == 3
    assert "--clarify customers=distinct" in hint.stderr


def test_a_question_on_a_terminal_reads_the_answer_from_its_stdin(warm: Warm) -> None:
    """The child gets the person's terminal itself: isatty is true, the prompt shows, stdin is read."""
    leader, follower = pty.openpty()
    process = subprocess.Popen(
        warm.command(*QUESTION), env=warm.env, cwd=warm.root, stdin=follower, stdout=follower, stderr=follower
    )
    os.close(follower)
    seen = b""
    try:
        deadline = time.monotonic() + 120
        while b"Your choice" not in seen and time.monotonic() < deadline:
            if select.select([leader], [], [], 1.0)[0]:
                seen += os.read(leader, 4096)
        assert b"Your choice" in seen, seen
        os.write(leader, b"2\n")
        assert process.wait(timeout=300) == 0
        while select.select([leader], [], [], 0.5)[0]:
            try:
                chunk = os.read(leader, 4096)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
    finally:
        process.kill()
        os.close(leader)
    assert b"distinct" in seen and b"STAGED" in seen


def _forks(folder: Path) -> list[int]:
    """The zygote's reapers and children now: processes forked from it (its command line, folder
    included) whose parent is one of them too."""
    mine: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if str(folder).encode() not in (entry / "cmdline").read_bytes():
                continue
            mine[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
    return [pid for pid, parent in mine.items() if parent in mine]


def _running_child(warm: Warm) -> tuple[subprocess.Popen[bytes], list[int]]:
    """A warm answered ask under way: its client, and the zygote's reaper and child for it."""
    warm.ready()
    assert not _forks(warm.folder())
    process = subprocess.Popen(
        warm.command(*ANSWERED, "--json"),
        env=warm.env,
        cwd=warm.root,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        forks = _forks(warm.folder())
        if len(forks) >= 2:
            return process, forks
        time.sleep(0.02)
    process.kill()
    pytest.fail("no warm child started")


def _gone(folder: Path, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not _forks(folder):
            return True
        time.sleep(0.1)
    return False


def test_ctrl_c_of_the_client_reaches_the_child(warm: Warm) -> None:
    process, _forked = _running_child(warm)
    time.sleep(0.3)
    process.send_signal(signal.SIGINT)
    _out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert b"interrupted" in err
    assert _gone(warm.folder(), 10)


def test_killing_the_client_ends_its_child(warm: Warm) -> None:
    process, forked = _running_child(warm)
    process.kill()
    process.communicate(timeout=10)
    assert _gone(warm.folder(), 15), [_describe(pid) for pid in _forks(warm.folder())]
    assert not [pid for pid in forked if _running(pid)], [_describe(pid) for pid in forked]


def test_killing_the_client_as_a_sandbox_run_starts_ends_that_run(warm: Warm) -> None:
    """A sandbox run is a session of its own, outside the child's group. Killed while it is still being
    set up (forked from the child, not yet the sandbox: nothing makes it die with its parent yet), it
    used to be handed to PID 1 and run on; the reaper, a subreaper, now ends it."""
    process, forked = _running_child(warm)
    child = max(forked, key=lambda pid: _stat(pid).get("start", 0))
    folder = str(warm.folder()).encode()
    deadline = time.monotonic() + 120
    starting: list[int] = []
    while not starting and time.monotonic() < deadline and process.poll() is None:
        starting = [pid for pid in _descendants(child) if _own_session(pid) and folder in _command(pid)]
    if not starting:
        process.kill()
        pytest.fail("the warm child started no sandbox run while the client waited")
    reaper = _stat(child).get("parent", 0)
    tree = {reaper, child, *_descendants(child)}  # the run may fork inside itself: its parent is in the tree
    process.kill()
    foreign: set[int] = set()  # parents outside the reaper's tree the run's processes were handed to
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        alive = [pid for pid in starting if _running(pid)]
        if not alive:
            break
        for pid in alive:
            parent = _stat(pid).get("parent", child)
            if parent not in tree:
                tree |= set(_descendants(reaper))
                if parent not in tree:
                    foreign.add(parent)
        time.sleep(0.002)
    process.communicate(timeout=10)
    assert not [pid for pid in starting if _running(pid)], [_describe(pid) for pid in starting]
    assert not foreign, f"handed to {foreign}, not to the reaper {reaper}"


def _own_session(pid: int) -> bool:
    return _stat(pid).get("session") == pid


def _command(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def _stat(pid: int) -> dict[str, int]:
    """``pid``'s parent, session and start time (clock ticks since boot), from /proc; empty once gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return {}
    return {"parent": int(fields[1]), "session": int(fields[3]), "start": int(fields[19])}


def _descendants(root: int) -> list[int]:
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            parents[int(entry.name)] = _stat(int(entry.name)).get("parent", 0)
    found, frontier = [], [root]
    while frontier:
        kids = [pid for pid, parent in parents.items() if parent in frontier]
        found.extend(kids)
        frontier = kids
    return found


def _describe(pid: int) -> str:
    try:
        state = Path(f"/proc/{pid}/stat").read_text()
        command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return f"{pid}: gone"
    return f"{state.strip()} :: {command[:300]}"


def _running(pid: int) -> bool:
    """``pid`` still runs: a zombie has ended (it holds no memory and runs nothing); one whose parent died
    waits for PID 1 to collect it, and a container's PID 1 may never do so (a CI failure seen once). A
    process whose exit has begun (``PF_EXITING``: its memory already released) runs no code of its own."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return False
    return fields[0] not in {"Z", "X"} and not int(fields[6]) & _PF_EXITING


def test_a_folder_others_may_enter_is_not_used(warm: Warm) -> None:
    folder = warm.folder()
    folder.chmod(0o755)
    try:
        done = warm.ask(*REFUSED, "--json")
    finally:
        folder.chmod(0o700)
    assert done.returncode == 2
    assert "process" not in json.loads(done.stdout)  # answered in its own process, as if there were none
    warm.ready()  # and the zygote is still there for the next ask


def test_a_configuration_that_turns_it_off_is_obeyed(warm: Warm, tmp_path: Path) -> None:
    (tmp_path / "mcpforge.yaml").write_text("sandbox:\n  resident: false\n")
    done = warm.ask(*REFUSED, "--json", cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert "process" not in json.loads(done.stdout)  # handed back by the child, answered by the client


def test_the_key_follows_the_code_the_interpreter_and_import_time_variables(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import mcpforge

    package = tmp_path / "mcpforge"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "module.py").write_text("x = 1\n")
    monkeypatch.setattr(mcpforge, "__file__", str(package / "__init__.py"))
    env = {"PATH": "/bin", "MCPFORGE_CACHE_DIR": "/a"}
    key = warm_ask.warm_key(env)
    assert warm_ask.warm_key({**env, "MCPFORGE_CACHE_DIR": "/b"}) == key  # read when a command runs
    assert warm_ask.warm_key({**env, "OPENBLAS_NUM_THREADS": "1"}) != key  # read when numpy loads
    assert warm_ask.warm_key({**env, "PYTHONHASHSEED": "0"}) != key
    (package / "module.py").write_text("x = 22\n")
    assert warm_ask.warm_key(env) != key
    edited = warm_ask.warm_key(env)
    monkeypatch.setattr(sys, "executable", "/usr/bin/another-python")
    assert warm_ask.warm_key(env) != edited


def test_the_zygote_does_each_first_use_step_before_it_is_ready(warm: Warm) -> None:
    """Its log says it is ready with no first-use step left cold and its heap frozen (a child's garbage
    collections then never walk, nor copy the pages of, the zygote's objects)."""
    ready = [line for line in (warm.folder() / "log").read_text().splitlines() if " is ready: " in line]
    assert ready, "no ready line in the zygote's log"
    frozen = int(ready[-1].split(" is ready: ")[1].split()[0])
    assert frozen > 10_000  # pandas, pydantic and the pipeline: hundreds of thousands of objects
    assert "0 first-use steps left cold []" in ready[-1]


@pytest.mark.parametrize("request_text", ["how many orders per category", "monthly count of orders"])
def test_a_request_in_the_words_of_the_zygotes_warm_up_is_answered_as_in_its_own_process(
    warm: Warm, request_text: str
) -> None:
    """The zygote read these very requests over a made-up frame with columns of these names: nothing of
    that reading may show in a child's answer about a real file."""
    hot = warm.ask_warm(request_text, "sales.csv")
    cold = warm.ask(request_text, "sales.csv", "--json", env=_cold(warm.env))
    assert hot.returncode == cold.returncode, hot.stderr + cold.stderr
    hot_json, cold_json = json.loads(hot.stdout), json.loads(cold.stdout)
    assert hot_json.pop("process") == "warm"
    if cold.returncode != 0:
        assert hot_json == cold_json
        return
    for key in ("status", "tool_name", "reading", "result", "error"):
        assert hot_json[key] == cold_json[key], key


WARM_UP_TOUCHES_NOTHING = """
import os, sys, threading
from mcpforge.cli import warm_ask_prewarm
from mcpforge.cli.warm_ask_zygote import WARM_MODULES, _load

seen = []
prewarm = warm_ask_prewarm.prewarm


def watch(event, args):
    if event == "open" and (args[1] not in (None, "r", "rb") or (args[2] or 0) & 3):
        seen.append(f"opened for writing: {args[0]}")
    elif event in ("os.mkdir", "os.remove", "os.rename", "os.fork", "os.posix_spawn", "subprocess.Popen",
                   "_thread.start_new_thread", "socket.connect", "socket.bind"):
        seen.append(event)


def watched():
    native = len(os.listdir("/proc/self/task"))  # the libraries' own pools count too
    sys.addaudithook(watch)
    left_cold = prewarm()
    if len(os.listdir("/proc/self/task")) != native:
        seen.append("a native thread started")
    return left_cold


warm_ask_prewarm.prewarm = watched
left_cold = []
_load(WARM_MODULES, left_cold)
print(left_cold, threading.active_count(), seen)
"""


def test_the_zygotes_warm_up_writes_nothing_and_starts_no_thread_or_process(tmp_path: Path) -> None:
    """What the zygote does before it is ready stays in its memory: no file written, no folder made, no
    thread, process or connection started (its forks must copy a process with one thread)."""
    done = subprocess.run(
        [sys.executable, "-c", WARM_UP_TOUCHES_NOTHING],
        capture_output=True, text=True, cwd=tmp_path, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "[] 1 []"


def test_patterns_made_while_remembered_compile_ahead_and_a_bad_one_stays_lazy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from mcpforge import _lazy_re

    monkeypatch.setattr(_lazy_re, "_remembered", None)
    before = _lazy_re.compile("made before")
    _lazy_re.remember_patterns()
    good = _lazy_re.compile(r"\bcount\b", _lazy_re.IGNORECASE)
    bad = _lazy_re.compile("(unclosed")
    assert _lazy_re.compile_remembered() == 1
    after = _lazy_re.compile("made after")
    patterns = {"before": before, "good": good, "bad": bad, "after": after}
    compiled = {name: getattr(made, "_compiled", None) is not None for name, made in patterns.items()}
    assert compiled == {"before": False, "good": True, "bad": False, "after": False}
    assert good.search("Count the rows") is not None
    with pytest.raises(_lazy_re.error):  # at its first use, as an unremembered pattern does
        bad.search("x")
