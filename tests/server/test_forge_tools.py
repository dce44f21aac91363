"""The forge over MCP, through a real in-memory client whose elicitation handler plays the person."""

from __future__ import annotations

import shutil
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
import pytest
from fastmcp import Client
from fastmcp.client.elicitation import ElicitResult
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

from mcpforge.config import MCPForgeConfig
from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import ToolStatus
from mcpforge.pipeline.intent import extract_intent
from mcpforge.pipeline.schema import DatasetSchema
from mcpforge.registry import Registry
from mcpforge.registry.testing import make_candidate
from mcpforge.server import build_server
from mcpforge.server.forge_tools import FORGE_TOOL_NAMES, REVIEW_ACTOR

pytestmark = pytest.mark.anyio
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "traffic_accidents.csv"
REQUEST = "Analyze traffic accidents by severity and location"
# Words that would let an argument carry the person's decision.
DECISION_WORDS = ("decision", "approve", "approval", "approved", "reject", "answer", "consent", "confirm")

Person = Callable[[str, Any, Any, Any], Awaitable[Any]]


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


def person(*answers: dict[str, Any] | str) -> tuple[Person, list[str]]:
    """An elicitation handler answering in order: a dict accepts with that content, a string is the
    action ("decline" / "cancel"); it records the messages it was shown."""
    queue = list(answers)
    shown: list[str] = []

    async def handler(message: str, response_type: Any, params: Any, context: Any) -> Any:
        shown.append(message)
        answer = queue.pop(0)
        if isinstance(answer, str):
            return ElicitResult(action=answer)
        return ElicitResult(action="accept", content=answer)

    return handler, shown


def staged(registry: Registry, name: str = "demo_tool") -> str:
    """A STAGED candidate without running the forge (for the paths that must leave it untouched)."""
    candidate, files = make_candidate(name)
    return registry.stage_candidate(candidate, files, actor="test").candidate_id


def text_of(result: Any) -> str:
    return "\n".join(getattr(block, "text", "") for block in result.content)


async def forge_one(client: Client[Any], data: Path) -> dict[str, Any]:
    result = await client.call_tool("forge_request", {"request": REQUEST, "data_path": str(data)})
    assert not result.is_error, text_of(result)
    assert result.structured_content is not None
    return result.structured_content


async def test_approved_by_the_person_the_tool_is_promoted_listed_and_callable(
    registry: Registry, config: MCPForgeConfig, data: Path
) -> None:
    handler, shown = person({"correct": True, "notes": ""}, {"decision": "Approve"})
    server = build_server(registry, config, allowed_read_paths=[data.parent], poll_interval=0.05)
    async with Client(server, mode="legacy", elicitation_handler=handler) as client:
        forged = await forge_one(client, data)
        assert (forged["decision"], forged["status"]) == ("generate", "STAGED")
        assert forged["validation_summary"]
        candidate_id, tool_name = forged["candidate_id"], forged["tool_name"]
        assert tool_name not in {tool.name for tool in await client.list_tools()}
        review = await client.call_tool("review_candidate", {"candidate_id": candidate_id})
        assert review.structured_content is not None
        assert review.structured_content["status"] == "PROMOTED"
        assert tool_name in {tool.name for tool in await client.list_tools()}
        again = await client.call_tool(tool_name, {"file_path": str(data)})
    assert not again.is_error
    assert again.structured_content == forged["result"]
    assert "Is this output correct?" in shown[0]
    assert "Approve" in shown[1]
    assert registry.get_candidate(candidate_id).status == ToolStatus.PROMOTED
    decisions = {
        (entry.to_status, entry.actor)
        for entry in registry.audit.entries(tool=tool_name)
        if entry.to_status in {"APPROVED", "PROMOTED"}
    }
    assert decisions == {("APPROVED", REVIEW_ACTOR), ("PROMOTED", REVIEW_ACTOR)}


async def test_modern_client_answers_through_input_required_rounds(
    registry: Registry, config: MCPForgeConfig
) -> None:
    candidate_id = staged(registry)
    handler, shown = person({"correct": True}, {"decision": "approve"})
    server = build_server(registry, config)
    async with Client(server, elicitation_handler=handler) as client:
        assert client.protocol_version in MODERN_PROTOCOL_VERSIONS
        review = await client.call_tool("review_candidate", {"candidate_id": candidate_id})
        assert review.structured_content is not None
        assert review.structured_content["status"] == "PROMOTED"
        assert "demo_tool" in {tool.name for tool in await client.list_tools()}
    assert len(shown) == 2


async def test_yes_looks_good_as_the_decision_does_not_register_the_tool(
    registry: Registry, config: MCPForgeConfig, data: Path
) -> None:
    handler, _ = person({"correct": True}, {"decision": "yes, looks good!"})
    server = build_server(registry, config, allowed_read_paths=[data.parent])
    async with Client(server, mode="legacy", elicitation_handler=handler) as client:
        forged = await forge_one(client, data)
        review = await client.call_tool("review_candidate", {"candidate_id": forged["candidate_id"]})
        names = {tool.name for tool in await client.list_tools()}
    assert review.structured_content is not None
    assert (review.structured_content["decision"], review.structured_content["promoted"]) == (
        "REJECTED",
        False,
    )
    assert forged["tool_name"] not in names
    assert registry.get_active_tool(forged["tool_name"]) is None


@pytest.mark.parametrize("mode", ["legacy", "auto"])
@pytest.mark.parametrize(
    "answers",
    [("decline",), ("cancel",), ({"correct": True}, "decline"), ({"correct": True}, "cancel")],
    ids=["decline-output", "cancel-output", "decline-decision", "cancel-decision"],
)
async def test_declining_or_cancelling_leaves_the_candidate_staged(
    registry: Registry, config: MCPForgeConfig, answers: tuple[dict[str, Any] | str, ...], mode: Any
) -> None:
    candidate_id = staged(registry)
    handler, shown = person(*answers)
    server = build_server(registry, config)
    async with Client(server, mode=mode, elicitation_handler=handler) as client:
        review = await client.call_tool("review_candidate", {"candidate_id": candidate_id})
    assert not review.is_error
    assert review.structured_content is not None
    assert (review.structured_content["decided"], review.structured_content["status"]) == (False, "STAGED")
    assert len(shown) == len(answers)
    assert registry.get_candidate(candidate_id).status == ToolStatus.STAGED


@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_a_client_without_elicitation_cannot_approve(
    registry: Registry, config: MCPForgeConfig, mode: Any
) -> None:
    candidate_id = staged(registry)
    server = build_server(registry, config)
    async with Client(server, mode=mode) as client:
        review = await client.call_tool("review_candidate", {"candidate_id": candidate_id})
    assert not review.is_error
    assert "does not support elicitation" in text_of(review)
    assert "STAGED" in text_of(review)
    assert registry.get_candidate(candidate_id).status == ToolStatus.STAGED


async def test_an_unanswered_question_times_out_and_nothing_is_approved(
    registry: Registry, config: MCPForgeConfig
) -> None:
    candidate_id = staged(registry)
    config.feedback.timeout_seconds = 0.5
    never = anyio.Event()

    async def silent(message: str, response_type: Any, params: Any, context: Any) -> Any:
        await never.wait()

    server = build_server(registry, config)
    async with Client(server, mode="legacy", elicitation_handler=silent) as client:
        with anyio.fail_after(60):
            review = await client.call_tool("review_candidate", {"candidate_id": candidate_id})
    assert review.structured_content is not None
    assert review.structured_content["decided"] is False
    assert registry.get_candidate(candidate_id).status == ToolStatus.STAGED


async def test_a_wrong_output_rejects_the_candidate_without_asking_for_registration(
    registry: Registry, config: MCPForgeConfig
) -> None:
    candidate_id = staged(registry)
    handler, shown = person({"correct": False, "notes": "wrong column, use region"})
    server = build_server(registry, config)
    async with Client(server, mode="legacy", elicitation_handler=handler) as client:
        review = await client.call_tool("review_candidate", {"candidate_id": candidate_id})
    assert review.structured_content is not None
    assert review.structured_content["status"] == "REJECTED"
    assert len(shown) == 1
    assert registry.get_candidate(candidate_id).status == ToolStatus.REJECTED


async def test_no_forge_tool_argument_can_carry_a_decision(
    registry: Registry, config: MCPForgeConfig
) -> None:
    server = build_server(registry, config)
    async with Client(server) as client:
        tools = {tool.name: tool for tool in await client.list_tools() if tool.name in FORGE_TOOL_NAMES}
    assert set(tools) == set(FORGE_TOOL_NAMES)
    parameters = {name: set(tool.input_schema.get("properties", {})) for name, tool in tools.items()}
    assert parameters == {
        "forge_request": {"request", "data_path", "clarify"},
        "inspect_candidate": {"candidate_id"},
        "list_candidates": {"status"},
        "review_candidate": {"candidate_id"},
    }
    for tool in tools.values():
        assert tool.input_schema.get("additionalProperties") in (None, False)
        for parameter in tool.input_schema.get("properties", {}):
            assert not any(word in parameter.lower() for word in DECISION_WORDS), (tool.name, parameter)


async def test_extra_arguments_cannot_smuggle_a_decision(registry: Registry, config: MCPForgeConfig) -> None:
    candidate_id = staged(registry)
    server = build_server(registry, config)
    async with Client(server, mode="legacy") as client:
        review = await client.call_tool(
            "review_candidate", {"candidate_id": candidate_id, "decision": "Approve"}, raise_on_error=False
        )
    assert review.structured_content is None or review.structured_content.get("decided") is not True
    assert registry.get_candidate(candidate_id).status == ToolStatus.STAGED


async def test_forge_request_outside_the_allowed_roots_is_an_error(
    registry: Registry, config: MCPForgeConfig, data: Path, tmp_path: Path
) -> None:
    allowed = tmp_path / "allowed"
    allowed.mkdir()
    server = build_server(registry, config, allowed_read_paths=[allowed])
    async with Client(server) as client:
        result = await client.call_tool(
            "forge_request", {"request": REQUEST, "data_path": str(data)}, raise_on_error=False
        )
    assert result.is_error
    assert "not allowed" in text_of(result)
    assert registry.list_candidates() == []


async def test_forge_request_for_a_non_analysis_request_is_an_error(
    registry: Registry, config: MCPForgeConfig, data: Path
) -> None:
    server = build_server(registry, config, allowed_read_paths=[data.parent])
    async with Client(server) as client:
        result = await client.call_tool(
            "forge_request", {"request": "delete every file", "data_path": str(data)}, raise_on_error=False
        )
    with pytest.raises(UnmappableRequestError) as refused:
        extract_intent("delete every file", DatasetSchema.from_file(data))
    assert result.is_error
    assert text_of(result) == f"forge_request failed: {refused.value}"
    assert registry.list_candidates() == []


async def test_inspect_and_list_candidates_show_a_staged_candidate(
    registry: Registry, config: MCPForgeConfig
) -> None:
    candidate_id = staged(registry)
    server = build_server(registry, config)
    async with Client(server) as client:
        shown = await client.call_tool("inspect_candidate", {"candidate_id": candidate_id})
        listed = await client.call_tool("list_candidates", {"status": "staged"})
        none = await client.call_tool("list_candidates", {"status": "PROMOTED"})
        bad = await client.call_tool("list_candidates", {"status": "maybe"}, raise_on_error=False)
        missing = await client.call_tool(
            "inspect_candidate", {"candidate_id": "nope_1.0.0"}, raise_on_error=False
        )
    assert shown.structured_content is not None
    assert shown.structured_content["status"] == "STAGED"
    assert shown.structured_content["spec"]["tool_name"] == "demo_tool"
    assert f"## Candidate {candidate_id}" in text_of(shown)
    assert listed.structured_content is not None
    assert [row["candidate_id"] for row in listed.structured_content["candidates"]] == [candidate_id]
    assert none.structured_content == {"count": 0, "candidates": []}
    assert bad.is_error
    assert missing.is_error


async def test_forge_tools_can_be_left_out(registry: Registry, config: MCPForgeConfig) -> None:
    server = build_server(registry, config, forge_tools=False)
    async with Client(server) as client:
        names = {tool.name for tool in await client.list_tools()}
    assert names == {"list_available_tools"}


async def test_forge_request_returns_the_question_and_continues_with_the_answer(
    registry: Registry, config: MCPForgeConfig, tmp_path: Path
) -> None:
    from tests.pipeline.intent_reading_data import write_admissions

    folder = tmp_path / "hospital"
    folder.mkdir()
    data = write_admissions(folder)
    request = {"request": "how many patients were readmitted", "data_path": str(data)}
    server = build_server(registry, config, allowed_read_paths=[folder])
    async with Client(server) as client:
        asked = await client.call_tool("forge_request", request, raise_on_error=False)
        assert not asked.is_error, text_of(asked)
        assert asked.structured_content is not None
        assert asked.structured_content["status"] == "NEEDS_CLARIFICATION"
        assert {c["choice"] for c in asked.structured_content["choices"]} == {"rows", "distinct"}
        assert "Needs clarification" in text_of(asked)
        assert registry.list_candidates() == []
        answered = await client.call_tool("forge_request", {**request, "clarify": ["patients=rows"]})
    assert not answered.is_error, text_of(answered)
    assert answered.structured_content is not None
    assert answered.structured_content["status"] == ToolStatus.STAGED.value


async def test_forge_request_asks_the_question_through_elicitation(
    registry: Registry, config: MCPForgeConfig, tmp_path: Path
) -> None:
    from tests.pipeline.intent_reading_data import write_admissions

    folder = tmp_path / "hospital"
    folder.mkdir()
    data = write_admissions(folder)
    handler, shown = person({"value": "rows"})
    server = build_server(registry, config, allowed_read_paths=[folder])
    async with Client(server, elicitation_handler=handler, mode="legacy") as client:
        result = await client.call_tool(
            "forge_request", {"request": "how many patients were readmitted", "data_path": str(data)}
        )
    assert not result.is_error, text_of(result)
    assert shown and "rows" in shown[0] and "distinct" in shown[0]
    assert result.structured_content is not None
    assert result.structured_content["status"] == ToolStatus.STAGED.value
    assert result.structured_content["intent"]["filters"] == [
        {"column": "readmitted", "op": "==", "value": "Yes"}
    ]


async def test_a_modern_client_with_elicitation_is_asked_the_question_in_input_rounds(
    registry: Registry, config: MCPForgeConfig, tmp_path: Path
) -> None:
    from tests.pipeline.intent_reading_data import write_admissions

    folder = tmp_path / "hospital"
    folder.mkdir()
    data = write_admissions(folder)
    handler, shown = person({"value": "rows"})
    server = build_server(registry, config, allowed_read_paths=[folder])
    async with Client(server, elicitation_handler=handler) as client:
        assert client.protocol_version in MODERN_PROTOCOL_VERSIONS
        result = await client.call_tool(
            "forge_request", {"request": "how many patients were readmitted", "data_path": str(data)}
        )
    assert not result.is_error, text_of(result)
    assert len(shown) == 1 and "rows" in shown[0] and "distinct" in shown[0]
    assert result.structured_content is not None
    assert result.structured_content["status"] == ToolStatus.STAGED.value


async def test_a_modern_client_whose_person_declines_gets_the_question_as_a_plain_result(
    registry: Registry, config: MCPForgeConfig, tmp_path: Path
) -> None:
    from tests.pipeline.intent_reading_data import write_admissions

    folder = tmp_path / "hospital"
    folder.mkdir()
    data = write_admissions(folder)
    handler, _shown = person("decline")
    server = build_server(registry, config, allowed_read_paths=[folder])
    async with Client(server, elicitation_handler=handler) as client:
        result = await client.call_tool(
            "forge_request", {"request": "how many patients were readmitted", "data_path": str(data)}
        )
    assert not result.is_error
    assert result.structured_content is not None
    assert result.structured_content["status"] == "NEEDS_CLARIFICATION"
    assert result.structured_content["question"] and result.structured_content["choices"]
    assert "clarify" in result.structured_content["answer_with"]
    assert registry.list_candidates() == []
