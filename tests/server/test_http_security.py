"""``serve --http`` over a real socket: Host/Origin checks, bearer tokens, roles and who the audit log names.

Each test runs the server as ``mcpforge serve --http`` builds it (the FastMCP app behind the Host/Origin
guard, uvicorn on a pre-bound socket in a thread) and talks to it with httpx and the FastMCP client.
"""

from __future__ import annotations

import shutil
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
import uvicorn
from fastmcp import Client
from fastmcp.client.elicitation import ElicitResult
from tests.server.conftest import Promote

from mcpforge.config import MCPForgeConfig
from mcpforge.exceptions import ConfigError
from mcpforge.models import ToolStatus
from mcpforge.registry import Registry
from mcpforge.registry.testing import make_candidate
from mcpforge.server import build_server
from mcpforge.server._auth import TokenTable, add_token, load_tokens, token_digest
from mcpforge.server._http_security import HostPolicy, guard_middleware
from mcpforge.server.forge_tools import FORGE_TOOL_NAMES

pytestmark = pytest.mark.anyio
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "traffic_accidents.csv"
REQUEST = "Analyze traffic accidents by severity and location"
INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-11-25",
        "capabilities": {},
        "clientInfo": {"name": "probe", "version": "0"},
    },
}
MCP_HEADERS = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
# One token per role; the names are what the audit log must show.
TOKENS = {
    "carl": ("caller", "carl-token-0123456789abcdef"),
    "rita": ("requester", "rita-token-0123456789abcdef"),
    "vera": ("reviewer", "vera-token-0123456789abcdef"),
    "ada": ("admin", "ada-token-0123456789abcdefgh"),
}


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(autouse=True)
def cold_calls(forge_config: MCPForgeConfig) -> None:
    """These tests are about who may call, not how a call runs: one fresh sandbox per call."""
    forge_config.sandbox.warm_calls = False


@dataclass(frozen=True, kw_only=True)
class Served:
    """A running server: its MCP endpoint through loopback, and its port."""

    url: str
    port: int


def _tokens_file(tmp_path: Path) -> Path:
    lines = ["tokens:"]
    for name, (role, token) in TOKENS.items():
        lines += [f"  - name: {name}", f"    roles: [{role}]", f"    sha256: {token_digest(token)}"]
    path = tmp_path / "tokens.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def table(tmp_path: Path) -> TokenTable:
    loaded = load_tokens(_tokens_file(tmp_path), None)
    assert loaded is not None
    return loaded


@pytest.fixture
def data(tmp_path: Path) -> Path:
    root = tmp_path / "data"
    root.mkdir(exist_ok=True)
    return Path(shutil.copy(EXAMPLE, root / "traffic_accidents.csv"))


@contextmanager
def running(
    registry: Registry, config: MCPForgeConfig, *, auth: TokenTable | None, bind: str = "127.0.0.1",
    roots: tuple[Path, ...] = (),
) -> Iterator[Served]:  # fmt: skip
    """The server of ``mcpforge serve --http`` on ``bind`` (a free port), reached through 127.0.0.1."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((bind, 0))
    sock.listen(64)
    port: int = sock.getsockname()[1]
    server = build_server(registry, config, allowed_read_paths=roots, poll_interval=0.05, auth=auth)
    app = server.http_app(
        middleware=list(guard_middleware(HostPolicy.for_server(bind, port))), host_origin_protection=False
    )
    uv = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=uv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not uv.started:
        if time.monotonic() > deadline or not thread.is_alive():
            pytest.fail("the HTTP server did not start within 30 s")
        time.sleep(0.01)  # a starting thread; bounded by the deadline above
    try:
        yield Served(url=f"http://127.0.0.1:{port}/mcp", port=port)
    finally:
        uv.should_exit = True
        thread.join(timeout=15)
        sock.close()


def _post(url: str, **headers: str) -> httpx.Response:
    return httpx.post(url, json=INITIALIZE, headers={**MCP_HEADERS, **headers}, timeout=10)


def _text(result: Any) -> str:
    return "\n".join(getattr(block, "text", "") for block in result.content)


def staged(registry: Registry) -> str:
    candidate, files = make_candidate("demo_tool")
    return registry.stage_candidate(candidate, files, actor="test").candidate_id


def test_a_forged_host_is_refused_before_authentication(
    registry: Registry, forge_config: MCPForgeConfig, table: TokenTable
) -> None:
    token = TOKENS["ada"][1]
    with running(registry, forge_config, auth=table) as served:
        evil = _post(served.url, Host="evil.example", Authorization=f"Bearer {token}")
        evil_with_port = _post(served.url, Host=f"evil.example:{served.port}")
        other_port = _post(served.url, Host=f"127.0.0.1:{served.port + 1}")
        own = _post(served.url, Host=f"localhost:{served.port}", Authorization=f"Bearer {token}")
    assert (evil.status_code, evil_with_port.status_code, other_port.status_code) == (421, 421, 421)
    assert own.status_code == 200


def test_a_foreign_browser_origin_is_refused_and_the_servers_own_passes(
    registry: Registry, forge_config: MCPForgeConfig
) -> None:
    with running(registry, forge_config, auth=None) as served:
        evil = _post(served.url, Origin="http://evil.example")
        other_local_site = _post(served.url, Origin="http://localhost:3000")
        null = _post(served.url, Origin="null")
        own = _post(served.url, Origin=f"http://127.0.0.1:{served.port}")
        no_origin = _post(served.url)
    assert (evil.status_code, other_local_site.status_code, null.status_code) == (403, 403, 403)
    assert (own.status_code, no_origin.status_code) == (200, 200)


def test_a_server_with_tokens_answers_401_without_a_token_or_with_a_wrong_one(
    registry: Registry, forge_config: MCPForgeConfig, table: TokenTable
) -> None:
    with running(registry, forge_config, auth=table) as served:
        missing = _post(served.url)
        wrong = _post(served.url, Authorization="Bearer not-a-known-token-at-all")
        digest_as_token = _post(served.url, Authorization=f"Bearer {token_digest(TOKENS['ada'][1])}")
    assert (missing.status_code, wrong.status_code, digest_as_token.status_code) == (401, 401, 401)


async def test_the_mcp_client_with_a_caller_token_calls_promoted_tools_but_not_the_forge(
    registry: Registry, forge_config: MCPForgeConfig, table: TokenTable, promote: Promote, data: Path
) -> None:
    promote("demo_tool")
    with running(registry, forge_config, auth=table, roots=(data.parent,)) as served:
        with anyio.fail_after(60):
            async with Client(served.url, auth=TOKENS["carl"][1]) as client:
                names = {tool.name for tool in await client.list_tools()}
                result = await client.call_tool("demo_tool", {"value": 1})
                forge = await client.call_tool(
                    "forge_request", {"request": REQUEST, "data_path": str(data)}, raise_on_error=False
                )
    assert names == {"demo_tool", "list_available_tools"}
    assert result.structured_content == {"operation": "demo_tool", "result": {"value": 2}}
    assert forge.is_error
    assert "requester" in _text(forge)
    assert registry.list_candidates(ToolStatus.STAGED) == []


async def test_a_requester_token_forges_and_the_audit_log_names_them_but_it_cannot_approve(
    registry: Registry, forge_config: MCPForgeConfig, table: TokenTable, data: Path
) -> None:
    forge_config.validation.stress_rows = 5_000
    with running(registry, forge_config, auth=table, roots=(data.parent,)) as served:
        with anyio.fail_after(180):
            async with Client(served.url, auth=TOKENS["rita"][1]) as client:
                names = {tool.name for tool in await client.list_tools()}
                forged = await client.call_tool("forge_request", {"request": REQUEST, "data_path": str(data)})
                review = await client.call_tool(
                    "review_candidate",
                    {"candidate_id": (forged.structured_content or {}).get("candidate_id", "")},
                    raise_on_error=False,
                )
    assert names == {"list_available_tools", "forge_request", "inspect_candidate", "list_candidates"}
    assert not forged.is_error, _text(forged)
    assert forged.structured_content is not None
    candidate_id = forged.structured_content["candidate_id"]
    assert registry.get_candidate(candidate_id).status == ToolStatus.STAGED
    staged_by = {
        e.actor
        for e in registry.audit.entries()
        if e.candidate_id == candidate_id and e.to_status == "STAGED"
    }
    assert staged_by == {"mcp:rita"}
    assert review.is_error
    assert "reviewer" in _text(review)


async def test_a_reviewer_approves_through_elicitation_and_the_audit_log_names_them(
    registry: Registry, forge_config: MCPForgeConfig, table: TokenTable
) -> None:
    candidate_id = staged(registry)
    answers = [{"correct": True, "notes": ""}, {"decision": "Approve"}]

    async def person(message: str, response_type: Any, params: Any, context: Any) -> Any:
        return ElicitResult(action="accept", content=answers.pop(0))

    with running(registry, forge_config, auth=table) as served:
        with anyio.fail_after(60):
            async with Client(
                served.url, auth=TOKENS["vera"][1], mode="legacy", elicitation_handler=person
            ) as client:
                review = await client.call_tool("review_candidate", {"candidate_id": candidate_id})
    assert review.structured_content is not None
    assert review.structured_content["status"] == "PROMOTED"
    decisions = {
        (entry.to_status, entry.actor)
        for entry in registry.audit.entries()
        if entry.to_status in {"APPROVED", "PROMOTED"}
    }
    assert decisions == {("APPROVED", "mcp:vera"), ("PROMOTED", "mcp:vera")}


async def test_without_tokens_on_loopback_the_local_user_has_every_tool_and_the_host_is_still_checked(
    registry: Registry, forge_config: MCPForgeConfig
) -> None:
    with running(registry, forge_config, auth=None) as served:
        with anyio.fail_after(60):
            async with Client(served.url) as client:
                names = {tool.name for tool in await client.list_tools()}
        evil = _post(served.url, Host="evil.example")
    assert names == {"list_available_tools", *FORGE_TOOL_NAMES}
    assert evil.status_code == 421


async def test_a_server_bound_to_every_interface_needs_a_token_and_its_own_host_name(
    registry: Registry, forge_config: MCPForgeConfig, table: TokenTable
) -> None:
    with running(registry, forge_config, auth=table, bind="0.0.0.0") as served:
        with anyio.fail_after(60):
            async with Client(served.url, auth=TOKENS["ada"][1]) as client:
                names = {tool.name for tool in await client.list_tools()}
        missing = _post(served.url)
        evil = _post(served.url, Host="evil.example", Authorization=f"Bearer {TOKENS['ada'][1]}")
    assert names == {"list_available_tools", *FORGE_TOOL_NAMES}
    assert (missing.status_code, evil.status_code) == (401, 421)


def test_a_public_name_is_answered_with_or_without_the_port_and_its_https_origin_passes() -> None:
    policy = HostPolicy.for_server("0.0.0.0", 8765, ["mcp.example.com"])
    assert policy.host_allowed("mcp.example.com")
    assert policy.host_allowed("MCP.example.com:8765")
    assert not policy.host_allowed("mcp.example.com:9999")
    assert not policy.host_allowed("0.0.0.0:8765")
    assert policy.origin_allowed("https://mcp.example.com")
    assert policy.origin_allowed("https://mcp.example.com:443")
    assert not policy.origin_allowed("https://evil.example")
    trusted = HostPolicy.for_server("127.0.0.1", 8765, allowed_origins=["https://App.example.com/"])
    assert trusted.origin_allowed("https://app.example.com")
    assert not trusted.host_allowed("app.example.com")


def test_a_tokens_file_must_hold_digests_and_distinct_tokens(tmp_path: Path) -> None:
    plain = tmp_path / "plain.yaml"
    plain.write_text(
        "tokens:\n  - {name: a, roles: [admin], token: abcdefghijklmnopqrstuv}\n", encoding="utf-8"
    )
    with pytest.raises(ConfigError):
        load_tokens(plain, None)
    twice = "tokens:\n" + "  - {name: a, roles: [admin], token: abcdefghijklmnopqrstuv}\n" * 2
    with pytest.raises(ConfigError):
        load_tokens(None, twice)
    no_role = "tokens:\n  - {name: a, roles: [], token: abcdefghijklmnopqrstuv}\n"
    with pytest.raises(ConfigError):
        load_tokens(None, no_role)
    with pytest.raises(ConfigError) as short:
        load_tokens(None, "tokens:\n  - {name: a, roles: [admin], token: short-secret}\n")
    assert "short-secret" not in str(short.value)
    with pytest.raises(ConfigError) as broken:
        load_tokens(None, "tokens: [{name: a, token: secret-in-broken-yaml")
    assert "secret-in-broken-yaml" not in str(broken.value)
    assert load_tokens(None, None) is None
    assert load_tokens(None, "  ") is None


async def test_a_token_added_to_a_file_is_stored_as_its_digest_and_verifies_as_its_identity(
    tmp_path: Path,
) -> None:
    path = tmp_path / "tokens.yaml"
    token = add_token(path, "alice", ["requester", "reviewer"])
    other = add_token(path, "bob", ["caller"])
    text = path.read_text(encoding="utf-8")
    loaded = load_tokens(path, None)
    assert loaded is not None
    access = await loaded.verify_token(token)
    assert token not in text
    assert other not in text
    assert token_digest(token) in text
    assert path.stat().st_mode & 0o077 == 0
    assert access is not None
    assert access.claims == {"name": "alice", "roles": ["requester", "reviewer"]}
    assert await loaded.verify_token(token + "x") is None
