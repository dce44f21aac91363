"""Issue 26, a repository that is plain code yet never converted: strif's build backend stops on a
setting of its dynamic-versioning plugin (``bump must be a boolean``), though the project needs nothing
built or installed. A local project whose build fails and whose code is plain package folders is used
in place (what it declares installed from wheels: test_failed_build_declared_dependencies.py); one with a
dependency not from the index (a URL) still stops with the build's error. The build still runs in the
sandbox first (a real in-tree backend that fails there)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from mcpforge.config import MCPForgeConfig
from mcpforge.convert._in_place import plain_packages
from mcpforge.convert.acquire import _top_level_modules
from mcpforge.convert.pipeline import ConvertOptions, convert
from mcpforge.exceptions import SandboxError
from mcpforge.sandbox import get_sandbox

_BACKEND = """
def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    raise ValueError("Error getting the version from source: bump must be a boolean or BumpConfig instance")
"""
_LIBRARY = '''
def abbrev(text: str, max_len: int = 5) -> str:
    """Shorten ``text`` to ``max_len`` characters with an ellipsis.

    >>> abbrev("hello world")
    'hell…'
    """
    return text if len(text) <= max_len else text[: max_len - 1] + "…"
'''


def _project(tmp_path: Path, name: str, dependencies: str) -> Path:
    tree = tmp_path / name
    (tree / "_build").mkdir(parents=True)
    (tree / "src" / name).mkdir(parents=True)
    (tree / "src" / name / "__init__.py").write_text(_LIBRARY, encoding="utf-8")
    (tree / "tests").mkdir()
    (tree / "tests" / "__init__.py").write_text("", encoding="utf-8")
    (tree / "_build" / "failing_backend.py").write_text(_BACKEND, encoding="utf-8")
    (tree / "pyproject.toml").write_text(
        textwrap.dedent(f"""
            [build-system]
            requires = []
            build-backend = "failing_backend"
            backend-path = ["_build"]

            [project]
            name = "{name}"
            dynamic = ["version"]
            dependencies = {dependencies}
            """),
        encoding="utf-8",
    )
    return tree


def _strong_sandbox(config: MCPForgeConfig) -> None:
    try:
        strong = get_sandbox(config.sandbox).strong
    except SandboxError as exc:
        pytest.skip(f"no sandbox: {exc}")
    if not strong:
        pytest.skip("building from source needs a strong sandbox (bwrap or unshare)")


def test_a_project_whose_build_fails_but_needs_none_is_used_in_place(
    tmp_path: Path, convert_config: MCPForgeConfig
) -> None:
    _strong_sandbox(convert_config)
    tree = _project(tmp_path, "abbrevlib", "[]")
    report = convert(
        ConvertOptions(source=str(tree), out_dir=tmp_path / "out", cache_dir=tmp_path / "cache", stage=False),
        convert_config,
        registry_root=None,
    )
    assert (report.status, report.install) == ("GENERATED", "used in place"), report.stop_reason
    assert report.tools_passed == 1


def test_a_project_with_a_dependency_not_from_the_index_still_stops_with_the_build_error(
    tmp_path: Path, convert_config: MCPForgeConfig
) -> None:
    _strong_sandbox(convert_config)
    tree = _project(tmp_path, "needslib", '["needs @ https://example.invalid/needs-1.0.tar.gz"]')
    assert plain_packages(tree, _top_level_modules) is None
    report = convert(
        ConvertOptions(source=str(tree), out_dir=tmp_path / "out", cache_dir=tmp_path / "cache", stage=False),
        convert_config,
        registry_root=None,
    )
    assert report.status != "GENERATED"
    assert "bump must be a boolean" in str(report.stop_reason)


def test_compiled_sources_or_no_project_table_mean_no_fallback(tmp_path: Path) -> None:
    tree = _project(tmp_path, "clib", "[]")
    found = plain_packages(tree, _top_level_modules)
    assert found is not None and found.packages == ("clib",) and found.root == tree / "src"
    (tree / "src" / "clib" / "fast.c").write_text("int x;", encoding="utf-8")
    assert plain_packages(tree, _top_level_modules) is None
    bare = tmp_path / "bare"
    bare.mkdir()
    (bare / "pyproject.toml").write_text("[tool.black]\n", encoding="utf-8")
    assert plain_packages(bare, _top_level_modules) is None
