"""MCP clients of the team topology that record which replica answered each request.

The client is FastMCP's (built on the MCP SDK's streamable-HTTP client), with an httpx event hook that
reads the ``X-MCPForge-Replica`` header of every response.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import httpx2
from fastmcp import Client
from fastmcp.client.transports import StreamableHttpTransport

REPLICA_HEADER = "x-mcpforge-replica"


@dataclass(frozen=True, kw_only=True)
class Served:
    """One HTTP exchange: the JSON-RPC method (and tool, for tools/call) and the replica that answered."""

    method: str
    tool: str | None
    replica: str | None
    round: bool  # a tools/call carrying input responses (a later input-required round)


def _request_of(body: bytes) -> tuple[str, str | None, bool]:
    try:
        message = json.loads(body or b"{}")
    except ValueError:
        return "", None, False
    if not isinstance(message, dict):
        return "", None, False
    params = message.get("params") or {}
    tool = params.get("name") if message.get("method") == "tools/call" else None
    return str(message.get("method", "")), tool, "inputResponses" in params


def recording_client(
    url: str, served: list[Served], *, timeout: float = 120.0, **client_kwargs: Any
) -> Client[Any]:
    """A client of ``url`` appending a :class:`Served` to ``served`` for every response."""

    async def record(response: httpx2.Response) -> None:
        method, tool, is_round = _request_of(response.request.content)
        served.append(
            Served(method=method, tool=tool, replica=response.headers.get(REPLICA_HEADER), round=is_round)
        )

    def factory(
        headers: dict[str, str] | None = None,
        timeout: httpx2.Timeout | None = None,
        auth: httpx2.Auth | None = None,
        **kwargs: Any,
    ) -> httpx2.AsyncClient:
        timeout = timeout or httpx2.Timeout(30.0, read=300.0)
        return httpx2.AsyncClient(
            headers=headers, timeout=timeout, auth=auth, **kwargs, event_hooks={"response": [record]}
        )

    transport = StreamableHttpTransport(url, httpx_client_factory=factory)
    return Client(transport, timeout=timeout, **client_kwargs)
