"""A plain folder (a repository that is not a package on the index) gets what its requirements.txt names.

Before, a folder was used in place with nothing installed: its modules' ``import tinydep`` failed in the
sandbox, so every tool of the repository was dropped. Now the plain requirement lines are installed the
way a package's dependencies are (wheels only, pip unable to start a program) into a venv of their own,
imported after the folder; option, path and URL lines are left out. The wheel here is written by the test
and found through ``PIP_FIND_LINKS`` with ``PIP_NO_INDEX`` (no network).
"""

from __future__ import annotations

import base64
import hashlib
import textwrap
import zipfile
from pathlib import Path

import pytest

from mcpforge.config import MCPForgeConfig
from mcpforge.convert._folder_requirements import folder_requirements
from mcpforge.convert.acquire import acquire
from mcpforge.convert.pipeline import ConvertOptions, convert
from mcpforge.exceptions import ConversionError

_DEPENDENCY = "def triple(value):\n    return 3 * value\n"
_MODULE = '''
"""Arithmetic on top of tinydep."""

import tinydep


def nine_times(value: int) -> int:
    """``value`` tripled twice.

    >>> nine_times(2)
    18
    """
    return tinydep.triple(tinydep.triple(value))
'''


def _wheel(directory: Path) -> Path:
    """A minimal pure-Python wheel of ``tinydep`` 1.0 (PEP 427 layout, RECORD with sha256s)."""
    directory.mkdir(parents=True, exist_ok=True)
    files = {
        "tinydep.py": _DEPENDENCY,
        "tinydep-1.0.dist-info/METADATA": "Metadata-Version: 2.1\nName: tinydep\nVersion: 1.0\n",
        "tinydep-1.0.dist-info/WHEEL": "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\n"
        "Tag: py3-none-any\n",
        "tinydep-1.0.dist-info/top_level.txt": "tinydep\n",
    }
    record = []
    for name, text in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b"=").decode()
        record.append(f"{name},sha256={digest},{len(text.encode())}")
    record.append("tinydep-1.0.dist-info/RECORD,,")
    wheel = directory / "tinydep-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
        archive.writestr("tinydep-1.0.dist-info/RECORD", "\n".join(record) + "\n")
    return wheel


def _repository(root: Path, requirements: str) -> Path:
    repo = root / "ninetimes"
    repo.mkdir(parents=True)
    (repo / "ninetimes.py").write_text(textwrap.dedent(_MODULE).lstrip(), encoding="utf-8")
    (repo / "requirements.txt").write_text(requirements, encoding="utf-8")
    return repo


@pytest.fixture
def local_index(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    wheels = tmp_path / "wheels"
    _wheel(wheels)
    monkeypatch.setenv("PIP_NO_INDEX", "1")
    monkeypatch.setenv("PIP_FIND_LINKS", str(wheels))
    return wheels


def test_only_plain_requirement_lines_are_taken(tmp_path: Path) -> None:
    repo = _repository(
        tmp_path,
        "# pinned\ntinydep==1.0  # the helper\nnumpy>=1.20; python_version >= '3.9'\n-r other.txt\n"
        "-e .\n--index-url https://example.invalid/simple\ngit+https://example.invalid/x.git\n"
        "pkg @ https://example.invalid/pkg.tar.gz\n./vendored\n\n",
    )
    found = folder_requirements(repo)
    assert found.wanted == ("tinydep==1.0", "numpy>=1.20; python_version >= '3.9'")
    assert found.left_out == (
        "-r other.txt",
        "-e .",
        "--index-url https://example.invalid/simple",
        "git+https://example.invalid/x.git",
        "pkg @ https://example.invalid/pkg.tar.gz",
        "./vendored",
    )
    assert folder_requirements(tmp_path).wanted == ()  # no requirements.txt


def test_a_folders_requirements_are_installed_beside_it(tmp_path: Path, local_index: Path) -> None:
    repo = _repository(tmp_path, "tinydep==1.0\n-e .\n")
    env = acquire(str(repo), cache_dir=tmp_path / "cache")
    assert (env.kind, env.import_names, env.site_dirs[0]) == ("folder", ("ninetimes",), repo)
    assert env.install == "used in place, its requirements installed from wheels"
    assert len(env.site_dirs) == 2 and (env.site_dirs[1] / "tinydep.py").read_text() == _DEPENDENCY
    assert not env.cached
    assert acquire(str(repo), cache_dir=tmp_path / "cache").cached  # the same lines: the same venv


def test_a_requirement_with_no_wheel_stops_acquire_with_one_message(
    tmp_path: Path, local_index: Path
) -> None:
    repo = _repository(tmp_path, "tinydep==9.9\n")
    with pytest.raises(ConversionError) as caught:
        acquire(str(repo), cache_dir=tmp_path / "cache")
    assert (caught.value.step, caught.value.category) == ("acquire", "not_found")
    assert "requirements.txt" in caught.value.reason and "tinydep==9.9" in caught.value.reason


def test_a_folder_tool_that_imports_its_requirement_is_proven(tmp_path: Path, local_index: Path) -> None:
    repo = _repository(tmp_path, "tinydep==1.0\n")
    report = convert(
        ConvertOptions(source=str(repo), out_dir=tmp_path / "out", stage=False, cache_dir=tmp_path / "cache"),
        MCPForgeConfig(),
        registry_root=None,
    )
    assert report.status == "GENERATED", report.stop_reason
    assert report.install == "used in place, its requirements installed from wheels"
    proven = {outcome.tool: outcome for outcome in report.outcomes if outcome.passed}
    assert "nine_times" in proven, [(o.tool, o.category, o.dropped_reason) for o in report.outcomes]
    assert [a.result for a in proven["nine_times"].attempts if a.ok] == [18]
