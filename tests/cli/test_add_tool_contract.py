"""What validation passes, the server serves: a hand-written tool's own footer keys are its contract."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import anyio
import pytest
from fastmcp import Client
from typer.testing import CliRunner

from mcpforge.cli.main import app
from mcpforge.config import SandboxConfig, load_config
from mcpforge.models import ToolStatus
from mcpforge.pipeline.handwritten import footer_output_schema
from mcpforge.registry import Registry
from mcpforge.server import build_server

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "traffic_accidents.csv"

OWN_KEYS_TOOL = '''"""Totals of casualties per severity, with its own footer keys."""

from typing import Annotated

from pydantic import Field

from mcpforge.runtime import format_markdown_table, load_csv_data_with_types, mcp, output_footer


@mcp.tool()
def casualty_totals(
    file_path: Annotated[str, Field(description="Path to the CSV file")],
    minimum: Annotated[int, Field(description="Only severities with at least this many casualties")],
) -> str:
    """Total casualties per severity.

    WHEN TO USE THIS TOOL: to compare how many people were hurt per severity.
    WHAT THIS TOOL DOES: sums the casualties column per severity and keeps the totals >= minimum.
    RETURNS: a markdown table and a JSON footer with the totals and the grand total.
    PREREQUISITES: the file has severity and casualties columns.
    """
    df = load_csv_data_with_types(file_path)
    totals = df.groupby("severity")["casualties"].sum()
    totals = totals[totals >= minimum]
    footer = {"totals": {str(k): int(v) for k, v in totals.items()}, "grand_total": int(totals.sum())}
    return format_markdown_table(totals.reset_index()) + "\\n\\n" + output_footer(footer)
'''

# Returns a different footer on large files: its keys in common ("grand_total") are all it promises.
INCONSISTENT_TOOL = OWN_KEYS_TOOL.replace(
    "    return format_markdown_table(",
    '    if len(df) > 100:\n        return "many rows\\n" + output_footer({"grand_total": 1})\n'
    "    return format_markdown_table(",
)


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sandbox_config: SandboxConfig) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MCPFORGE_VALIDATION__STRESS_ROWS", "2000")
    monkeypatch.setenv(
        "MCPFORGE_SANDBOX__ALLOW_WEAK_FALLBACK", str(sandbox_config.allow_weak_fallback).lower()
    )
    shutil.copy(EXAMPLE, tmp_path / "traffic_accidents.csv")
    return tmp_path


def _invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_the_footer_keys_a_tool_returns_become_its_output_schema() -> None:
    schema = footer_output_schema(OWN_KEYS_TOOL, "casualty_totals")
    assert schema["required"] == ["totals", "grand_total"]
    assert set(schema["properties"]) == {"totals", "grand_total"}
    assert footer_output_schema(INCONSISTENT_TOOL, "casualty_totals")["required"] == ["grand_total"]
    assert footer_output_schema("def f():\n    return 'x'\n", "f") == {}


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.mark.anyio
async def test_a_tool_with_its_own_footer_keys_is_served_after_approval(work: Path) -> None:
    (work / "tool.py").write_text(OWN_KEYS_TOOL, encoding="utf-8")
    code, _, err = _invoke(
        "add-tool",
        "tool.py",
        "--data",
        "traffic_accidents.csv",
        "--args",
        '{"minimum": 0}',
        "--registry",
        "reg",
    )
    assert code == 0, err
    code, out, err = _invoke(
        "review",
        "casualty_totals_1.0.0",
        "--output",
        "yes",
        "--decision",
        "Approve",
        "--registry",
        "reg",
        "--json",
    )
    assert code == 0, err
    assert json.loads(out)["status"] == "PROMOTED"
    config = load_config(None)
    registry = Registry(work / "reg", config)
    server = build_server(registry, config, allowed_read_paths=[work])
    with anyio.fail_after(60):
        async with Client(server) as client:
            result = await client.call_tool(
                "casualty_totals", {"file_path": str(work / "traffic_accidents.csv"), "minimum": 0},
                raise_on_error=False,
            )  # fmt: skip
    assert not result.is_error, result.content
    assert isinstance(result.structured_content, dict)
    assert set(result.structured_content) == {"totals", "grand_total"}


def test_a_tool_whose_output_breaks_its_own_schema_is_rejected_with_the_fix(work: Path) -> None:
    # "result" keeps the footer's usual meaning (a table or a mapping), so a bare number breaks it.
    footer = (
        'footer = {"totals": {str(k): int(v) for k, v in totals.items()}, "grand_total": int(totals.sum())}'
    )
    (work / "tool.py").write_text(
        OWN_KEYS_TOOL.replace(footer, 'footer = {"result": int(totals.sum())}'), encoding="utf-8"
    )
    code, out, _ = _invoke(
        "add-tool", "tool.py", "--data", "traffic_accidents.csv", "--args", '{"minimum": 0}',
        "--registry", "reg", "--json",
    )  # fmt: skip
    data = json.loads(out)
    assert code != 0
    assert data["status"] == ToolStatus.REJECTED.value
    assert "output schema" in data["error"]
    assert "Fix:" in data["error"]


def test_required_parameters_without_args_are_named_with_the_command_to_give_them(work: Path) -> None:
    (work / "tool.py").write_text(OWN_KEYS_TOOL, encoding="utf-8")
    code, _, err = _invoke("add-tool", "tool.py", "--data", "traffic_accidents.csv", "--registry", "reg")
    assert code != 0
    assert "'minimum'" in err
    assert "--args '{\"minimum\": 1}'" in err
    assert "Traceback" not in err
    assert not (work / "reg" / "staging" / "candidates").exists() or not any(
        (work / "reg" / "staging" / "candidates").iterdir()
    )
