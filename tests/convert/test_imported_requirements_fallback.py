"""Issue 26, blind7 numerical-expressions: a repository whose ``pyproject.toml`` declares its development
tools (``ipykernel``) beside what its one module imports (``num2words``). When the declared list cannot
be installed, convert installs the declared requirements the code imports, says so in the report, and
converts, rather than stopping at ``acquire``. The dependency's wheel is written by the test and found
through ``PIP_FIND_LINKS`` with ``PIP_NO_INDEX`` (no network); the development tool is on no index."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_failed_build_declared_dependencies import _poetry_project, _wheel

from mcpforge.config import MCPForgeConfig
from mcpforge.convert._imported_requirements import imported_requirements
from mcpforge.convert.pipeline import ConvertOptions, convert
from mcpforge.exceptions import SandboxError
from mcpforge.sandbox import get_sandbox


def test_only_declared_lines_the_code_imports_are_kept(tmp_path: Path) -> None:
    package = tmp_path / "weather"
    (package / "tests").mkdir(parents=True)
    (package / "__init__.py").write_text("from .core import rain\n", encoding="utf-8")
    (package / "core.py").write_text(
        "import os\nimport numpy as np\nfrom requests.adapters import HTTPAdapter\nfrom . import units\n",
        encoding="utf-8",
    )
    (package / "tests" / "test_core.py").write_text("import pytest\n", encoding="utf-8")
    (tmp_path / "helpers.py").write_text("import attrs\n", encoding="utf-8")
    declared = ("numpy>=1.20", "Requests[socks]>=2", "pytest>=7", "ipykernel^6", "helpers==1.0")
    kept, left_out = imported_requirements(declared, tmp_path, ("weather",))
    assert kept == ("numpy>=1.20", "Requests[socks]>=2")  # not the tests' pytest, nor a local module
    assert left_out == ("pytest>=7", "ipykernel^6", "helpers==1.0")


def test_a_declared_development_tool_that_cannot_be_installed_is_left_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, convert_config: MCPForgeConfig
) -> None:
    try:
        strong = get_sandbox(convert_config.sandbox).strong
    except SandboxError as exc:
        pytest.skip(f"no sandbox: {exc}")
    if not strong:
        pytest.skip("building from source needs a strong sandbox (bwrap or unshare)")
    _wheel(tmp_path / "wheels")
    monkeypatch.setenv("PIP_NO_INDEX", "1")
    monkeypatch.setenv("PIP_FIND_LINKS", str(tmp_path / "wheels"))
    tree = _poetry_project(tmp_path, 'notebookkernel = "^6.0.3"\ntinydep = "^1.2"\n')
    report = convert(
        ConvertOptions(source=str(tree), out_dir=tmp_path / "out", cache_dir=tmp_path / "cache", stage=False),
        convert_config,
        registry_root=None,
    )
    assert report.status == "GENERATED", report.stop_reason
    assert report.install == "used in place, only the requirements its code imports installed"
    assert "tinydep>=1.2,<2.0" in report.install_note
    assert "left out: notebookkernel>=6.0.3,<7.0.0" in report.install_note
    proven = {outcome.tool: outcome for outcome in report.outcomes if outcome.passed}
    assert [a.result for a in proven["nine_times"].attempts if a.ok] == [63]
    assert "environment note: installing every requirement" in (tmp_path / "out" / "report.md").read_text()
