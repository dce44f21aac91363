"""A full disk is its own error: one line naming the path and the space needed, and nothing half-written."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer

from mcpforge.cli._common import cli_errors
from mcpforge.exceptions import DiskFullError, RegistryCorruptedError
from mcpforge.models import utc_now
from mcpforge.registry import Registry
from mcpforge.registry.audit import AuditEntry
from mcpforge.registry.testing import make_candidate

SMALL_FS_BYTES = 4 * 1024 * 1024
COMMAND_TIMEOUT_SECONDS = 120


@pytest.fixture
def small_fs(tmp_path: Path) -> Iterator[Path]:
    """A 4 MiB tmpfs mounted for this test (root and mount permission needed)."""
    mount_point = tmp_path / "small"
    mount_point.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root")
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={SMALL_FS_BYTES}", "tmpfs", str(mount_point)],
        capture_output=True, text=True, timeout=30, check=False,
    )  # fmt: skip
    if mounted.returncode != 0:
        pytest.skip(f"mount is not permitted here: {mounted.stderr.strip()}")
    try:
        yield mount_point
    finally:
        subprocess.run(["umount", "-l", str(mount_point)], timeout=30, check=False)


def _fill(directory: Path) -> Path:
    """Write a filler file until the filesystem refuses with ENOSPC."""
    filler = directory / "filler.bin"
    chunk = b"\0" * 65536
    with filler.open("wb") as handle:
        try:
            while True:
                handle.write(chunk)
                handle.flush()
        except OSError as exc:
            assert exc.errno == errno.ENOSPC
    # Fill the last partial blocks too.
    try:
        with (directory / "filler-tail.bin").open("wb") as handle:
            while True:
                handle.write(b"\0" * 512)
                handle.flush()
    except OSError as exc:
        assert exc.errno == errno.ENOSPC
    return filler


def _snapshot(root: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(root)): path.read_bytes()
        for path in sorted(root.rglob("*"))
        if path.is_file() and not path.name.startswith("filler") and path.name != ".lock"
    }


def test_review_on_a_full_disk_prints_the_disk_full_line_and_changes_nothing(small_fs: Path) -> None:
    root = small_fs / "registry"
    reg = Registry(root)
    reg.init()
    candidate, files = make_candidate("full_disk_tool", description="full disk tool", variant=1)
    staged = reg.stage_candidate(candidate, files, actor="test")
    filler = _fill(small_fs)
    before = _snapshot(root)
    command = [
        sys.executable, "-m", "mcpforge", "review", staged.candidate_id,
        "--output", "yes", "--decision", "Approve", "--registry", str(root),
    ]  # fmt: skip
    completed = subprocess.run(
        command, capture_output=True, text=True, timeout=COMMAND_TIMEOUT_SECONDS, check=False
    )
    assert completed.returncode != 0
    lines = [line for line in completed.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, completed.stderr
    assert lines[0].startswith("error: disk full writing ") and str(root) in lines[0], lines[0]
    assert "needs about" in lines[0]
    assert "corrupt" not in completed.stderr and "Traceback" not in completed.stderr
    assert _snapshot(root) == before  # nothing half-written, no temp file left
    assert Registry(root).get_candidate(staged.candidate_id).status.value == "STAGED"
    # Once space is freed, the same command succeeds.
    filler.unlink()
    (small_fs / "filler-tail.bin").unlink()
    again = subprocess.run(
        command, capture_output=True, text=True, timeout=COMMAND_TIMEOUT_SECONDS, check=False
    )
    assert again.returncode == 0, again.stderr
    assert Registry(root).get_candidate(staged.candidate_id).status.value == "PROMOTED"


def test_sqlite_disk_full_is_a_disk_full_error_not_corruption(small_fs: Path) -> None:
    root = small_fs / "registry"
    reg = Registry(root)
    reg.init()
    _fill(small_fs)
    big_note = "x" * 200_000  # more than any page left, so SQLite must grow the file
    with pytest.raises(DiskFullError) as caught:
        reg.audit.append(AuditEntry(time=utc_now(), actor="test", action="note", tool="t", note=big_note))
    assert not isinstance(caught.value, RegistryCorruptedError)
    assert caught.value.path == str(reg.audit.path)
    assert reg.audit.check() == 0  # readable, and the row was not half-written


def test_an_unexpected_enospc_at_the_top_level_is_one_disk_full_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(typer.Exit) as caught, cli_errors():
        raise OSError(errno.ENOSPC, "No space left on device", "/data/out.csv")
    assert caught.value.exit_code != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [err[0]] and err[0].startswith("error: disk full writing '/data/out.csv'")


def test_a_quota_error_is_a_disk_full_error_too(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(typer.Exit), cli_errors():
        raise OSError(errno.EDQUOT, "Disk quota exceeded", "/data/out.csv")
    assert "disk quota exceeded" in capsys.readouterr().err
