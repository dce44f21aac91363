"""Step 3: the tool package (requirements Step 3) and its content hashes.

``tool.py`` comes from a catalogue template, a model, or a person; this module scaffolds the rest:
``spec.json`` (canonical text), ``__init__.py``, ``helpers.py``, ``requirements.txt`` and ``tests.py``,
a real pytest file that replays the recorded edge and normal cases through the mcpforge sandbox.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mcpforge.models import ToolSpec, sha256_text
from mcpforge.pipeline.validation.test_cases import PlannedCase

PACKAGE_FILES = ("tool.py", "spec.json", "__init__.py", "helpers.py", "requirements.txt", "tests.py")
_IMPORT_RE = re.compile(r"^\s*(?:from|import)\s+([A-Za-z_][\w]*)", re.MULTILINE)
_DISTRIBUTIONS = {
    "pandas": "pandas>=3.0",
    "numpy": "numpy>=2.0",
    "pydantic": "pydantic>=2.11",
    "mcpforge": "mcpforge",
}

_TESTS_TEMPLATE = '''"""Recorded tests of the {tool_name!r} tool, replayed in the mcpforge sandbox.

Run with ``pytest tests.py`` next to ``tool.py``. The tool never runs in the pytest process: every call
goes through ``mcpforge.sandbox`` with the configuration of ``mcpforge.yaml`` / ``MCPFORGE_*``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mcpforge.config import load_config
from mcpforge.metrics.functional import ToolTestCase, judge_output
from mcpforge.sandbox import call_tool, get_sandbox, limits_from_config

HERE = Path(__file__).parent
FUNCTION_NAME = {function_name!r}
FILE_PARAMETER = {file_parameter!r}
CASES: list[dict[str, Any]] = json.loads({cases_json!r})


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_recorded_case(case: dict[str, Any], tmp_path: Path) -> None:
    config = load_config()
    arguments = dict(case["arguments"])
    read_paths: list[Path] = []
    if FILE_PARAMETER is not None and case["fixture"] is not None:
        data = tmp_path / "data.csv"
        data.write_text(case["fixture"], encoding="utf-8")
        arguments[FILE_PARAMETER] = str(data)
        read_paths.append(tmp_path)
    source = (HERE / "tool.py").read_text(encoding="utf-8")
    limits = limits_from_config(
        config.sandbox, timeout_seconds=config.validation.sandbox_timeout_seconds, security=config.security
    )
    outcome = call_tool(get_sandbox(config.sandbox), source, arguments, read_paths=read_paths, limits=limits,
                        function_name=FUNCTION_NAME)
    if not outcome.ok and outcome.error_type in case["accept_errors"]:
        return
    expected = ToolTestCase(name=case["name"], category=case["category"], arguments=arguments,
                            expected=case["expected"], expect_error=case["expect_error"])
    record = judge_output(expected, outcome)
    assert record["passed"], record.get("error")
'''


@dataclass(frozen=True, kw_only=True)
class ToolPackage:
    """The files of one tool package and their content hashes."""

    files: dict[str, str]
    code_hash: str
    spec_hash: str

    def write(self, directory: Path) -> Path:
        """Write every file into ``directory`` (created if needed); returns the directory."""
        directory.mkdir(parents=True, exist_ok=True)
        for name, text in self.files.items():
            (directory / name).write_text(text, encoding="utf-8")
        return directory


def requirements_for(source: str, helpers: str = "") -> str:
    """requirements.txt lines for the third-party imports of ``source`` and ``helpers``."""
    modules = {match.group(1) for match in _IMPORT_RE.finditer(source + "\n" + helpers)}
    lines = sorted({_DISTRIBUTIONS[name] for name in modules if name in _DISTRIBUTIONS} | {"mcpforge"})
    return "\n".join(lines) + "\n"


def recorded_cases(cases: Sequence[PlannedCase]) -> list[dict[str, Any]]:
    """The cases that carry their own fixture, as JSON-friendly dicts (file path left to the test)."""
    recorded = []
    for planned in cases:
        if planned.fixture is None:
            continue
        case = planned.case
        arguments = {k: v for k, v in case.arguments.items() if k != "file_path"}
        recorded.append(
            {
                "name": case.name,
                "category": case.category,
                "arguments": arguments,
                "fixture": planned.fixture,
                "expected": case.expected,
                "expect_error": case.expect_error,
                "accept_errors": sorted(planned.accept_errors),
            }
        )
    return recorded


def render_tests(
    spec: ToolSpec,
    cases: Sequence[PlannedCase],
    *,
    function_name: str | None = None,
    file_parameter: str | None = "file_path",
) -> str:
    """The text of tests.py replaying ``cases``."""
    cases_json = json.dumps(recorded_cases(cases), default=str, ensure_ascii=True)
    return _TESTS_TEMPLATE.format(
        tool_name=spec.tool_name,
        function_name=function_name or spec.tool_name,
        file_parameter=file_parameter,
        cases_json=cases_json,
    )


def build_package(
    *,
    spec: ToolSpec,
    source: str,
    helpers: str = "",
    cases: Sequence[PlannedCase] = (),
    function_name: str | None = None,
    file_parameter: str | None = "file_path",
    extra_files: Mapping[str, str] | None = None,
) -> ToolPackage:
    """All files of the package of Step 3, with ``code_hash`` and ``spec_hash``."""
    helpers_text = (
        helpers or f'"""Helpers of the {spec.tool_name!r} tool (none needed: it uses mcpforge.runtime)."""\n'
    )
    init_text = (
        f'"""{spec.tool_name}: {spec.description}\n\n'
        "Generated by mcpforge. The tool lives in tool.py; it is loaded by the sandbox runner and the MCP\n"
        'server, never imported from here, so importing this package runs no tool code.\n"""\n'
    )
    files = {
        "tool.py": source,
        "spec.json": spec.to_json(),
        "__init__.py": init_text,
        "helpers.py": helpers_text,
        "requirements.txt": requirements_for(source, helpers),
        "tests.py": render_tests(spec, cases, function_name=function_name, file_parameter=file_parameter),
        **(extra_files or {}),
    }
    return ToolPackage(files=files, code_hash=sha256_text(source), spec_hash=spec.spec_hash())
