"""Each isolation property of issue 4, proven against every strong backend with real processes."""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from mcpforge.sandbox import Sandbox

from ._support import processes_with_run_id, run


@pytest.fixture
def tcp_listener() -> Iterator[int]:
    """A TCP server on the host's 127.0.0.1 that accepts and records connections."""
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.bind(("127.0.0.1", 0))
    server.listen()
    server.settimeout(0.2)
    accepted: list[object] = []
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except OSError:
                continue
            accepted.append(conn)
            conn.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield server.getsockname()[1]
    stop.set()
    thread.join(2)
    server.close()
    assert accepted == [], "the sandbox reached a host service"


def test_each_run_is_a_fresh_process_with_no_state_from_the_previous_run(strong: Sandbox) -> None:
    script = """
import os, sys, tempfile
scratch = tempfile.gettempdir()
print(os.getpid(), sorted(os.listdir(scratch)), sorted(os.listdir(os.environ['MCPFORGE_OUTPUT_DIR'])),
      'mcpforge_marker' in sys.modules)
open(scratch + '/left_behind', 'w').write('x')
open(os.environ['MCPFORGE_OUTPUT_DIR'] + '/out.txt', 'w').write('x')
sys.modules['mcpforge_marker'] = sys
"""
    first, second = run(strong, script), run(strong, script)
    assert first.exit_code == 0 and second.exit_code == 0, first.stderr + second.stderr
    # /tmp may hold mount points of bound paths (a checkout under /tmp); what matters is that nothing
    # the first run left behind is visible to the second.
    first_seen, second_seen = first.stdout.split(" ", 1)[1], second.stdout.split(" ", 1)[1]
    assert first_seen == second_seen
    assert "left_behind" not in second_seen
    assert second_seen.rstrip().endswith("[] False")


def test_host_tcp_service_on_loopback_is_unreachable(strong: Sandbox, tcp_listener: int) -> None:
    script = f"""
import socket
try:
    socket.create_connection(('127.0.0.1', {tcp_listener}), timeout=3)
    print('CONNECTED')
except OSError as exc:
    print('blocked', exc.errno)
"""
    result = run(strong, script)
    assert result.stdout.startswith("blocked"), result.stdout + result.stderr


def test_udp_and_raw_sockets_cannot_be_created(strong: Sandbox) -> None:
    script = """
import socket
for family, kind in [(socket.AF_INET, socket.SOCK_DGRAM), (socket.AF_INET6, socket.SOCK_STREAM),
                     (socket.AF_PACKET, socket.SOCK_RAW), (socket.AF_NETLINK, socket.SOCK_RAW)]:
    try:
        socket.socket(family, kind)
        print('OPEN', family)
    except OSError as exc:
        print('denied', exc.errno)
"""
    result = run(strong, script)
    assert result.stdout.split() == ["denied", "1"] * 4, result.stdout + result.stderr


def test_dns_resolution_fails(strong: Sandbox) -> None:
    script = """
import socket
for name in ['localhost.localdomain', 'example.com', 'pypi.org']:
    try:
        socket.getaddrinfo(name, 443)
        print('RESOLVED', name)
    except OSError:
        print('failed')
"""
    result = run(strong, script)
    assert result.stdout.split() == ["failed"] * 3, result.stdout + result.stderr


def test_no_socket_of_any_family_can_be_made_only_an_anonymous_socketpair(strong: Sandbox) -> None:
    script = """
import socket
calls = [lambda: socket.socket(socket.AF_UNIX), lambda: socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM),
         lambda: socket.socket(socket.AF_NETLINK, socket.SOCK_RAW)]
for call in calls:
    try:
        call()
        print('OPEN')
    except OSError as exc:
        print('denied', exc.errno)
"""
    result = run(strong, script)
    assert result.stdout.split() == ["denied", "1"] * 3, result.stdout + result.stderr


def test_reads_are_limited_to_the_given_data_and_the_interpreter(strong: Sandbox, tmp_path: Path) -> None:
    data = tmp_path / "data.csv"
    data.write_text("a,b\n1,2\n", encoding="utf-8")
    secret = tmp_path / "secret.txt"
    secret.write_text("top secret", encoding="utf-8")
    script = f"""
import pandas
print(open({str(data)!r}).read().splitlines()[0])
for path in [{str(secret)!r}, '/etc/passwd', '/etc/shadow', '/root/.bashrc',
             {str(Path.cwd() / "pyproject.toml")!r}]:
    try:
        open(path).read()
        print('READ', path)
    except OSError:
        print('denied')
"""
    result = run(strong, script, read=(data,))
    assert result.stdout.split() == ["a,b"] + ["denied"] * 5, result.stdout + result.stderr


def test_writes_outside_the_output_directory_fail(strong: Sandbox, tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    (data_dir / "in.csv").write_text("a\n1\n", encoding="utf-8")
    script = f"""
import os
for path in [{str(data_dir / "in.csv")!r}, {str(data_dir / "new.txt")!r}, os.path.abspath('tool.py'),
             '/usr/lib/evil.so', {str(Path(__file__))!r}]:
    try:
        open(path, 'a').write('pwned')
        print('WROTE', path)
    except OSError:
        print('denied')
"""
    result = run(strong, script, read=(data_dir,), files={"tool.py": b"x = 1\n"})
    assert result.stdout.split() == ["denied"] * 5, result.stdout + result.stderr
    assert (data_dir / "in.csv").read_text(encoding="utf-8") == "a\n1\n"
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["data", "in.csv"]


def test_scratch_writes_next_to_the_data_never_reach_the_host(strong: Sandbox, tmp_path: Path) -> None:
    data = tmp_path / "in.csv"
    data.write_text("a\n1\n", encoding="utf-8")
    script = f"""
try:
    open({str(tmp_path / "x.txt")!r}, 'w').write('pwned')
except OSError:
    pass
"""
    result = run(strong, script, read=(data,))
    assert result.exit_code == 0, result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.csv"]


def test_the_output_directory_is_size_capped_in_total(strong: Sandbox) -> None:
    script = """
import os
out = os.environ['MCPFORGE_OUTPUT_DIR']
written = 0
try:
    for i in range(50):
        with open(f'{out}/part{i}.bin', 'wb') as handle:
            handle.write(b'x' * 200_000)
            written += 200_000
except OSError as exc:
    print('stopped', exc.errno)
print(written)
"""
    result = run(strong, script, max_output_bytes=1_000_000)
    assert result.stdout.startswith("stopped"), result.stdout + result.stderr
    assert sum(len(data) for data in result.outputs.values()) <= 1_000_000


def test_environment_is_empty_and_host_secrets_are_not_in_any_environ(
    strong: Sandbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MCPFORGE_TEST_SECRET", "hunter2-do-not-leak")
    script = """
import os, json
seen = dict(os.environ)
blobs = []
for pid in os.listdir('/proc'):
    if pid.isdigit():
        try:
            blobs.append(open(f'/proc/{pid}/environ', 'rb').read().decode(errors='replace'))
        except OSError:
            pass
print(json.dumps({'env': sorted(seen), 'leak': any('hunter2' in b for b in blobs) or 'hunter2' in str(seen),
                  'pids': sorted(int(p) for p in os.listdir('/proc') if p.isdigit())}))
"""
    result = run(strong, script)
    report = json.loads(result.stdout)
    assert report["leak"] is False
    assert set(report["env"]) <= {
        "PATH",
        "LANG",
        "HOME",
        "TMPDIR",
        "PWD",
        "MCPFORGE_OUTPUT_DIR",
        "MCPFORGE_RUN_ID",
        "MIMALLOC_ARENA_RESERVE",
        "OPENBLAS_NUM_THREADS",
        "OMP_NUM_THREADS",
        "MKL_NUM_THREADS",
    }
    assert max(report["pids"]) < 10, "host processes are visible in /proc"


def test_cpu_time_is_limited(strong: Sandbox) -> None:
    result = run(strong, "while True:\n    pass\n", cpu_seconds=1, timeout_seconds=30)
    assert result.timed_out is False
    assert result.killed_reason == "cpu time limit of 1s"


def test_memory_per_process_is_limited(strong: Sandbox) -> None:
    script = """
blocks = []
try:
    while True:
        blocks.append(bytearray(32_000_000))
except MemoryError:
    print('MemoryError after', len(blocks) * 32, 'MB')
"""
    result = run(strong, script, memory_mb=400)
    assert "MemoryError after" in result.stdout, result.stdout + result.stderr
    assert int(result.stdout.split()[2]) < 400


def test_process_count_is_limited(strong: Sandbox) -> None:
    script = """
import os, time
children = 0
try:
    while children < 500:
        if os.fork() == 0:
            time.sleep(20)
            os._exit(0)
        children += 1
except OSError:
    pass
print(children)
"""
    result = run(strong, script, max_processes=12)
    assert result.exit_code == 0, result.stderr
    assert int(result.stdout) < 12


def test_thread_count_is_limited(strong: Sandbox) -> None:
    script = """
import threading, time
started = 0
try:
    while started < 500:
        threading.Thread(target=time.sleep, args=(20,), daemon=True).start()
        started += 1
except RuntimeError:
    pass
print(started)
"""
    result = run(strong, script, max_processes=12)
    assert int(result.stdout) < 12, result.stderr


def test_open_files_are_limited(strong: Sandbox) -> None:
    script = """
handles = []
try:
    while len(handles) < 10_000:
        handles.append(open('/dev/null'))
except OSError as exc:
    print(len(handles), exc.errno)
"""
    result = run(strong, script, max_open_files=40)
    count, errno = result.stdout.split()
    assert int(count) < 40 and errno == "24"


def test_stdout_is_capped_and_a_flood_is_stopped(strong: Sandbox) -> None:
    result = run(
        strong, "import sys\nwhile True:\n    sys.stdout.write('x' * 65536)\n", max_stdout_bytes=100_000
    )
    assert len(result.stdout) == 100_000
    assert result.killed_reason == "stdout exceeded 100000 bytes"


def test_wall_clock_kill_takes_down_the_whole_process_tree(strong: Sandbox) -> None:
    script = """
import os, time
for _ in range(3):
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            time.sleep(300)
        time.sleep(300)
print(os.environ['MCPFORGE_RUN_ID'], flush=True)
time.sleep(300)
"""
    result = run(strong, script, timeout_seconds=3)
    assert result.timed_out and result.killed_reason == "wall-clock limit of 3s"
    run_id = result.stdout.strip()
    assert len(run_id) == 32
    assert processes_with_run_id(run_id) == []


def test_outputs_are_collected_without_following_symlinks(strong: Sandbox, tmp_path: Path) -> None:
    data = tmp_path / "data.csv"
    data.write_text("private,data\n", encoding="utf-8")
    script = f"""
import os
out = os.environ['MCPFORGE_OUTPUT_DIR']
os.symlink({str(data)!r}, out + '/link_to_data')
os.symlink('/etc/hostname', out + '/link_to_etc')
os.mkdir(out + '/sub')
os.symlink('..', out + '/sub/loop')
os.mkfifo(out + '/fifo')
open(out + '/sub/real.txt', 'w').write('real')
"""
    result = run(strong, script, read=(data,))
    assert result.exit_code == 0, result.stderr
    assert result.outputs == {"sub/real.txt": b"real"}


def test_starting_other_programs_is_denied(strong: Sandbox) -> None:
    script = """
import os, subprocess
for attempt in [lambda: subprocess.run(['/usr/bin/id']), lambda: os.system('id'),
                lambda: os.execv('/usr/bin/true', ['true']),
                lambda: os.posix_spawn('/usr/bin/id', ['id'], {})]:
    try:
        outcome = attempt()
        print('RAN' if outcome not in (-1, 127, 32512, 256) else 'denied')
    except OSError:
        print('denied')
"""
    result = run(strong, script)
    assert result.stdout.split() == ["denied"] * 4, result.stdout + result.stderr


def test_new_namespaces_and_ptrace_are_denied(strong: Sandbox) -> None:
    script = """
import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
print(libc.unshare(0x10000000), libc.ptrace(16, 1, 0, 0), libc.mount(b'none', b'/tmp', b'tmpfs', 0, None))
"""
    result = run(strong, script)
    assert result.stdout.split() == ["-1", "-1", "-1"], result.stderr


def test_data_given_through_a_symlinked_path_is_readable_at_both_spellings(
    strong: Sandbox, tmp_path: Path
) -> None:
    real_dir = tmp_path / "real"
    real_dir.mkdir()
    (real_dir / "data.csv").write_text("a\n1\n", encoding="utf-8")
    (real_dir.parent / "sibling.txt").write_text("not given", encoding="utf-8")
    alias = tmp_path / "alias"
    alias.symlink_to(real_dir)
    script = f"""
for path in [{str(alias / "data.csv")!r}, {str(real_dir / "data.csv")!r}, {str(tmp_path / "sibling.txt")!r}]:
    try:
        print(open(path).read().split()[0])
    except OSError:
        print('denied')
"""
    result = run(strong, script, read=(alias,))
    assert result.stdout.split() == ["a", "a", "denied"], result.stderr


def test_output_file_count_is_capped_and_skips_are_reported(bwrap: Sandbox) -> None:
    script = """
import os
out = os.environ['MCPFORGE_OUTPUT_DIR']
for i in range(1500):
    open(f'{out}/f{i:04d}', 'w').close()
os.symlink('/etc/passwd', out + '/zz_link')
"""
    result = run(bwrap, script)
    assert len(result.outputs) == 1000
    assert set(result.skipped_outputs.values()) == {"output file count limit reached"}


def test_skipped_symlinks_are_reported(bwrap: Sandbox) -> None:
    script = "import os\nos.symlink('/etc/passwd', os.environ['MCPFORGE_OUTPUT_DIR'] + '/link')"
    result = run(bwrap, script)
    assert result.outputs == {} and result.skipped_outputs == {"link": "not a regular file"}
