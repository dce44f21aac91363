"""Installed versions read in one pass over sys.path agree with importlib.metadata (issue 28).

They key the static gate's verdicts and mypy cache (``_checker_env``) and the resident helper; the one pass
replaced five ``importlib.metadata.version`` calls on the way to every ``ask``'s mypy.
"""

from __future__ import annotations

import sys
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import pytest

from mcpforge.sandbox._versions import installed_versions

NAMES = ("ruff", "mypy", "pandas", "pandas-stubs", "numpy", "pyarrow", "pydantic", "typing_extensions")


def _importlib(name: str) -> str | None:
    try:
        return version(name)
    except PackageNotFoundError:
        return None


def _dist_info(root: Path, folder: str, text: str) -> None:
    (root / folder).mkdir(parents=True)
    (root / folder / "METADATA").write_text(text, encoding="utf-8")


def test_the_installed_versions_are_the_ones_importlib_metadata_gives() -> None:
    names = (*NAMES, "no-such-distribution-of-mcpforge")
    assert installed_versions(names) == {name: _importlib(name) for name in names}
    assert installed_versions(["no-such-distribution-of-mcpforge"]) == {
        "no-such-distribution-of-mcpforge": None
    }


def test_the_first_entry_of_sys_path_wins_and_names_match_however_they_are_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    _dist_info(
        first,
        "Fake_Dist.Name-1.2.3.dist-info",
        "Metadata-Version: 2.1\nName: fake-dist.name\nVersion: 1.2.3\n\nVersion: 9\n",
    )
    _dist_info(
        second, "fake_dist_name-2.0.dist-info", "Metadata-Version: 2.1\nName: fake-dist-name\nVersion: 2.0\n"
    )
    monkeypatch.setattr(sys, "path", [str(first), str(second), *sys.path])
    assert (
        installed_versions(["fake-dist-name"])
        == {"fake-dist-name": "1.2.3"}
        == {"fake-dist-name": _importlib("fake-dist-name")}
    )
    assert installed_versions(["FAKE_DIST_NAME"]) == {"FAKE_DIST_NAME": "1.2.3"}


def test_a_distribution_found_another_way_is_asked_of_importlib_metadata(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    eggs, wheels = tmp_path / "eggs", tmp_path / "wheels"
    _dist_info(eggs, "fake_egg_dist-0.5-py3.11.egg-info", "")
    (eggs / "fake_egg_dist-0.5-py3.11.egg-info" / "METADATA").unlink()
    (eggs / "fake_egg_dist-0.5-py3.11.egg-info" / "PKG-INFO").write_text(
        "Metadata-Version: 1.1\nName: fake-egg-dist\nVersion: 0.5\n", encoding="utf-8"
    )
    _dist_info(
        wheels, "fake_egg_dist-3.0.dist-info", "Metadata-Version: 2.1\nName: fake-egg-dist\nVersion: 3.0\n"
    )
    monkeypatch.setattr(sys, "path", [str(eggs), str(wheels), *sys.path])
    assert installed_versions(["fake-egg-dist"]) == {"fake-egg-dist": _importlib("fake-egg-dist")}
    assert _importlib("fake-egg-dist") == "0.5"
