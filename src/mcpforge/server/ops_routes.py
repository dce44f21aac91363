"""``/healthz``, ``/readyz`` and ``/metrics`` of ``serve --http``, and :class:`ServerOps`, which wires them.

- ``GET /healthz``: 200 ``ok`` while the process serves (liveness). It reads nothing, so it answers even
  when the registry is down, and during shutdown.
- ``GET /readyz``: 200 ``ready`` when the registry answers ``is_initialized()`` and ``active_revision()``
  within 2 s (in a worker thread; a probe still hanging is awaited again, never doubled), else 503 with one
  line saying why; 503 ``shutting down`` once SIGTERM arrived, so a balancer drains the replica.
- ``GET /metrics``: the Prometheus text format (:mod:`mcpforge.server.prom`). With bearer tokens it needs
  a token whose identity has the role ``admin`` or ``metrics`` (401 without a valid token, 403 without the
  role); without tokens (loopback only) it is open.

Bearer tokens: ``/healthz`` and ``/readyz`` need none. The ``Host`` check: probes come with the address
the prober dialled (Kubernetes sends ``Host: <pod ip>:<port>``, haproxy what its configuration says), which
no configured name can foresee, so these two paths are answered *before* the Host/Origin guard. Only
these exact paths, with ``GET`` or ``HEAD``, are answered here; every other request, ``/healthz/`` or
``POST /healthz`` included, goes on through the guard as before. What they disclose is "ok" and the
registry's readiness. ``/metrics`` is exempt from the Host check only when bearer tokens are configured
(Prometheus scrapes pod addresses too; its token is the guard); on a loopback server without tokens it
answers only the server's own names, as the MCP endpoint does, so a page cannot read it by DNS rebinding.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import anyio.to_thread
from fastmcp.server.auth import AuthProvider
from starlette.datastructures import Headers
from starlette.middleware import Middleware
from starlette.responses import PlainTextResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from mcpforge.server._http_security import HostPolicy
from mcpforge.server.ops_shutdown import DEFAULT_GRACE_SECONDS, Drain
from mcpforge.server.prom import CallObserver, ServerMetrics, ToolCounter
from mcpforge.server.request_log import RequestContext, json_logs

if TYPE_CHECKING:
    from fastmcp import FastMCP

__all__ = ["METRICS_ROLES", "Readiness", "ServerOps"]

logger = logging.getLogger("mcpforge.server")

READY_TIMEOUT_SECONDS = 2.0
METRICS_ROLES = frozenset({"admin", "metrics"})
PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8"


class Probed(ToolCounter, Protocol):
    """What readiness asks of the registry (any backend of :class:`RegistryBackend`)."""

    def is_initialized(self) -> bool: ...
    def active_revision(self) -> str: ...


class Readiness:
    """Whether the registry answers, within ``timeout`` seconds."""

    def __init__(self, registry: Probed, timeout: float = READY_TIMEOUT_SECONDS) -> None:
        """Probe ``registry``."""
        self.registry = registry
        self.timeout = timeout
        self._pending: asyncio.Future[str | None] | None = None

    def _probe(self) -> str | None:
        try:
            if not self.registry.is_initialized():
                return "the registry is not initialized (missing, moved, or not yet `mcpforge init`)"
            self.registry.active_revision()
        except Exception as exc:  # whatever the backend raises, the answer is one line
            first = (str(exc).strip().splitlines() or [""])[0]
            return f"the registry cannot be read: {type(exc).__name__}: {first}"[:300]
        return None

    async def problem(self) -> str | None:
        """None when ready, else why not (one line)."""
        if self._pending is None or self._pending.done():
            self._pending = asyncio.get_running_loop().run_in_executor(None, self._probe)
        try:
            return await asyncio.wait_for(asyncio.shield(self._pending), self.timeout)
        except TimeoutError:
            return f"the registry did not answer within {self.timeout:g} s"


@dataclass(kw_only=True)
class ServerOps:
    """The operations side of one HTTP server: metrics, probes, request log, graceful shutdown."""

    registry: Probed
    tokens: AuthProvider | None  # the server's bearer tokens (None: loopback without tokens)
    policy: HostPolicy
    grace_seconds: float = DEFAULT_GRACE_SECONDS
    metrics: ServerMetrics = field(init=False)
    readiness: Readiness = field(init=False)
    drain: Drain = field(init=False)

    def __post_init__(self) -> None:
        self.metrics = ServerMetrics(self.registry)
        self.readiness = Readiness(self.registry)
        self.drain = Drain(self.grace_seconds)

    def install(self, server: FastMCP[Any]) -> None:
        """Observe every tool call of ``server`` (outermost, so refusals count too)."""
        server.middleware.insert(0, CallObserver(self.metrics, auth_required=self.tokens is not None))

    def middleware(self) -> Sequence[Middleware]:
        """The Starlette middleware to put first, before the Host/Origin guard."""
        return [Middleware(RequestContext, metrics=self.metrics), Middleware(OpsRoutes, ops=self)]

    def uvicorn_config(self) -> dict[str, Any]:
        """uvicorn settings: the shutdown grace; with JSON logs, uvicorn's records through them."""
        config = self.drain.uvicorn_config()
        if json_logs():
            config |= {"log_config": None, "access_log": False}  # RequestContext writes the access line
        return config

    async def readyz(self) -> Response:
        """200 ready, or 503 with the reason."""
        if self.drain.draining:
            return PlainTextResponse("shutting down\n", status_code=503)
        problem = await self.readiness.problem()
        if problem is not None:
            self.metrics.errors.labels("not_ready").inc()
            logger.warning("not ready: %s", problem)
            return PlainTextResponse(problem + "\n", status_code=503)
        return PlainTextResponse("ready\n")

    async def metrics_refusal(self, scope: Scope) -> Response | None:
        """Why this scrape is refused, or None: the Host/Origin check without tokens, else the token's."""
        headers = Headers(scope=scope)
        if self.tokens is not None:
            return await self._token_refusal(self.tokens, headers)
        if not self.policy.host_allowed(headers.get("host")):
            return PlainTextResponse("Misdirected Request: unknown Host", status_code=421)
        if not self.policy.origin_allowed(headers.get("origin")):
            return PlainTextResponse("Forbidden: unknown Origin", status_code=403)
        return None

    @staticmethod
    async def _token_refusal(tokens: AuthProvider, headers: Headers) -> Response | None:
        scheme, _, token = headers.get("authorization", "").partition(" ")
        challenge = {"WWW-Authenticate": 'Bearer realm="mcpforge"'}
        if scheme.lower() != "bearer" or not token.strip():
            return PlainTextResponse("Unauthorized: /metrics needs a bearer token", 401, headers=challenge)
        access = await tokens.verify_token(token.strip())
        if access is None:
            return PlainTextResponse("Unauthorized: unknown bearer token", 401, headers=challenge)
        roles = set((access.claims or {}).get("roles", ()))
        if not roles & METRICS_ROLES:
            return PlainTextResponse("Forbidden: /metrics needs the role admin or metrics", 403)
        return None

    async def metrics_page(self, scope: Scope) -> Response:
        """The scrape, or its refusal."""
        refusal = await self.metrics_refusal(scope)
        if refusal is not None:
            return refusal
        body = await anyio.to_thread.run_sync(self.metrics.exposition)
        return Response(body, media_type=PROMETHEUS_TEXT)


class OpsRoutes:
    """ASGI middleware answering the three ops paths itself (exact path, GET or HEAD), arming the drain at
    start-up, and ending ``GET`` streams when draining starts; everything else passes on unchanged."""

    def __init__(self, app: ASGIApp, ops: ServerOps) -> None:
        """Put the ops paths in front of ``app``."""
        self.app = app
        self.ops = ops

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Answer an ops path, or pass the request on."""
        if scope["type"] == "lifespan":
            await self.app(scope, self._arming(receive), send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path, method = scope.get("path"), scope.get("method")
        if method in {"GET", "HEAD"} and path in {"/healthz", "/readyz", "/metrics"}:
            response = await self._answer(path, scope)
            await response(scope, receive, send)
            return
        if method == "GET":
            receive = self.ops.drain.receive_until_drained(receive)
        await self.app(scope, receive, send)

    async def _answer(self, path: str, scope: Scope) -> Response:
        if path == "/healthz":
            return PlainTextResponse("ok\n")
        if path == "/readyz":
            return await self.ops.readyz()
        return await self.ops.metrics_page(scope)

    def _arming(self, receive: Receive) -> Receive:
        async def arming_receive() -> Message:
            message = await receive()
            if message["type"] == "lifespan.startup":
                self.ops.drain.arm()
            return message

        return arming_receive
