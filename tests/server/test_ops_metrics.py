"""``/metrics`` of a real ``mcpforge serve --http``: who may scrape it; real calls move the counters."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx
import mcp_types
import pytest
from _ops_helpers import samples, serve_args, value
from _serve_process import free_port, own_tmpdir, run_env, serving_http, write_config
from fastmcp import Client
from fastmcp.client.elicitation import ElicitResult
from fastmcp.tools.base import InputRequiredToolResult, ToolResult

from mcpforge.config import MCPForgeConfig
from mcpforge.registry import Registry
from mcpforge.server._auth import add_token
from mcpforge.server.prom import approval_decision, validation_outcome

pytestmark = pytest.mark.anyio
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "traffic_accidents.csv"
REQUEST = "Analyze traffic accidents by severity and location"


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def tmpdir_of_serve() -> Iterator[Path]:
    """A TMPDIR the sandbox uid may traverse (pytest's own folders are private)."""
    with own_tmpdir() as path:
        yield path


@pytest.fixture
def tokens(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A tokens file with an admin, a caller and a metrics-only scraper."""
    path = tmp_path / "tokens.yaml"
    made = {name: add_token(path, name, [name]) for name in ("admin", "caller", "metrics")}
    return path, made


def _scrape(port: int, token: str | None = None) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.get(f"http://127.0.0.1:{port}/metrics", headers=headers, timeout=10)


def _text(result: Any) -> str:
    return "\n".join(getattr(block, "text", "") for block in result.content)


async def test_metrics_need_a_token_with_the_admin_or_metrics_role(  # noqa: PLR0917
    registry: Registry,
    forge_config: MCPForgeConfig,
    data_root: Path,
    tmp_path: Path,
    tmpdir_of_serve: Path,
    tokens: tuple[Path, dict[str, str]],
    promote: Any,
) -> None:
    promote("count_rows")
    path, made = tokens
    config = write_config(forge_config, tmp_path / "mcpforge.yaml")
    port = free_port()
    args = serve_args(registry, config, data_root, port, "--tokens-file", str(path))
    with serving_http(args, tmp_path / "serve.log", run_env(tmpdir_of_serve)) as served:
        missing, wrong = _scrape(port), _scrape(port, "not-a-token-of-anyone-here")
        caller, admin, scraper = (
            _scrape(port, made["caller"]),
            _scrape(port, made["admin"]),
            _scrape(port, made["metrics"]),
        )
        foreign = httpx.get(  # with tokens the token is the guard: a pod address as Host is fine
            f"http://127.0.0.1:{port}/metrics", headers={"Host": f"10.9.8.7:{port}",
            "Authorization": f"Bearer {made['metrics']}"}, timeout=10,
        )  # fmt: skip
        with anyio.fail_after(60):
            async with Client(served.url, auth=made["metrics"]) as client:
                refused = await client.call_tool(
                    "count_rows", {"file_path": str(data_root / "rows.csv")}, raise_on_error=False
                )
    assert (missing.status_code, wrong.status_code) == (401, 401)
    assert missing.headers["www-authenticate"].startswith("Bearer")
    assert caller.status_code == 403
    assert "admin or metrics" in caller.text
    assert (admin.status_code, scraper.status_code, foreign.status_code) == (200, 200, 200)
    assert admin.headers["content-type"].startswith("text/plain; version=0.0.4")
    assert value(admin.text, "mcpforge_active_tools") == 1
    # A scraper's token calls no tool, not even a promoted one.
    assert refused.is_error
    assert "needs the role" in _text(refused)


async def test_calls_forge_runs_and_approvals_move_the_counters(  # noqa: PLR0917
    registry: Registry,
    forge_config: MCPForgeConfig,
    data_root: Path,
    tmp_path: Path,
    tmpdir_of_serve: Path,
    tokens: tuple[Path, dict[str, str]],
    promote: Any,
) -> None:
    promote("count_rows")
    data = Path(shutil.copy(EXAMPLE, data_root / "traffic_accidents.csv"))
    path, made = tokens
    forge_config.validation.stress_rows = 5_000
    config = write_config(forge_config, tmp_path / "mcpforge.yaml")
    port = free_port()
    answers = [{"correct": True, "notes": ""}, {"decision": "Approve"}]

    async def person(message: str, response_type: Any, params: Any, context: Any) -> Any:
        return ElicitResult(action="accept", content=answers.pop(0))

    args = serve_args(registry, config, data_root, port, "--tokens-file", str(path))
    with serving_http(args, tmp_path / "serve.log", run_env(tmpdir_of_serve)) as served:
        before = _scrape(port, made["admin"]).text
        with anyio.fail_after(240):
            async with Client(served.url, auth=made["admin"], elicitation_handler=person) as client:
                counted = await client.call_tool("count_rows", {"file_path": str(data_root / "rows.csv")})
                unknown = await client.call_tool("no_such_tool_7f3a", {}, raise_on_error=False)
                forged = await client.call_tool("forge_request", {"request": REQUEST, "data_path": str(data)})
                assert forged.structured_content is not None, _text(forged)
                candidate = forged.structured_content["candidate_id"]
                review = await client.call_tool("review_candidate", {"candidate_id": candidate})
        after = _scrape(port, made["admin"]).text
    assert not counted.is_error and unknown.is_error
    assert review.structured_content is not None
    assert review.structured_content["status"] == "PROMOTED", _text(review)
    assert value(before, "mcpforge_tool_calls_total", tool="count_rows", outcome="ok") == 0
    assert value(after, "mcpforge_tool_calls_total", tool="count_rows", outcome="ok") == 1
    assert value(after, "mcpforge_tool_call_seconds_count", tool="count_rows") == 1
    assert value(after, "mcpforge_tool_calls_total", tool="_unknown", outcome="unknown_tool") == 1
    assert value(after, "mcpforge_errors_total", kind="unknown_tool") == 1
    assert value(after, "mcpforge_validations_total", outcome="passed") == 1
    assert value(after, "mcpforge_approvals_total", decision="approved") == 1
    assert value(after, "mcpforge_approvals_total", decision="asked") == 2  # two questions, two rounds
    assert value(after, "mcpforge_active_tools") == 2
    assert value(after, "mcpforge_http_requests_total", method="POST", status="200") > value(
        before, "mcpforge_http_requests_total", method="POST", status="200"
    )
    assert value(after, "mcpforge_http_request_seconds_count") > 0
    # Never a label made of a request id or an argument.
    labels = {label for (_name, pairs) in samples(after) for _key, label in pairs}
    assert not any("rows.csv" in label or "traffic" in label for label in labels)


def _forge(data: dict[str, Any] | None, *, is_error: bool = False) -> ToolResult:
    return ToolResult(content="x", structured_content=data, is_error=is_error)


ASKED = InputRequiredToolResult(mcp_types.InputRequiredResult(input_requests={}, request_state="{}"))


@pytest.mark.parametrize(
    ("result", "outcome"),
    [
        (_forge({"status": "STAGED", "validation": {"passed": True}}), "passed"),
        (_forge({"status": "PROMOTED", "decision": "reuse", "validation": None}), "passed"),
        (_forge({"status": "REJECTED", "validation": {"passed": False}}, is_error=True), "failed"),
        (_forge({"status": "NEEDS_CLARIFICATION"}), "asked"),
        (ASKED, "asked"),
        (_forge(None, is_error=True), "refused"),  # the role gate, a path outside the roots
        (_forge({"job_id": "j1", "status": "queued"}), "queued"),  # queue.url: the worker validates
        (None, "failed"),  # the tool raised
    ],
)
def test_each_forge_request_result_counts_as_one_validation_outcome(
    result: ToolResult | None, outcome: str
) -> None:
    assert validation_outcome(result) == outcome


@pytest.mark.parametrize(
    ("result", "decision"),
    [
        (_forge({"decided": True, "decision": "APPROVED", "status": "PROMOTED"}), "approved"),
        (_forge({"decided": True, "decision": "REJECTED"}), "rejected"),
        (_forge({"decided": True, "decision": None}), "rejected"),  # "the output is wrong"
        (_forge({"decided": False, "status": "STAGED"}), "undecided"),
        (ASKED, "asked"),
        (_forge(None, is_error=True), "refused"),
    ],
)
def test_each_review_result_counts_as_one_decision(result: ToolResult, decision: str) -> None:
    assert approval_decision(result) == decision
