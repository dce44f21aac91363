"""Issue 28 point 10: a request answered by an approved tool keeps what a staged answer has — its chart,
its reading in ``--json``, the question as asked now — and MCP clients read the tool's columns as defaults.

The rule for names: a tool's name is its identity and never changes after approval, so its name and first
line keep the columns of the request it was made for; the description served to MCP clients says those
columns are only defaults (``server/provider.py``), and a reused answer that changes them shows the current
request and what the tool was made for.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import pandas as pd
import pytest
from fastmcp import Client
from tests.pipeline.intent_reading_data import write_orders
from typer.testing import CliRunner

from mcpforge.cli.main import app
from mcpforge.config import SandboxConfig, load_config
from mcpforge.registry import Registry
from mcpforge.server import build_server

TOOL = "sum_amount_by_region"


@pytest.fixture
def approved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sandbox_config: SandboxConfig) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MCPFORGE_VALIDATION__STRESS_ROWS", "2000")
    monkeypatch.setenv(
        "MCPFORGE_SANDBOX__ALLOW_WEAK_FALLBACK", str(sandbox_config.allow_weak_fallback).lower()
    )
    write_orders(tmp_path)
    first = _ask("total amount by region", "orders.csv")
    assert first["tool_name"] == TOOL, first
    review = CliRunner().invoke(app, ["review", first["candidate_id"], "--registry", "reg", "--output", "yes",
                                      "--decision", "Approve"])  # fmt: skip
    assert review.exit_code == 0, review.output
    return tmp_path


def _ask(request: str, data: str) -> dict[str, Any]:
    result = CliRunner().invoke(app, ["ask", request, "--data", data, "--registry", "reg", "--json",
                                      "--no-review"])  # fmt: skip
    assert result.exit_code == 0, result.stdout + result.stderr
    return dict(json.loads(result.stdout))


def test_a_chart_request_answered_by_an_approved_tool_gets_its_chart_and_reading(approved: Path) -> None:
    answer = _ask("bar chart of total amount per region", "orders.csv")
    assert (answer["decision"], answer["tool_name"]) == ("reuse", TOOL)
    assert (
        answer["reading"] is not None and "`amount`" in answer["reading"] and "`region`" in answer["reading"]
    )
    assert len(answer["charts"]) == 1
    chart = Path(answer["charts"][0])
    assert chart.read_bytes().startswith(b"\x89PNG")
    assert Registry(approved / "reg").root.resolve() in chart.resolve().parents


def test_a_reused_tool_on_other_columns_shows_this_request_and_what_it_was_made_for(approved: Path) -> None:
    pd.DataFrame({"department": ["A", "B", "A", "C"], "cost": [1.5, 2.0, 3.5, 4.0]}).to_csv(
        approved / "costs.csv", index=False
    )
    answer = _ask("total cost per department", "costs.csv")
    assert (answer["decision"], answer["tool_name"]) == ("reuse", TOOL)
    assert "`cost`" in answer["reading"] and "`department`" in answer["reading"]
    markdown = answer["result_markdown"]
    assert "**Request**: total cost per department" in markdown
    assert "**Made for**: “Compute sum of amount per region.”" in markdown
    same = _ask("what is the total amount for each region", "orders.csv")
    assert "**Request**: what is the total amount for each region" in same["result_markdown"]
    assert "**Made for**" not in same["result_markdown"]  # its own defaults: nothing to explain


def test_mcp_clients_read_the_columns_in_the_name_as_defaults(approved: Path) -> None:
    config = load_config(None, overrides={"registry": {"root": str(approved / "reg")}})
    server = build_server(Registry(approved / "reg", config), config, allowed_read_paths=[approved])

    async def listed() -> str:
        async with Client(server) as client:
            tools = {tool.name: tool for tool in await client.list_tools()}
        return str(tools[TOOL].description)

    description = anyio.run(listed)
    first, general = description.split("\n")[0], description.split("\n")[2]
    assert first == "Compute sum of amount per region."
    assert general.startswith("GENERAL: the columns named above are only its defaults")
    assert 'group_by_columns = ["region"]' in general and '"column": "amount"' in general
