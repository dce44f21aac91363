"""MCP clients as they are: text arguments coerced (as the Inspector CLI sends them), annotations, progress.

A real in-memory FastMCP client sends the arguments exactly as a client that types everything as text
would (``top_n="3"``), so the server's own coercion and validation are what is tested.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import anyio
import pytest
from fastmcp import Client

from mcpforge.config import MCPForgeConfig
from mcpforge.models import UserFeedback, utc_now
from mcpforge.pipeline.forge import forge
from mcpforge.registry import ActiveTool, Registry
from mcpforge.server import build_server
from mcpforge.server._coerce import coerce_arguments

pytestmark = pytest.mark.anyio
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "traffic_accidents.csv"


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def config(forge_config: MCPForgeConfig) -> MCPForgeConfig:
    forge_config.validation.stress_rows = 2_000
    return forge_config


@pytest.fixture
def data(tmp_path: Path) -> Path:
    root = tmp_path / "data"
    root.mkdir()
    return Path(shutil.copy(EXAMPLE, root / "traffic_accidents.csv"))


def _promoted(config: MCPForgeConfig, data: Path, request: str) -> tuple[Registry, ActiveTool]:
    registry = Registry(Path(config.registry.root), config)
    registry.init()
    forged = forge(request, data, registry=registry, config=config, allow_read=[data.parent])
    assert forged.candidate is not None, forged.error
    feedback = UserFeedback(decision="APPROVED", notes="approve", timestamp=utc_now(), stage="registration")
    registry.record_feedback(forged.candidate.candidate_id, feedback, actor="person")
    return registry, registry.promote(forged.candidate.candidate_id, actor="person")


async def test_text_arguments_are_coerced_and_still_validated(config: MCPForgeConfig, data: Path) -> None:
    registry, tool = _promoted(config, data, "count accidents by weather")
    properties = tool.spec.input_schema["properties"]
    assert "null" in properties["top_n"]["type"]  # integer-or-null: the Inspector's failing case
    server = build_server(registry, config, allowed_read_paths=[data.parent])
    filters = json.dumps([{"column": "severity", "op": "in", "value": ["Minor", "Serious"]}])
    with anyio.fail_after(60):
        async with Client(server) as client:
            texts = {"file_path": str(data), "top_n": "3", "as_percentage": "true", "filters": filters}
            typed = {
                "file_path": str(data),
                "top_n": 3,
                "as_percentage": True,
                "filters": json.loads(filters),
            }
            from_text = await client.call_tool(tool.name, texts, raise_on_error=False)
            from_types = await client.call_tool(tool.name, typed, raise_on_error=False)
            wrong = await client.call_tool(
                tool.name, {"file_path": str(data), "top_n": "three"}, raise_on_error=False
            )
    assert not from_text.is_error, from_text.content
    assert from_text.structured_content == from_types.structured_content
    assert isinstance(from_text.structured_content, dict)
    assert len(from_text.structured_content["result"]["rows"]) == 3
    assert "percent" in from_text.structured_content["result"]["columns"]
    assert wrong.is_error
    assert "top_n" in getattr(wrong.content[0], "text", "")


def test_coercion_only_touches_values_whose_meaning_is_unambiguous() -> None:
    schema: dict[str, Any] = {
        "type": "object",
        "properties": {
            "code": {"type": "string"},
            "n": {"type": ["integer", "null"]},
            "ratio": {"type": "number"},
            "flag": {"type": "boolean"},
            "names": {"type": "array", "items": {"type": "string"}},
            "sizes": {"type": "array", "items": {"type": "integer"}},
            "options": {
                "anyOf": [{"type": "object", "properties": {"k": {"type": "integer"}}}, {"type": "null"}]
            },
        },
    }
    sent = {
        "code": "007", "n": "null", "ratio": "2.5", "flag": "True", "names": '["a", "b"]',
        "sizes": ["1", "2"], "options": '{"k": "4"}', "extra": "5",
    }  # fmt: skip
    assert coerce_arguments(sent, schema) == {
        "code": "007", "n": None, "ratio": 2.5, "flag": True, "names": ["a", "b"], "sizes": [1, 2],
        "options": {"k": 4}, "extra": "5",
    }  # fmt: skip
    assert coerce_arguments({"n": "3.5", "flag": "yes"}, schema) == {"n": "3.5", "flag": "yes"}


async def test_tools_carry_annotations_and_forge_request_reports_progress(
    config: MCPForgeConfig, data: Path
) -> None:
    registry, tool = _promoted(config, data, "count accidents by severity")
    server = build_server(registry, config, allowed_read_paths=[data.parent])
    progress: list[tuple[float, float | None, str | None]] = []

    async def on_progress(value: float, total: float | None, message: str | None) -> None:
        progress.append((value, total, message))

    with anyio.fail_after(90):
        async with Client(server, progress_handler=on_progress) as client:
            listed = {item.name: item for item in await client.list_tools()}
            result = await client.call_tool(
                "forge_request", {"request": "average speed limit by weather", "data_path": str(data)},
                raise_on_error=False,
            )  # fmt: skip
    data_tool = listed[tool.name].annotations
    assert data_tool is not None
    assert (data_tool.read_only_hint, data_tool.open_world_hint) == (True, False)
    forge_tool = listed["forge_request"].annotations
    assert forge_tool is not None
    assert (forge_tool.read_only_hint, forge_tool.open_world_hint) == (False, False)
    assert listed["list_available_tools"].annotations is not None
    assert not result.is_error
    assert len(progress) >= 2, result.content
    assert [value for value, _, _ in progress] == sorted(value for value, _, _ in progress)
    assert all(message for _, _, message in progress)
