"""A call from the resident helper is as isolated as a warm call of ``serve`` (issue 28).

The assertions of ``test_warm_isolation.py`` for calls of the resident helper: no token of an earlier
call or of a call running beside it in the memory a call inherited; and what is new with a helper shared
by every ask of a user: a call cannot read another validation's folder in what the template shows, nor
reach the helper's socket, nor anything of the host it was not given.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from mcpforge.sandbox.resident.client import SOCKET_NAME, ResidentCalls
from mcpforge.sandbox.tool_call import ToolCall, ToolCallOutcome

from ._resident import Resident, running_resident
from .test_warm_isolation import HEADER, HOLD, ROWS, SCAN, _token, _value


@pytest.fixture
def resident(monkeypatch: pytest.MonkeyPatch) -> Iterator[Resident]:
    yield from running_resident(monkeypatch)


REACH = (
    HEADER
    + """
import socket

@mcp.tool()
def probe(file_path: str, note: str = "") -> str:
    targets = json.loads(note)
    seen = {}
    for name, path in targets["files"].items():
        try:
            with open(path, encoding="utf-8") as handle:
                seen[name] = "read " + handle.read()[:40]
        except OSError as exc:
            seen[name] = type(exc).__name__
    for name, path in targets["folders"].items():
        try:
            seen[name] = "listed " + ",".join(os.listdir(path))
        except OSError as exc:
            seen[name] = type(exc).__name__
    try:
        sock = socket.socket(socket.AF_UNIX)
        sock.connect(targets["socket"])
        seen["socket"] = "connected"
    except OSError as exc:
        seen["socket"] = type(exc).__name__
    return json.dumps(seen)
"""
)


def _call(calls: ResidentCalls, source: str, path: Path, note: str = "") -> ToolCallOutcome:
    batch = calls.call_batch(
        source, [ToolCall(arguments={"file_path": str(path), "note": note}, call_id="c")], read_paths=[path]
    )
    assert batch is not None and batch.backend == "bwrap-warm", "the call was expected to run in the helper"
    return batch.outcomes[0]


def test_a_call_finds_no_token_of_an_earlier_call(resident: Resident, tmp_path: Path) -> None:
    calls = resident.ready()
    argument, content = _token(), _token()
    private = tmp_path / "client_a.csv"
    private.write_text(f"secret\n{content}\n", encoding="utf-8")
    rows = tmp_path / "rows.csv"
    rows.write_text(ROWS, encoding="utf-8")
    held = _value(_call(calls, HOLD.replace("SECONDS", "0.01"), private, note=argument))
    assert argument in held and content in held
    for _ in range(2):
        found = json.loads(_value(_call(calls, SCAN, rows)))
        assert argument not in found and content not in found, found


def test_a_call_finds_no_token_of_a_call_running_beside_it(resident: Resident, tmp_path: Path) -> None:
    calls = resident.ready()
    argument, content = _token(), _token()
    private = tmp_path / "client_a.csv"
    private.write_text(f"secret\n{content}\n", encoding="utf-8")
    rows = tmp_path / "rows.csv"
    rows.write_text(ROWS, encoding="utf-8")
    results: list[ToolCallOutcome] = []
    holder = threading.Thread(
        target=lambda: results.append(_call(calls, HOLD.replace("SECONDS", "3"), private, note=argument))
    )
    holder.start()
    time.sleep(1.0)
    found = json.loads(_value(_call(calls, SCAN, rows)))
    holder.join(30)
    assert results and argument in _value(results[0])
    assert argument not in found and content not in found, found


def test_a_call_reaches_no_other_validation_nor_the_helper(
    resident: Resident, tmp_path: Path, host_canary: Path
) -> None:
    calls = resident.ready()
    rows = tmp_path / "rows.csv"
    rows.write_text(ROWS, encoding="utf-8")
    with calls.workdir() as other, calls.workdir() as mine:
        secret = other / "fixture.csv"
        secret.write_text(f"secret\n{_token()}\n", encoding="utf-8")
        secret.chmod(0o644)
        fixture = mine / "fixture.csv"
        fixture.write_text(ROWS, encoding="utf-8")
        fixture.chmod(0o644)
        targets = {
            "files": {"other": str(secret), "canary": str(host_canary), "log": str(calls.directory / "log")},
            "folders": {"shown": str(calls.shown), "other_folder": str(other)},
            "socket": str(calls.directory / SOCKET_NAME),
        }
        batch = calls.call_batch(
            REACH,
            [ToolCall(arguments={"file_path": str(fixture), "note": json.dumps(targets)}, call_id="c")],
            read_paths=[mine],
        )
        assert batch is not None and batch.backend == "bwrap-warm"
        seen = json.loads(_value(batch.outcomes[0]))
    assert set(seen) == {"other", "canary", "log", "shown", "other_folder", "socket"}
    assert not any(str(value).startswith(("read", "listed", "connected")) for value in seen.values()), seen
