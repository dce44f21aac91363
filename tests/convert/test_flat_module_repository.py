"""A repository of modules side by side (no package, no project file) converts from the folder itself.

The commonest shape of a small repository: ``chess.py`` importing ``base.py`` by name, a ``setup.py`` or a
test script beside them. Before, it stopped at acquire ("holds Python files but no package"). The main
module comes first (it names the service): the one the folder is named after, else the one that imports
its siblings and that none of them imports; the siblings are analysed with it.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from mcpforge.config import MCPForgeConfig
from mcpforge.convert.acquire import acquire
from mcpforge.convert.pipeline import ConvertOptions, convert
from mcpforge.exceptions import ConversionError

BASE = '''
"""Squares of a board."""

FILES = "abcdefgh"


def square_name(index: int) -> str:
    """The name of square ``index`` (0 is a1, 63 is h8).

    >>> square_name(9)
    'b2'
    """
    return FILES[index % 8] + str(index // 8 + 1)
'''

BOARD = '''
"""A board built on base's squares."""

from base import FILES, square_name


def square_index(name: str) -> int:
    """The index of the square called ``name``.

    >>> square_index("b2")
    9
    """
    return FILES.index(name[0]) + 8 * (int(name[1]) - 1)


def neighbour_names(index: int) -> list[str]:
    """The names of the squares left and right of ``index`` on its rank.

    >>> neighbour_names(9)
    ['a2', 'c2']
    """
    rank = index // 8
    return [square_name(i) for i in (index - 1, index + 1) if 0 <= i < 64 and i // 8 == rank]
'''


def _write(root: Path, folder: str = "squares-demo") -> Path:
    repo = root / folder
    repo.mkdir(parents=True)
    (repo / "base.py").write_text(textwrap.dedent(BASE).lstrip(), encoding="utf-8")
    (repo / "board.py").write_text(textwrap.dedent(BOARD).lstrip(), encoding="utf-8")
    (repo / "test_board.py").write_text("from board import square_index\n", encoding="utf-8")
    (repo / "conftest.py").write_text("", encoding="utf-8")
    (repo / "README.md").write_text("# flatboard\n", encoding="utf-8")
    return repo


def test_the_modules_of_a_flat_repository_are_its_import_names_the_main_one_first(tmp_path: Path) -> None:
    repo = _write(tmp_path)  # board imports base: board is the main module
    env = acquire(str(repo), cache_dir=tmp_path / "cache")
    assert (env.kind, env.import_names, env.site_dirs) == ("folder", ("board", "base"), (repo,))
    named = _write(tmp_path / "named", folder="python-base")  # the folder is named after base
    assert acquire(str(named), cache_dir=tmp_path / "cache").import_names == ("base", "board")


def test_a_folder_of_only_setup_and_test_scripts_still_stops_at_acquire(tmp_path: Path) -> None:
    repo = tmp_path / "scripts"
    repo.mkdir()
    for name in ("noxfile.py", "test_it.py", "_private.py"):
        (repo / name).write_text("", encoding="utf-8")
    with pytest.raises(ConversionError) as caught:
        acquire(str(repo), cache_dir=tmp_path / "cache")
    assert (caught.value.step, caught.value.category) == ("acquire", "untoolable_repo")


def test_a_flat_repository_converts_and_its_tools_answer_right(tmp_path: Path) -> None:
    report = convert(
        ConvertOptions(source=str(_write(tmp_path)), out_dir=tmp_path / "out", stage=False),
        MCPForgeConfig(),
        registry_root=None,
    )
    proven = {outcome.tool: outcome for outcome in report.outcomes if outcome.passed}
    # The main module's functions and its siblings' (base.square_name) are all the repository's API.
    assert {"square_index", "neighbour_names", "square_name"} <= set(proven), [
        (o.tool, o.passed, o.category, o.dropped_reason) for o in report.outcomes
    ]
    results = {
        name: next(attempt.result for attempt in proven[name].attempts if attempt.ok)
        for name in ("square_index", "neighbour_names")
    }
    assert results == {"square_index": 9, "neighbour_names": ["a2", "c2"]}
