"""Stateless replicas: any replica of ``serve --http --stateless`` answers any request of any client.

What makes that true, besides the registry every replica shares:

- the 2026-07-28 input-required rounds (the approval questions of ``review_candidate``, the clarifying
  question of ``forge_request``) carry their state sealed by the SDK's ``RequestStateBoundary``
  (AES-256-GCM) under ``server.request_state_key``, the same secret on every replica: a round minted by
  one replica opens on any other, a state changed by the client is refused;
- handshake-era (2025-11-25) elicitation needs the server to hold the client's session open between
  its question and the answer, which a stateless replica does not: ``review_candidate`` from such a
  client is refused with a message saying what works instead (a 2026-07-28 client, or sticky sessions);
- a registry that can wait for a change (PostgreSQL's LISTEN/NOTIFY) wakes the revision watcher at
  once instead of after a sleep;
- every HTTP response names the replica that served it (``X-MCPForge-Replica``), for operators and tests.
"""

from __future__ import annotations

import base64
import binascii
import logging
import os
import socket
import string
from typing import Any, Protocol, runtime_checkable

import anyio
import anyio.to_thread
import mcp.types as mt
from fastmcp.server.middleware import CallNext, Middleware, MiddlewareContext
from fastmcp.tools.base import ToolResult
from mcp.server.request_state import RequestStateSecurity
from mcp_types.version import MODERN_PROTOCOL_VERSIONS
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from mcpforge.config import MCPForgeConfig
from mcpforge.exceptions import ConfigError, MCPForgeError
from mcpforge.server._live import RevisionWatcher

logger = logging.getLogger("mcpforge.server")

REPLICA_HEADER = "X-MCPForge-Replica"
MIN_STATE_KEY_BYTES = 32
STATE_KEY_HINT = "make one with: python -c 'import secrets; print(secrets.token_hex(32))'"
LEGACY_ELICITATION_REASON = (
    "this server runs as stateless replicas, and a 2025-11-25 client's questions need a session the "
    "server keeps open; use a client of protocol 2026-07-28 (its questions come back as input-required "
    "rounds any replica answers), or serve with sticky sessions (without --stateless)"
)


def parse_state_key(text: str) -> bytes:
    """The secret of ``server.request_state_key``: hex or base64 text of at least 32 random bytes.

    Raises:
        ConfigError: the text decodes to neither, or to fewer than 32 bytes.
    """
    raw = text.strip()
    key: bytes | None = None
    if raw and len(raw) % 2 == 0 and all(c in string.hexdigits for c in raw):
        key = bytes.fromhex(raw)
    elif raw:
        standard = raw.replace("-", "+").replace("_", "/")  # the URL-safe alphabet too
        try:
            key = base64.b64decode(standard + "=" * (-len(standard) % 4), validate=True)
        except (binascii.Error, ValueError):
            key = None
    if key is None:
        raise ConfigError(f"server.request_state_key is neither hex nor base64; {STATE_KEY_HINT}")
    if len(key) < MIN_STATE_KEY_BYTES:
        raise ConfigError(
            f"server.request_state_key is {len(key)} bytes; it must be at least {MIN_STATE_KEY_BYTES} "
            f"random bytes (hex or base64); {STATE_KEY_HINT}"
        )
    return key


def request_state_security(config: MCPForgeConfig) -> RequestStateSecurity | None:
    """The sealing policy of ``server.request_state_key`` (None: FastMCP's per-process key)."""
    if config.server.request_state_key is None:
        return None
    return RequestStateSecurity(keys=[parse_state_key(config.server.request_state_key)])


def default_replica_name() -> str:
    """``hostname-pid``: unique among replicas on one machine and across machines."""
    return f"{socket.gethostname()}-{os.getpid()}"


class ReplicaHeader:
    """ASGI middleware adding ``X-MCPForge-Replica: <name>`` to every HTTP response."""

    def __init__(self, app: ASGIApp, *, name: str) -> None:
        self.app = app
        self.header = (REPLICA_HEADER.lower().encode("ascii"), name.encode("utf-8"))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_named(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), self.header]}
            await send(message)

        await self.app(scope, receive, send_named)


class LegacyElicitationGuard(Middleware):
    """On a stateless replica, answers ``review_candidate`` from a 2025-11-25 client with why it
    cannot be asked there (nothing decided), instead of a question whose answer has nowhere to land."""

    async def on_call_tool(
        self,
        context: MiddlewareContext[mt.CallToolRequestParams],
        call_next: CallNext[mt.CallToolRequestParams, ToolResult],
    ) -> ToolResult:
        """Refuse the legacy review or pass the call on."""
        if context.message.name == "review_candidate" and not _is_modern(context):
            from mcpforge.server._review_flow import not_decided

            candidate_id = str((context.message.arguments or {}).get("candidate_id", ""))
            logger.warning("refused review_candidate of a 2025-11-25 client on a stateless replica")
            return not_decided(candidate_id, LEGACY_ELICITATION_REASON)
        return await call_next(context)


def _is_modern(context: MiddlewareContext[Any]) -> bool:
    ctx = context.fastmcp_context
    request = ctx.request_context if ctx is not None else None
    return request is not None and request.protocol_version in MODERN_PROTOCOL_VERSIONS


@runtime_checkable
class ChangeWaiter(Protocol):
    """A registry that can block until the active set may have changed (PostgreSQL: LISTEN/NOTIFY)."""

    def wait_for_change(self, timeout: float) -> bool: ...


class WakingWatcher(RevisionWatcher):
    """A :class:`RevisionWatcher` that waits on the registry's change signal instead of sleeping; the
    poll after each wake (or timeout) decides, so a missed or spurious signal costs nothing but time."""

    async def run(self) -> None:
        """Wait for a change (at most ``interval``), poll, announce; cancel to stop."""
        waiter = self.registry
        assert isinstance(waiter, ChangeWaiter)
        while True:
            try:
                await anyio.to_thread.run_sync(waiter.wait_for_change, self.interval, abandon_on_cancel=True)
            except (MCPForgeError, OSError) as exc:  # the database is away: poll at the interval meanwhile
                logger.warning("cannot wait for registry changes: %s", exc)
                await anyio.sleep(self.interval)
            if await self._poll():
                await self.announce()


def watcher_class(registry: object) -> type[RevisionWatcher]:
    """The watcher for ``registry``: woken by its change signal when it has one, else polling."""
    return WakingWatcher if isinstance(registry, ChangeWaiter) else RevisionWatcher
