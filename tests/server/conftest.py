"""Server fixtures: a registry with tools promoted through the real lifecycle, data under an allowed root."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from mcpforge.config import MCPForgeConfig
from mcpforge.models import ToolCandidate, ToolSpec, UserFeedback, sha256_text, utc_now
from mcpforge.registry import ActiveTool, Registry
from mcpforge.registry.testing import make_candidate

ROW_COUNT_TOOL = '''"""count_rows: count the rows of a CSV file (a test tool)."""

from typing import Annotated

from pydantic import Field

from mcpforge.runtime import load_csv_data_with_types, mcp, output_footer


@mcp.tool()
def count_rows(file_path: Annotated[str, Field(description="Path to the CSV file")]) -> str:
    """Count the rows of a CSV file.

    WHEN TO USE THIS TOOL: to know how many rows a file has.
    WHAT THIS TOOL DOES: loads the file and counts its rows.
    RETURNS: markdown with the count and a JSON footer.
    PREREQUISITES: the file is under an allowed directory.
    """
    df = load_csv_data_with_types(file_path)
    total = int(len(df))
    return f"Rows: {total}\\n" + output_footer({"operation": "count_rows", "result": {"rows": total}})
'''

RAISING_TOOL = '''"""explode: fails when asked to (a test tool)."""

from typing import Annotated

from pydantic import Field

from mcpforge.runtime import mcp, output_footer


@mcp.tool()
def explode(fail: Annotated[bool, Field(description="Whether to raise")] = True) -> str:
    """Raise an error when ``fail`` is true.

    WHEN TO USE THIS TOOL: in tests.
    WHAT THIS TOOL DOES: raises ValueError or returns ok.
    RETURNS: markdown and a JSON footer.
    PREREQUISITES: none.
    """
    if fail:
        raise ValueError("boom on purpose")
    return "ok\\n" + output_footer({"operation": "explode", "result": {"ok": True}})
'''

SPIN_TOOL = '''"""spin: never finishes in time (a test tool)."""

import time

from mcpforge.runtime import mcp


@mcp.tool()
def spin() -> str:
    """Sleep far longer than any time limit (sleeping, not looping, to spare the CPU).

    WHEN TO USE THIS TOOL: in tests of the time limit.
    WHAT THIS TOOL DOES: sleeps until it is killed.
    RETURNS: nothing in time.
    PREREQUISITES: none.
    """
    time.sleep(600)
    return "woke up"
'''

BAD_FOOTER_TOOL = '''"""bad_footer: returns data its spec does not allow (a test tool)."""

from mcpforge.runtime import mcp, output_footer


@mcp.tool()
def bad_footer() -> str:
    """Return a footer without the required result.

    WHEN TO USE THIS TOOL: in tests of the output contract.
    WHAT THIS TOOL DOES: returns a footer missing "result".
    RETURNS: markdown and a JSON footer.
    PREREQUISITES: none.
    """
    return "done\\n" + output_footer({"operation": "bad_footer"})
'''


def _spec(name: str, properties: dict[str, dict[str, object]], required: list[str]) -> ToolSpec:
    return ToolSpec(
        tool_name=name,
        description=f"{name}: a test tool",
        input_schema={"type": "object", "properties": properties, "required": required},
        output_schema={
            "type": "object",
            "properties": {"operation": {"type": "string"}, "result": {"type": "object"}},
            "required": ["operation", "result"],
        },
        parameters=[{"name": key, **value} for key, value in properties.items()],
        return_type="str",
        when_to_use="in tests",
        what_it_does=f"runs {name}",
        returns="markdown and a JSON footer",
        prerequisites="none",
    )


SPECS = {
    "count_rows": _spec("count_rows", {"file_path": {"type": "string", "description": "CSV"}}, ["file_path"]),
    "explode": _spec("explode", {"fail": {"type": "boolean", "default": True}}, []),
    "spin": _spec("spin", {}, []),
    "bad_footer": _spec("bad_footer", {}, []),
}
SOURCES = {
    "count_rows": ROW_COUNT_TOOL,
    "explode": RAISING_TOOL,
    "spin": SPIN_TOOL,
    "bad_footer": BAD_FOOTER_TOOL,
}


def candidate_for(name: str) -> tuple[ToolCandidate, dict[str, str]]:
    """A DRAFT candidate for one of the test tools above (or the registry's demo tool for other names)."""
    if name not in SOURCES:
        return make_candidate(name)
    source, spec = SOURCES[name], SPECS[name]
    candidate = ToolCandidate(
        tool_id=name, version="1.0.0", spec=spec, package_path="", code_hash=sha256_text(source),
        spec_hash=sha256_text(spec.to_json()), created_at=utc_now(), created_by="test",
    )  # fmt: skip
    return candidate, {"tool.py": source, "tests.py": "CASES = []\n"}


def promote_tool(registry: Registry, name: str) -> ActiveTool:
    """Stage, approve and promote a test tool through the Registry API."""
    candidate, files = candidate_for(name)
    staged = registry.stage_candidate(candidate, files, actor="test")
    feedback = UserFeedback(decision="APPROVED", notes="approve", timestamp=utc_now(), stage="registration")
    registry.record_feedback(staged.candidate_id, feedback, actor="person")
    return registry.promote(staged.candidate_id, actor="person")


Promote = Callable[[str], ActiveTool]


@pytest.fixture
def registry(forge_config: MCPForgeConfig) -> Registry:
    """An initialized registry at the configured root."""
    reg = Registry(Path(forge_config.registry.root), forge_config)
    reg.init()
    return reg


@pytest.fixture
def promote(registry: Registry) -> Promote:
    """Promote a test tool by name: ``count_rows``, ``explode``, or any name for the demo add tool."""
    return lambda name: promote_tool(registry, name)


@pytest.fixture
def data_root(tmp_path: Path) -> Path:
    """The allowed read directory, holding ``rows.csv`` with 3 data rows."""
    root = tmp_path / "data"
    root.mkdir()
    (root / "rows.csv").write_text("a,b\n1,x\n2,y\n3,z\n", encoding="utf-8")
    return root
