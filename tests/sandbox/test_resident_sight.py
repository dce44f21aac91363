"""The resident helper's template keeps seeing what every later ask writes for it (issue 28).

A helper whose template shows only a snapshot of ``shown/`` (a folder of a running ask was not yet
opened to the sandbox uid when a template started or was replaced) or a ``shown/`` removed and made
again answered "cold" to every ask for the rest of its life while a ping said it was warm. Real detached
helpers, real bwrap templates.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from mcpforge.residents import private_dir
from mcpforge.sandbox.resident.client import (
    SHOWN_NAME,
    SOCKET_NAME,
    ResidentCalls,
    exchange,
    helper_code_files,
    open_resident,
)
from mcpforge.sandbox.tool_call import ToolBatchResult, ToolCall

from ._resident import READY_SECONDS, Resident, running_resident, wait_gone


@pytest.fixture
def resident(monkeypatch: pytest.MonkeyPatch) -> Iterator[Resident]:
    yield from running_resident(monkeypatch)


LINES = """
from mcpforge.runtime import mcp

@mcp.tool()
def probe(file_path: str) -> str:
    with open(file_path, encoding="utf-8") as handle:
        return str(len(handle.read().splitlines()))
"""

LINES_WITH_SCIPY = "import scipy.stats\n" + LINES  # a tool that makes the helper start a replacement

MODULES = """
import sys
from mcpforge.runtime import mcp

@mcp.tool()
def probe(file_path: str) -> str:
    loaded = [m.__file__ for n, m in list(sys.modules.items()) if n.startswith("mcpforge")]
    return "\\n".join(sorted(str(f) for f in loaded if f))
"""


def _call(
    calls: ResidentCalls, source: str, tmp_path: Path, name: str = "people.csv"
) -> ToolBatchResult | None:
    data = tmp_path / name
    data.write_text("name,age\nAda,36\nBob,41\n", encoding="utf-8")
    call = ToolCall(arguments={"file_path": str(data)}, call_id="c")
    return calls.call_batch(source, [call], read_paths=[data])


def _warm_lines(batch: ToolBatchResult | None) -> str:
    assert batch is not None and batch.backend == "bwrap-warm", "the call ran cold"
    outcome = batch.outcomes[0]
    assert outcome.ok, outcome.error
    return str(outcome.markdown)


def _unopened_folder(resident: Resident) -> Path:
    """A folder of an ask in ``shown/`` as ``tempfile`` makes it (0700) before the ask opens it."""
    shown = resident.directory / SHOWN_NAME
    assert private_dir(resident.directory)
    shown.mkdir(mode=0o755, exist_ok=True)
    folder = shown / "data-unopened"
    folder.mkdir(mode=0o700)
    (folder / "rows.csv").write_text("a\n", encoding="utf-8")
    return folder


def _status(resident: Resident) -> dict[str, object]:
    answer = exchange(resident.directory, {"op": "ping"}, 10.0)
    assert answer is not None and answer.get("ok"), answer
    return dict(answer["status"])


def test_a_template_started_beside_an_unopened_folder_sees_later_files(
    resident: Resident, tmp_path: Path
) -> None:
    folder = _unopened_folder(resident)
    calls = resident.ready()
    folder.chmod(0o755)
    assert _warm_lines(_call(calls, LINES, tmp_path)) == "3"
    assert _status(resident)["sees_new_files"] is True


def test_a_replacement_template_started_beside_an_unopened_folder_sees_later_files(
    resident: Resident, tmp_path: Path
) -> None:
    calls = resident.ready()
    assert _warm_lines(_call(calls, LINES, tmp_path)) == "3"
    folder = _unopened_folder(resident)
    assert _warm_lines(_call(calls, LINES_WITH_SCIPY, tmp_path)) == "3"  # starts the replacement
    deadline = time.monotonic() + READY_SECONDS
    while _status(resident)["templates_started"] == 1:  # the next call after it is ready swaps it in
        assert time.monotonic() < deadline, resident.log()
        time.sleep(0.5)
        _call(calls, LINES, tmp_path)
    folder.chmod(0o755)
    for name in ("later.csv", "later-still.csv"):
        assert _warm_lines(_call(calls, LINES, tmp_path, name)) == "3"


def test_a_helper_whose_shown_folder_was_replaced_exits_and_the_next_one_works(
    resident: Resident, tmp_path: Path
) -> None:
    calls = resident.ready()
    pid = resident.pid()
    shown = resident.directory / SHOWN_NAME
    shown.rename(resident.directory / "shown-before")
    shown.mkdir(mode=0o755)
    # Never run against the folder it shows (the file would be missing there): cold, and the helper goes.
    assert _call(calls, LINES, tmp_path) is None
    assert wait_gone(pid, 15), resident.log()
    assert not (resident.directory / SOCKET_NAME).exists()
    assert open_resident(resident.config) is None  # this ask runs cold and starts a new helper
    calls = resident.ready()
    assert resident.pid() != pid
    assert _warm_lines(_call(calls, LINES, tmp_path)) == "3"


def test_the_key_covers_every_mcpforge_module_a_warm_call_has_loaded(
    resident: Resident, tmp_path: Path
) -> None:
    """The template's interpreter too (``test_resident.py`` checks the helper's): a running helper gives
    way to a new one when any file its calls were forked with changes."""
    calls = resident.ready()
    loaded = {Path(line).resolve() for line in _warm_lines(_call(calls, MODULES, tmp_path)).split()}
    covered = {path.resolve() for path in helper_code_files()}
    assert any(path.parent.name == "runtime" for path in loaded)
    assert loaded <= covered, sorted(loaded - covered)
