"""Two identities over ``serve --http``: alice forges, her own approval is refused, bob approves; the audit
log names each of them on the rows of their own acts (issue 27, roles).

The server is the one ``mcpforge serve --http`` builds (tests/server/test_http_security.py's ``running``),
with ``review.separate_reviewer`` on; the clients are FastMCP clients with bearer tokens, the person's
answers come back through real elicitation.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import anyio
import pytest
from fastmcp import Client
from fastmcp.client.elicitation import ElicitResult
from tests.server.test_http_security import EXAMPLE, REQUEST, running

from mcpforge.config import MCPForgeConfig
from mcpforge.models import ToolStatus
from mcpforge.registry import Registry
from mcpforge.server._auth import load_tokens

pytestmark = pytest.mark.anyio
ALICE = "alice-token-0123456789abcdef"
BOB = "bob-token-0123456789abcdefgh"
TOKENS = (
    "tokens:\n"
    f"  - {{name: alice, roles: [requester, reviewer], token: {ALICE}}}\n"
    f"  - {{name: bob, roles: [reviewer], token: {BOB}}}\n"
)
APPROVE = [{"correct": True, "notes": ""}, {"decision": "Approve"}]


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _person(answers: list[dict[str, Any]]) -> Any:
    async def answer(message: str, response_type: Any, params: Any, context: Any) -> Any:
        return ElicitResult(action="accept", content=answers.pop(0))

    return answer


def _text(result: Any) -> str:
    return "\n".join(getattr(block, "text", "") for block in result.content)


async def test_the_requester_cannot_approve_her_own_tool_another_reviewer_can_and_the_log_names_both(
    registry: Registry, forge_config: MCPForgeConfig, tmp_path: Path
) -> None:
    forge_config.sandbox.warm_calls = False
    forge_config.validation.stress_rows = 5_000
    forge_config.review.separate_reviewer = True
    data = tmp_path / "data"
    data.mkdir()
    csv = Path(shutil.copy(EXAMPLE, data / "traffic_accidents.csv"))
    table = load_tokens(None, TOKENS)
    with running(registry, forge_config, auth=table, roots=(data,)) as served:
        with anyio.fail_after(240):
            async with Client(
                served.url, auth=ALICE, mode="legacy", elicitation_handler=_person(list(APPROVE))
            ) as alice:
                forged = await alice.call_tool("forge_request", {"request": REQUEST, "data_path": str(csv)})
                assert not forged.is_error, _text(forged)
                candidate_id = (forged.structured_content or {})["candidate_id"]
                own = await alice.call_tool(
                    "review_candidate", {"candidate_id": candidate_id}, raise_on_error=False
                )
            assert own.is_error
            assert (
                "alice requested this tool; with review.separate_reviewer another reviewer must approve it"
                in _text(own)
            )
            assert registry.get_candidate(candidate_id).status == ToolStatus.STAGED
            async with Client(
                served.url, auth=BOB, mode="legacy", elicitation_handler=_person(list(APPROVE))
            ) as bob:
                approved = await bob.call_tool("review_candidate", {"candidate_id": candidate_id})
    assert (approved.structured_content or {})["status"] == "PROMOTED", _text(approved)
    rows = [
        (entry.to_status, entry.actor)
        for entry in registry.audit.entries()
        if entry.candidate_id == candidate_id and entry.to_status
    ]
    assert rows == [("STAGED", "mcp:alice"), ("APPROVED", "mcp:bob"), ("PROMOTED", "mcp:bob")]
