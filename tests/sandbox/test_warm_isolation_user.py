"""Warm-call isolation run by a normal user, not root (issue 24: "run as root and as a normal user").

The tests of ``test_warm_isolation.py`` run as whatever uid the suite has (root in CI). Here the same
hostile calls run in a process of an unprivileged user: a script, started as that user, builds its own
``WarmCalls`` over a data folder it owns and reports, as JSON, what each probe found. The host judges.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import uuid
from pathlib import Path

import pytest

from mcpforge.sandbox._identity import Launcher, SandboxIdentity
from mcpforge.sandbox._layout import python_layout

from .test_warm_isolation import HOLD, IPC, PTY, ROWS, SCAN

SCRIPT = """
import json, sys
from pathlib import Path
from mcpforge.sandbox import get_sandbox
from mcpforge.config import SandboxConfig
from mcpforge.sandbox.warm import WarmCalls, warm_available
sys.path.insert(0, sys.argv[2])
from sources import HOLD, IPC, PTY, SCAN

data = Path(sys.argv[1])
sandbox = get_sandbox(SandboxConfig())
ok, why = warm_available(sandbox)
if not ok:
    print(json.dumps({"skip": why}))
    raise SystemExit(0)
from mcpforge.sandbox import SandboxLimits
limits = SandboxLimits(timeout_seconds=20, memory_mb=1024, cpu_seconds=10, max_processes=32,
                       max_open_files=64, max_output_bytes=2_000_000, max_stdout_bytes=200_000)
warm = WarmCalls(sandbox, [data], limits, size=1)
def run(source, path, note=""):
    outcome = warm.call_tool(source, {"file_path": str(path), "note": note}, read_paths=[path])
    if outcome is None:
        return None
    return outcome.markdown if outcome.ok else "ERROR " + str(outcome.error)
token = sys.argv[3]
try:
    report = {
        "held": run(HOLD.replace("SECONDS", "0.01"), data / "private.csv", note=token),
        "scan": run(SCAN, data / "rows.csv"),
        "ipc_create": run(IPC, data / "rows.csv", note="create"),
        "ipc_look": run(IPC, data / "rows.csv", note="look"),
        "pty": run(PTY, data / "rows.csv"),
    }
finally:
    warm.close()
print(json.dumps(report))
"""


def test_a_normal_users_warm_calls_share_nothing(test_user: tuple[int, int]) -> None:
    uid, gid = test_user
    token, content = f"zq{uuid.uuid4().hex}qz", f"zq{uuid.uuid4().hex}qz"
    with tempfile.TemporaryDirectory(prefix="mcpforge-warm-user-") as folder:
        root = Path(folder)
        data, code = root / "data", root / "code"
        data.mkdir()
        code.mkdir()
        (data / "rows.csv").write_text(ROWS, encoding="utf-8")
        (data / "private.csv").write_text(f"secret\n{content}\n", encoding="utf-8")
        sources = {"HOLD": HOLD, "IPC": IPC, "PTY": PTY, "SCAN": SCAN}
        (code / "sources.py").write_text(
            "".join(f"{name} = {value!r}\n" for name, value in sources.items()), encoding="utf-8"
        )
        (code / "probe.py").write_text(SCRIPT, encoding="utf-8")
        for path in [root, data, code, *data.iterdir(), *code.iterdir()]:
            if os.geteuid() == 0:
                os.chown(path, uid, gid)
            path.chmod(0o755 if path.is_dir() else 0o644)
        launcher = None
        if os.geteuid() == 0:
            launcher = Launcher(ident=SandboxIdentity(uid=uid, gid=gid, dropped_from_root=True))
            launcher.reveal(python_layout().read_roots)
        done = subprocess.run(
            [sys.executable, str(code / "probe.py"), str(data), str(code), token],
            capture_output=True,
            cwd=root,
            env={"PATH": "/usr/bin:/bin", "HOME": str(root), "LANG": "C.UTF-8"},
            timeout=180,
            check=False,
            preexec_fn=launcher,
        )
    assert done.returncode == 0, done.stderr.decode(errors="replace")[-2000:]
    report = json.loads(done.stdout.decode().strip().splitlines()[-1])
    if "skip" in report:
        pytest.skip(f"warm calls are not available to a normal user here: {report['skip']}")
    assert report["held"] is not None and token in report["held"] and content in report["held"]
    found = json.loads(report["scan"])
    assert token not in found and content not in found, found
    assert report["ipc_create"] == "queue=True shm=True"
    assert report["ipc_look"] == "queue=-1 ENOENT shm=-1 ENOENT"
    assert "opened" not in report["pty"]
