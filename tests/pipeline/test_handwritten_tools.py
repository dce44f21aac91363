"""Hand-written tools: the shipped example, a plain pandas tool, and rejected tries that take no version."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pandas as pd
import pytest

from mcpforge.config import MCPForgeConfig
from mcpforge.models import ToolStatus
from mcpforge.pipeline._add_tool import MYPY_FIX, AddToolResult, add_tool
from mcpforge.pipeline.validation.static_gate import run_static_gate
from mcpforge.registry import Registry

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE_TOOL = ROOT / "examples" / "tools" / "total_by_group.py"
SALES = ROOT / "examples" / "sales.csv"

PLAIN_PANDAS = textwrap.dedent(
    '''
    """Units per region, with plain pandas."""

    from typing import Annotated

    import pandas as pd
    from pydantic import Field

    from mcpforge.runtime import mcp, output_footer


    @mcp.tool()
    def units_by_region(file_path: Annotated[str, Field(description="Path to the CSV file")]) -> str:
        """Total units sold per region.

        WHEN TO USE THIS TOOL: When you need the units sold in each region.
        WHAT THIS TOOL DOES: Reads the CSV with pandas and sums units per region.
        RETURNS: A text table of regions and units, with a JSON footer.
        PREREQUISITES: The CSV file has region and units columns.
        """
        df = pd.read_csv(file_path)
        totals = df.groupby("region")["units"].sum().reset_index()
        result = {"columns": ["region", "units"], "rows": totals.values.tolist()}
        return totals.to_string(index=False) + "\\n\\n" + output_footer({"result": result})
    '''
).lstrip()

# Correct pandas that pandas-stubs cannot type: idxmax() returns a Hashable, which .loc does not accept.
BUSIEST_REGION = "\n".join(
    [
        "import pandas as pd",
        "",
        "",
        "def busiest(file_path: str) -> str:",
        '    """The region of the largest order."""',
        "    df = pd.read_csv(file_path)",
        '    return str(df.loc[df["units"].idxmax(), "region"]){ignore}',
        "",
    ]
)


@pytest.fixture
def registry(forge_config: MCPForgeConfig) -> Registry:
    reg = Registry(Path(forge_config.registry.root), forge_config)
    reg.init()
    return reg


def _add(path: Path, registry: Registry, config: MCPForgeConfig, **arguments: str) -> AddToolResult:
    return add_tool(
        path,
        registry=registry,
        config=config,
        data_path=SALES,
        arguments=arguments,
        allow_read=[SALES.parent],
    )


def test_the_example_tool_is_staged_and_answers_what_pandas_answers(
    registry: Registry, forge_config: MCPForgeConfig
) -> None:
    result = _add(EXAMPLE_TOOL, registry, forge_config, group_column="region", value_column="units")
    assert result.error is None, result.error
    assert result.candidate.status == ToolStatus.STAGED
    expected = pd.read_csv(SALES).groupby("region")["units"].sum().sort_values(ascending=False)
    assert result.artifacts is not None
    assert result.artifacts.result["result"] == {
        "columns": ["region", "total"],
        "rows": [[region, int(total)] for region, total in expected.items()],
    }


def test_a_plain_pandas_tool_passes_the_empty_file_case(
    registry: Registry, forge_config: MCPForgeConfig, tmp_path: Path
) -> None:
    path = tmp_path / "units_by_region.py"
    path.write_text(PLAIN_PANDAS, encoding="utf-8")
    result = _add(path, registry, forge_config)
    assert result.error is None, result.error
    report = result.candidate.validation_report
    assert report is not None and report.code_metrics is not None
    empty = [
        r
        for r in report.code_metrics.functional_correctness.test_results
        if r["test_id"] == "edge_empty_file"
    ]
    assert empty and empty[0]["passed"] and empty[0]["error"].startswith("EmptyDataError"), empty


def test_rejected_tries_take_no_version_number(
    registry: Registry, forge_config: MCPForgeConfig, tmp_path: Path
) -> None:
    path = tmp_path / "units_by_region.py"
    path.write_text(PLAIN_PANDAS, encoding="utf-8")
    first = _add(path, registry, forge_config)
    assert (first.candidate.status, first.candidate.version) == (ToolStatus.STAGED, "1.0.0")
    for attempt in (1, 2, 3):  # a column the file lacks: every test fails
        path.write_text(PLAIN_PANDAS.replace('["units"]', f'["units_{attempt}"]'), encoding="utf-8")
        failed = _add(path, registry, forge_config)
        assert failed.candidate.status == ToolStatus.REJECTED
        assert failed.candidate.version == f"1.1.0-rejected.{attempt}"
    path.write_text(PLAIN_PANDAS.replace("Total units sold", "Units sold"), encoding="utf-8")
    fourth = _add(path, registry, forge_config)
    assert fourth.error is None, fourth.error
    assert (fourth.candidate.status, fourth.candidate.version) == (ToolStatus.STAGED, "1.1.0")


def test_a_pandas_stubs_limit_is_named_with_the_way_to_pass(
    registry: Registry, forge_config: MCPForgeConfig, tmp_path: Path
) -> None:
    rejected = run_static_gate(BUSIEST_REGION.format(ignore=""))
    assert [(f.tool, f.line) for f in rejected.findings] == [("mypy", 7)]
    assert rejected.findings[0].message.endswith("[index]")
    assert run_static_gate(BUSIEST_REGION.format(ignore="  # type: ignore[index]")).ok
    assert "`# type: ignore[CODE]`" in MYPY_FIX
