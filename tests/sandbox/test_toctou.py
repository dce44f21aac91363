"""Paths are resolved once: what the check opened is what the sandbox shows, whatever the name says later.

The attack: a directory inside an allowed root is swapped for a symlink to a directory outside every
root (holding a 0600 canary) between the server's check and the sandbox set-up, which used to resolve
the name again (as root, copying files the sandbox uid may not read). Run as root, the normal case.
"""

from __future__ import annotations

import ctypes
import json
import os
import threading
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from mcpforge.exceptions import DataError, InvalidArgumentError, PathNotAllowedError, SandboxError
from mcpforge.sandbox import PinnedPath, Sandbox, SandboxRequest, ToolCall, call_tool_batch, pin
from mcpforge.sandbox._identity import Launcher, sandbox_identity
from mcpforge.sandbox._layout import data_layout
from mcpforge.sandbox._pinned import pin_beneath

from ._support import FAST_LIMITS, make_backend

HONEST = "HONEST-" + uuid.uuid4().hex
CANARY = "CANARY-" + uuid.uuid4().hex
RACE_TRIES = 200  # runs through the sandbox (checks refused at the symlink do not count)
RACE_SECONDS = 20.0

READ_TOOL = '''
from typing import Annotated
from pydantic import Field
from mcpforge.runtime import mcp, output_footer

@mcp.tool()
def read_text(file_path: Annotated[str, Field(description="the file")]) -> str:
    """Return the text of a file."""
    with open(file_path, encoding="utf-8") as handle:
        text = handle.read()
    return text + "\\n" + output_footer({"operation": "read_text", "result": {"text": text}})
'''

as_root = pytest.mark.skipif(os.geteuid() != 0, reason="the root launcher's copies and mounts need root")
_RENAME_EXCHANGE = 2
_AT_FDCWD = -100
_libc = ctypes.CDLL(None, use_errno=True)


@dataclass(frozen=True)
class Trap:
    """``root/sub/data.txt`` (checked, honest) and ``root/alt`` -> ``outside`` (a 0600 canary)."""

    root: Path
    outside: Path

    @property
    def checked(self) -> Path:
        return self.root / "sub" / "data.txt"

    def swap(self) -> None:
        """Exchange ``root/sub`` (the directory) and ``root/alt`` (the symlink) atomically."""
        sub, alt = str(self.root / "sub").encode(), str(self.root / "alt").encode()
        if _libc.renameat2(_AT_FDCWD, sub, _AT_FDCWD, alt, _RENAME_EXCHANGE) != 0:
            err = ctypes.get_errno()
            raise OSError(err, os.strerror(err))


def _make_trap(base: Path, honest_mode: int) -> Trap:
    root, outside = base / "root", base / "outside"
    (root / "sub").mkdir(parents=True)
    outside.mkdir()
    (root / "sub" / "data.txt").write_text(HONEST, encoding="utf-8")
    (root / "sub" / "data.txt").chmod(honest_mode)
    (outside / "data.txt").write_text(CANARY, encoding="utf-8")
    (outside / "data.txt").chmod(0o600)
    (root / "alt").symlink_to(outside, target_is_directory=True)
    for folder in (base, root, root / "sub", outside):
        folder.chmod(0o755)
    return Trap(root=root, outside=outside)


@pytest.fixture(params=[0o600, 0o644], ids=["file-the-sandbox-uid-cannot-read", "readable-file"])
def trap(request: pytest.FixtureRequest, tmp_path: Path) -> Trap:
    return _make_trap(tmp_path, request.param)


def _read_through_sandbox(sandbox: Sandbox, checked: PinnedPath) -> str:
    """Everything the run gave back (outcomes, stdout, stderr), as one string."""
    batch = call_tool_batch(
        sandbox,
        READ_TOOL,
        [ToolCall(arguments={"file_path": checked.real}, call_id="call")],
        read_paths=[checked],
        limits=FAST_LIMITS,
    )
    outcomes = [outcome.__dict__ for outcome in batch.outcomes]
    return json.dumps([outcomes, batch.raw.stdout, batch.raw.stderr, batch.failure], default=str)


@as_root
@pytest.mark.parametrize("backend", ["bwrap", "unshare"])
def test_a_directory_swapped_for_a_symlink_in_a_tight_loop_never_shows_the_canary(
    backend: str, trap: Trap
) -> None:
    sandbox = make_backend(backend)
    stop = threading.Event()
    swaps = [0]

    def swap_forever() -> None:
        while not stop.is_set():
            trap.swap()
            swaps[0] += 1

    swapper = threading.Thread(target=swap_forever, name="swapper", daemon=True)
    answers: list[str] = []
    refused = 0
    deadline = time.monotonic() + RACE_SECONDS
    swapper.start()
    try:
        while len(answers) < RACE_TRIES and time.monotonic() < deadline:
            try:
                checked = pin(trap.checked, [trap.root], regular_file=True)
            except (PathNotAllowedError, DataError):
                refused += 1  # the check itself met the symlink: outside every root
                continue
            try:
                answers.append(_read_through_sandbox(sandbox, checked))
            except (SandboxError, DataError, InvalidArgumentError) as exc:
                answers.append(str(exc))  # refused during the set-up: fine, as long as nothing leaks
            finally:
                checked.close()
    finally:
        stop.set()
        swapper.join(timeout=10)
    assert swaps[0] > 0
    assert answers, f"every one of {refused} checks met the symlink; the race never reached the sandbox"
    assert not [answer for answer in answers if CANARY in answer]
    assert any(HONEST in answer for answer in answers)


@as_root
@pytest.mark.parametrize("backend", ["bwrap", "unshare"])
def test_a_directory_swapped_after_the_check_shows_the_checked_file_or_refuses(
    backend: str, trap: Trap
) -> None:
    sandbox = make_backend(backend)
    checked = pin(trap.checked, [trap.root], regular_file=True)
    try:
        trap.swap()  # root/sub is now the symlink to the canary's directory
        assert (trap.root / "sub" / "data.txt").read_text(encoding="utf-8") == CANARY
        try:
            answer = _read_through_sandbox(sandbox, checked)
        except (SandboxError, DataError) as exc:
            answer = str(exc)
    finally:
        checked.close()
    assert CANARY not in answer
    if backend == "bwrap":  # bwrap shows the descriptor's file wherever its name went
        assert HONEST in answer


@as_root
def test_root_copies_the_checked_file_not_the_file_the_name_points_to_now(tmp_path: Path) -> None:
    trap = _make_trap(tmp_path, 0o600)
    checked = pin(trap.checked, [trap.root], regular_file=True)
    layout = data_layout(SandboxRequest(script="", read_paths=(checked,)), sandbox_identity())
    checked.close()
    launcher = Launcher(ident=sandbox_identity())
    work = tmp_path / "work"
    work.mkdir()
    try:
        trap.swap()
        launcher.expose_data(layout, work, at_shown=False)
        copy = launcher.staged[str(trap.checked)]
        assert Path(copy.real).read_text(encoding="utf-8") == HONEST
    finally:
        launcher.close()
        layout.close()


@as_root
def test_the_bwrap_arguments_bind_descriptors_and_never_name_a_data_path(tmp_path: Path) -> None:
    from mcpforge.sandbox.bwrap import _data_args

    trap = _make_trap(tmp_path, 0o644)
    (trap.root / "sub" / "other.txt").write_text("x", encoding="utf-8")
    os.mkfifo(trap.root / "sub" / "pipe")  # the directory is shown file by file
    layout = data_layout(SandboxRequest(script="", read_paths=(trap.root / "sub",)), sandbox_identity())
    fds: list[int] = []
    try:
        args = _data_args(layout, {}, fds)
        sources = [args[i + 1] for i, arg in enumerate(args) if arg == "--ro-bind-fd"]
        assert "--ro-bind" not in args
        assert sorted(sources) == sorted(str(fd) for fd in fds)
        assert len(set(fds)) == len(fds) == 2  # one descriptor per bind: bwrap closes each
        assert {os.fstat(fd).st_ino for fd in fds} == {
            (trap.root / "sub" / name).stat().st_ino for name in ("data.txt", "other.txt")
        }
    finally:
        for fd in fds:
            os.close(fd)
        layout.close()


def test_a_path_that_resolves_outside_every_root_is_refused_at_the_check(tmp_path: Path) -> None:
    trap = _make_trap(tmp_path, 0o644)
    trap.swap()
    with pytest.raises(PathNotAllowedError):
        pin(trap.checked, [trap.root], regular_file=True)


def test_a_symlink_inside_the_root_is_followed_once_at_the_check(tmp_path: Path) -> None:
    trap = _make_trap(tmp_path, 0o644)
    (trap.root / "link").symlink_to("sub")
    checked = pin(trap.root / "link" / ".." / "link" / "data.txt", [trap.root], regular_file=True)
    try:
        assert checked.real == str(trap.checked)
        assert checked.identity == (trap.checked.stat().st_dev, trap.checked.stat().st_ino)
        assert checked.shown == str(trap.root / "link" / "data.txt")
    finally:
        checked.close()


def test_a_directory_or_missing_file_is_not_a_file_argument(tmp_path: Path) -> None:
    trap = _make_trap(tmp_path, 0o644)
    with pytest.raises(DataError):
        pin(trap.root / "sub", [trap.root], regular_file=True)
    with pytest.raises(DataError):
        pin(trap.root / "sub" / "missing.txt", [trap.root], regular_file=True)
    with pytest.raises(PathNotAllowedError):
        pin(trap.checked, [], regular_file=True)


def test_a_file_below_a_pinned_directory_is_never_reached_through_a_symlink(tmp_path: Path) -> None:
    trap = _make_trap(tmp_path, 0o644)
    top = pin(trap.root)
    try:
        inside = pin_beneath(top, ("sub", "data.txt"), shown=str(trap.checked))
        inside.close()
        trap.swap()
        with pytest.raises(DataError):
            pin_beneath(top, ("sub", "data.txt"), shown=str(trap.checked))
    finally:
        top.close()


def test_the_layout_holds_its_own_descriptors_and_leaves_the_callers_open(tmp_path: Path) -> None:
    trap = _make_trap(tmp_path, 0o644)
    checked = pin(trap.checked, [trap.root], regular_file=True)
    try:
        layout = data_layout(SandboxRequest(script="", read_paths=(checked,)), sandbox_identity())
        held = layout.pinned(str(trap.checked))
        assert held.fd != checked.fd
        assert held.identity == checked.identity
        layout.close()
        with pytest.raises(OSError):
            os.fstat(held.fd)
        assert os.fstat(checked.fd).st_ino == checked.ino
    finally:
        checked.close()


@pytest.fixture
def no_leaked_descriptors() -> Iterator[None]:
    before = set(Path("/proc/self/fd").iterdir())
    yield
    leaked = set(Path("/proc/self/fd").iterdir()) - before
    assert not leaked, f"descriptors left open: {sorted(leaked)}"


@pytest.mark.usefixtures("no_leaked_descriptors")
def test_a_sandbox_run_closes_every_descriptor_it_pinned(tmp_path: Path) -> None:
    trap = _make_trap(tmp_path, 0o600)
    sandbox = make_backend("bwrap")
    checked = pin(trap.checked, [trap.root], regular_file=True)
    try:
        answer = _read_through_sandbox(sandbox, checked)
    finally:
        checked.close()
    assert HONEST in answer
