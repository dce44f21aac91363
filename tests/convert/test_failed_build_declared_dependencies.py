"""Issue 26, a repository whose build fails for its layout: pace-calculator is a poetry project named
``pace-calculator`` whose one module is ``pacecalc.py``, so poetry-core stops ("No file/folder found for
package pace-calculator"), and it declares dependencies in ``[tool.poetry.dependencies]``. Its code is
plain, so it is used in place (the build still runs in the sandbox first, nothing on the host), its
declared dependencies installed from wheels into a venv beside it as a folder's requirements.txt is, and
the tests written beside its module (``pacecalc_test.py``) are read as its usage. The dependency's wheel
is written by the test and found through ``PIP_FIND_LINKS`` with ``PIP_NO_INDEX`` (no network)."""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import textwrap
import zipfile
from pathlib import Path

import pytest

from mcpforge.config import MCPForgeConfig
from mcpforge.convert._analysis_usage import _usage_text
from mcpforge.convert._declared_dependencies import declared_dependencies
from mcpforge.convert.pipeline import ConvertOptions, convert
from mcpforge.exceptions import SandboxError
from mcpforge.sandbox import get_sandbox

_BACKEND = """
def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    raise ValueError("ModuleOrPackageNotFoundError: No file/folder found for package nine-times")
"""
_DEPENDENCY = "def triple(value):\n    return 3 * value\n"
_MODULE = '''
"""Arithmetic on top of tinydep."""

import tinydep


def nine_times(value: int) -> int:
    """``value`` tripled twice."""
    return tinydep.triple(tinydep.triple(value))
'''
_BESIDE_TEST = (
    "from ninetimes import nine_times\n\n\ndef test_nine_times():\n    assert nine_times(7) == 63\n"
)


def _wheel(directory: Path) -> None:
    """A minimal pure-Python wheel of ``tinydep`` 1.2 (PEP 427 layout, RECORD with sha256s)."""
    directory.mkdir(parents=True, exist_ok=True)
    info = "tinydep-1.2.dist-info"
    files = {
        "tinydep.py": _DEPENDENCY,
        f"{info}/METADATA": "Metadata-Version: 2.1\nName: tinydep\nVersion: 1.2\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = []
    for name, text in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b"=").decode()
        record.append(f"{name},sha256={digest},{len(text.encode())}")
    with zipfile.ZipFile(directory / "tinydep-1.2-py3-none-any.whl", "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
        archive.writestr(f"{info}/RECORD", "\n".join([*record, f"{info}/RECORD,,"]) + "\n")


def _poetry_project(root: Path, dependencies: str) -> Path:
    tree = root / "nine-times"
    (tree / "_build").mkdir(parents=True)
    (tree / "ninetimes.py").write_text(textwrap.dedent(_MODULE).lstrip(), encoding="utf-8")
    (tree / "ninetimes_test.py").write_text(_BESIDE_TEST, encoding="utf-8")
    (tree / "_build" / "failing_backend.py").write_text(_BACKEND, encoding="utf-8")
    (tree / "pyproject.toml").write_text(
        textwrap.dedent("""
            [tool.poetry]
            name = "nine-times"
            version = "0.1.0"

            [tool.poetry.dependencies]
            python = "^3.10"
            """)
        + dependencies
        + textwrap.dedent("""
            [build-system]
            requires = []
            build-backend = "failing_backend"
            backend-path = ["_build"]
            """),
        encoding="utf-8",
    )
    return tree


def test_poetry_dependencies_become_requirement_lines(tmp_path: Path) -> None:
    tree = _poetry_project(
        tmp_path,
        'tinydep = "^1.2"\nzerodep = "^0.2.3"\nnear = "~1.4.1"\nany = "*"\npinned = "2.0"\n'
        'ranged = ">=1,<3"\nrich = {version = "^13.0", extras = ["jupyter"]}\n'
        'later = {version = "1", optional = true}\n',
    )
    declared = declared_dependencies(tree)
    assert declared is not None and declared.distribution == "nine-times"
    assert declared.requirements == (
        "tinydep>=1.2,<2.0",
        "zerodep>=0.2.3,<0.3.0",
        "near>=1.4.1,<1.5.0",
        "any",
        "pinned==2.0",
        "ranged>=1,<3",
        "rich[jupyter]>=13.0,<14.0",
    )
    git = _poetry_project(tmp_path / "git", 'tinydep = {git = "https://example.invalid/tinydep.git"}\n')
    assert declared_dependencies(git) is None  # not from the index's wheels: the project needs its build


def test_tests_beside_a_one_module_repository_are_its_usage(tmp_path: Path) -> None:
    tree = _poetry_project(tmp_path, "")
    spec = importlib.util.spec_from_file_location("ninetimes_usage", tree / "ninetimes.py")
    assert spec is not None
    module = importlib.util.module_from_spec(spec)  # not executed: only its file is read
    assert "nine_times(7) == 63" in _usage_text(module)


@pytest.fixture
def local_index(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    wheels = tmp_path / "wheels"
    _wheel(wheels)
    monkeypatch.setenv("PIP_NO_INDEX", "1")
    monkeypatch.setenv("PIP_FIND_LINKS", str(wheels))
    return wheels


def test_a_poetry_module_whose_build_fails_is_used_in_place_with_its_dependencies(
    tmp_path: Path, local_index: Path, convert_config: MCPForgeConfig
) -> None:
    try:
        strong = get_sandbox(convert_config.sandbox).strong
    except SandboxError as exc:
        pytest.skip(f"no sandbox: {exc}")
    if not strong:
        pytest.skip("building from source needs a strong sandbox (bwrap or unshare)")
    tree = _poetry_project(tmp_path, 'tinydep = "^1.2"\n')
    report = convert(
        ConvertOptions(source=str(tree), out_dir=tmp_path / "out", cache_dir=tmp_path / "cache", stage=False),
        convert_config,
        registry_root=None,
    )
    assert report.status == "GENERATED", report.stop_reason
    assert report.install == "used in place, its requirements installed from wheels"
    proven = {outcome.tool: outcome for outcome in report.outcomes if outcome.passed}
    assert "nine_times" in proven, [(o.tool, o.category, o.dropped_reason) for o in report.outcomes]
    assert [a.result for a in proven["nine_times"].attempts if a.ok] == [63]  # the beside test's call
