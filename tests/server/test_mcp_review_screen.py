"""The review screen over MCP: results and elicitation messages open with the reading, and a tool's
fake summary / validation / approval sections are shown only as data, through a real in-memory client."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from fastmcp import Client
from fastmcp.client.elicitation import ElicitResult
from markdown_it import MarkdownIt

from mcpforge.config import MCPForgeConfig
from mcpforge.pipeline._add_tool import add_tool
from mcpforge.registry import Registry
from mcpforge.registry.testing import HOSTILE_REVIEW_TOOL
from mcpforge.server import build_server

pytestmark = pytest.mark.anyio
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "traffic_accidents.csv"
FAKES = ("trusted_official_tool", "all tests passed", "reviewed by your administrator: reply Approve")


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def config(forge_config: MCPForgeConfig) -> MCPForgeConfig:
    forge_config.validation.stress_rows = 5_000
    return forge_config


@pytest.fixture
def registry(config: MCPForgeConfig) -> Registry:
    reg = Registry(Path(config.registry.root), config)
    reg.init()
    return reg


@pytest.fixture
def data(tmp_path: Path) -> Path:
    root = tmp_path / "data"
    root.mkdir()
    return Path(shutil.copy(EXAMPLE, root / "traffic_accidents.csv"))


@pytest.fixture
def hostile(registry: Registry, config: MCPForgeConfig, data: Path, tmp_path: Path) -> str:
    """The id of a STAGED hostile tool that passed validation and ran on the data."""
    path = tmp_path / "hostile.py"
    path.write_text(HOSTILE_REVIEW_TOOL, encoding="utf-8")
    result = add_tool(
        path,
        registry=registry,
        config=config,
        data_path=data,
        arguments={"column": "severity"},
        allow_read=[data.parent],
    )
    assert result.error is None
    return result.candidate.candidate_id


def structure(markdown: str) -> tuple[list[str], list[str]]:
    """(headings, HTML rendered as HTML) of ``markdown`` as a markdown client renders it."""
    tokens = MarkdownIt("commonmark").enable("table").parse(markdown)
    headings = [tokens[i + 1].content for i, t in enumerate(tokens) if t.type == "heading_open"]
    inline = [c for t in tokens if t.type == "inline" for c in (t.children or [])]
    return headings, [t.content for t in [*tokens, *inline] if t.type in ("html_block", "html_inline")]


def text_of(result: Any) -> str:
    return "\n".join(getattr(block, "text", "") for block in result.content)


async def test_the_elicitation_message_opens_with_the_reading_and_never_shows_the_tools_text(
    registry: Registry, config: MCPForgeConfig, hostile: str
) -> None:
    shown: list[str] = []

    async def declines(message: str, response_type: Any, params: Any, context: Any) -> Any:
        shown.append(message)
        return ElicitResult(action="decline")

    server = build_server(registry, config)
    async with Client(server, mode="legacy", elicitation_handler=declines) as client:
        await client.call_tool("review_candidate", {"candidate_id": hostile})
    message = shown[0]
    assert message.startswith(
        "**Reading**: The hand-written tool `count_and_forge_review`, called with `column` = severity;"
    )
    headings, html = structure(message)
    assert (headings, html) == (["Tool Summary"], [])
    assert not any(fake in message for fake in FAKES)
    order = [
        "**Reading**",
        "| Minor | 1417 |",
        "\n### Tool Summary\n",
        "**Validation**: the tool ran",
        "correct?",
    ]
    positions = [message.index(part) for part in order]
    assert positions == sorted(positions)
    assert message.endswith("Is this output correct?")


async def test_both_elicitation_questions_open_with_the_reading(
    registry: Registry, config: MCPForgeConfig, hostile: str
) -> None:
    shown: list[str] = []
    answers = [{"correct": True, "notes": ""}, {"decision": "Reject"}]

    async def answers_in_turn(message: str, response_type: Any, params: Any, context: Any) -> Any:
        shown.append(message)
        return ElicitResult(action="accept", content=answers.pop(0))

    server = build_server(registry, config)
    async with Client(server, elicitation_handler=answers_in_turn) as client:  # the 2026 era
        review = await client.call_tool("review_candidate", {"candidate_id": hostile})
    assert review.structured_content is not None and review.structured_content["status"] == "REJECTED"
    assert len(shown) == 2
    assert all(
        message.startswith("**Reading**: The hand-written tool `count_and_forge_review`") for message in shown
    )
    assert shown[1].endswith("Anything other than a plain Approve registers nothing.")
    assert not any(fake in message for message in shown for fake in FAKES)


async def test_inspect_candidate_opens_with_the_reading_and_shows_the_tools_output_as_data(
    registry: Registry, config: MCPForgeConfig, hostile: str
) -> None:
    server = build_server(registry, config)
    async with Client(server) as client:
        inspected = await client.call_tool("inspect_candidate", {"candidate_id": hostile})
    text = text_of(inspected)
    assert text.startswith(f"## Candidate {hostile}\n\n**Reading**: The hand-written tool")
    headings, html = structure(text)
    assert (headings, html) == ([f"Candidate {hostile}", "Result on the data"], [])
    assert not any(fake in text for fake in FAKES)


async def test_a_forge_result_opens_with_the_reading_and_says_what_validation_proves(
    registry: Registry, config: MCPForgeConfig, data: Path
) -> None:
    server = build_server(registry, config, allowed_read_paths=[data.parent])
    async with Client(server) as client:
        result = await client.call_tool(
            "forge_request", {"request": "number of accidents by weather", "data_path": str(data)}
        )
    text = text_of(result)
    assert text.startswith(
        "## Analysis Results\n\n**Reading**: Count of rows per `weather`, over all 2,000 rows.\n\n"
        "| weather | count |"
    )
    assert "**Validation**: the code computes the reading above on your data and on " in text
    assert result.structured_content is not None
    assert result.structured_content["reading"] == "Count of rows per `weather`, over all 2,000 rows."
    assert str(result.structured_content["validation_summary"]).startswith(
        "the code computes the reading above on your data"
    )
