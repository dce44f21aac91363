"""Rendered tools pass the static gate of COMMON.md (ruff + mypy) and the sandbox's security policy."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from catalogue_cases import CASES

from mcpforge.catalogue import CATALOGUE, RenderedTool, get_operation
from mcpforge.models import AnalysisMethod, DerivedColumn, Filter, Intent, PreparationStep
from mcpforge.pipeline.validation.static_gate import mypy_cache_dir
from mcpforge.sandbox.policy import check_source

RUFF = [
    "check",
    "--no-cache",
    "--isolated",
    "--target-version",
    "py311",
    "--select",
    "E,F,W,B,PL,UP",
    "--ignore",
    "PLR0913,PLR2004,E501",
]
MYPY = ["--ignore-missing-imports", "--check-untyped-defs", "--follow-imports=silent", "--no-error-summary"]


def _rendered() -> dict[str, RenderedTool]:
    """Every operation as in the sandbox tests, plus variants with derived columns and every filter kind."""
    tools = {
        name: get_operation(name).render(Intent(request=name, operation=name, **fields))
        for name, (fields, _) in CASES.items()
    }
    filters = [
        Filter(column="units", op="between", value=[1, 3]),
        Filter(column="weather", op="in", value=["Rain"]),
        Filter(column="location", op="is null"),
    ]
    for name, (fields, _) in CASES.items():
        derived = [DerivedColumn(name="double_units", expression="units * 2 + abs(-`unit_price`)")]
        # Issue 16: preparation steps and rounding are rendered into every template, so gate them too.
        prepared = {
            "preparation": [
                PreparationStep(kind="fill_missing", columns=["units"], strategy="median"),
                PreparationStep(kind="bin", columns=["unit_price"], bins=2, strategy="quantile"),
            ],
            "method": AnalysisMethod(round_digits=2),
        }
        intent = Intent(
            request=name, operation=name, **{**fields, "derived": derived, "filters": filters, **prepared}
        )
        tools[f"{name}_derived"] = get_operation(name).render(intent)
    return tools


def test_every_rendered_tool_and_helpers_module_passes_ruff_and_mypy(tmp_path: Path) -> None:
    tools = _rendered()
    files = []
    for key, rendered in tools.items():
        (tmp_path / f"{key}.py").write_text(rendered.source, encoding="utf-8")
        files.append(f"{key}.py")
        if not key.endswith("_derived"):
            (tmp_path / f"{key}_helpers.py").write_text(rendered.helpers, encoding="utf-8")
            files.append(f"{key}_helpers.py")
    ruff = subprocess.run(
        [sys.executable, "-m", "ruff", *RUFF, *files],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
        timeout=100,
    )
    assert ruff.returncode == 0, ruff.stdout + ruff.stderr
    # The validator's own cache of third-party stubs: without it mypy re-parses pandas-stubs (slow).
    cache = mypy_cache_dir()
    cache.mkdir(parents=True, exist_ok=True)
    mypy = subprocess.run(
        [sys.executable, "-m", "mypy", *MYPY, f"--cache-dir={cache}", *files],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
        timeout=110,
    )
    assert mypy.returncode == 0, mypy.stdout + mypy.stderr


@pytest.mark.parametrize("name", sorted(CATALOGUE))
def test_rendered_tools_pass_the_security_policy(name: str) -> None:
    for key, rendered in _rendered().items():
        if key in (name, f"{name}_derived"):
            assert check_source(rendered.source) == [], key
            assert re.search(r"\b(eval|exec|getattr|__import__)\(", rendered.source) is None
            assert rendered.source.count("@mcp.tool()") == 1
