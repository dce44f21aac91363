"""Big CSVs parsed in row-aligned parts at once: the same table as one pass, whatever the file holds."""

from __future__ import annotations

import itertools
import threading
from pathlib import Path

import pandas as pd
import pytest

from data_files import WRITERS
from mcpforge.runtime import load_csv_data_with_types
from mcpforge.runtime._csvparts import line_ends_are_bytes, row_parts
from mcpforge.runtime._text import TextFormat

UTF8 = TextFormat(encoding="utf-8", delimiter=",")


@pytest.fixture
def small_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Parts of a few dozen bytes and four cores, so that test files are cut like gigabyte ones."""
    monkeypatch.setattr("mcpforge.runtime._loading.BIG_FILE_BYTES", 1)
    monkeypatch.setattr("mcpforge.runtime._csvparts.MIN_PART_BYTES", 64)
    monkeypatch.setattr("mcpforge.runtime._csvparts.cpus", lambda: 4)


def _parse(path: Path, *, parts: bool, monkeypatch: pytest.MonkeyPatch) -> pd.DataFrame:
    with monkeypatch.context() as patch:
        if not parts:
            patch.setattr("mcpforge.runtime._csvparts.cpus", lambda: 1)
        return load_csv_data_with_types(str(path))


def test_parts_cover_the_file_and_each_starts_a_line(tmp_path: Path, small_parts: None) -> None:
    path = tmp_path / "rows.csv"
    path.write_text("id,word\n" + "".join(f"{i},w{i * 7}\n" for i in range(400)), encoding="utf-8")
    parts = row_parts(path, UTF8)
    assert len(parts) == 4
    data = path.read_bytes()
    assert parts[0][0] == 0 and parts[-1][1] == len(data)
    assert all(end == start for (_, end), (start, _) in itertools.pairwise(parts))
    assert all(data[start - 1 : start] == b"\n" for start, _ in parts[1:])


def test_one_part_where_a_line_end_byte_may_not_end_a_line(tmp_path: Path, small_parts: None) -> None:
    path = tmp_path / "rows.csv"
    path.write_text("id,word\n" + "".join(f"{i},w\n" for i in range(400)), encoding="utf-16")
    assert row_parts(path, TextFormat(encoding="utf-16", delimiter=",")) == [(0, path.stat().st_size)]
    assert not line_ends_are_bytes("utf-16-le")
    assert line_ends_are_bytes("utf-8-sig") and line_ends_are_bytes("cp1252")
    one_line = tmp_path / "one_line.csv"
    one_line.write_text("a," * 1000, encoding="utf-8")
    assert row_parts(one_line, UTF8) == [(0, one_line.stat().st_size)]


@pytest.mark.parametrize("kind", ["semicolon_decimal_comma", "cp1252", "tab", "spaced_header"])
def test_parts_give_the_table_of_one_pass(
    data_dir: Path, kind: str, small_parts: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = WRITERS[kind](data_dir)
    assert len(row_parts(path, TextFormat(encoding="utf-8", delimiter=","))) > 1
    pd.testing.assert_frame_equal(
        _parse(path, parts=True, monkeypatch=monkeypatch), _parse(path, parts=False, monkeypatch=monkeypatch)
    )


def test_a_cut_inside_a_quoted_line_break_still_reads_every_row_right(
    data_dir: Path, small_parts: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = data_dir / "notes.csv"
    rows = [f'{i},"{"x" * 60}\nsecond line {i}",{i}.5\n' for i in range(200)]
    path.write_text("id,note,amount\n" + "".join(rows), encoding="utf-8")
    starts = {len("id,note,amount\n") + sum(len(row) for row in rows[:i]) for i in range(len(rows))}
    cuts = [start for start, _ in row_parts(path, UTF8)[1:]]
    assert any(cut not in starts for cut in cuts), "the test needs a cut inside a quoted value"
    expected = pd.read_csv(path)
    got = _parse(path, parts=True, monkeypatch=monkeypatch)
    assert got["note"].tolist() == expected["note"].tolist()
    assert got["amount"].tolist() == expected["amount"].tolist()
    assert got["id"].tolist() == list(range(200))


def test_a_part_without_a_thread_is_parsed_by_the_caller(
    data_dir: Path, small_parts: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = WRITERS["tab"](data_dir)
    expected = _parse(path, parts=False, monkeypatch=monkeypatch)

    def refuse(self: threading.Thread) -> None:
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", refuse)
    pd.testing.assert_frame_equal(_parse(path, parts=True, monkeypatch=monkeypatch), expected)
