"""Charts: asked for in words, drawn by mcpforge from the validated answer table, served as MCP images."""

from __future__ import annotations

import base64
import shutil
from pathlib import Path

import anyio
import pytest
from fastmcp import Client

from mcpforge.charts import CHART_FILE, MAX_BARS, chart_data, render_png
from mcpforge.config import MCPForgeConfig
from mcpforge.models import ChartSpec, ToolSpec
from mcpforge.pipeline.forge import forge
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.registry import Registry
from mcpforge.registry.review import apply_review
from mcpforge.server import build_server

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def traffic() -> DatasetSchema:
    return DatasetSchema.from_file(EXAMPLES / "traffic_accidents.csv")


@pytest.mark.parametrize(
    ("request_text", "kind"),
    [
        ("plot monthly accidents", "line"),
        ("show the distribution of speed limit", "histogram"),
        ("chart of accidents per region", "bar"),
        ("draw a line chart of the number of accidents per weather", "line"),
        ("visualise the average speed limit by region as a bar chart", "bar"),
    ],
)
def test_a_request_to_see_the_answer_asks_for_the_chart_that_fits(
    traffic: DatasetSchema, request_text: str, kind: str
) -> None:
    assert extract_intent(request_text, traffic).chart == kind


@pytest.mark.parametrize("request_text", ["number of accidents per region", "show accidents by weather"])
def test_a_plain_question_gets_no_chart(traffic: DatasetSchema, request_text: str) -> None:
    assert extract_intent(request_text, traffic).chart is None


def test_a_spec_without_a_chart_keeps_its_json_and_hash() -> None:
    spec = ToolSpec(
        tool_name="t", description="d", input_schema={}, output_schema={}, parameters=[], return_type="str",
        when_to_use="", what_it_does="", returns="", prerequisites="",
    )  # fmt: skip
    assert "chart" not in spec.to_json()
    assert '"kind": "line"' in spec.model_copy(update={"chart": ChartSpec(kind="line")}).to_json()


def test_what_is_drawn_is_the_answer_table() -> None:
    result = {"result": {"columns": ["region", "count", "share"], "rows": [["N", 3, 0.5], ["S", 3, 0.5]]}}
    data = chart_data(result, ChartSpec(kind="bar"))
    assert data is not None
    assert (data.x_label, data.labels) == ("region", ["N", "S"])
    assert data.series == {"count": [3.0, 3.0], "share": [0.5, 0.5]}


def test_long_answers_are_cut_and_tables_without_numbers_get_no_chart() -> None:
    rows = [[f"g{i}", i] for i in range(MAX_BARS + 5)]
    data = chart_data({"result": {"columns": ["g", "n"], "rows": rows}}, ChartSpec(kind="bar"))
    assert data is not None
    assert (len(data.labels), data.cut) == (MAX_BARS, 5)
    assert render_png({"result": {"columns": ["a"], "rows": [["x"]]}}, ChartSpec(kind="bar")) is None
    assert render_png({"answer": 3}, ChartSpec(kind="bar")) is None


def test_a_chart_request_is_staged_with_a_png_drawn_from_its_answer(
    tmp_path: Path, forge_config: MCPForgeConfig
) -> None:
    data = tmp_path / "traffic_accidents.csv"
    shutil.copy(EXAMPLES / "traffic_accidents.csv", data)
    registry = Registry(Path(forge_config.registry.root), forge_config)
    registry.init()
    result = forge(
        "plot monthly accidents", data, registry=registry, config=forge_config, allow_read=[tmp_path]
    )
    assert result.ok, result.error
    assert result.candidate is not None
    assert result.candidate.spec.chart == ChartSpec(kind="line", title="plot monthly accidents")
    assert result.artifacts is not None
    (chart,) = [Path(f) for f in result.artifacts.files if f.endswith(CHART_FILE)]
    assert chart.read_bytes().startswith(PNG_MAGIC)
    assert chart.read_bytes() == render_png(result.artifacts.result, result.candidate.spec.chart)

    outcome = apply_review(
        registry,
        result.candidate.candidate_id,
        output_answer="yes",
        decision_answer="Approve",
        actor="person",
    )
    assert outcome.promoted is not None

    arguments = {**(result.candidate.run_arguments or {}), "file_path": str(data)}

    async def call() -> list[object]:
        server = build_server(registry, forge_config, allowed_read_paths=[tmp_path])
        async with Client(server) as client:
            called = await client.call_tool(outcome.promoted.name, arguments)
        return list(called.content)

    content = anyio.run(call)
    images = [block for block in content if getattr(block, "type", None) == "image"]
    assert len(images) == 1
    assert getattr(images[0], "mime_type", None) == "image/png"
    assert base64.b64decode(getattr(images[0], "data", "")).startswith(PNG_MAGIC)
