"""Approved converted services as a FastMCP tool provider (names prefixed by the service).

Each approved service runs as one sandboxed child process (its environment read-only, no network),
started on its first call and kept so handles live across calls; the server talks to it with the MCP SDK
client. Integrity as for forged tools: a service whose package files or environment changed since
approval is not listed, and a call to it is refused with an ``isError`` result naming what changed.

One service cannot stall the others or the forged tools: each service's calls run in worker threads
under a capacity limiter of its own (one call at a time, as its process answers one at a time), so
callers queued behind a slow service wait on the event loop, not in the worker threads the forged
tools and the other services share. A call is bounded in time (``call_timeout_seconds``: the process is
killed and restarted), in result size (``max_result_bytes`` in the service, and a per-message cap on
this side that kills a service which ignores it) and in memory (the sandbox limit of the service).

A service process is shared: its module-level state and its handles live between calls of every
client of this server. Handle ids are unguessable (128 random bits), so a client reaches only the
objects whose ids it was given; the count and the approximate size of live handles are capped.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import anyio.to_thread
from fastmcp.server.providers import Provider
from fastmcp.tools import Tool
from fastmcp.tools.base import ToolResult
from fastmcp.utilities.versions import VersionSpec
from pydantic import PrivateAttr

from mcpforge.config import MCPForgeConfig
from mcpforge.convert.session import DEFAULT_CALL_TIMEOUT_SECONDS, DEFAULT_MAX_RESULT_BYTES, ServiceSession
from mcpforge.exceptions import MCPForgeError
from mcpforge.registry import FileStore, RegistryBackend
from mcpforge.registry.file.services import ActiveService, active_services, verify_service
from mcpforge.server.provider import tool_description

logger = logging.getLogger("mcpforge.server")
CALL_TIMEOUT_SECONDS = DEFAULT_CALL_TIMEOUT_SECONDS
SERVICE_LIFETIME_SECONDS = 24 * 3600.0


@dataclass(frozen=True, kw_only=True)
class ServiceBounds:
    """What one call of a converted service may take."""

    call_timeout_seconds: float = CALL_TIMEOUT_SECONDS
    max_result_bytes: int = DEFAULT_MAX_RESULT_BYTES
    # None: the result limit plus room for the envelope (see convert/session.py).
    max_message_bytes: int | None = None
    lifetime_seconds: float = SERVICE_LIFETIME_SECONDS


class ServiceRunner:
    """One sandboxed process per approved service, restarted when the approval changes."""

    def __init__(
        self, config: MCPForgeConfig, roots: Sequence[Path], *, bounds: ServiceBounds | None = None
    ) -> None:
        self.config = config
        self.roots = [str(r) for r in roots]
        self.bounds = bounds or ServiceBounds()
        self._sessions: dict[str, tuple[str, ServiceSession]] = {}
        self._locks: dict[str, threading.Lock] = {}
        self._limiters: dict[str, anyio.CapacityLimiter] = {}
        self._guard = threading.Lock()

    def limiter(self, service: str) -> anyio.CapacityLimiter:
        """The worker-thread limiter of ``service``: one thread, never the shared default pool's."""
        with self._guard:
            return self._limiters.setdefault(service, anyio.CapacityLimiter(1))

    def call(self, service: ActiveService, tool: str, arguments: dict[str, Any]) -> ToolResult:
        """Verify the service, then call ``tool`` in its process (blocking)."""
        changed = verify_service(service)
        if changed is not None:
            logger.error("service %r refused: %s", service.name, changed)
            return ToolResult(content=f"service {service.name!r} refused: {changed}", is_error=True)
        with self._guard:
            lock = self._locks.setdefault(service.name, threading.Lock())
        with lock:
            current = self._sessions.get(service.name)
            if current is None or current[0] != service.candidate_id:
                if current is not None:
                    current[1].close()
                session = ServiceSession(
                    service.package_dir,
                    service.site_dirs,
                    self.config.sandbox,
                    allowed_roots=self.roots,
                    lifetime_seconds=self.bounds.lifetime_seconds,
                    max_result_bytes=self.bounds.max_result_bytes,
                    max_message_bytes=self.bounds.max_message_bytes,
                )
                self._sessions[service.name] = (service.candidate_id, session)
            outcome = self._sessions[service.name][1].call(
                tool, arguments, timeout=self.bounds.call_timeout_seconds
            )
        if not outcome.ok:
            return ToolResult(content=outcome.text or f"{tool} failed", is_error=True)
        return ToolResult(content=outcome.text, structured_content=outcome.structured)

    def close(self) -> None:
        """Stop every service process."""
        for _cid, session in self._sessions.values():
            session.close()
        self._sessions.clear()


class ServiceTool(Tool):
    """A tool of an approved service."""

    _runner: ServiceRunner = PrivateAttr()
    _service: ActiveService = PrivateAttr()
    _tool: str = PrivateAttr()

    async def run(self, arguments: dict[str, Any]) -> ToolResult:
        """Call the service in a worker thread of its own; failures come back as ``isError`` results."""
        try:
            return await anyio.to_thread.run_sync(
                self._runner.call,
                self._service,
                self._tool,
                dict(arguments),
                limiter=self._runner.limiter(self._service.name),
            )
        except MCPForgeError as exc:
            logger.error("call of %r failed: %s", self.name, exc)
            return ToolResult(content=f"{self.name} failed: {exc}", is_error=True)
        except Exception as exc:  # top level of a tool call: the server must keep serving
            logger.exception("unexpected error while calling %r", self.name)
            return ToolResult(
                content=f"{self.name} failed: unexpected {type(exc).__name__}: {exc}", is_error=True
            )


class ServiceProvider(Provider):
    """Lists the tools of approved, unchanged services as ``<service>_<tool>``."""

    def __init__(self, registry: RegistryBackend, runner: ServiceRunner, *, only: str | None = None) -> None:
        super().__init__()
        self.registry = registry
        self.runner = runner
        self.only = only

    def __repr__(self) -> str:
        return f"ServiceProvider({self.registry.location!r}, only={self.only!r})"

    def _tools(self, *, verified: bool) -> list[ServiceTool]:
        tools: list[ServiceTool] = []
        if not isinstance(self.registry, FileStore):
            return tools  # converted services live in a file registry only (for now)
        try:
            services = active_services(self.registry)
        except (MCPForgeError, OSError) as exc:
            logger.error("cannot read the approved services: %s", exc)
            return []
        for service in services:
            if self.only is not None and service.name != self.only:
                continue
            if verified:
                changed = verify_service(service)
                if changed is not None:
                    logger.error("service %r not served: %s", service.name, changed)
                    continue
            for spec in service.specs:
                tool = ServiceTool(
                    name=f"{service.name}_{spec.tool_name}",
                    description=tool_description(spec),
                    parameters=spec.input_schema,
                    output_schema=spec.output_schema or None,
                    meta={"mcpforge": {"service": service.name, "version": service.version}},
                )
                tool._runner = self.runner
                tool._service = service
                tool._tool = spec.tool_name
                tools.append(tool)
        return tools

    async def _list_tools(self) -> Sequence[Tool]:
        return await anyio.to_thread.run_sync(lambda: self._tools(verified=True))

    async def _get_tool(self, name: str, version: VersionSpec | None = None) -> Tool | None:
        del version
        # Not verified here: a changed service answers with an isError result naming the change.
        tools = await anyio.to_thread.run_sync(lambda: self._tools(verified=False))
        return next((t for t in tools if t.name == name), None)
